// Package wasiclient runs memcore's wasip1 build (dist/memcore-wasi.wasm, a WASI
// reactor: docs/WASM.md, "wasip1 build: the reactor ABI") under wazero, from Go. It is
// the host of the wasm package's tests and of `memcore bench`: a Runtime compiles the
// module once (through an on-disk compilation cache, shared by every program that uses
// DefaultCacheDir) and defines the "memcore" host module with host_call and
// host_result; each Client is one instance — one Go runtime inside the guest, one
// internal/host.Host — that answers protocol requests through memcore_alloc,
// memcore_call and memcore_free.
package wasiclient

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"sync"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"

	"github.com/memcore/memcore/core"
)

// DefaultCacheDir is where wazero's compiled code of the module is kept between runs:
// $(os.UserCacheDir)/memcore/wazero (the temporary directory's memcore/wazero when there
// is no user cache directory). Compiling the module takes tens of seconds; loading it
// from the cache, well under one.
func DefaultCacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "memcore", "wazero")
}

// Runtime is one wazero runtime with the wasip1 module compiled once and the "memcore"
// host module that every instance imports.
type Runtime struct {
	rt       wazero.Runtime
	compiled wazero.CompiledModule

	mu      sync.Mutex
	seq     int
	clients map[string]*Client // by module instance name, for the host functions
}

// New compiles the module bin (through the on-disk compilation cache cacheDir, when not
// "") and defines the host module.
func New(ctx context.Context, bin []byte, cacheDir string) (*Runtime, error) {
	cfg := wazero.NewRuntimeConfig()
	if cacheDir != "" {
		cache, err := wazero.NewCompilationCacheWithDir(cacheDir)
		if err != nil {
			return nil, err
		}
		cfg = cfg.WithCompilationCache(cache)
	}
	r := &Runtime{rt: wazero.NewRuntimeWithConfig(ctx, cfg), clients: map[string]*Client{}}
	if _, err := wasi_snapshot_preview1.Instantiate(ctx, r.rt); err != nil {
		r.rt.Close(ctx)
		return nil, err
	}
	_, err := r.rt.NewHostModuleBuilder("memcore").
		NewFunctionBuilder().WithFunc(r.hostCall).Export("host_call").
		NewFunctionBuilder().WithFunc(r.hostResult).Export("host_result").
		Instantiate(ctx)
	if err == nil {
		r.compiled, err = r.rt.CompileModule(ctx, bin)
	}
	if err != nil {
		r.rt.Close(ctx)
		return nil, err
	}
	return r, nil
}

// NewFromFile is New with the module read from file.
func NewFromFile(ctx context.Context, file, cacheDir string) (*Runtime, error) {
	bin, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return New(ctx, bin, cacheDir)
}

// Close closes every instance and the runtime.
func (r *Runtime) Close(ctx context.Context) error { return r.rt.Close(ctx) }

// Client is one instance of the wasip1 module: one Go runtime, one host.Host, which
// serves any number of databases (the "db" handle of each request).
type Client struct {
	r                          *Runtime
	mod                        api.Module
	alloc, free, call, version api.Function

	mu sync.Mutex // one call at a time: the guest is single-threaded
	// callback answers host_call; nil fails every callback.
	callback Callback
	reply    []byte // kept between host_call and host_result
}

// Callback answers the engine's calls into its host (host_call): kind "embed" with a
// JSON payload for database db, say (docs/WASM.md, "Callbacks into the host"). The
// payload is the callback's own copy. An error is a failed callback.
type Callback func(db int64, kind string, payload []byte) ([]byte, error)

// InstanceConfig configures Instantiate.
type InstanceConfig struct {
	// DataDir, when not "", is the host directory mounted at /data: file databases are
	// opened there as {"path":"/data/name.db"}.
	DataDir string
	// Stdout and Stderr receive the guest's output; nil means os.Stderr for both.
	Stdout, Stderr io.Writer
}

// Instantiate starts a new instance; dataDir, when not "", is mounted at /data.
func (r *Runtime) Instantiate(ctx context.Context, dataDir string) (*Client, error) {
	return r.InstantiateWith(ctx, InstanceConfig{DataDir: dataDir})
}

// InstantiateWith starts a new instance configured by ic.
func (r *Runtime) InstantiateWith(ctx context.Context, ic InstanceConfig) (*Client, error) {
	r.mu.Lock()
	r.seq++
	name := "memcore-" + strconv.Itoa(r.seq)
	c := &Client{r: r}
	r.clients[name] = c
	r.mu.Unlock()
	stdout, stderr := ic.Stdout, ic.Stderr
	if stdout == nil {
		stdout = os.Stderr
	}
	if stderr == nil {
		stderr = os.Stderr
	}
	// Real clocks and randomness: memory ids and timestamps need them, and wazero's
	// defaults are fake clocks and a deterministic source.
	cfg := wazero.NewModuleConfig().WithName(name).
		WithStartFunctions("_initialize").
		WithSysWalltime().WithSysNanotime().WithSysNanosleep().
		WithRandSource(rand.Reader).
		WithStdout(stdout).WithStderr(stderr)
	if ic.DataDir != "" {
		cfg = cfg.WithFSConfig(wazero.NewFSConfig().WithDirMount(ic.DataDir, "/data"))
	}
	mod, err := r.rt.InstantiateModule(ctx, r.compiled, cfg)
	if err != nil {
		r.forget(name)
		return nil, err
	}
	c.mod = mod
	for name, f := range map[string]*api.Function{"memcore_alloc": &c.alloc, "memcore_free": &c.free,
		"memcore_call": &c.call, "memcore_version": &c.version} {
		if *f = mod.ExportedFunction(name); *f == nil {
			r.forget(mod.Name())
			mod.Close(ctx)
			return nil, fmt.Errorf("the module does not export %s", name)
		}
	}
	return c, nil
}

func (r *Runtime) forget(name string) {
	r.mu.Lock()
	delete(r.clients, name)
	r.mu.Unlock()
}

func (r *Runtime) client(m api.Module) *Client {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.clients[m.Name()]
}

// hostCall is the import memcore.host_call: it runs the instance's callback and keeps
// the reply for host_result.
func (r *Runtime) hostCall(ctx context.Context, m api.Module, db int64, kindPtr, kindLen, payloadPtr, payloadLen uint32) int32 {
	c := r.client(m)
	kind, ok1 := m.Memory().Read(kindPtr, kindLen)
	payload, ok2 := m.Memory().Read(payloadPtr, payloadLen)
	var reply []byte
	var err error
	switch {
	case c == nil:
		err = errors.New("unknown instance")
	case !ok1 || !ok2:
		err = errors.New("host_call: kind or payload out of the guest's memory")
	case c.callback == nil:
		err = errors.New("this host answers no callbacks")
	default:
		// Copies: the views alias guest memory, which the callback must not keep.
		reply, err = c.callback(db, string(kind), append([]byte(nil), payload...))
	}
	if err != nil {
		reply = []byte(err.Error())
	}
	if c != nil {
		c.reply = reply
	}
	if err != nil {
		return -int32(len(reply))
	}
	return int32(len(reply))
}

// hostResult is the import memcore.host_result.
func (r *Runtime) hostResult(ctx context.Context, m api.Module, ptr uint32) {
	c := r.client(m)
	if c == nil {
		return
	}
	if !m.Memory().Write(ptr, c.reply) {
		panic("host_result: buffer out of the guest's memory")
	}
	c.reply = nil
}

// SetCallback sets the function that answers the engine's host_call (nil: every
// callback fails). Set it between calls.
func (c *Client) SetCallback(f Callback) {
	c.mu.Lock()
	c.callback = f
	c.mu.Unlock()
}

// Call sends one JSON request and returns the JSON response. An error is a failure of
// the transport (a trap, memory out of range), never an error response.
func (c *Client) Call(ctx context.Context, req []byte) ([]byte, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	res, err := c.alloc.Call(ctx, uint64(len(req)))
	if err != nil {
		return nil, fmt.Errorf("memcore_alloc: %w", err)
	}
	ptr := uint32(res[0])
	if !c.mod.Memory().Write(ptr, req) {
		return nil, errors.New("memcore_alloc returned a buffer out of memory")
	}
	res, err = c.call.Call(ctx, uint64(ptr), uint64(len(req)))
	if err != nil {
		return nil, fmt.Errorf("memcore_call: %w", err)
	}
	if _, err := c.free.Call(ctx, uint64(ptr)); err != nil {
		return nil, fmt.Errorf("memcore_free: %w", err)
	}
	return c.take(ctx, res[0])
}

// Request is one protocol request (docs/PROTOCOL.md, docs/WASM.md for "db").
type Request struct {
	V    int    `json:"v"`
	ID   any    `json:"id,omitempty"`
	DB   int64  `json:"db,omitempty"`
	Op   string `json:"op"`
	Args any    `json:"args,omitempty"`
}

// Response is the envelope of a protocol response.
type Response struct {
	ID     json.RawMessage `json:"id,omitempty"`
	OK     bool            `json:"ok"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  *core.Error     `json:"error,omitempty"`
}

// Do sends op with args (marshalled to JSON) for database db (0: none, as for "open")
// and returns the result; an error response is returned as its *core.Error.
func (c *Client) Do(ctx context.Context, db int64, op string, args any) (json.RawMessage, error) {
	req, err := json.Marshal(Request{V: 1, DB: db, Op: op, Args: args})
	if err != nil {
		return nil, err
	}
	out, err := c.Call(ctx, req)
	if err != nil {
		return nil, err
	}
	return decodeResponse(out)
}

// decodeResponse returns a response's result, or its error.
func decodeResponse(out []byte) (json.RawMessage, error) {
	var r Response
	if err := json.Unmarshal(out, &r); err != nil {
		return nil, fmt.Errorf("response %.200s: %w", out, err)
	}
	if !r.OK {
		if r.Error == nil {
			return nil, fmt.Errorf("response %.200s: neither ok nor an error", out)
		}
		return nil, r.Error
	}
	return r.Result, nil
}

// Open opens a database (args as the "open" op's: {"path":"/data/agent.db"}, …) and
// returns its handle.
func (c *Client) Open(ctx context.Context, args any) (int64, error) {
	res, err := c.Do(ctx, 0, "open", args)
	if err != nil {
		return 0, err
	}
	var r struct {
		DB int64 `json:"db"`
	}
	if err := json.Unmarshal(res, &r); err != nil {
		return 0, err
	}
	if r.DB <= 0 {
		return 0, fmt.Errorf("open answered %s", res)
	}
	return r.DB, nil
}

// Version returns the engine's version through memcore_version.
func (c *Client) Version(ctx context.Context) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	res, err := c.version.Call(ctx)
	if err != nil {
		return "", err
	}
	b, err := c.take(ctx, res[0])
	return string(b), err
}

// take copies the buffer of pair (ptr<<32 | len) out of the guest and frees it.
func (c *Client) take(ctx context.Context, pair uint64) ([]byte, error) {
	ptr, n := uint32(pair>>32), uint32(pair)
	view, ok := c.mod.Memory().Read(ptr, n)
	if !ok {
		return nil, fmt.Errorf("response [%d, +%d) out of the guest's memory", ptr, n)
	}
	out := append([]byte(nil), view...)
	if _, err := c.free.Call(ctx, uint64(ptr)); err != nil {
		return nil, fmt.Errorf("memcore_free: %w", err)
	}
	return out, nil
}

// MemoryBytes is the size of the instance's linear memory.
func (c *Client) MemoryBytes() uint32 { return c.mod.Memory().Size() }

// Close ends the instance. Its databases are not closed (close them first: a file
// database's journal and dot-file lock stay behind otherwise).
func (c *Client) Close(ctx context.Context) error {
	c.r.forget(c.mod.Name())
	return c.mod.Close(ctx)
}
