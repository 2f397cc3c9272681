package store

// An in-memory database (":memory:") lives in go-sqlite3's memdb VFS, not in SQLite's
// own memory. Why (issue 15, item 4): in the wasm builds SQLite's heap is one Go byte
// slice (wasm2go's linear memory), grown by append — each growth copies the whole heap
// into a slice 1.25× larger while the old one is still live — and a `file::memory:`
// database keeps every page in that heap. At 100,000 memories (~90 MB of pages) the
// engine's wasm memory reached 210 MiB, Node's peak RSS 420 MiB, and wasm memory never
// shrinks. memdb keeps the file in 64 KiB sectors allocated one by one on the Go heap
// (no copy of the whole database as it grows), and SQLite's heap then holds only its
// page cache (cacheKiB, 8 MiB by default), statements and FTS5's pending index. A
// private memdb name (no leading "/") is visible to its own connection only, as
// `file::memory:` was; memdb gives SQLite an in-memory journal.
import _ "github.com/ncruces/go-sqlite3/vfs/memdb"

// memoryURI opens a private in-memory database in memdb.
const memoryURI = "file:memcore-memory?vfs=memdb"
