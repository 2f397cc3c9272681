//go:build wasip1

// Command wasi is memcore's WASI entry point: a reactor module (built with
// -buildmode=c-shared by cmd/wasmbuild into dist/memcore-wasi.wasm) for wazero and other
// WASI runtimes. It is a thin transport over internal/host: the runtime calls
// _initialize once, then exchanges JSON requests and responses through guest memory.
//
// Exports (all numbers are wasm i32/i64; "pair" is ptr<<32 | len):
//
//	memcore_alloc(size u32) u32         a guest buffer of size bytes, kept until freed
//	memcore_free(ptr u32)               releases a buffer from alloc, call or version
//	memcore_call(ptr u32, len u32) u64  answers the request in [ptr, ptr+len): pair of the response (the caller frees it)
//	memcore_version() u64               pair of core.Version (the caller frees it)
//
// Imports, module "memcore" (the engine calling the host while a request runs; the host
// must not call back into the guest while one of these runs):
//
//	host_call(db i64, kindPtr, kindLen, payloadPtr, payloadLen u32) i32
//	        runs the callback; returns the length n of the reply the host now keeps
//	        (n < 0: the call failed and the reply, of length -n, is an error message)
//	host_result(ptr u32)
//	        copies the kept reply into the guest buffer at ptr (of the length host_call
//	        returned) and forgets it
//
// File databases live in directories the runtime preopens (e.g. "/data/agent.db" with a
// host directory mounted at /data). See docs/WASM.md.
package main

import (
	"context"
	"errors"
	"unsafe"

	"github.com/memcore/memcore/core"
	"github.com/memcore/memcore/internal/host"
)

// main is not run in a reactor; package initialisation is what _initialize runs.
func main() {}

var (
	h = newHost()
	// buffers keeps every buffer handed to the host reachable until it is freed: the
	// host holds only its address, which the garbage collector cannot see.
	buffers = map[uint32][]byte{}
)

func newHost() *host.Host {
	h := host.New()
	h.Callback = hostCallback
	return h
}

// alloc returns a new buffer of size bytes (at least one, so that it has an address)
// and its address, and keeps it until free.
func alloc(size uint32) ([]byte, uint32) {
	b := make([]byte, max(size, 1))
	p := uint32(uintptr(unsafe.Pointer(&b[0])))
	buffers[p] = b
	return b[:size], p
}

// keep copies b into a kept buffer and returns ptr<<32 | len.
func keep(b []byte) uint64 {
	buf, p := alloc(uint32(len(b)))
	copy(buf, b)
	return uint64(p)<<32 | uint64(len(b))
}

//go:wasmexport memcore_alloc
func memcoreAlloc(size uint32) uint32 {
	_, p := alloc(size)
	return p
}

//go:wasmexport memcore_free
func memcoreFree(ptr uint32) { delete(buffers, ptr) }

//go:wasmexport memcore_call
func memcoreCall(ptr *byte, length uint32) uint64 {
	// The request is copied: the engine may keep parts of it (json.RawMessage) and the
	// host may free or reuse its buffer once the call returns.
	req := make([]byte, length)
	if length > 0 {
		copy(req, unsafe.Slice(ptr, length))
	}
	return keep(h.Call(context.Background(), req))
}

//go:wasmexport memcore_version
func memcoreVersion() uint64 { return keep([]byte(core.Version)) }

//go:wasmimport memcore host_call
func hostCall(db int64, kind *byte, kindLen uint32, payload *byte, payloadLen uint32) int32

//go:wasmimport memcore host_result
func hostResult(buf *byte)

// hostCallback is host.Callback over the two-phase import: host_call runs the callback
// and keeps its reply, host_result copies the reply into a buffer of the right size.
func hostCallback(ctx context.Context, db int64, kind string, payload []byte) ([]byte, error) {
	k := []byte(kind)
	// Pointer arguments keep their buffers alive for the call (0 for empty ones).
	n := hostCall(db, unsafe.SliceData(k), uint32(len(k)), unsafe.SliceData(payload), uint32(len(payload)))
	size := n
	if n < 0 {
		size = -n
	}
	reply := make([]byte, size)
	if size > 0 {
		hostResult(&reply[0])
	}
	if n < 0 {
		msg := string(reply)
		if msg == "" {
			msg = "the host's " + kind + " callback failed"
		}
		return nil, errors.New(msg)
	}
	return reply, nil
}
