// The snapshot VFS (moved from snapshot.go): Go byte slices as SQLite files for as long
// as one backup runs, read-only views of a restore's bytes, and the no-op lock.

package store

import (
	"io"
	"strconv"
	"sync"

	"github.com/ncruces/go-sqlite3"
	"github.com/ncruces/go-sqlite3/util/vfsutil"
	"github.com/ncruces/go-sqlite3/vfs"
)

// The snapshot VFS: files are Go byte slices registered under a unique name for as long
// as one backup runs.

const snapshotVFS = "memcore-snapshot"

var (
	filesMu sync.Mutex
	files   = map[string]vfs.File{}
	fileSeq uint64
	vfsOnce sync.Once
)

// withFile registers f under a fresh name and calls fn with its URI (to which fn adds
// its parameters after "&"); the name is gone when fn returns.
func withFile(f vfs.File, fn func(uri string) error) error {
	vfsOnce.Do(func() { vfs.Register(snapshotVFS, snapshotFS{}) })
	filesMu.Lock()
	fileSeq++
	name := "snapshot-" + strconv.FormatUint(fileSeq, 10) + ".db"
	files[name] = f
	filesMu.Unlock()
	defer func() {
		filesMu.Lock()
		delete(files, name)
		filesMu.Unlock()
	}()
	return fn("file:" + name + "?vfs=" + snapshotVFS)
}

type snapshotFS struct{}

func (snapshotFS) Open(name string, flags vfs.OpenFlag) (vfs.File, vfs.OpenFlag, error) {
	if flags&vfs.OPEN_MAIN_DB == 0 {
		// OPEN_MEMORY below keeps journals in memory: SQLite asks for no other file.
		return nil, flags, sqlite3.CANTOPEN
	}
	filesMu.Lock()
	f, ok := files[name]
	filesMu.Unlock()
	if !ok {
		return nil, flags, sqlite3.CANTOPEN
	}
	return f, flags | vfs.OPEN_MEMORY, nil
}

func (snapshotFS) Delete(name string, dirSync bool) error { return sqlite3.IOERR_DELETE_NOENT }

func (snapshotFS) Access(name string, flag vfs.AccessFlag) (bool, error) {
	filesMu.Lock()
	_, ok := files[name]
	filesMu.Unlock()
	return ok, nil
}

func (snapshotFS) FullPathname(name string) (string, error) { return name, nil }

// sliceFile is a file SQLite writes (a snapshot being taken): a growing byte slice.
type sliceFile struct {
	noLock
	buf *[]byte
}

func (f *sliceFile) s() *vfsutil.SliceFile                    { return (*vfsutil.SliceFile)(f.buf) }
func (f *sliceFile) ReadAt(b []byte, off int64) (int, error)  { return f.s().ReadAt(b, off) }
func (f *sliceFile) WriteAt(b []byte, off int64) (int, error) { return f.s().WriteAt(b, off) }
func (f *sliceFile) Truncate(size int64) error                { return f.s().Truncate(size) }
func (f *sliceFile) Size() (int64, error)                     { return f.s().Size() }
func (f *sliceFile) SizeHint(size int64) error                { return f.s().SizeHint(size) }

// readFile is a file SQLite only reads (a snapshot being restored): the caller's bytes,
// never written, with a header of memcore's choosing (see header.view).
type readFile struct {
	noLock
	data  []byte
	first [100]byte
}

func (f *readFile) ReadAt(b []byte, off int64) (n int, err error) {
	if off < int64(len(f.data)) {
		n = copy(b, f.data[off:])
		if off < int64(len(f.first)) {
			copy(b, f.first[off:])
		}
	}
	if n < len(b) {
		err = io.EOF
	}
	return n, err
}

func (f *readFile) WriteAt(b []byte, off int64) (int, error) { return 0, sqlite3.READONLY }
func (f *readFile) Truncate(size int64) error                { return sqlite3.READONLY }
func (f *readFile) Size() (int64, error)                     { return int64(len(f.data)), nil }

// noLock is the rest of a vfs.File for files only one connection ever sees.
type noLock struct{}

func (noLock) Close() error                     { return nil }
func (noLock) Sync(vfs.SyncFlag) error          { return nil }
func (noLock) Lock(vfs.LockLevel) error         { return nil }
func (noLock) Unlock(vfs.LockLevel) error       { return nil }
func (noLock) CheckReservedLock() (bool, error) { return false, nil }
func (noLock) SectorSize() int                  { return 0 }
func (noLock) DeviceCharacteristics() vfs.DeviceCharacteristic {
	return vfs.IOCAP_ATOMIC | vfs.IOCAP_SEQUENTIAL | vfs.IOCAP_SAFE_APPEND |
		vfs.IOCAP_POWERSAFE_OVERWRITE | vfs.IOCAP_SUBPAGE_READ
}
