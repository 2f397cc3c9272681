package store

import (
	"github.com/memcore/memcore/core/internal/record"
)

// insertAny stores m the way the file's schema version allows: files older than
// schema 5 have no key and metadata columns, which InsertMemory writes.
func insertAny(d *DB, m *record.Memory, doc FTSDoc) error {
	v, err := d.Version()
	if err != nil {
		return err
	}
	if v >= 5 {
		return d.InsertMemory(m, doc)
	}
	args, err := memArgs(m)
	if err != nil {
		return err
	}
	err = d.exec(`INSERT INTO memories (id, namespace, type, title, content, subject, predicate,
		tags, importance, confidence, tier, created_at, updated_at, expires_at, last_accessed_at,
		access_count, version, source, card, superseded_by)
		VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`, args[:20]...)
	if err != nil {
		return err
	}
	return d.indexMemory(m.Namespace, d.conn.LastInsertRowID(), doc)
}
