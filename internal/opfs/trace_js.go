//go:build js

package opfs

import (
	"encoding/json"
	"time"
)

// Tracing counts every call the VFS makes on OPFS — the synchronous access-handle calls
// SQLite's file operations turn into (read, write, flush, getSize, truncate) and the
// awaited asynchronous ones (getDirectory, getFileHandle, createSyncAccessHandle, …) —
// with their total time, so that a benchmark can tell what an open or a commit spends on
// storage and what on SQLite itself. Off unless a benchmark turns it on (SetTrace; the
// browser worker's globalThis.__memcore_opfs_bench = {trace: true}, docs/BROWSER.md): a
// counter per call costs a clock read.
var tracing bool

// traceStats is one method's count and total time.
type traceStats struct {
	N  int     `json:"n"`
	Ms float64 `json:"ms"`
}

var traced = map[string]*traceStats{}

// SetTrace turns the call counters on or off (before the first database is acquired).
func SetTrace(on bool) { tracing = on }

// traceSince adds one call of method that started at t0.
func traceSince(method string, t0 time.Time) {
	s := traced[method]
	if s == nil {
		s = &traceStats{}
		traced[method] = s
	}
	s.N++
	s.Ms += float64(time.Since(t0).Microseconds()) / 1000
}

// TraceJSON returns the counters so far as a JSON object {method: {n, ms}} ("{}" when
// tracing is off).
func TraceJSON() string {
	b, _ := json.Marshal(traced)
	return string(b)
}
