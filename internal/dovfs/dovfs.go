// Package dovfs is memcore's SQLite VFS over a Cloudflare Durable Object's own storage,
// for the js/wasm build running in workerd (js/workerd.js, docs/WASM.md).
//
// A SQLite-backed Durable Object has a synchronous SQL API (ctx.storage.sql) and
// synchronous transactions (ctx.storage.transactionSync), which is what a VFS called from
// the Go engine needs: a read or a commit is a plain function call into JavaScript, with no
// Promise to wait for. The database file is kept as rows of one table in the object's own
// SQLite, one row per database page (js/do-storage.js creates and reads it):
//
//	memcore_pages(file TEXT, page INTEGER, data BLOB, PRIMARY KEY(file, page))
//	memcore_files(file TEXT PRIMARY KEY, size INTEGER, page_bytes INTEGER)
//
// Pages are written as the engine writes them — no copy of the whole database per write,
// no base64 — and read only when SQLite asks for them, so a cold open reads the pages its
// first query touches. Memory is bounded by SQLite's page cache (cache_size), not by the
// database's size.
//
// Atomicity: every page a write transaction changes is held in Go until the transaction
// commits (the pager's xSync, the batch-atomic commit, or the end of the write lock), then
// written with the file's new size in one transactionSync: a crash, a storage error or an
// evicted object leaves the stored database as it was before the transaction or as it is
// after it, never a mix. The rollback journal lives in memory ([JournalMode]): the storage
// transaction is what makes a commit atomic and durable, and the device says so
// (SQLITE_IOCAP_BATCH_ATOMIC). A failed commit is an SQLite I/O error, which memcore
// reports as a storage error; the stored database is unchanged and the pages held for it
// are dropped.
//
// Elsewhere (native, wasip1, a js build outside workerd) [Check] returns an error
// wrapping [ErrUnavailable].
package dovfs

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Name is the VFS's name: core.Options.VFS and the open op's "vfs".
const Name = "do"

// JournalMode is the rollback journal mode memcore uses on Durable Object storage: the
// journal is kept in memory, because the storage transaction that takes a whole commit
// at once is what protects the database from a crash (see the package documentation).
const JournalMode = "MEMORY"

// DefaultPageBytes is the SQLite page size of a database created in Durable Object
// storage, and so the size of one stored row (docs/BENCHMARKS.md measures 4 to 64 KiB).
const DefaultPageBytes = 8192

// ErrUnavailable is wrapped by every error that means Durable Object storage cannot be
// used here at all (not the js build, or no storage was registered by js/workerd.js).
var ErrUnavailable = errors.New("Durable Object storage is only available in the js/wasm build running in workerd (Cloudflare Workers): open({ storage: ctx.storage }) in a SQLite-backed Durable Object")

// Path is the database path the JavaScript side passes to the open op for the storage it
// registered under id (a small integer) and the database's name inside that storage:
// "/<id>/<name>". ParsePath is its inverse.
func Path(id int, name string) string { return "/" + strconv.Itoa(id) + "/" + name }

// ParsePath splits a path made by [Path] into the storage's id and the database's name.
func ParsePath(path string) (id int, name string, err error) {
	rest, ok := strings.CutPrefix(path, "/")
	if !ok {
		return 0, "", fmt.Errorf("a Durable Object storage path is /<storage id>/<name>, got %q", path)
	}
	ids, name, ok := strings.Cut(rest, "/")
	if !ok || name == "" || len(name) > 256 || strings.ContainsAny(name, "/\\\x00") {
		return 0, "", fmt.Errorf("a Durable Object storage path is /<storage id>/<name> with a name of 1 to 256 bytes and no slash, got %q", path)
	}
	id, err = strconv.Atoi(ids)
	if err != nil || id <= 0 {
		return 0, "", fmt.Errorf("a Durable Object storage path starts with the storage's id, a positive integer, got %q", path)
	}
	return id, name, nil
}
