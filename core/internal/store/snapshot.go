package store

import (
	"context"
	"fmt"
	"strconv"

	"github.com/ncruces/go-sqlite3"
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
