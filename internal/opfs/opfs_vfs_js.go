//go:build js

// The OPFS VFS SQLite sees (moved from opfs_js.go): vfsOPFS (open, delete, access) and
// file, whose locks arbitrate between this worker's connections to a database.

package opfs

import (
	"context"
	"strings"

	"github.com/ncruces/go-sqlite3"
	"github.com/ncruces/go-sqlite3/util/vfsutil"
	"github.com/ncruces/go-sqlite3/vfs"
)

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
