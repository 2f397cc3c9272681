//go:build js && wasm

package main

import (
	"context"
	"runtime"
	"syscall/js"
	"unsafe"

	"github.com/memcore/memcore/internal/host"
)

// settleFn is globalThis.__memcore_settle(id, ptr, len) when the loader defined it before
// starting the program (js/node.js does, with js/settle.js): a function that decodes len
// bytes of UTF-8 at ptr in this instance's linear memory into a string and settles the
// request the loader numbered id with it, synchronously. Undefined otherwise.
var settleFn js.Value

// initSettle looks up the loader's __memcore_settle once, at start.
func initSettle() {
	if f := js.Global().Get("__memcore_settle"); f.Type() == js.TypeFunction {
		settleFn = f
	}
}

// callSettled is __memcore.callSettled(request: string, id: number): boolean. Like call,
// but it returns no Promise: it answers by calling __memcore_settle(id, ptr, len) with
// the response's bytes in linear memory. It returns false, and answers nothing, when
// the loader defined no __memcore_settle or the arguments are not a string and a number.
//
// Why: every JavaScript value the Go program holds — call's Promise, its resolve and
// reject functions, a Go string passed as a js.Value — stays referenced by wasm_exec.js's
// table of values until Go's collector finalizes its js.Value, which happens after a
// collection during a later call. Call's Promise holds its response: a 1,000-memory
// remember answers ~0.3 M characters, a 0.6 MB two-byte string, which V8 keeps in its
// large-object space. Still referenced when V8 scavenged during the next call, every
// response was promoted to the old generation and sat there dead until V8's next full
// collection: ~30 MiB of V8's large-object space at the process's peak at 100,000
// memories (docs/WASM.md, "fourth round"). Here the Go program holds nothing of the
// request's JavaScript side but a number; the string is decoded by the loader and
// referenced only by the caller.
func callSettled(h *host.Host, args []js.Value) any {
	if settleFn.Type() != js.TypeFunction || len(args) != 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeNumber {
		return false
	}
	request := args[0].String()
	id := args[1].Float()
	go func() {
		resp := h.Call(context.Background(), []byte(request))
		// resp stays alive until the synchronous call has returned: its bytes cannot move
		// or be reused while JavaScript reads them.
		settleFn.Invoke(id, uintptr(unsafe.Pointer(unsafe.SliceData(resp))), len(resp))
		runtime.KeepAlive(resp)
	}()
	return true
}
