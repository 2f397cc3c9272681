//go:build js

package opfs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"syscall/js"
	"time"

	"github.com/ncruces/go-sqlite3"
	"github.com/ncruces/go-sqlite3/util/vfsutil"
	"github.com/ncruces/go-sqlite3/vfs"
)

// pooled keeps the journal's access handle open for the database's lifetime (see the
// package documentation). SetPooled(false) is for measuring what that saves.
var pooled = true

// SetPooled chooses, before the first database is acquired, whether the journal's
// access handle is kept open for the database's lifetime (true, the default: closing the
// journal keeps the handle and deleting it truncates it) or the journal behaves like a
// plain file (closing closes the handle, deleting removes the OPFS file: asynchronous
// steps inside SQLite's commit). Only benchmarks turn it off (docs/BROWSER.md).
func SetPooled(b bool) { pooled = b }

var registerOnce sync.Once

// Check reports whether OPFS databases can be opened here — a browser's Dedicated
// Worker with navigator.storage.getDirectory and FileSystemSyncAccessHandle — and
// registers the VFS. An error wraps ErrUnavailable and says what is missing.
func Check() error {
	g := js.Global()
	nav := g.Get("navigator")
	if nav.Type() != js.TypeObject || nav.Get("storage").Type() != js.TypeObject ||
		nav.Get("storage").Get("getDirectory").Type() != js.TypeFunction {
		return fmt.Errorf("%w: navigator.storage.getDirectory is missing here (not a browser, a browser too old for the Origin Private File System, or a page that is not a secure context: serve it over https or from localhost)", ErrUnavailable)
	}
	if g.Get("FileSystemSyncAccessHandle").Type() != js.TypeFunction {
		return fmt.Errorf("%w: FileSystemSyncAccessHandle is missing (memcore opens OPFS databases in a Dedicated Worker, which the browser entry starts; this browser or context has none)", ErrUnavailable)
	}
	registerOnce.Do(func() { vfs.Register(Name, vfsOPFS{}) })
	return nil
}

// ─── Databases held by this worker ──────────────────────────────────────────────────────

var (
	acquireMu sync.Mutex // one Acquire at a time: a second open of a path waits for the first
	mu        sync.Mutex // entries and the SQLite locks of every entry
	entries   = map[string]*entry{}
)

// entry is a database this worker owns: its two access handles and its Web Lock, kept
// while anything references it (an Acquire not yet released, an open database file).
type entry struct {
	name    string // clean path, "/dir/agent.db"
	db      *handle
	journal *handle
	refs    int
	unlock  func() // releases the Web Lock

	// SQLite's lock on the database among this worker's connections (one, in practice:
	// the JS entry shares one engine database per path). Other workers cannot open it.
	shared   int
	reserved bool
	pending  bool
}

// Acquire opens the database at path for this worker, creating it (and its directories)
// when missing, before SQLite asks for it: it takes the Web Lock and opens the access
// handles of the file and of its journal, awaiting each Promise. The database stays held
// until release is called and every SQLite connection to it is closed. Call it from a
// goroutine that may block (never from a js.FuncOf callback).
//
// Errors: a bad path; ErrUnavailable (wrapped) when OPFS cannot be used here; a database
// held by another tab or worker for longer than LockWait; any other OPFS failure.
func Acquire(ctx context.Context, path string) (release func(), err error) {
	_, release, err = acquire(ctx, path)
	return release, err
}

func acquire(ctx context.Context, path string) (e *entry, release func(), err error) {
	name, err := Clean(path)
	if err != nil {
		return nil, nil, err
	}
	if err := Check(); err != nil {
		return nil, nil, err
	}
	acquireMu.Lock()
	defer acquireMu.Unlock()
	mu.Lock()
	e = entries[name]
	if e != nil {
		e.refs++
	}
	mu.Unlock()
	if e == nil {
		if e, err = openEntry(ctx, name); err != nil {
			return nil, nil, err
		}
		mu.Lock()
		entries[name] = e
		mu.Unlock()
	}
	var once sync.Once
	return e, func() { once.Do(e.unref) }, nil
}

func (e *entry) unref() {
	mu.Lock()
	defer mu.Unlock()
	if e.refs--; e.refs > 0 {
		return
	}
	delete(entries, e.name)
	e.db.close()
	e.journal.close()
	e.unlock()
}

func openEntry(ctx context.Context, name string) (e *entry, err error) {
	deadline := time.Now().Add(LockWait)
	storage := js.Global().Get("navigator").Get("storage")
	root, err := opfsRoot(storage)
	if err != nil {
		return nil, fmt.Errorf("%w: the browser refused the Origin Private File System (%v); private browsing windows may have none", ErrUnavailable, err)
	}
	// The directories and the two files (created when missing) need no lock: they are
	// asked for while the Web Lock is awaited. Their access handles, which make this
	// worker the files' one reader and writer, are asked for once the lock is held.
	segs := strings.Split(name[1:], "/")
	filesDone := make(chan fileHandles, 1)
	go func() { filesDone <- openFiles(root, name, segs) }()
	tLock := time.Now()
	unlock, err := webLock(ctx, name, LockWait)
	if tracing {
		traceSince("await navigator.locks.request", tLock)
	}
	files := <-filesDone
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			unlock()
		}
	}()
	if files.err != nil {
		return nil, files.err
	}
	// The database's and the journal's access handles are asked for at once: a first open
	// waits for them before SQLite reads a byte.
	base := segs[len(segs)-1]
	type opened struct {
		h   *handle
		err error
	}
	journalDone := make(chan opened, 1)
	go func() {
		h, err := openSync(files.dir, files.journal, base+"-journal", name, deadline)
		journalDone <- opened{h, err}
	}()
	db, dbErr := openSync(files.dir, files.db, base, name, deadline)
	j := <-journalDone
	if dbErr != nil || j.err != nil {
		if db != nil {
			db.close()
		}
		if j.h != nil {
			j.h.close()
		}
		if dbErr != nil {
			return nil, dbErr
		}
		return nil, j.err
	}
	return &entry{name: name, db: db, journal: j.h, refs: 1, unlock: unlock}, nil
}

// fileHandles are a database's directory and the FileSystemFileHandles of its file and
// its journal, or the error that stopped openFiles.
type fileHandles struct {
	dir, db, journal js.Value
	err              error
}

// openFiles walks (creating) the directories of the database name (split into segs) from
// root and gets (creating) the handles of its file and its journal, both at once.
func openFiles(root js.Value, name string, segs []string) (f fileHandles) {
	dir := root
	for _, s := range segs[:len(segs)-1] {
		var err error
		if dir, err = awaitCall(dir, "getDirectoryHandle", s, create()); err != nil {
			return fileHandles{err: fmt.Errorf("OPFS: cannot open the directory %q of %s: %w", s, name, err)}
		}
	}
	base := segs[len(segs)-1]
	type got struct {
		fh  js.Value
		err error
	}
	journalDone := make(chan got, 1)
	go func() {
		fh, err := fileHandle(dir, base+"-journal")
		journalDone <- got{fh, err}
	}()
	db, err := fileHandle(dir, base)
	j := <-journalDone
	if err == nil {
		err = j.err
	}
	return fileHandles{dir: dir, db: db, journal: j.fh, err: err}
}

func create() js.Value {
	o := js.Global().Get("Object").New()
	o.Set("create", true)
	return o
}

// errHeld is the error of a database that another tab or worker of the origin holds.
func errHeld(name string) error {
	return fmt.Errorf("%s is open in another tab or worker of this site: an OPFS database has one owner at a time, and the other one did not close it within %v. Close it there (or that tab), or open another path", name, LockWait)
}

// fileHandle gets (creating) the handle of the file fname in dir.
func fileHandle(dir js.Value, fname string) (js.Value, error) {
	fh, err := awaitCall(dir, "getFileHandle", fname, create())
	if err != nil {
		if isQuota(err) {
			return js.Value{}, fmt.Errorf("OPFS: cannot create %s: the site's storage quota is used up: %w", fname, err)
		}
		return js.Value{}, fmt.Errorf("OPFS: cannot open %s: %w", fname, err)
	}
	return fh, nil
}

// openSync creates the sync access handle of fh (the file fname in dir). A file that has
// another access handle (another worker, or a previous page's worker still being torn
// down) is retried until deadline. fh was got before the Web Lock was held: a file that
// was removed meanwhile (the previous owner's journal, when journals are not pooled) is
// created again.
func openSync(dir, fh js.Value, fname, dbName string, deadline time.Time) (*handle, error) {
	for {
		sah, err := awaitCall(fh, "createSyncAccessHandle")
		if err == nil {
			return newHandle(dir, fh, fname, sah), nil
		}
		if isName(err, "NotFoundError") && time.Now().Before(deadline) {
			if fh, err = fileHandle(dir, fname); err != nil {
				return nil, err
			}
			continue
		}
		if !isHeld(err) {
			return nil, fmt.Errorf("OPFS: cannot open %s for reading and writing: %w", fname, err)
		}
		if time.Now().After(deadline) {
			return nil, errHeld(dbName)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// webLock takes the exclusive Web Lock of the database, waiting at most wait. Without
// navigator.locks, OPFS's one-handle-per-file rule alone keeps a second owner out.
func webLock(ctx context.Context, name string, wait time.Duration) (unlock func(), err error) {
	locks := js.Global().Get("navigator").Get("locks")
	if locks.Type() != js.TypeObject || locks.Get("request").Type() != js.TypeFunction {
		return func() {}, nil
	}
	granted := make(chan js.Value, 1) // the resolve function of the Promise that holds the lock
	settled := make(chan error, 1)    // the request's Promise: resolved after unlock, or rejected
	hold := js.FuncOf(func(_ js.Value, _ []js.Value) any {
		var resolve js.Value
		p := newPromise(func(res, _ js.Value) { resolve = res })
		granted <- resolve
		return p
	})
	onDone := js.FuncOf(func(_ js.Value, _ []js.Value) any { settled <- nil; return nil })
	onFail := js.FuncOf(func(_ js.Value, a []js.Value) any { settled <- jsErr(arg0(a)); return nil })
	release := func() { hold.Release(); onDone.Release(); onFail.Release() }

	ctrl := js.Global().Get("AbortController").New()
	opts := js.Global().Get("Object").New()
	opts.Set("mode", "exclusive")
	opts.Set("signal", ctrl.Get("signal"))
	timer := time.NewTimer(wait)
	defer timer.Stop()
	func() {
		defer func() {
			if r := recover(); r != nil {
				settled <- panicErr(r)
			}
		}()
		locks.Call("request", LockName(name), opts, hold).Call("then", onDone, onFail)
	}()
	for {
		select {
		case resolve := <-granted:
			return func() {
				resolve.Invoke()
				go func() { <-settled; release() }()
			}, nil
		case err := <-settled:
			release()
			if err == nil {
				err = errors.New("the lock request ended without the lock")
			}
			if isName(err, "AbortError") {
				return nil, errHeld(name)
			}
			return nil, fmt.Errorf("OPFS: cannot lock %s: %w", name, err)
		case <-timer.C:
			ctrl.Call("abort") // settles the request: AbortError, unless granted meanwhile
		case <-ctx.Done():
			ctrl.Call("abort")
		}
	}
}

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

// ─── The VFS ────────────────────────────────────────────────────────────────────────────

type vfsOPFS struct{}

func (vfsOPFS) FullPathname(name string) (string, error) { return Clean(name) }

// journalOf returns the held entry whose journal is name, or nil.
func journalOf(name string) *entry {
	db, ok := strings.CutSuffix(name, "-journal")
	if !ok {
		return nil
	}
	mu.Lock()
	defer mu.Unlock()
	return entries[db]
}

func (vfsOPFS) Open(name string, flags vfs.OpenFlag) (vfs.File, vfs.OpenFlag, error) {
	switch {
	case flags&vfs.OPEN_MAIN_DB != 0:
		e, release, err := acquire(context.Background(), name)
		if err != nil {
			return nil, flags, vfs.SystemError(err, sqlite3.CANTOPEN)
		}
		return &file{e: e, h: e.db, main: true, release: release,
			readOnly: flags&vfs.OPEN_READONLY != 0}, flags, nil
	case flags&vfs.OPEN_MAIN_JOURNAL != 0:
		e := journalOf(name)
		if e == nil {
			return nil, flags, sqlite3.CANTOPEN
		}
		if err := e.journal.reopen(); err != nil {
			return nil, flags, vfs.SystemError(err, sqlite3.CANTOPEN)
		}
		return &file{e: e, h: e.journal}, flags, nil
	case flags&(vfs.OPEN_WAL|vfs.OPEN_SUPER_JOURNAL) != 0:
		// No shared memory (WAL) and no multi-database commits on OPFS.
		return nil, flags, sqlite3.CANTOPEN
	default:
		// Temporary files (sorter, statement journals, temp_store=MEMORY's leftovers)
		// live in memory, never in OPFS.
		return &vfsutil.SliceFile{}, flags | vfs.OPEN_MEMORY, nil
	}
}

func (vfsOPFS) Delete(name string, syncDir bool) error {
	e := journalOf(name)
	if e == nil {
		return sqlite3.IOERR_DELETE_NOENT
	}
	if !pooled {
		return e.journal.remove()
	}
	// A zero-length journal is no journal: SQLite's TRUNCATE commit, with its flush.
	if err := e.journal.truncate(0); err != nil {
		return err
	}
	return e.journal.flush()
}

func (vfsOPFS) Access(name string, flags vfs.AccessFlag) (bool, error) {
	if e := journalOf(name); e != nil {
		if !e.journal.open() {
			return false, nil
		}
		n, err := e.journal.size()
		return n > 0, err
	}
	mu.Lock()
	defer mu.Unlock()
	return entries[name] != nil, nil
}

// file is an open database or journal; the journal's close keeps its handle (pooled).
type file struct {
	e        *entry
	h        *handle
	main     bool
	readOnly bool
	release  func()
	lock     vfs.LockLevel
}

var _ vfs.FileLockState = &file{}

func (f *file) Close() error {
	if f.main {
		f.Unlock(vfs.LOCK_NONE)
		f.release()
	} else if !pooled {
		f.h.close()
	}
	return nil
}

func (f *file) ReadAt(b []byte, off int64) (int, error)  { return f.h.readAt(b, off) }
func (f *file) WriteAt(b []byte, off int64) (int, error) { return f.h.writeAt(b, off) }
func (f *file) Truncate(size int64) error                { return f.h.truncate(size) }
func (f *file) Sync(vfs.SyncFlag) error                  { return f.h.flush() }
func (f *file) Size() (int64, error)                     { return f.h.size() }
func (f *file) SectorSize() int                          { return 4096 }
func (f *file) LockState() vfs.LockLevel                 { return f.lock }

// DeviceCharacteristics: writes of whole pages do not disturb their neighbours; and an
// OPFS file with an open access handle cannot be removed, which also keeps SQLite from
// closing a TRUNCATE journal between transactions.
func (f *file) DeviceCharacteristics() vfs.DeviceCharacteristic {
	return vfs.IOCAP_POWERSAFE_OVERWRITE | vfs.IOCAP_SUBPAGE_READ | vfs.IOCAP_UNDELETABLE_WHEN_OPEN
}

// Lock and Unlock arbitrate between this worker's connections to the database; other
// workers and tabs are kept out by the Web Lock and the access handles.
func (f *file) Lock(lock vfs.LockLevel) error {
	if !f.main {
		return nil
	}
	if f.lock >= lock {
		return nil
	}
	if f.readOnly && lock >= vfs.LOCK_RESERVED {
		return sqlite3.IOERR_LOCK
	}
	mu.Lock()
	defer mu.Unlock()
	e := f.e
	switch lock {
	case vfs.LOCK_SHARED:
		if e.pending {
			return sqlite3.BUSY
		}
		e.shared++
	case vfs.LOCK_RESERVED:
		if e.reserved {
			return sqlite3.BUSY
		}
		e.reserved = true
	case vfs.LOCK_EXCLUSIVE:
		if f.lock == vfs.LOCK_RESERVED {
			f.lock = vfs.LOCK_PENDING
			e.pending = true
		}
		if e.shared > 1 {
			return sqlite3.BUSY
		}
	}
	f.lock = lock
	return nil
}

func (f *file) Unlock(lock vfs.LockLevel) error {
	if !f.main || f.lock <= lock {
		return nil
	}
	mu.Lock()
	defer mu.Unlock()
	e := f.e
	if f.lock >= vfs.LOCK_RESERVED {
		e.reserved = false
	}
	if f.lock >= vfs.LOCK_PENDING {
		e.pending = false
	}
	if lock < vfs.LOCK_SHARED {
		e.shared--
	}
	f.lock = lock
	return nil
}

func (f *file) CheckReservedLock() (bool, error) {
	if f.lock >= vfs.LOCK_RESERVED {
		return true, nil
	}
	mu.Lock()
	defer mu.Unlock()
	return f.e.reserved, nil
}

// ─── Promises ───────────────────────────────────────────────────────────────────────────

// jsError is a JavaScript exception or rejection: its name ("NotFoundError") and message.
type jsError struct{ name, message string }

func (e *jsError) Error() string {
	if e.name == "" {
		return e.message
	}
	return e.name + ": " + e.message
}

func jsErr(v js.Value) error {
	if v.Type() == js.TypeObject {
		e := &jsError{}
		if n := v.Get("name"); n.Type() == js.TypeString {
			e.name = n.String()
		}
		if m := v.Get("message"); m.Type() == js.TypeString {
			e.message = m.String()
		}
		if e.name != "" || e.message != "" {
			return e
		}
	}
	return &jsError{message: js.Global().Call("String", v).String()}
}

func panicErr(r any) error {
	if e, ok := r.(js.Error); ok {
		return jsErr(e.Value)
	}
	return fmt.Errorf("%v", r)
}

func isName(err error, name string) bool {
	var e *jsError
	return errors.As(err, &e) && e.name == name
}

// isHeld: the file has another access handle (another worker holds the database).
func isHeld(err error) bool {
	return isName(err, "NoModificationAllowedError") || isName(err, "InvalidStateError")
}

func isQuota(err error) bool { return isName(err, "QuotaExceededError") }

// awaitCall calls method on v and waits for the Promise it returns. It blocks the calling
// goroutine, never the event loop, which settles the Promise meanwhile.
func awaitCall(v js.Value, method string, args ...any) (res js.Value, err error) {
	if tracing {
		defer traceSince("await "+method, time.Now())
	}
	type settled struct {
		v   js.Value
		err error
	}
	done := make(chan settled, 1)
	onValue := js.FuncOf(func(_ js.Value, a []js.Value) any { done <- settled{v: arg0(a)}; return nil })
	onError := js.FuncOf(func(_ js.Value, a []js.Value) any { done <- settled{err: jsErr(arg0(a))}; return nil })
	defer onValue.Release()
	defer onError.Release()
	func() {
		defer func() {
			if r := recover(); r != nil {
				done <- settled{err: panicErr(r)}
			}
		}()
		p := js.Global().Get("Promise").Call("resolve", v.Call(method, args...))
		p.Call("then", onValue, onError)
	}()
	s := <-done
	return s.v, s.err
}

func newPromise(start func(resolve, reject js.Value)) js.Value {
	executor := js.FuncOf(func(_ js.Value, a []js.Value) any {
		start(a[0], a[1])
		return nil
	})
	defer executor.Release()
	return js.Global().Get("Promise").New(executor)
}

func arg0(a []js.Value) js.Value {
	if len(a) == 0 {
		return js.Undefined()
	}
	return a[0]
}
