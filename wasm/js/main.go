//go:build js && wasm

// Command js is memcore's entry point for GOOS=js (built by cmd/wasmbuild into
// dist/memcore.wasm and started by the toolchain's wasm_exec.js): a thin transport over
// internal/host for browsers, Node and edge workers.
//
// On start it sets
//
//	globalThis.__memcore = { version: string, call(request: string): Promise<string> }
//
// and callBytes(request: string, bytes: Uint8Array | null): Promise<{response: string,
// bytes: Uint8Array | null}> (callbytes.go), which moves a snapshot's bytes beside the
// JSON instead of inside it as base64;
//
// then calls globalThis.__memcore_ready() if the loader defined it, and keeps running.
// A loader that defines globalThis.__memcore_settle(id, ptr, len) before starting the
// program may call callSettled(request, id) instead of call: the response is then
// decoded by the loader from linear memory, and no Promise is held by Go (settle.go).
// call takes one JSON protocol request (docs/PROTOCOL.md, with the host ops open/close
// and the envelope's "db") and resolves with its JSON response; it never rejects for a
// request, only for a call that is not given a string.
//
// The engine calls the page back through globalThis.__memcore_host(db, kind, payload),
// which must return a string or a Promise of one (see docs/WASM.md): an open with
// "embed": true makes the engine call it with kind "embed" and payload {"texts":[…]},
// and expect {"vectors":[[…],…]} or {"error":{"message":…}}.
//
// An open with "vfs": "opfs" (in a browser's Dedicated Worker: js/browser-worker.js)
// keeps the database in the Origin Private File System through internal/opfs: the
// asynchronous steps (Web Lock, file and access handles) are awaited here, in the open
// request's goroutine, before SQLite opens the file; see docs/BROWSER.md.
package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"syscall/js"
	"time"

	"github.com/memcore/memcore/core"
	"github.com/memcore/memcore/internal/dovfs"
	"github.com/memcore/memcore/internal/host"
	"github.com/memcore/memcore/internal/opfs"
)

func main() {
	h := host.New()
	h.Callback = callHost
	h.Open = openEngine
	benchKnobs()
	initSettle()
	api := js.Global().Get("Object").New()
	api.Set("version", core.Version)
	api.Set("call", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return call(h, args)
	}))
	api.Set("callBytes", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return callBytes(h, args)
	}))
	api.Set("callSettled", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return callSettled(h, args)
	}))
	js.Global().Set("__memcore", api)
	if ready := js.Global().Get("__memcore_ready"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {} // serve calls until the page or process goes away
}

// call returns a Promise at once and answers the request in a goroutine: a js.FuncOf
// callback runs on the event loop, and a request may wait for SQLite or for a Promise of
// the host (an embedder), which can only settle once the callback has returned.
func call(h *host.Host, args []js.Value) any {
	var request string
	ok := len(args) == 1 && args[0].Type() == js.TypeString
	if ok {
		request = args[0].String()
	}
	return newPromise(func(resolve, reject js.Value) {
		if !ok {
			reject.Invoke(js.Global().Get("TypeError").New("__memcore.call takes one string: a JSON request"))
			return
		}
		go func() {
			resolve.Invoke(string(h.Call(context.Background(), []byte(request))))
		}()
	})
}

// newPromise returns a new Promise whose executor is start.
func newPromise(start func(resolve, reject js.Value)) js.Value {
	executor := js.FuncOf(func(_ js.Value, args []js.Value) any {
		start(args[0], args[1])
		return nil
	})
	defer executor.Release() // the executor runs synchronously inside new Promise
	return js.Global().Get("Promise").New(executor)
}

// callHost is host.Callback for the js build: globalThis.__memcore_host(db, kind,
// payload), awaited. It runs in the goroutine of a request, never on the event loop.
func callHost(ctx context.Context, db int64, kind string, payload []byte) (reply []byte, err error) {
	fn := js.Global().Get("__memcore_host")
	if fn.Type() != js.TypeFunction {
		return nil, errors.New("globalThis.__memcore_host is not a function")
	}
	type settled struct {
		v   js.Value
		err error
	}
	done := make(chan settled, 1)
	onValue := js.FuncOf(func(_ js.Value, args []js.Value) any {
		done <- settled{v: arg0(args)}
		return nil
	})
	onError := js.FuncOf(func(_ js.Value, args []js.Value) any {
		done <- settled{err: fmt.Errorf("__memcore_host(%q) rejected: %s", kind, describe(arg0(args)))}
		return nil
	})
	release := func() { onValue.Release(); onError.Release() }
	// A host function that throws is a rejection; Promise.resolve accepts a string as
	// well as a Promise of one.
	func() {
		defer func() {
			if p := recover(); p != nil {
				done <- settled{err: fmt.Errorf("__memcore_host(%q) threw: %v", kind, p)}
			}
		}()
		v := fn.Invoke(js.ValueOf(float64(db)), kind, string(payload))
		js.Global().Get("Promise").Call("resolve", v).Call("then", onValue, onError)
	}()
	select {
	case s := <-done:
		release()
		if s.err != nil {
			return nil, s.err
		}
		if s.v.Type() != js.TypeString {
			return nil, fmt.Errorf("__memcore_host(%q) resolved with a %s, not a JSON string", kind, s.v.Type())
		}
		return []byte(s.v.String()), nil
	case <-ctx.Done():
		// The Promise may still settle: release the functions only then.
		go func() { <-done; release() }()
		return nil, ctx.Err()
	}
}

func arg0(args []js.Value) js.Value {
	if len(args) == 0 {
		return js.Undefined()
	}
	return args[0]
}

// describe renders a rejection reason: an Error's message, else the value as a string.
func describe(v js.Value) string {
	if v.Type() == js.TypeObject {
		if m := v.Get("message"); m.Type() == js.TypeString {
			return m.String()
		}
	}
	return js.Global().Call("String", v).String()
}

// journalMode is the journal mode of OPFS databases (opfs.JournalMode unless a benchmark
// chose another: benchKnobs).
var journalMode = opfs.JournalMode

// openEngine is host.Open: for an OPFS database it first acquires the file (Web Lock and
// access handles, awaited in this goroutine), so that SQLite finds them ready and a
// database held by another tab fails with a clear error, not an SQLite one.
func openEngine(ctx context.Context, o core.Options) (*core.Engine, error) {
	if o.VFS == dovfs.Name {
		return openDO(ctx, o)
	}
	if o.VFS != opfs.Name {
		return core.Open(ctx, o)
	}
	path, err := opfs.Clean(o.Path)
	if err != nil {
		return nil, &core.Error{Code: core.CodeInvalidArgument, Field: "path", Message: err.Error()}
	}
	t0 := time.Now()
	release, err := opfs.Acquire(ctx, path)
	switch {
	case errors.Is(err, opfs.ErrUnavailable):
		return nil, &core.Error{Code: core.CodeUnsupported, Field: "vfs", Message: err.Error()}
	case err != nil:
		return nil, &core.Error{Code: core.CodeStorage, Field: "path", Message: err.Error()}
	}
	// The engine's database file holds its own reference from here: the database stays
	// held until the engine is closed.
	defer release()
	o.Path = path
	o.JournalMode = journalMode
	if !traceOpens {
		return core.Open(ctx, o)
	}
	t1 := time.Now()
	e, err := core.Open(ctx, o)
	publishTrace(t1.Sub(t0), time.Since(t1))
	return e, err
}

// benchKnobs reads globalThis.__memcore_opfs_bench = {journalMode, pooled}, which only
// the OPFS benchmarks set (docs/BROWSER.md), before the first open.
func benchKnobs() {
	k := js.Global().Get("__memcore_opfs_bench")
	if k.Type() != js.TypeObject {
		return
	}
	if m := k.Get("journalMode"); m.Type() == js.TypeString {
		journalMode = strings.ToUpper(m.String())
	}
	if p := k.Get("pooled"); p.Type() == js.TypeBoolean {
		opfs.SetPooled(p.Bool())
	}
	if t := k.Get("trace"); t.Type() == js.TypeBoolean && t.Bool() {
		opfs.SetTrace(true)
		traceOpens = true
	}
}

// traceOpens (benchKnobs' trace: true) publishes, after each OPFS open, how long acquiring
// the files and SQLite's open took and the VFS's call counters so far, as a JSON string in
// the worker's globalThis.__memcore_opfs_trace (read by test/browser/bench-open.mjs).
var traceOpens bool

func publishTrace(acquire, open time.Duration) {
	js.Global().Set("__memcore_opfs_trace", fmt.Sprintf(`{"acquireMs":%.2f,"openMs":%.2f,"calls":%s}`,
		float64(acquire.Microseconds())/1000, float64(open.Microseconds())/1000, opfs.TraceJSON()))
}
