//go:build js

// Opening a database's OPFS files (moved from opfs_js.go): its directory and file
// handles, the synchronous access handles, and the Web Lock that makes one worker the
// database's holder.

package opfs

import (
	"context"
	"errors"
	"fmt"
	"syscall/js"
	"time"
)

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
