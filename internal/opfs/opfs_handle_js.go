//go:build js

// Access handles (moved from opfs_js.go): one OPFS file and its
// FileSystemSyncAccessHandle — open, close, reopen, remove — its reads and writes through
// reused buffers, size, truncate and flush.

package opfs

import (
	"fmt"
	"io"
	"syscall/js"
	"time"

	"github.com/ncruces/go-sqlite3"
	"github.com/ncruces/go-sqlite3/vfs"
)

// ─── Access handles ─────────────────────────────────────────────────────────────────────

// handle is one OPFS file and its FileSystemSyncAccessHandle (undefined while closed).
type handle struct {
	dir, fh js.Value
	name    string
	sah     js.Value
	at      js.Value // {at: offset}, reused by every read and write
}

func newHandle(dir, fh js.Value, name string, sah js.Value) *handle {
	at := js.Global().Get("Object").New()
	at.Set("at", 0)
	return &handle{dir: dir, fh: fh, name: name, sah: sah, at: at}
}

func (h *handle) open() bool { return h.sah.Type() == js.TypeObject }

func (h *handle) close() {
	if h.open() {
		h.call("close")
		h.sah = js.Undefined()
	}
}

// reopen (unpooled journals only) creates the file again and its access handle.
func (h *handle) reopen() error {
	if h.open() {
		return nil
	}
	fh, err := awaitCall(h.dir, "getFileHandle", h.name, create())
	if err != nil {
		return err
	}
	sah, err := awaitCall(fh, "createSyncAccessHandle")
	if err != nil {
		return err
	}
	h.fh, h.sah = fh, sah
	return nil
}

// remove (unpooled journals only) closes the handle and removes the file.
func (h *handle) remove() error {
	h.close()
	_, err := awaitCall(h.dir, "removeEntry", h.name)
	if isName(err, "NotFoundError") {
		return sqlite3.IOERR_DELETE_NOENT
	}
	return err
}

// call calls a synchronous method of the access handle; a JavaScript exception is an error.
func (h *handle) call(method string, args ...any) (v js.Value, err error) {
	if !h.open() {
		return js.Undefined(), fmt.Errorf("OPFS: %s is not open", h.name)
	}
	if tracing {
		defer traceSince(method, time.Now())
	}
	defer func() {
		if r := recover(); r != nil {
			err = panicErr(r)
		}
	}()
	return h.sah.Call(method, args...), nil
}

// Buffers of the sizes SQLite reads and writes (pages, journal headers), reused: the
// wasm instance runs one goroutine at a time and nothing yields between a copy and the
// call that uses it.
var buffers = map[int]js.Value{}

func buffer(n int) js.Value {
	if b, ok := buffers[n]; ok {
		return b
	}
	b := js.Global().Get("Uint8Array").New(n)
	if len(buffers) < 16 {
		buffers[n] = b
	}
	return b
}

func (h *handle) readAt(b []byte, off int64) (int, error) {
	buf := buffer(len(b))
	h.at.Set("at", float64(off))
	v, err := h.call("read", buf, h.at)
	if err != nil {
		return 0, vfs.SystemError(err, sqlite3.IOERR_READ)
	}
	n := v.Int()
	js.CopyBytesToGo(b[:n], buf)
	if n < len(b) {
		return n, io.EOF
	}
	return n, nil
}

func (h *handle) writeAt(b []byte, off int64) (int, error) {
	buf := buffer(len(b))
	js.CopyBytesToJS(buf, b)
	h.at.Set("at", float64(off))
	v, err := h.call("write", buf, h.at)
	if err != nil {
		if isQuota(err) {
			return 0, vfs.SystemError(err, sqlite3.FULL)
		}
		return 0, vfs.SystemError(err, sqlite3.IOERR_WRITE)
	}
	if n := v.Int(); n < len(b) {
		return n, io.ErrShortWrite
	}
	return len(b), nil
}

func (h *handle) size() (int64, error) {
	v, err := h.call("getSize")
	if err != nil {
		return 0, vfs.SystemError(err, sqlite3.IOERR_FSTAT)
	}
	return int64(v.Float()), nil
}

func (h *handle) truncate(size int64) error {
	if _, err := h.call("truncate", float64(size)); err != nil {
		if isQuota(err) {
			return vfs.SystemError(err, sqlite3.FULL)
		}
		return vfs.SystemError(err, sqlite3.IOERR_TRUNCATE)
	}
	return nil
}

func (h *handle) flush() error {
	if _, err := h.call("flush"); err != nil {
		return vfs.SystemError(err, sqlite3.IOERR_FSYNC)
	}
	return nil
}
