package store

import "time"

// DocumentInfo describes one stored document without its content.
type DocumentInfo struct {
	Name      string
	Bytes     int64
	UpdatedAt time.Time
}

// GetDocument returns the named document of namespace ns; ok is false when there is none.
func (d *DB) GetDocument(ns, name string) (content string, updatedAt time.Time, ok bool, err error) {
	s, err := d.prepare(`SELECT content, updated_at FROM documents WHERE namespace = ? AND name = ?`)
	if err != nil {
		return "", time.Time{}, false, err
	}
	defer s.Reset()
	if err := bind(s, ns, name); err != nil {
		return "", time.Time{}, false, err
	}
	if !s.Step() {
		return "", time.Time{}, false, s.Err()
	}
	return s.ColumnText(0), fromMS(s.ColumnInt64(1)), true, nil
}

// PutDocument creates or replaces the named document of namespace ns. The caller
// validates the name and the content (see core/documents.go).
func (d *DB) PutDocument(ns, name, content string, at time.Time) error {
	return d.exec(`INSERT INTO documents (namespace, name, content, updated_at) VALUES (?,?,?,?)
		ON CONFLICT (namespace, name) DO UPDATE SET content = excluded.content,
		updated_at = excluded.updated_at`, ns, name, content, ms(at))
}

// ListDocuments returns the namespace's documents ordered by name.
func (d *DB) ListDocuments(ns string) ([]DocumentInfo, error) {
	s, err := d.prepare(`SELECT name, length(CAST(content AS BLOB)), updated_at FROM documents
		WHERE namespace = ? ORDER BY name`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns); err != nil {
		return nil, err
	}
	out := []DocumentInfo{}
	for s.Step() {
		out = append(out, DocumentInfo{Name: s.ColumnText(0), Bytes: s.ColumnInt64(1),
			UpdatedAt: fromMS(s.ColumnInt64(2))})
	}
	return out, s.Err()
}

// DeleteDocument removes the named document; it reports whether it existed.
func (d *DB) DeleteDocument(ns, name string) (bool, error) {
	if err := d.exec(`DELETE FROM documents WHERE namespace = ? AND name = ?`, ns, name); err != nil {
		return false, err
	}
	return d.conn.Changes() > 0, nil
}
