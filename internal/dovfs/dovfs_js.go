//go:build js

package dovfs

import (
	"fmt"
	"io"
	"slices"
	"sync"
	"syscall/js"

	"github.com/ncruces/go-sqlite3"
	"github.com/ncruces/go-sqlite3/util/vfsutil"
	"github.com/ncruces/go-sqlite3/vfs"
)

// PageBytes is the page size of databases created from now on (DefaultPageBytes unless a
// benchmark chose another through SetPageBytes).
var PageBytes = DefaultPageBytes

// SetPageBytes sets the page size of the databases created from now on: a power of two
// from 4096 to 65536 (benchmarks only; docs/BENCHMARKS.md).
func SetPageBytes(n int) error {
	if n < 4096 || n > 65536 || n&(n-1) != 0 {
		return fmt.Errorf("a page size is a power of two from 4096 to 65536, got %d", n)
	}
	PageBytes = n
	return nil
}

var registerOnce sync.Once

// Check reports whether Durable Object storage databases can be opened here — the js
// build with globalThis.__memcore_dovfs, which js/workerd.js defines — and registers the
// VFS. An error wraps ErrUnavailable.
func Check() error {
	if js.Global().Get("__memcore_dovfs").Type() != js.TypeFunction {
		return ErrUnavailable
	}
	registerOnce.Do(func() { vfs.Register(Name, vfsDO{}) })
	return nil
}

var (
	mu   sync.Mutex
	open = map[string]bool{} // the paths of the open database files
)

type vfsDO struct{}

func (vfsDO) FullPathname(name string) (string, error) {
	if _, _, err := ParsePath(name); err != nil {
		// A journal's or a temporary file's name: SQLite derives it from the database's.
		return name, nil
	}
	return name, nil
}

func (vfsDO) Open(name string, flags vfs.OpenFlag) (vfs.File, vfs.OpenFlag, error) {
	if flags&vfs.OPEN_MAIN_DB == 0 {
		// The rollback journal (memcore uses journal_mode=MEMORY here, so SQLite asks for
		// none), statement journals and temporary files live in Go's memory: what makes a
		// commit atomic is the one storage transaction that writes it (see the package
		// documentation), not a journal.
		return &vfsutil.SliceFile{}, flags | vfs.OPEN_MEMORY, nil
	}
	f, err := openFile(name)
	if err != nil {
		return nil, flags, vfs.SystemError(err, sqlite3.CANTOPEN)
	}
	f.readOnly = flags&vfs.OPEN_READONLY != 0
	return f, flags, nil
}

func openFile(path string) (*file, error) {
	id, name, err := ParsePath(path)
	if err != nil {
		return nil, err
	}
	fn := js.Global().Get("__memcore_dovfs")
	if fn.Type() != js.TypeFunction {
		return nil, ErrUnavailable
	}
	b, err := call(fn, "", id)
	if err != nil {
		return nil, err
	}
	if b.Type() != js.TypeObject {
		return nil, fmt.Errorf("no Durable Object storage is registered under id %d: its Memory was closed", id)
	}
	mu.Lock()
	defer mu.Unlock()
	if open[path] {
		return nil, fmt.Errorf("the database %q is already open in this Durable Object: open it once and share the Memory", name)
	}
	f := &file{b: b, path: path, name: name, dirty: map[int64][]byte{}}
	st, err := call(b, "stat", name)
	if err != nil {
		return nil, err
	}
	if st.Type() == js.TypeObject {
		f.size = int64(st.Index(0).Float())
		f.pageBytes = st.Index(1).Int()
	} else {
		f.pageBytes = PageBytes
	}
	f.stored = f.size
	open[path] = true
	return f, nil
}

func (vfsDO) Delete(name string, syncDir bool) error {
	// Only journals and temporary files are ever deleted, and they live in memory.
	return sqlite3.IOERR_DELETE_NOENT
}

func (vfsDO) Access(name string, flags vfs.AccessFlag) (bool, error) {
	// Journals are never on storage (no hot journal to roll back); a database exists once
	// opened, which is all SQLite asks about it.
	mu.Lock()
	defer mu.Unlock()
	return open[name], nil
}

// file is an open database: its stored pages, and the pages the write transaction in
// progress changed (dirty), held until the commit writes them all at once.
type file struct {
	b         js.Value // the storage binding of js/do-storage.js
	path      string
	name      string
	pageBytes int
	size      int64 // the file's size, with the transaction's changes
	stored    int64 // the stored file's size
	readOnly  bool
	lock      vfs.LockLevel

	dirty map[int64][]byte // page index → the page's new bytes (pageBytes long)
	// undo holds, during a batch-atomic write, each page's dirty bytes before the batch
	// (nil: the page was clean), so that a rolled-back batch restores them.
	undo  map[int64][]byte
	batch bool
	first []byte // the stored first page, kept: SQLite reads its header at every transaction
	// buf is reused for the pages a commit sends.
	buf []byte
}

var (
	_ vfs.FileLockState        = &file{}
	_ vfs.FileBatchAtomicWrite = &file{}
)

func (f *file) Close() error {
	f.dirty = nil
	mu.Lock()
	delete(open, f.path)
	mu.Unlock()
	return nil
}

// page returns page i as stored, or nil when it is not stored (a hole or past the end).
func (f *file) storedPage(i int64) ([]byte, error) {
	if i == 0 && f.first != nil {
		return f.first, nil
	}
	v, err := call(f.b, "read", f.name, float64(i))
	if err != nil {
		return nil, vfs.SystemError(err, sqlite3.IOERR_READ)
	}
	if v.Type() != js.TypeObject {
		return nil, nil
	}
	p := make([]byte, f.pageBytes)
	js.CopyBytesToGo(p, v)
	if i == 0 {
		f.first = p
	}
	return p, nil
}

// current returns page i with the transaction's changes, or nil when it has no bytes.
func (f *file) current(i int64) ([]byte, error) {
	if p, ok := f.dirty[i]; ok {
		return p, nil
	}
	return f.storedPage(i)
}

func (f *file) ReadAt(b []byte, off int64) (int, error) {
	n := 0
	for n < len(b) {
		at := off + int64(n)
		if at >= f.size {
			clear(b[n:])
			return n, io.EOF
		}
		i, in := at/int64(f.pageBytes), int(at%int64(f.pageBytes))
		want := min(len(b)-n, f.pageBytes-in, int(f.size-at))
		p, err := f.current(i)
		if err != nil {
			return n, err
		}
		if p == nil {
			clear(b[n : n+want])
		} else {
			copy(b[n:n+want], p[in:])
		}
		n += want
	}
	return n, nil
}

func (f *file) WriteAt(b []byte, off int64) (int, error) {
	if f.readOnly {
		return 0, sqlite3.READONLY
	}
	n := 0
	for n < len(b) {
		at := off + int64(n)
		i, in := at/int64(f.pageBytes), int(at%int64(f.pageBytes))
		want := min(len(b)-n, f.pageBytes-in)
		p, ok := f.dirty[i]
		if !ok || f.batch {
			var old []byte
			if ok {
				old = p
			}
			p = make([]byte, f.pageBytes)
			if want < f.pageBytes {
				cur, err := f.current(i)
				if err != nil {
					return n, err
				}
				copy(p, cur)
			}
			if f.batch {
				if _, saved := f.undo[i]; !saved {
					f.undo[i] = old
				}
			}
			f.dirty[i] = p
		}
		copy(p[in:], b[n:n+want])
		n += want
	}
	f.size = max(f.size, off+int64(len(b)))
	return n, nil
}

func (f *file) Truncate(size int64) error {
	if size >= f.size {
		return nil
	}
	for i := range f.dirty {
		if i*int64(f.pageBytes) >= size {
			delete(f.dirty, i)
		}
	}
	f.size = size
	return nil
}

// Sync commits the transaction's pages: SQLite syncs the database file once the commit's
// pages are written (synchronous=FULL). When storage refuses them, nothing is stored and
// the changes are dropped: SQLite then rolls the transaction back (writing the pages it
// had changed back as they were, which are dropped again when the write lock ends) and
// reads the stored pages again.
func (f *file) Sync(vfs.SyncFlag) error {
	if err := f.flush(); err != nil {
		f.drop()
		return err
	}
	return nil
}

// flush writes the changed pages and the file's size in one storage transaction.
func (f *file) flush() error {
	if len(f.dirty) == 0 && f.size == f.stored {
		return nil
	}
	idx := make([]int64, 0, len(f.dirty))
	for i := range f.dirty {
		if i*int64(f.pageBytes) < f.size {
			idx = append(idx, i)
		}
	}
	slices.Sort(idx)
	need := len(idx) * f.pageBytes
	if cap(f.buf) < need {
		f.buf = make([]byte, need)
	}
	buf := f.buf[:need]
	pages := js.Global().Get("Array").New(len(idx))
	for k, i := range idx {
		copy(buf[k*f.pageBytes:], f.dirty[i])
		pages.SetIndex(k, float64(i))
	}
	data := js.Global().Get("Uint8Array").New(need)
	js.CopyBytesToJS(data, buf)
	_, err := call(f.b, "commit", f.name, float64(f.size), f.pageBytes, pages, data)
	if len(f.buf) > 1<<20 {
		f.buf = nil // a large transaction's buffer is not kept
	}
	if err != nil {
		return vfs.SystemError(fmt.Errorf("Durable Object storage refused the commit of %s: %w", f.name, err), sqlite3.IOERR_WRITE)
	}
	if p, ok := f.dirty[0]; ok {
		f.first = p
	}
	f.stored = f.size
	clear(f.dirty)
	return nil
}

// drop forgets the changes not committed (a rollback, or a commit storage refused).
func (f *file) drop() {
	clear(f.dirty)
	f.size = f.stored
	f.first = nil
}

func (f *file) Size() (int64, error)     { return f.size, nil }
func (f *file) SectorSize() int          { return f.pageBytes }
func (f *file) LockState() vfs.LockLevel { return f.lock }

// DeviceCharacteristics: a batch of page writes is atomic (one storage transaction), and
// pages are stored whole, so a write never disturbs its neighbours.
func (f *file) DeviceCharacteristics() vfs.DeviceCharacteristic {
	return vfs.IOCAP_BATCH_ATOMIC | vfs.IOCAP_POWERSAFE_OVERWRITE | vfs.IOCAP_SUBPAGE_READ | vfs.IOCAP_SAFE_APPEND
}

func (f *file) BeginAtomicWrite() error {
	f.batch = true
	f.undo = map[int64][]byte{}
	return nil
}

// CommitAtomicWrite commits the batch and what the transaction wrote before it. When
// storage refuses it, the batch stays open for RollbackAtomicWrite, which SQLite calls
// next: the pages written before the batch (a spilled cache) are kept, and SQLite then
// writes the batch's pages again without a batch and syncs — or rolls back.
func (f *file) CommitAtomicWrite() error {
	if err := f.flush(); err != nil {
		return err
	}
	f.batch, f.undo = false, nil
	return nil
}

func (f *file) RollbackAtomicWrite() error {
	if !f.batch {
		return nil
	}
	for i, p := range f.undo {
		if p == nil {
			delete(f.dirty, i)
		} else {
			f.dirty[i] = p
		}
	}
	f.batch, f.undo = false, nil
	return nil
}

// Lock: one connection per database (openFile refuses a second), and the Durable Object
// is the only writer of its storage: the levels are only recorded.
func (f *file) Lock(lock vfs.LockLevel) error {
	if f.readOnly && lock >= vfs.LOCK_RESERVED {
		return sqlite3.IOERR_LOCK
	}
	if lock > f.lock {
		f.lock = lock
	}
	return nil
}

// Unlock: a write transaction that ends with changes it never synced was rolled back.
func (f *file) Unlock(lock vfs.LockLevel) error {
	if lock < vfs.LOCK_RESERVED && f.lock >= vfs.LOCK_RESERVED && (len(f.dirty) > 0 || f.size != f.stored) {
		f.drop()
	}
	if lock < f.lock {
		f.lock = lock
	}
	return nil
}

func (f *file) CheckReservedLock() (bool, error) { return f.lock >= vfs.LOCK_RESERVED, nil }

// call calls method of v (or v itself when method is ""); a JavaScript exception is an error.
func call(v js.Value, method string, args ...any) (res js.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(js.Error); ok {
				err = fmt.Errorf("%s", describe(e.Value))
			} else {
				err = fmt.Errorf("%v", r)
			}
		}
	}()
	if method == "" {
		return v.Invoke(args...), nil
	}
	return v.Call(method, args...), nil
}

func describe(v js.Value) string {
	if v.Type() == js.TypeObject {
		if m := v.Get("message"); m.Type() == js.TypeString {
			return m.String()
		}
	}
	return js.Global().Call("String", v).String()
}
