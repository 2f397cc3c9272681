package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"github.com/ncruces/go-sqlite3"

	"github.com/memcore/memcore/core/internal/record"
)

// AddHistory appends one change of a memory with a full snapshot of m, the state right
// after it. Only a forget uses it now (the row is gone, so its last state must be kept
// whole); a creation writes no history row and an update only its reverse diff
// (AddChange): History rebuilds every version from the live row backwards. Files of
// schema ≤ 4 have a full snapshot in every row, which History reads as it is.
func (d *DB) AddHistory(op string, at time.Time, m *record.Memory) error {
	snap, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return d.exec(`INSERT INTO memory_history (namespace, memory_id, version, op, at, snapshot)
		VALUES (?,?,?,?,?,?)`, m.Namespace, m.ID, m.Version, op, ms(at), string(snap))
}

// AddChange appends an update of a memory from state before to state after: the row
// holds only the fields that changed, with their values before the change (a reverse
// diff; null for a field that was absent), so an unchanged text is never copied again.
func (d *DB) AddChange(at time.Time, before, after *record.Memory) error {
	diff, err := reverseDiff(before, after)
	if err != nil {
		return err
	}
	return d.exec(`INSERT INTO memory_history (namespace, memory_id, version, op, at, before)
		VALUES (?,?,?,?,?,?)`, after.Namespace, after.ID, after.Version, "update", ms(at), diff)
}

// unversioned are the fields that change without a new version (recall heat): history
// shows their current values.
var unversioned = []string{"accessCount", "lastAccessedAt"}

func fieldsOf(m *record.Memory) (map[string]json.RawMessage, error) {
	b, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	var f map[string]json.RawMessage
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, err
	}
	for _, k := range unversioned {
		delete(f, k)
	}
	return f, nil
}

// reverseDiff returns the JSON object of the fields whose value differs between before
// and after, with before's values (null where before had none).
func reverseDiff(before, after *record.Memory) (string, error) {
	b, err := fieldsOf(before)
	if err != nil {
		return "", err
	}
	a, err := fieldsOf(after)
	if err != nil {
		return "", err
	}
	diff := map[string]json.RawMessage{}
	for k, v := range b {
		if !bytes.Equal(a[k], v) {
			diff[k] = v
		}
	}
	for k := range a {
		if _, ok := b[k]; !ok {
			diff[k] = json.RawMessage("null")
		}
	}
	out, err := json.Marshal(diff)
	return string(out), err
}

// applyReverse returns the state before a change: m with the diff's fields put back.
func applyReverse(m *record.Memory, diff []byte) (*record.Memory, error) {
	b, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	var f map[string]json.RawMessage
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, err
	}
	var d map[string]json.RawMessage
	if err := json.Unmarshal(diff, &d); err != nil {
		return nil, err
	}
	for k, v := range d {
		if string(v) == "null" {
			delete(f, k)
		} else {
			f[k] = v
		}
	}
	b, err = json.Marshal(f)
	if err != nil {
		return nil, err
	}
	out := new(record.Memory)
	return out, json.Unmarshal(b, out)
}

// History returns every change of memory id, oldest first (empty when there is none).
// Versions are rebuilt from the newest state (the live row, or a forget's snapshot)
// backwards through the reverse diffs; a memory never changed has one entry, its
// creation, read from the live row.
func (d *DB) History(ns, id string) ([]record.HistoryEntry, error) {
	cur, err := d.GetMemory(ns, id)
	if err != nil {
		return nil, err
	}
	type row struct {
		h              record.HistoryEntry
		snap, before   []byte
		hasSnap, hasBf bool
	}
	s, err := d.prepare(`SELECT version, op, at, snapshot, before FROM memory_history
		WHERE namespace=? AND memory_id=? ORDER BY seq`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns, id); err != nil {
		return nil, err
	}
	var rows []row
	for s.Step() {
		r := row{h: record.HistoryEntry{Version: s.ColumnInt64(0), Op: s.ColumnText(1), At: fromMS(s.ColumnInt64(2))}}
		if r.hasSnap = s.ColumnType(3) != sqlite3.NULL; r.hasSnap {
			r.snap = bytes.Clone(s.ColumnRawText(3))
		}
		if r.hasBf = s.ColumnType(4) != sqlite3.NULL; r.hasBf {
			r.before = bytes.Clone(s.ColumnRawText(4))
		}
		rows = append(rows, r)
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	cursor := cur
	out := make([]record.HistoryEntry, len(rows))
	for i := len(rows) - 1; i >= 0; i-- {
		r := rows[i]
		h := r.h
		switch {
		case r.hasSnap:
			h.Memory = new(record.Memory)
			if err := json.Unmarshal(r.snap, h.Memory); err != nil {
				return nil, fmt.Errorf("history of %s: %w", id, err)
			}
			if cursor != nil {
				// Heat is not versioned: show the latest.
				h.Memory.AccessCount, h.Memory.LastAccessedAt = cursor.AccessCount, cursor.LastAccessedAt
			}
		case cursor != nil:
			c := *cursor
			h.Memory = &c
		default:
			return nil, fmt.Errorf("history of %s: version %d has neither a snapshot nor a later state", id, h.Version)
		}
		cursor = h.Memory
		if r.hasBf {
			prev, err := applyReverse(h.Memory, r.before)
			if err != nil {
				return nil, fmt.Errorf("history of %s: %w", id, err)
			}
			cursor = prev
		}
		out[i] = h
	}
	if (len(rows) == 0 || rows[0].h.Op != "create") && cursor != nil {
		// The creation wrote no row: its state is what is left after undoing every change.
		out = append([]record.HistoryEntry{{Version: cursor.Version, Op: "create", At: cursor.CreatedAt, Memory: cursor}}, out...)
	}
	return out, nil
}

// PurgeHistory drops every history row of memory id.
func (d *DB) PurgeHistory(ns, id string) error {
	return d.exec(`DELETE FROM memory_history WHERE namespace=? AND memory_id=?`, ns, id)
}

// PurgeIndex rewrites the memories' full-text index as one new segment. Deleting a row of
// a contentless_delete FTS5 table only records a tombstone: the row's terms stay in their
// segment, in the file, until that segment is merged (FTS5's secure-delete option needs
// the row's original tokens, which a contentless table does not keep). A purge runs this
// after its deletes so that no term of a purged memory is left; secure_delete then zeroes
// the old segments' pages. It costs one rewrite of the index (~40 ms for 10,000 memories).
func (d *DB) PurgeIndex() error {
	return d.exec(`INSERT INTO memories_fts(memories_fts) VALUES ('optimize')`)
}
