package wasm_test

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"strconv"
	"sync"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
)

// wasmRuntime is one wazero runtime with the wasip1 module compiled once and the
// "memcore" host module that every instance imports.
type wasmRuntime struct {
	rt       wazero.Runtime
	compiled wazero.CompiledModule

	mu      sync.Mutex
	seq     int
	clients map[string]*client // by module instance name, for the host functions
}

// newWasmRuntime compiles bin (through the on-disk compilation cache cacheDir, when not
// "") and defines the host module.
func newWasmRuntime(ctx context.Context, bin []byte, cacheDir string) (*wasmRuntime, error) {
	cfg := wazero.NewRuntimeConfig()
	if cacheDir != "" {
		cache, err := wazero.NewCompilationCacheWithDir(cacheDir)
		if err != nil {
			return nil, err
		}
		cfg = cfg.WithCompilationCache(cache)
	}
	r := &wasmRuntime{rt: wazero.NewRuntimeWithConfig(ctx, cfg), clients: map[string]*client{}}
	if _, err := wasi_snapshot_preview1.Instantiate(ctx, r.rt); err != nil {
		return nil, err
	}
	_, err := r.rt.NewHostModuleBuilder("memcore").
		NewFunctionBuilder().WithFunc(r.hostCall).Export("host_call").
		NewFunctionBuilder().WithFunc(r.hostResult).Export("host_result").
		Instantiate(ctx)
	if err != nil {
		return nil, err
	}
	if r.compiled, err = r.rt.CompileModule(ctx, bin); err != nil {
		return nil, err
	}
	return r, nil
}

func (r *wasmRuntime) Close(ctx context.Context) error { return r.rt.Close(ctx) }

// client is one instance of the wasip1 module: one Go runtime, one host.Host.
type client struct {
	mod                        api.Module
	alloc, free, call, version api.Function

	mu sync.Mutex // one call at a time: the guest is single-threaded
	// callback answers host_call; nil fails every callback.
	callback func(db int64, kind string, payload []byte) ([]byte, error)
	reply    []byte // kept between host_call and host_result
}

// instantiate starts a new instance; dataDir, when not "", is mounted at /data.
func (r *wasmRuntime) instantiate(ctx context.Context, dataDir string) (*client, error) {
	r.mu.Lock()
	r.seq++
	name := "memcore-" + strconv.Itoa(r.seq)
	c := &client{}
	r.clients[name] = c
	r.mu.Unlock()
	cfg := wazero.NewModuleConfig().WithName(name).
		WithStartFunctions("_initialize").
		WithSysWalltime().WithSysNanotime().WithSysNanosleep().
		WithRandSource(rand.Reader).
		WithStdout(os.Stderr).WithStderr(os.Stderr)
	if dataDir != "" {
		cfg = cfg.WithFSConfig(wazero.NewFSConfig().WithDirMount(dataDir, "/data"))
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
			mod.Close(ctx)
			return nil, fmt.Errorf("the module does not export %s", name)
		}
	}
	return c, nil
}

func (r *wasmRuntime) forget(name string) {
	r.mu.Lock()
	delete(r.clients, name)
	r.mu.Unlock()
}

func (r *wasmRuntime) client(m api.Module) *client {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.clients[m.Name()]
}

// hostCall is the import memcore.host_call: it runs the instance's callback and keeps
// the reply for host_result.
func (r *wasmRuntime) hostCall(ctx context.Context, m api.Module, db int64, kindPtr, kindLen, payloadPtr, payloadLen uint32) int32 {
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
func (r *wasmRuntime) hostResult(ctx context.Context, m api.Module, ptr uint32) {
	c := r.client(m)
	if c == nil {
		return
	}
	if !m.Memory().Write(ptr, c.reply) {
		panic("host_result: buffer out of the guest's memory")
	}
	c.reply = nil
}

// Call sends one request and returns the response.
func (c *client) Call(ctx context.Context, req []byte) ([]byte, error) {
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

// Version returns the engine's version through memcore_version.
func (c *client) Version(ctx context.Context) (string, error) {
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
func (c *client) take(ctx context.Context, pair uint64) ([]byte, error) {
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
func (c *client) MemoryBytes() uint32 { return c.mod.Memory().Size() }

// Close ends the instance (its databases are not closed: close them first).
func (r *wasmRuntime) closeClient(ctx context.Context, c *client) error {
	r.forget(c.mod.Name())
	return c.mod.Close(ctx)
}
