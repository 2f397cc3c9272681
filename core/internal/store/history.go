package store

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/memcore/memcore/core/internal/record"
)

// AddHistory appends one change of a memory: op is "create", "update" or "forget", and
// m the state right after it.
func (d *DB) AddHistory(op string, at time.Time, m *record.Memory) error {
	snap, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return d.exec(`INSERT INTO memory_history (namespace, memory_id, version, op, at, snapshot)
		VALUES (?,?,?,?,?,?)`, m.Namespace, m.ID, m.Version, op, ms(at), string(snap))
}

// History returns every change of memory id, oldest first (empty when there is none).
func (d *DB) History(ns, id string) ([]record.HistoryEntry, error) {
	s, err := d.prepare(`SELECT version, op, at, snapshot FROM memory_history
		WHERE namespace=? AND memory_id=? ORDER BY seq`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns, id); err != nil {
		return nil, err
	}
	var out []record.HistoryEntry
	for s.Step() {
		h := record.HistoryEntry{Version: s.ColumnInt64(0), Op: s.ColumnText(1), At: fromMS(s.ColumnInt64(2))}
		h.Memory = new(record.Memory)
		if err := json.Unmarshal(s.ColumnRawText(3), h.Memory); err != nil {
			return nil, fmt.Errorf("history of %s: %w", id, err)
		}
		out = append(out, h)
	}
	return out, s.Err()
}

// PurgeHistory drops every history row of memory id.
func (d *DB) PurgeHistory(ns, id string) error {
	return d.exec(`DELETE FROM memory_history WHERE namespace=? AND memory_id=?`, ns, id)
}
