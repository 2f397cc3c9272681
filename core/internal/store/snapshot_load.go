// Reading a snapshot's bytes before a restore (moved from snapshot.go): the header check,
// the view SQLite reads, loading into a private in-memory database, and SQLite's errors
// about the bytes.

package store

import (
	"context"
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/ncruces/go-sqlite3"
	"github.com/ncruces/go-sqlite3/ext/fts5"
)

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
