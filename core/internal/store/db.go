package store

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"strings"
	"sync"

	"github.com/ncruces/go-sqlite3"
	"github.com/ncruces/go-sqlite3/ext/fts5"
)

// Options tune how a database is opened.
type Options struct {
	// CacheKiB is SQLite's page cache size in KiB (PRAGMA cache_size=-N). 0 means 8192
	// for a file and memdbCacheKiB (1024) for an in-memory database.
	CacheKiB int
	// ReadOnly opens the file read-only (no migration is run; an old schema is refused).
	ReadOnly bool
	// VFS is the SQLite VFS that opens the file ("" is the default, the OS's files); the
	// js build registers "opfs" (internal/opfs) for the browser's Origin Private File
	// System. Ignored for an in-memory database.
	VFS string
	// JournalMode is the rollback journal's mode for a file database: DELETE (the
	// default, ""), TRUNCATE or PERSIST. The OPFS VFS uses TRUNCATE (docs/BROWSER.md).
	JournalMode string
	// PageBytes, when not 0, is the page size of a database this open creates (PRAGMA
	// page_size; an existing database keeps its own). The Durable Object VFS sets it
	// (internal/dovfs): one page is one stored row.
	PageBytes int
	// BusyTimeoutMs is how long a statement waits for a lock another connection or
	// process holds before it fails with SQLITE_BUSY (PRAGMA busy_timeout); 0 means
	// DefaultBusyTimeoutMs.
	BusyTimeoutMs int
}

// DefaultBusyTimeoutMs is the lock wait of a database opened with BusyTimeoutMs 0.
const DefaultBusyTimeoutMs = 5000

// DB is one SQLite connection with memcore's schema. It is not safe for concurrent use:
// the engine serialises calls with its own mutex (SQLite runs one statement at a time on a
// connection anyway, and the wasm builds are single-threaded).
type DB struct {
	conn  *sqlite3.Conn
	stmts map[string]*sqlite3.Stmt
	path  string
	// inTx is set while DB.Tx runs; pending holds the counter changes (counters.go)
	// that Tx writes at the end of its work.
	inTx    bool
	pending counts
	// noCounters: the schema is older than countersSchema (a test's file).
	noCounters bool
	dfc        *dfCache // per-namespace document frequencies (nsstats.go)
	mw         memWatch // the memories rows written, for recall's index (memwatch.go)
	// schemaVersion is the schema version the database was migrated to (nsstats.go: a test's
	// database of an older version keeps no BM25 statistics).
	schemaVersion int
	// imageOK: a new database of this connection may get its schema from the image
	// (schema_image.go): no other connection can create it meanwhile.
	imageOK bool
	busyMs  int // the busy_timeout configure set (restore keeps it)
}

var registerOnce sync.Once

// Open opens (creating when missing) the database at path, applies the pragmas and
// migrates the schema to the current version. path ":memory:" (or "") is a private
// in-memory database.
func Open(ctx context.Context, path string, o Options) (*DB, error) {
	registerOnce.Do(func() { sqlite3.AutoExtension(fts5.Register) })
	uri := fileURI(path, o.ReadOnly, o.VFS)
	conn, err := sqlite3.OpenContext(ctx, uri)
	if err != nil {
		return nil, fmt.Errorf("open %q: %w", path, err)
	}
	d := &DB{conn: conn, stmts: map[string]*sqlite3.Stmt{}, path: path}
	// ":memory:" is private to this connection; "opfs" (internal/opfs.Name) holds the
	// file's Web Lock while it is open.
	d.imageOK = !o.ReadOnly && (path == "" || path == ":memory:" || o.VFS == "opfs")
	if err := d.configure(o); err != nil {
		conn.Close()
		return nil, err
	}
	// Before anything is written: a file that says it is memcore's must have memcore's
	// schema (an added trigger would run on the engine's writes; opencheck.go).
	if err := d.checkExisting(); err != nil {
		conn.Close()
		return nil, err
	}
	if err := d.migrate(o.ReadOnly); err != nil {
		conn.Close()
		return nil, err
	}
	return d, nil
}

// fileURI turns a path into an SQLite URI so that names with '?' or '#' are not parsed as
// URI parts; vfs, when not "", selects the VFS that opens it.
func fileURI(path string, readOnly bool, vfs string) string {
	if path == "" || path == ":memory:" {
		return memoryURI // memdb.go
	}
	s := "file:" + uriEscaper.Replace(path)
	sep := "?"
	if readOnly {
		s += "?mode=ro"
		sep = "&"
	}
	if vfs != "" {
		s += sep + "vfs=" + uriEscaper.Replace(vfs)
	}
	return s
}

var uriEscaper = strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23")

func (d *DB) configure(o Options) error {
	cache := o.CacheKiB
	if cache <= 0 {
		cache = 8192
		if d.path == "" || d.path == ":memory:" {
			cache = memdbCacheKiB // memdb_cache.go: its pages are in memory already
		}
	}
	// journal_mode=DELETE: rollback journals need no shared memory, so the same file works
	// natively, under wasip1 and in the browser's OPFS. synchronous=FULL makes a commit
	// durable before it returns. secure_delete zeroes freed pages so a forgotten memory
	// leaves no bytes behind. temp_store=MEMORY: wasip1 has no /tmp and FTS5 rank sorts
	// spill to temp files.
	busy := o.BusyTimeoutMs
	if busy <= 0 {
		busy = DefaultBusyTimeoutMs
	}
	d.busyMs = busy
	pragmas := fmt.Sprintf(`
		PRAGMA busy_timeout=%d;
		PRAGMA foreign_keys=ON;
		PRAGMA secure_delete=ON;
		PRAGMA temp_store=MEMORY;
		PRAGMA cache_size=-%d;`, busy, cache)
	if o.PageBytes == 0 && (d.path == "" || d.path == ":memory:") {
		// memdb's 64 KiB sectors would make SQLite pick 8 KiB pages; keep SQLite's
		// default, what file::memory: had (snapshots and their sizes stay as they were).
		o.PageBytes = 4096
	}
	if o.PageBytes != 0 {
		// First: page_size only takes effect before the database's first write.
		pragmas = fmt.Sprintf("PRAGMA page_size=%d;", o.PageBytes) + pragmas
	}
	if !o.ReadOnly && d.path != "" && d.path != ":memory:" {
		mode := strings.ToUpper(o.JournalMode)
		switch mode {
		case "":
			mode = "DELETE"
		case "DELETE", "TRUNCATE", "PERSIST", "MEMORY":
		default:
			return fmt.Errorf("configure %q: journal mode %q is not DELETE, TRUNCATE, PERSIST or MEMORY", d.path, o.JournalMode)
		}
		pragmas += `
		PRAGMA journal_mode=` + mode + `;
		PRAGMA synchronous=FULL;`
	}
	if err := d.conn.Exec(pragmas); err != nil {
		return fmt.Errorf("configure %q: %w", d.path, err)
	}
	return nil
}

// Close finalises the cached statements and closes the connection.
func (d *DB) Close() error {
	for _, s := range d.stmts {
		s.Close()
	}
	d.stmts = nil
	return d.conn.Close()
}

// SetInterrupt binds ctx to the statements that run next, so a cancelled request stops
// a long query. It returns the previous context.
func (d *DB) SetInterrupt(ctx context.Context) context.Context { return d.conn.SetInterrupt(ctx) }

// prepare returns a cached prepared statement, reset and with bindings cleared.
func (d *DB) prepare(sql string) (*sqlite3.Stmt, error) {
	if s, ok := d.stmts[sql]; ok {
		s.Reset()
		s.ClearBindings()
		return s, nil
	}
	s, _, err := d.conn.Prepare(sql)
	if err != nil {
		return nil, fmt.Errorf("prepare: %w", err)
	}
	d.stmts[sql] = s
	return s, nil
}

// exec runs a cached statement that returns no rows, binding args in order.
func (d *DB) exec(sql string, args ...any) error {
	s, err := d.prepare(sql)
	if err != nil {
		return err
	}
	if err := bind(s, args...); err != nil {
		return err
	}
	err = s.Exec()
	s.Reset()
	return err
}

// bind binds Go values to positional parameters (1-based).
func bind(s *sqlite3.Stmt, args ...any) error {
	for i, a := range args {
		var err error
		switch v := a.(type) {
		case nil:
			err = s.BindNull(i + 1)
		case string:
			err = s.BindText(i+1, v)
		case int:
			err = s.BindInt64(i+1, int64(v))
		case int64:
			err = s.BindInt64(i+1, v)
		case float64:
			err = s.BindFloat(i+1, v)
		case bool:
			err = s.BindBool(i+1, v)
		case []byte:
			err = s.BindBlob(i+1, v)
		case *int64:
			if v == nil {
				err = s.BindNull(i + 1)
			} else {
				err = s.BindInt64(i+1, *v)
			}
		default:
			return fmt.Errorf("store: cannot bind %T", a)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Tx runs fn inside BEGIN IMMEDIATE … COMMIT; any error (or panic) rolls everything back,
// so a failed batch writes nothing.
func (d *DB) Tx(fn func() error) (err error) {
	tx, err := d.conn.BeginImmediate()
	if err != nil {
		return err
	}
	d.inTx = true
	defer func() { d.inTx, d.pending = false, counts{} }()
	defer tx.End(&err)
	// Frequencies counted inside the transaction are stale once it ends, whether it
	// commits or rolls back: mark every namespace whose FTS rows it changed (nsstats.go).
	before := maps.Clone(d.dfCache().gen)
	defer func() {
		for ns, g := range d.dfCache().gen {
			if before[ns] != g {
				d.ftsChanged(ns)
			}
		}
	}()
	if err := fn(); err != nil {
		return err
	}
	return d.writeCounts() // counters.go: in the same transaction
}

// IsBusy reports whether err is SQLite's "database is locked/busy".
func IsBusy(err error) bool {
	return errors.Is(err, sqlite3.BUSY) || errors.Is(err, sqlite3.LOCKED)
}

// IsFull reports whether err is SQLite's "database or disk is full": the disk, or the
// browser's storage quota for the site (OPFS), has no room for the write.
func IsFull(err error) bool { return errors.Is(err, sqlite3.FULL) }

// IsInterrupt reports whether err came from a cancelled context.
func IsInterrupt(err error) bool { return errors.Is(err, sqlite3.INTERRUPT) }

// queryInt runs a statement that answers one integer (a count), bound to args; no row
// reads as 0.
func (d *DB) queryInt(sql string, args ...any) (int64, error) {
	s, err := d.prepare(sql)
	if err != nil {
		return 0, err
	}
	defer s.Reset()
	if err := bind(s, args...); err != nil {
		return 0, err
	}
	if !s.Step() {
		return 0, s.Err()
	}
	return s.ColumnInt64(0), nil
}
