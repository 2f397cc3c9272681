package store

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/ncruces/go-sqlite3"
	"github.com/ncruces/go-sqlite3/ext/fts5"
	"github.com/ncruces/go-sqlite3/util/vfsutil"
	"github.com/ncruces/go-sqlite3/vfs"
)

// Snapshots are the whole database as the bytes of an SQLite file. Both directions go
// through SQLite's backup API and a small VFS that shows a Go byte slice to SQLite as a
// file (every connection runs in its own SQLite instance, so bytes are the only way from
// one to another). It is pure Go, so it works natively and in both wasm builds.
//
// A restore never trusts its bytes: the header is checked in Go, then the bytes are
// loaded into a private in-memory scratch database that SQLite checks (integrity_check,
// foreign_key_check) and memcore checks (application_id, schema version, the schema
// itself), and migrates when it is older. Only a scratch database that passed all of
// that replaces the engine's content, in one step: an in-memory database is swapped for
// the scratch connection, a file is overwritten page by page by the backup API inside
// one write transaction (rollback journal), so a failure or a crash leaves the previous
// content.

// SnapshotError says why bytes given to restore are not a sound memcore database. The
// engine reports it as invalid_argument on the field "data".
type SnapshotError struct{ Reason string }

func (e *SnapshotError) Error() string { return "invalid snapshot: " + e.Reason }

func badSnapshot(format string, args ...any) error {
	return &SnapshotError{Reason: fmt.Sprintf(format, args...)}
}

// TooLargeError is returned when a snapshot exceeds the size limit given.
type TooLargeError struct{ Size, Limit int64 }

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("the database is %d bytes, over the snapshot limit of %d", e.Size, e.Limit)
}

// SnapshotInfo describes a snapshot that was taken or restored.
type SnapshotInfo struct {
	Bytes      int64 // size of the SQLite file
	PageSize   int
	Schema     int // schema version of the database now (after a migration)
	FromSchema int // schema version the snapshot had (restore)
}

// Snapshot returns the whole database as an SQLite file's bytes. It is read in one read
// transaction, so it is consistent even when another connection writes the file. A
// database over max bytes fails with *TooLargeError before anything is copied.
func (d *DB) Snapshot(max int64) (data []byte, info SnapshotInfo, err error) {
	tx := d.conn.Begin()
	defer tx.End(&err)
	// These reads start the read transaction the backup then shares.
	pages, err := d.pragmaInt("page_count")
	if err != nil {
		return nil, info, err
	}
	size, err := d.pragmaInt("page_size")
	if err != nil {
		return nil, info, err
	}
	if info.Schema, err = d.Version(); err != nil {
		return nil, info, err
	}
	info.Bytes, info.PageSize = pages*size, int(size)
	if info.Bytes > max {
		return nil, info, &TooLargeError{Size: info.Bytes, Limit: max}
	}
	data = make([]byte, 0, info.Bytes)
	err = withFile(&sliceFile{buf: &data}, func(uri string) error {
		return d.conn.Backup("main", uri+"&nolock=1")
	})
	if err != nil {
		return nil, info, fmt.Errorf("snapshot: %w", err)
	}
	if int64(len(data)) != info.Bytes {
		return nil, info, fmt.Errorf("snapshot: copied %d bytes of %d", len(data), info.Bytes)
	}
	return data, info, nil
}

// InMemory reports whether the database lives in memory rather than in a file.
func (d *DB) InMemory() bool { return d.path == "" || d.path == ":memory:" }

// Restore replaces the whole content of the database with the snapshot data, after
// checking it (see the comment at the top of this file). A snapshot that is not a sound
// memcore database fails with *SnapshotError, one written by a newer memcore with an
// error wrapping ErrNewerSchema, one over max bytes with *TooLargeError; in all of these
// cases, and when storage fails, the database is left as it was. ctx interrupts the
// checks. The cached prepared statements are finalised.
func (d *DB) Restore(ctx context.Context, data []byte, max int64) (info SnapshotInfo, err error) {
	d.dfc = nil // counts of the database being replaced (nsstats.go)
	d.resetMemWatch()
	h, err := checkHeader(data, max)
	if err != nil {
		return info, err
	}
	info.Bytes, info.PageSize = int64(len(data)), h.pageSize
	scratch, from, err := loadScratch(ctx, data, h)
	if err != nil {
		return info, err
	}
	defer func() {
		if scratch != nil {
			scratch.Close()
		}
	}()
	info.FromSchema, info.Schema = from, SchemaVersion

	// The backup API writes the checked pages into the database through the engine's
	// own connection (the only one some VFSes, like the browser's OPFS, allow), in one
	// write transaction. An in-memory database gets a new memdb database (memdb.go) with
	// the snapshot's page size (SQLite's backup cannot change an in-memory database's),
	// written the same way and then swapped in. When the scratch database differs from the bytes given (it was
	// migrated), its own bytes are copied.
	var src vfs.File = h.view(data)
	if from != SchemaVersion {
		b, _, err := scratch.Snapshot(max)
		if err != nil {
			return info, err
		}
		info.Bytes = int64(len(b))
		src = &sliceFile{buf: &b}
	}
	dst := d
	if d.InMemory() {
		if dst, err = d.freshMemory(ctx, h.pageSize); err != nil {
			return info, err
		}
		defer dst.Close() // after the swap below: the old connection
	}
	// The cached statements are idle (the engine is locked); the backup changes the
	// schema under them: finalise them, prepare makes them again.
	d.finalize()
	err = withFile(src, func(uri string) error {
		return dst.conn.Restore("main", uri+"&immutable=1")
	})
	if err != nil {
		return info, fmt.Errorf("restore: %w", err)
	}
	if dst != d {
		d.conn, dst.conn = dst.conn, d.conn
	}
	return info, nil
}

// freshMemory opens an empty in-memory database configured as d (page cache) with
// pages of pageBytes.
func (d *DB) freshMemory(ctx context.Context, pageBytes int) (*DB, error) {
	o := Options{PageBytes: pageBytes, BusyTimeoutMs: d.busyMs}
	if c, err := d.QueryStrings(`PRAGMA cache_size`); err == nil && len(c) == 1 {
		if kib, _ := strconv.Atoi(c[0]); kib < 0 {
			o.CacheKiB = -kib
		}
	}
	conn, err := sqlite3.OpenContext(ctx, memoryURI)
	if err != nil {
		return nil, err
	}
	fresh := &DB{conn: conn, stmts: map[string]*sqlite3.Stmt{}, path: ":memory:"}
	if err := fresh.configure(o); err != nil {
		conn.Close()
		return nil, err
	}
	return fresh, nil
}

// finalize closes the cached prepared statements; prepare makes them again.
func (d *DB) finalize() {
	for sql, s := range d.stmts {
		s.Close()
		delete(d.stmts, sql)
	}
}

// header is what checkHeader read from the first 100 bytes of a snapshot.
type header struct {
	pageSize int
	wal      bool // the file format bytes say WAL; the view of the bytes says rollback
	first    [100]byte
}

// checkHeader checks, without SQLite, that data looks like a whole SQLite database file.
func checkHeader(data []byte, max int64) (*header, error) {
	const magic = "SQLite format 3\x00"
	switch {
	case len(data) == 0:
		return nil, badSnapshot("it is empty")
	case int64(len(data)) > max:
		return nil, &TooLargeError{Size: int64(len(data)), Limit: max}
	case !strings.HasPrefix(string(data[:min(len(data), 16)]), magic[:min(len(data), 16)]):
		return nil, badSnapshot("it is not an SQLite database (its first bytes are not %q)", magic[:15])
	case len(data) < 100:
		return nil, badSnapshot("it is %d bytes, too short to be an SQLite database", len(data))
	}
	h := &header{}
	copy(h.first[:], data)
	ps := int(binary.BigEndian.Uint16(data[16:18]))
	if ps == 1 {
		ps = 65536
	}
	if ps < 512 || ps > 65536 || ps&(ps-1) != 0 {
		return nil, badSnapshot("its header names page size %d, which SQLite never writes", ps)
	}
	h.pageSize = ps
	w, r := data[18], data[19]
	if w < 1 || w > 2 || r < 1 || r > 2 {
		return nil, badSnapshot("its header names file format versions %d/%d, not 1 (rollback) or 2 (WAL)", w, r)
	}
	if w == 2 || r == 2 {
		// A database in WAL mode: the view SQLite reads says rollback journal, since the
		// bytes come without their -wal file and the engine never uses WAL.
		h.wal = true
		h.first[18], h.first[19] = 1, 1
	}
	if data[21] != 64 || data[22] != 32 || data[23] != 32 {
		return nil, badSnapshot("its header is damaged (payload fractions %d/%d/%d, always 64/32/32)", data[21], data[22], data[23])
	}
	if reserved := int(data[20]); ps-reserved < 480 {
		return nil, badSnapshot("its header is damaged (%d reserved bytes in a page of %d)", reserved, ps)
	}
	if len(data)%ps != 0 {
		return nil, badSnapshot("it is %d bytes, not a whole number of %d-byte pages: truncated or padded", len(data), ps)
	}
	// The page count at offset 28 is valid when the change counter (24) matches the
	// "version valid for" number (92), as in every file SQLite 3.7.0 or later wrote.
	if pages := int64(binary.BigEndian.Uint32(data[28:32])); pages != 0 && string(data[24:28]) == string(data[92:96]) {
		if pages*int64(ps) != int64(len(data)) {
			return nil, badSnapshot("its header says %d pages of %d bytes (%d bytes) but it is %d bytes: truncated or padded",
				pages, ps, pages*int64(ps), len(data))
		}
	}
	return h, nil
}

// view returns data as SQLite should read it: with the header's WAL flags cleared.
func (h *header) view(data []byte) *readFile { return &readFile{data: data, first: h.first} }

// loadScratch loads data into a private in-memory database and checks it; an older
// schema is migrated there. It returns the database and the schema version data had.
func loadScratch(ctx context.Context, data []byte, h *header) (_ *DB, from int, err error) {
	registerOnce.Do(func() { sqlite3.AutoExtension(fts5.Register) })
	conn, err := sqlite3.OpenContext(ctx, "file::memory:")
	if err != nil {
		return nil, 0, err
	}
	s := &DB{conn: conn, stmts: map[string]*sqlite3.Stmt{}, path: ":memory:"}
	defer func() {
		if err != nil {
			s.Close()
		}
	}()
	old := conn.SetInterrupt(ctx)
	defer conn.SetInterrupt(old)

	// SQLite reads the pages without interpreting much more than the header here.
	err = withFile(h.view(data), func(uri string) error { return conn.Restore("main", uri+"&immutable=1") })
	if err != nil {
		return nil, 0, sqliteSays(err, "SQLite cannot read it")
	}
	// cell_size_check makes SQLite check each b-tree page as it reads it.
	if err := conn.Exec(`PRAGMA cell_size_check=ON; PRAGMA temp_store=MEMORY;`); err != nil {
		return nil, 0, err
	}
	if err := s.checkIntegrity(); err != nil {
		return nil, 0, err
	}
	app, err := s.pragmaInt("application_id")
	if err != nil {
		return nil, 0, sqliteSays(err, "SQLite cannot read it")
	}
	v, err := s.Version()
	if err != nil {
		return nil, 0, sqliteSays(err, "SQLite cannot read it")
	}
	switch {
	case app != applicationID:
		return nil, 0, badSnapshot("it is an SQLite database but not a memcore one (application_id %#x, memcore's is %#x)", app, applicationID)
	case v > SchemaVersion:
		return nil, 0, fmt.Errorf("%w: the snapshot has schema version %d, this build knows up to %d; restore it with a newer memcore", ErrNewerSchema, v, SchemaVersion)
	case v < 1:
		return nil, 0, badSnapshot("it carries memcore's application_id but no schema (version %d)", v)
	}
	if err := s.checkSchema(v); err != nil {
		return nil, 0, err
	}
	if v < SchemaVersion {
		if err := s.migrateTo(SchemaVersion, false); err != nil {
			if IsInterrupt(err) {
				return nil, 0, err
			}
			return nil, 0, fmt.Errorf("migrating the snapshot from schema version %d: %w", v, err)
		}
	}
	return s, v, nil
}

// sqliteSays turns an SQLite error about a snapshot's bytes into a *SnapshotError,
// except an interrupt, which is not about the bytes.
func sqliteSays(err error, what string) error {
	if IsInterrupt(err) {
		return err
	}
	return badSnapshot("it is damaged: %s (%v)", what, strings.TrimPrefix(err.Error(), "sqlite3: "))
}

// checkIntegrity runs SQLite's integrity and foreign key checks.
func (d *DB) checkIntegrity() error {
	const show = 3
	rows, err := d.QueryStrings(`PRAGMA integrity_check(10)`)
	if err != nil {
		return sqliteSays(err, "SQLite's integrity check cannot read it")
	}
	if len(rows) != 1 || rows[0] != "ok" {
		n := len(rows)
		if n > show {
			rows = append(rows[:show], "…")
		}
		return badSnapshot("it is damaged: SQLite's integrity check found %d problem(s): %s", n, strings.Join(rows, "; "))
	}
	rows, err = d.QueryStrings(`SELECT "table" || ' row ' || rowid FROM pragma_foreign_key_check`)
	if err != nil {
		return sqliteSays(err, "SQLite's foreign key check cannot read it")
	}
	if len(rows) > 0 {
		return badSnapshot("it is damaged: %d row(s) refer to rows that do not exist (%s)", len(rows), rows[0])
	}
	return nil
}

// schemaObject is one row of sqlite_schema.
type schemaObject struct {
	typ, name, table, sql string
	shadow                bool // an FTS5 shadow table: its SQL is FTS5's, not memcore's
}

// references caches the schema of each version, as the migrations make it.
var references sync.Map // int → []schemaObject

// checkSchema compares the database's schema with the one the migrations make at version
// v: the same tables, indexes, triggers and views, made by the same statements. So a
// database that carries memcore's application_id but was altered or assembled by hand —
// a missing index, an extra trigger that would run on every write — is refused before
// anything runs on it. The statements of FTS5's own tables are not compared: they are
// SQLite's business, and may differ between SQLite versions.
func (d *DB) checkSchema(v int) error {
	got, err := d.schema(false)
	if err != nil {
		return sqliteSays(err, "SQLite cannot read its schema")
	}
	want, err := referenceSchema(v)
	if err != nil {
		return err
	}
	wantBy := map[string]schemaObject{}
	for _, o := range want {
		wantBy[o.name] = o
	}
	for _, o := range got {
		w, ok := wantBy[o.name]
		switch {
		case !ok:
			return badSnapshot("its schema has %s %q, which memcore's schema version %d does not", o.typ, o.name, v)
		case w.typ != o.typ || w.table != o.table:
			return badSnapshot("its %s %q is not memcore's %s %q of schema version %d", o.typ, o.name, w.typ, w.name, v)
		case !w.shadow && normalizeSQL(w.sql) != normalizeSQL(o.sql):
			return badSnapshot("its %s %q is not defined as in memcore's schema version %d", o.typ, o.name, v)
		}
		delete(wantBy, o.name)
	}
	for _, o := range want {
		if _, missing := wantBy[o.name]; missing {
			return badSnapshot("its schema lacks %s %q of memcore's schema version %d", o.typ, o.name, v)
		}
	}
	return nil
}

// schema reads sqlite_schema, leaving out SQLite's statistics tables (which ANALYZE and
// PRAGMA optimize may create in any database).
//
// withShadow marks FTS5's shadow tables (from pragma_table_list, which reads every
// table's definition: the reference schema needs it, a checked database does not, as
// only the reference's mark is compared).
func (d *DB) schema(withShadow bool) ([]schemaObject, error) {
	var shadows []string
	if withShadow {
		var err error
		shadows, err = d.QueryStrings(`SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'shadow'`)
		if err != nil {
			return nil, err
		}
	}
	s, _, err := d.conn.Prepare(`SELECT type, name, tbl_name, coalesce(sql, '')
		FROM sqlite_schema WHERE name NOT LIKE 'sqlite\_stat%' ESCAPE '\' ORDER BY name`)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	var out []schemaObject
	for s.Step() {
		name := s.ColumnText(1)
		out = append(out, schemaObject{typ: s.ColumnText(0), name: name, table: s.ColumnText(2),
			sql: s.ColumnText(3), shadow: slices.Contains(shadows, name)})
	}
	return out, s.Err()
}

// referenceSchema returns the schema the migrations make at version v.
func referenceSchema(v int) ([]schemaObject, error) {
	if o, ok := references.Load(v); ok {
		return o.([]schemaObject), nil
	}
	if o, ok := embeddedReference(v); ok { // schema_ref.go: no database built
		references.Store(v, o)
		return o, nil
	}
	o, err := buildReference(v)
	if err != nil {
		return nil, err
	}
	references.Store(v, o)
	return o, nil
}

// buildReference builds the schema of version v in a new in-memory database, as the
// migrations (and schema_fresh.sql) make it.
func buildReference(v int) ([]schemaObject, error) {
	conn, err := sqlite3.Open("file::memory:")
	if err != nil {
		return nil, err
	}
	ref := &DB{conn: conn, stmts: map[string]*sqlite3.Stmt{}, path: ":memory:"}
	defer ref.Close()
	if err := ref.migrateTo(v, false); err != nil {
		return nil, fmt.Errorf("building schema version %d: %w", v, err)
	}
	return ref.schema(true)
}

// normalizeSQL collapses runs of white space, so that re-indenting a migration's text is
// not a schema change.
func normalizeSQL(s string) string { return strings.Join(strings.Fields(s), " ") }

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
