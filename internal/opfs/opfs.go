// Package opfs is memcore's SQLite VFS over the browser's Origin Private File System
// (OPFS), for the js/wasm build running in a Dedicated Worker (docs/BROWSER.md).
//
// A database and its rollback journal are OPFS files read and written through
// FileSystemSyncAccessHandle, whose read, write, getSize, truncate and flush are
// synchronous calls that SQLite makes from Go like any file I/O. The asynchronous steps
// (the OPFS root, directories, file handles, creating the access handles, the Web Lock)
// happen once, in [Acquire], before SQLite opens the file, from the goroutine of the open
// request: a goroutine blocked on a channel lets the JavaScript event loop settle the
// Promise, which is why SQLite never runs inside a js.FuncOf callback. The root is the
// one the browser worker asked for when it started (root_js.go: its first request of a
// visit overlaps the module's compile); the directories and both files' handles are asked
// for while the Web Lock is awaited, and the two access handles at once once it is held.
//
// One owner: a database is held by one worker of an origin at a time — an exclusive Web
// Lock named "memcore:opfs:<path>" and OPFS's own rule that a file has at most one sync
// access handle. An open in a second tab waits up to [LockWait] for the first to let go
// (a reload) and then fails with a storage error that says so; it never hangs and never
// writes beside the owner. The browser entry (js/browser-tabs.js) avoids that for its
// own tabs: only the tab that owns the file opens it here, and the others send it their
// requests.
//
// The journal's handle stays open for as long as the database is: deleting the journal
// (journal_mode=DELETE's commit) truncates it to zero bytes and flushes, and a zero-length
// journal does not exist for SQLite. With journal_mode=TRUNCATE, which memcore uses on OPFS
// ([JournalMode]), that is exactly SQLite's own commit. No commit waits for a Promise.
//
// Elsewhere (native, wasip1, or a js build outside a browser worker) [Check] and
// [Acquire] return an error wrapping [ErrUnavailable].
package opfs

import (
	"errors"
	"strings"
	"time"
)

// Name is the VFS's name: core.Options.VFS and the open op's "vfs".
const Name = "opfs"

// JournalMode is the rollback journal mode memcore uses on OPFS: a commit truncates the
// journal (one flush) instead of deleting a file that the next transaction would create
// again, each an asynchronous OPFS step (measured in docs/BROWSER.md).
const JournalMode = "TRUNCATE"

// LockWait is how long an open waits for another tab or worker of the origin that holds
// the database (as during a reload, while the old page's worker is torn down) before it
// fails. It matches SQLite's busy timeout in memcore.
const LockWait = 5 * time.Second

// ErrUnavailable is wrapped by every error that means OPFS cannot be used here at all
// (not a browser, not a Dedicated Worker, an old browser, private browsing), as opposed
// to an OPFS that failed or a database held by another tab.
var ErrUnavailable = errors.New("OPFS is only available in the browser (js/wasm in a Dedicated Worker)")

// LockName is the Web Lock that the owner of the database at (clean) path holds.
func LockName(path string) string { return "memcore:opfs:" + path }

// Clean checks an OPFS path and returns its canonical form, "/dir/name.db": segments
// separated by "/", none empty, "." or "..", no backslash or NUL, and a file name that
// is not a journal's ("-journal", "-wal", "-shm"). A leading "/" is optional: OPFS has
// no working directory, every path starts at the origin's root.
func Clean(path string) (string, error) {
	p := strings.TrimPrefix(path, "/")
	if p == "" {
		return "", errors.New("an OPFS path names a file, e.g. \"agent.db\" or \"memcore/agent.db\"")
	}
	if len(p) > 512 {
		return "", errors.New("an OPFS path is at most 512 bytes")
	}
	segs := strings.Split(p, "/")
	for _, s := range segs {
		switch {
		case s == "":
			return "", errors.New("an OPFS path has no empty segment (\"//\" or a trailing \"/\")")
		case s == "." || s == "..":
			return "", errors.New("an OPFS path has no \".\" or \"..\" segment: every path starts at the origin's root")
		case strings.ContainsAny(s, "\\\x00"):
			return "", errors.New("an OPFS path has no backslash or NUL")
		}
	}
	base := segs[len(segs)-1]
	for _, suffix := range []string{"-journal", "-wal", "-shm"} {
		if strings.HasSuffix(base, suffix) {
			return "", errors.New("an OPFS database's name does not end in " + suffix + ": SQLite keeps its journal under that name")
		}
	}
	return "/" + p, nil
}
