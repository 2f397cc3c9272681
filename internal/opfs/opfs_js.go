//go:build js

package opfs

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"syscall/js"
	"time"

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
