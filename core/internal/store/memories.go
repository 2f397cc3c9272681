package store

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/ncruces/go-sqlite3"

	"github.com/memcore/memcore/core/internal/record"
)

// FTSDoc is a memory's text as the FTS index stores it: each field already tokenized by
// package text and joined with spaces.
type FTSDoc struct{ Title, Subject, Content string }

const memCols = `m.id, m.namespace, m.type, m.title, m.content, m.subject, m.predicate, m.tags,
	m.importance, m.confidence, m.tier, m.created_at, m.updated_at, m.expires_at,
	m.last_accessed_at, m.access_count, m.version, m.source, m.card, m.superseded_by,
	m.key, m.metadata`

// memColCount is the number of columns in memCols.
const memColCount = 22

// InsertMemory stores a new memory and indexes doc under the same rowid.
func (d *DB) InsertMemory(m *record.Memory, doc FTSDoc) error {
	args, err := memArgs(m)
	if err != nil {
		return err
	}
	err = d.exec(`INSERT INTO memories (id, namespace, type, title, content, subject, predicate,
		tags, importance, confidence, tier, created_at, updated_at, expires_at, last_accessed_at,
		access_count, version, source, card, superseded_by, key, metadata)
		VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`, args...)
	if err != nil {
		return err
	}
	if err := d.indexMemory(m.Namespace, d.conn.LastInsertRowID(), doc); err != nil {
		return err
	}
	return d.countMemory(m.Namespace, m.Type, 1, boolInt(m.SupersededBy != ""))
}

func (d *DB) indexMemory(ns string, rowid int64, doc FTSDoc) error {
	if err := d.exec(`INSERT INTO memories_fts (rowid, title, subject, content) VALUES (?,?,?,?)`,
		rowid, doc.Title, doc.Subject, doc.Content); err != nil {
		return err
	}
	return d.countFTSRow("memories", ns, rowid, 1)
}

// unindexMemory removes row rowid of namespace ns from memories_fts and its statistics.
func (d *DB) unindexMemory(ns string, rowid int64) error {
	if err := d.countFTSRow("memories", ns, rowid, -1); err != nil {
		return err
	}
	return d.exec(`DELETE FROM memories_fts WHERE rowid=?`, rowid)
}

// UpdateMemory overwrites every column of the stored memory with m's (matched by namespace
// and id). When doc is not nil the FTS entry is replaced.
func (d *DB) UpdateMemory(m *record.Memory, doc *FTSDoc) error {
	rowid, typ, sup, err := d.rowKind(m.Namespace, m.ID)
	if err != nil {
		return err
	}
	if nowSup := m.SupersededBy != ""; typ != m.Type || sup != nowSup {
		if err := d.countMemory(m.Namespace, typ, -1, -boolInt(sup)); err != nil {
			return err
		}
		if err := d.countMemory(m.Namespace, m.Type, 1, boolInt(nowSup)); err != nil {
			return err
		}
	}
	args, err := memArgs(m)
	if err != nil {
		return err
	}
	args = append(args[2:], rowid) // id and namespace never change
	err = d.exec(`UPDATE memories SET type=?, title=?, content=?, subject=?, predicate=?, tags=?,
		importance=?, confidence=?, tier=?, created_at=?, updated_at=?, expires_at=?,
		last_accessed_at=?, access_count=?, version=?, source=?, card=?, superseded_by=?,
		key=?, metadata=?
		WHERE rowid=?`, args...)
	if err != nil || doc == nil {
		return err
	}
	if err := d.unindexMemory(m.Namespace, rowid); err != nil {
		return err
	}
	return d.indexMemory(m.Namespace, rowid, *doc)
}

// DeleteMemory removes a memory and its FTS entry. It reports whether it existed.
func (d *DB) DeleteMemory(ns, id string) (bool, error) {
	rowid, typ, sup, err := d.rowKind(ns, id)
	if err == errNoRow {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if err := d.unindexMemory(ns, rowid); err != nil {
		return false, err
	}
	if err := d.exec(`DELETE FROM memories WHERE rowid=?`, rowid); err != nil {
		return false, err
	}
	return true, d.countMemory(ns, typ, -1, -boolInt(sup))
}

// rowKind returns the rowid of memory id of ns, its type and whether it is superseded
// (what the counters of counters.go count by); errNoRow when there is none.
func (d *DB) rowKind(ns, id string) (rowid int64, typ string, superseded bool, err error) {
	s, err := d.prepare(`SELECT rowid, type, superseded_by IS NOT NULL FROM memories WHERE id=? AND namespace=?`)
	if err != nil {
		return 0, "", false, err
	}
	defer s.Reset()
	if err := bind(s, id, ns); err != nil {
		return 0, "", false, err
	}
	if !s.Step() {
		if err := s.Err(); err != nil {
			return 0, "", false, err
		}
		return 0, "", false, errNoRow
	}
	return s.ColumnInt64(0), s.ColumnText(1), s.ColumnBool(2), nil
}

var errNoRow = fmt.Errorf("store: no such row")

func (d *DB) rowid(ns, id string) (int64, error) {
	s, err := d.prepare(`SELECT rowid FROM memories WHERE id=? AND namespace=?`)
	if err != nil {
		return 0, err
	}
	defer s.Reset()
	if err := bind(s, id, ns); err != nil {
		return 0, err
	}
	if !s.Step() {
		if err := s.Err(); err != nil {
			return 0, err
		}
		return 0, errNoRow
	}
	return s.ColumnInt64(0), nil
}

// GetMemory returns the memory with id in namespace ns, or nil when there is none.
func (d *DB) GetMemory(ns, id string) (*record.Memory, error) {
	s, err := d.prepare(`SELECT ` + memCols + ` FROM memories m WHERE m.id=? AND m.namespace=?`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, id, ns); err != nil {
		return nil, err
	}
	if !s.Step() {
		return nil, s.Err()
	}
	return scanMemory(s, 0)
}

// Touch adds count accesses to memory id, the last at time at (recall heat). A memory
// that no longer exists is skipped.
func (d *DB) Touch(ns, id string, count int64, at time.Time) error {
	return d.exec(`UPDATE memories SET access_count = access_count + ?,
		last_accessed_at = max(coalesce(last_accessed_at, 0), ?) WHERE id = ? AND namespace = ?`,
		count, ms(at), id, ns)
}

func memArgs(m *record.Memory) ([]any, error) {
	tags := m.Tags
	if tags == nil {
		tags = []string{}
	}
	tj, err := json.Marshal(tags)
	if err != nil {
		return nil, err
	}
	src, err := jsonOrNil(m.Source)
	if err != nil {
		return nil, err
	}
	card, err := jsonOrNil(m.Card)
	if err != nil {
		return nil, err
	}
	var sup any
	if m.SupersededBy != "" {
		sup = m.SupersededBy
	}
	var key, meta any
	if m.Key != "" {
		key = m.Key
	}
	if len(m.Metadata) > 0 {
		meta = string(m.Metadata)
	}
	return []any{m.ID, m.Namespace, m.Type, m.Title, m.Content, m.Subject, m.Predicate,
		string(tj), m.Importance, m.Confidence, m.Tier, ms(m.CreatedAt), ms(m.UpdatedAt),
		msp(m.ExpiresAt), msp(m.LastAccessedAt), m.AccessCount, m.Version, src, card, sup, key, meta}, nil
}

func jsonOrNil[T any](v *T) (any, error) {
	if v == nil {
		return nil, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return string(b), nil
}

// scanMemory reads memCols starting at column off.
func scanMemory(s *sqlite3.Stmt, off int) (*record.Memory, error) {
	m := &record.Memory{
		ID:          s.ColumnText(off + 0),
		Namespace:   s.ColumnText(off + 1),
		Type:        s.ColumnText(off + 2),
		Title:       s.ColumnText(off + 3),
		Content:     s.ColumnText(off + 4),
		Subject:     s.ColumnText(off + 5),
		Predicate:   s.ColumnText(off + 6),
		Importance:  s.ColumnFloat(off + 8),
		Confidence:  s.ColumnFloat(off + 9),
		Tier:        s.ColumnText(off + 10),
		CreatedAt:   fromMS(s.ColumnInt64(off + 11)),
		UpdatedAt:   fromMS(s.ColumnInt64(off + 12)),
		AccessCount: s.ColumnInt64(off + 15),
		Version:     s.ColumnInt64(off + 16),
	}
	if err := json.Unmarshal(s.ColumnRawText(off+7), &m.Tags); err != nil {
		return nil, fmt.Errorf("memory %s: tags: %w", m.ID, err)
	}
	m.ExpiresAt = nullTime(s, off+13)
	m.LastAccessedAt = nullTime(s, off+14)
	if s.ColumnType(off+17) != sqlite3.NULL {
		m.Source = new(record.Source)
		if err := json.Unmarshal(s.ColumnRawText(off+17), m.Source); err != nil {
			return nil, fmt.Errorf("memory %s: source: %w", m.ID, err)
		}
	}
	if s.ColumnType(off+18) != sqlite3.NULL {
		m.Card = new(record.Card)
		if err := json.Unmarshal(s.ColumnRawText(off+18), m.Card); err != nil {
			return nil, fmt.Errorf("memory %s: card: %w", m.ID, err)
		}
	}
	m.SupersededBy = s.ColumnText(off + 19)
	m.Key = s.ColumnText(off + 20)
	if s.ColumnType(off+21) != sqlite3.NULL {
		m.Metadata = []byte(s.ColumnText(off + 21))
	}
	return m, nil
}

func ms(t time.Time) int64 { return t.UnixMilli() }

func msp(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.UnixMilli()
}

func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }

func nullTime(s *sqlite3.Stmt, col int) *time.Time {
	if s.ColumnType(col) == sqlite3.NULL {
		return nil
	}
	t := fromMS(s.ColumnInt64(col))
	return &t
}
