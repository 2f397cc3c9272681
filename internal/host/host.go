// Package host serves memcore's JSON protocol for several open databases in one process —
// one wasm instance — so that the JS shim compiles and starts the engine once however
// many files it opens. Both wasm entry points are thin transports over Host.Call.
//
// Two ops belong to the host, not to an engine:
//
//	{"v":1,"id":1,"op":"open","args":{"path":"agent.db","version":"0.1.0"}} → {"db":1,"version":…}
//	{"v":1,"id":9,"db":1,"op":"close"}
//
// Every other request names its database in the envelope's "db" and is answered by that
// engine's Call.
//
// The engine can call back into the program that embeds it (the JavaScript host, or the
// Go program running the wasip1 module): each adapter sets [Host.Callback] to its own way
// of reaching that program, and the host builds the engine's callbacks (today
// core.Options.Embed, for an open with "embed": true) on top of it, so that both wasm
// builds speak the same callback payloads (docs/WASM.md).
package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/memcore/memcore/core"
	"github.com/memcore/memcore/internal/dovfs"
	"github.com/memcore/memcore/internal/opfs"
)

// Callback sends one call from the engine to the program embedding the wasm module and
// returns its reply. db is the handle of the database whose request is running, kind
// names the call ([KindEmbed]) and payload and reply are JSON. It is called while a
// request runs, from the goroutine running it, and may block until the host answers
// (the js adapter awaits a JavaScript Promise). An error means the host could not
// answer at all; a host that answers with a failure replies {"error":{"message":…}}.
type Callback func(ctx context.Context, db int64, kind string, payload []byte) ([]byte, error)

// KindEmbed is the callback kind of the embedder: payload [EmbedRequest], reply
// [EmbedReply].
const KindEmbed = "embed"

// EmbedRequest is the payload of an embed callback: the texts to turn into vectors.
type EmbedRequest struct {
	Texts []string `json:"texts"`
}

// EmbedReply is the reply to an embed callback: one vector per text, all of one
// dimension, or an error.
type EmbedReply struct {
	Vectors [][]float32 `json:"vectors,omitempty"`
	Error   *ReplyError `json:"error,omitempty"`
}

// KindComplete is the callback kind of the host's LLM: payload a core.Completion,
// reply [CompleteReply].
const KindComplete = "complete"

// CompleteReply is the reply to a complete callback: the LLM's text, or an error.
type CompleteReply struct {
	Text  *string     `json:"text,omitempty"`
	Error *ReplyError `json:"error,omitempty"`
}

// ReplyError is how a host reports that it could not do what a callback asked.
type ReplyError struct {
	Message string `json:"message"`
}

// Host maps database handles to open engines.
type Host struct {
	mu   sync.Mutex
	next int64 // the last handle given out; handles are 1, 2, … and never reused
	dbs  map[int64]*core.Engine
	// Open opens an engine for the open op; tests and adapters may wrap core.Open.
	Open func(ctx context.Context, o core.Options) (*core.Engine, error)
	// Callback reaches the program that embeds the engine; the wasm adapters set it.
	// When nil, opening a database with "embed": true is unsupported.
	Callback Callback
}

// New returns an empty Host that opens engines with core.Open.
func New() *Host { return &Host{dbs: map[int64]*core.Engine{}, Open: core.Open} }

// envelope is the part of a request the host reads to route it.
type envelope struct {
	V    int             `json:"v"`
	ID   json.RawMessage `json:"id"`
	DB   int64           `json:"db"`
	Op   string          `json:"op"`
	Args json.RawMessage `json:"args"`
}

// openArgs are the options of the open op.
type openArgs struct {
	Path     string       `json:"path"`
	Version  string       `json:"version,omitempty"`
	CacheKiB int          `json:"cacheKiB,omitempty"`
	ReadOnly bool         `json:"readOnly,omitempty"`
	Limits   *core.Limits `json:"limits,omitempty"`
	// Scoring may name only the weights it changes; the others keep their defaults.
	Scoring json.RawMessage `json:"scoring,omitempty"`
	// LLM asks for the host's LLM: fact extraction, compaction summaries and episodes
	// then call Callback with KindComplete (and fall back to heuristics when it fails).
	LLM bool `json:"llm,omitempty"`
	// Embed asks for the host's embedder: the engine then calls Callback with
	// KindEmbed to turn texts into vectors.
	Embed bool `json:"embed,omitempty"`
	// VFS "opfs" opens path in the browser's Origin Private File System (the js build
	// in a Dedicated Worker; docs/BROWSER.md); "do" opens it in the Durable Object
	// storage js/workerd.js registered, path "/<storage id>/<name>" (internal/dovfs).
	// Elsewhere either is unsupported, field vfs.
	VFS string `json:"vfs,omitempty"`
	// Quota is the default quota of every namespace of the database (core.Options.Quota).
	Quota *core.Quota `json:"quota,omitempty"`
	// CallbackTimeoutMs bounds each llm and embed callback, in milliseconds
	// (core.Options.CallbackTimeout; 0: core.DefaultCallbackTimeout, at most
	// core.MaxCallbackTimeout).
	CallbackTimeoutMs int64 `json:"callbackTimeoutMs,omitempty"`
	// BusyTimeoutMs is how long a request waits for the file's lock while another
	// process holds it (core.Options.BusyTimeout; 0: core.DefaultBusyTimeout, at most
	// core.MaxBusyTimeout).
	BusyTimeoutMs int64 `json:"busyTimeoutMs,omitempty"`
}

// Call answers one request. It never panics; the response is always valid JSON. It is
// safe for concurrent use (the js adapter runs each request in its own goroutine).
func (h *Host) Call(ctx context.Context, req []byte) (resp []byte) {
	var env envelope
	defer TuneGC() // the wasm builds' GOGC follows the live heap (gcpolicy.go)
	defer func() {
		// A panic must not take the instance down with every database in it (in the js
		// build it would end the Go program, leaving every pending Promise unsettled).
		if p := recover(); p != nil {
			resp = core.Respond(env.ID, nil, &core.Error{Code: core.CodeInternal, Message: fmt.Sprintf("panic in %s: %v", env.Op, p)})
		}
	}()
	if json.Unmarshal(req, &env) != nil || env.V != core.ProtocolVersion {
		// Let the engine-level decoder produce the precise error.
		return core.ErrorResponse(req)
	}
	switch env.Op {
	case "open":
		return h.open(ctx, env)
	case "close":
		return h.close(env)
	}
	h.mu.Lock()
	eng, issued := h.dbs[env.DB], env.DB > 0 && env.DB <= h.next
	h.mu.Unlock()
	switch {
	case eng != nil:
		return eng.Call(ctx, req)
	case env.DB == 0:
		return core.Respond(env.ID, nil, &core.Error{Code: core.CodeInvalidArgument, Field: "db",
			Message: "give the database handle that the open op returned"})
	case issued:
		// What a closed engine answers: the handle was valid, its database is closed.
		return core.Respond(env.ID, nil, &core.Error{Code: core.CodeClosed,
			Message: "database " + strconv.FormatInt(env.DB, 10) + " is closed"})
	default:
		return core.Respond(env.ID, nil, &core.Error{Code: core.CodeClosed, Field: "db",
			Message: "no database was opened with handle " + strconv.FormatInt(env.DB, 10)})
	}
}

func (h *Host) open(ctx context.Context, env envelope) []byte {
	var a openArgs
	if err := core.DecodeArgs(env.Args, &a); err != nil {
		return core.Respond(env.ID, nil, err)
	}
	if a.Version != "" && a.Version != core.Version {
		return core.Respond(env.ID, nil, &core.Error{Code: core.CodeUnsupported, Field: "version",
			Message: "the JS shim is version " + a.Version + " but the wasm engine is " + core.Version + ": install matching versions"})
	}
	if a.LLM && h.Callback == nil {
		return core.Respond(env.ID, nil, &core.Error{Code: core.CodeUnsupported, Field: "llm",
			Message: "this host cannot call back into its LLM"})
	}
	var scoring *core.Scoring
	if len(a.Scoring) > 0 && string(a.Scoring) != "null" {
		sc := core.DefaultScoring()
		if err := core.DecodeArgs(a.Scoring, &sc); err != nil {
			return core.Respond(env.ID, nil, prefixField(err, "scoring"))
		}
		scoring = &sc
	}
	if a.Embed && h.Callback == nil {
		return core.Respond(env.ID, nil, &core.Error{Code: core.CodeUnsupported, Field: "embed",
			Message: "this host cannot call back into its embedder"})
	}
	switch {
	case a.VFS == "":
	case a.VFS == dovfs.Name:
		// A Durable Object's own storage (js/workerd.js; internal/dovfs).
		if err := dovfs.Check(); err != nil {
			return core.Respond(env.ID, nil, &core.Error{Code: core.CodeUnsupported, Field: "vfs", Message: err.Error()})
		}
	case a.VFS != opfs.Name:
		return core.Respond(env.ID, nil, &core.Error{Code: core.CodeInvalidArgument, Field: "vfs",
			Message: "unknown vfs " + strconv.Quote(a.VFS) + `: the only one is "opfs", the browser's Origin Private File System`})
	case a.Path == "" || a.Path == ":memory:":
		return core.Respond(env.ID, nil, &core.Error{Code: core.CodeInvalidArgument, Field: "path",
			Message: `vfs "opfs" needs the path of a file; an in-memory database has no vfs`})
	default:
		if err := opfs.Check(); err != nil {
			return core.Respond(env.ID, nil, &core.Error{Code: core.CodeUnsupported, Field: "vfs", Message: err.Error()})
		}
	}
	if a.CallbackTimeoutMs < 0 || a.CallbackTimeoutMs > core.MaxCallbackTimeout.Milliseconds() {
		return core.Respond(env.ID, nil, &core.Error{Code: core.CodeInvalidArgument, Field: "callbackTimeoutMs",
			Message: fmt.Sprintf("callbackTimeoutMs is from 1 to %d milliseconds (0 or absent: %d), got %d",
				core.MaxCallbackTimeout.Milliseconds(), core.DefaultCallbackTimeout.Milliseconds(), a.CallbackTimeoutMs)})
	}
	if a.BusyTimeoutMs < 0 || a.BusyTimeoutMs > core.MaxBusyTimeout.Milliseconds() {
		return core.Respond(env.ID, nil, &core.Error{Code: core.CodeInvalidArgument, Field: "busyTimeoutMs",
			Message: fmt.Sprintf("busyTimeoutMs is from 1 to %d milliseconds (0 or absent: %d), got %d",
				core.MaxBusyTimeout.Milliseconds(), core.DefaultBusyTimeout.Milliseconds(), a.BusyTimeoutMs)})
	}
	o := core.Options{Path: a.Path, CacheKiB: a.CacheKiB, BusyTimeout: time.Duration(a.BusyTimeoutMs) * time.Millisecond, ReadOnly: a.ReadOnly, Scoring: scoring, VFS: a.VFS, Quota: a.Quota,
		CallbackTimeout: time.Duration(a.CallbackTimeoutMs) * time.Millisecond}
	if a.Limits != nil {
		o.Limits = *a.Limits
	}
	// The handle is taken before the engine exists because its callbacks name it.
	h.mu.Lock()
	h.next++
	id := h.next
	h.mu.Unlock()
	if a.Embed {
		o.Embed = h.embedder(id)
	}
	if a.LLM {
		o.Complete = h.completer(id)
	}
	eng, err := h.Open(ctx, o)
	if err != nil {
		return core.Respond(env.ID, nil, err)
	}
	h.mu.Lock()
	h.dbs[id] = eng
	h.mu.Unlock()
	return core.Respond(env.ID, map[string]any{"db": id, "version": core.Version, "protocol": core.ProtocolVersion}, nil)
}

func (h *Host) close(env envelope) []byte {
	h.mu.Lock()
	eng := h.dbs[env.DB]
	delete(h.dbs, env.DB)
	h.mu.Unlock()
	if eng == nil {
		// Closing twice is not an error, as with Engine.Close.
		return core.Respond(env.ID, map[string]any{"closed": false}, nil)
	}
	if err := eng.Close(); err != nil {
		return core.Respond(env.ID, nil, err)
	}
	return core.Respond(env.ID, map[string]any{"closed": true}, nil)
}

// embedder returns the core.Options.Embed of database db: texts go to the host as an
// embed callback and its reply is checked (one vector per text, one dimension, at
// least one component) before the engine sees it.
func (h *Host) embedder(db int64) func(ctx context.Context, texts []string) ([][]float32, error) {
	return func(ctx context.Context, texts []string) ([][]float32, error) {
		if len(texts) == 0 {
			return nil, nil
		}
		payload, err := json.Marshal(EmbedRequest{Texts: texts})
		if err != nil {
			return nil, fmt.Errorf("embed: %w", err)
		}
		raw, err := h.Callback(ctx, db, KindEmbed, payload)
		if err != nil {
			return nil, fmt.Errorf("embed: the host did not answer: %w", err)
		}
		return DecodeEmbedReply(raw, len(texts))
	}
}

// completer returns the core.Options.Complete of database db: the request goes to the
// host as a complete callback and its reply must be {"text": "…"}.
func (h *Host) completer(db int64) func(ctx context.Context, req core.Completion) (string, error) {
	return func(ctx context.Context, req core.Completion) (string, error) {
		payload, err := json.Marshal(req)
		if err != nil {
			return "", fmt.Errorf("complete: %w", err)
		}
		raw, err := h.Callback(ctx, db, KindComplete, payload)
		if err != nil {
			return "", fmt.Errorf("complete: the host did not answer: %w", err)
		}
		var r CompleteReply
		if err := json.Unmarshal(raw, &r); err != nil {
			return "", fmt.Errorf("complete: the host's reply is not {\"text\":\"…\"}: %w", err)
		}
		if r.Error != nil {
			return "", errors.New("complete: the host's LLM failed: " + r.Error.Message)
		}
		if r.Text == nil {
			return "", errors.New(`complete: the host's reply has no "text"`)
		}
		return *r.Text, nil
	}
}

// prefixField puts a decoding error of a nested object under its field.
func prefixField(err error, prefix string) error {
	var e *core.Error
	if errors.As(err, &e) {
		return e.WithField(prefix)
	}
	return err
}

// DecodeEmbedReply decodes and checks the reply to an embed callback of n texts.
func DecodeEmbedReply(raw []byte, n int) ([][]float32, error) {
	var r EmbedReply
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, fmt.Errorf("embed: the host's reply is not {\"vectors\":[[…],…]}: %w", err)
	}
	if r.Error != nil {
		if r.Error.Message == "" {
			return nil, errors.New("embed: the host's embedder failed")
		}
		return nil, errors.New("embed: the host's embedder failed: " + r.Error.Message)
	}
	if len(r.Vectors) != n {
		return nil, fmt.Errorf("embed: the host returned %d vectors for %d texts", len(r.Vectors), n)
	}
	dim := len(r.Vectors[0])
	if dim == 0 {
		return nil, errors.New("embed: the host returned an empty vector")
	}
	for i, v := range r.Vectors {
		if len(v) != dim {
			return nil, fmt.Errorf("embed: vector %d has %d dimensions, vector 0 has %d", i, len(v), dim)
		}
	}
	return r.Vectors, nil
}
