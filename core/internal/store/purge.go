package store

import (
	"encoding/json"
	"strings"

	"github.com/memcore/memcore/core/internal/record"
)

// What a purge reaches beyond the memory's own rows: the places its text was copied to.

// CoreSnapshot is a session's frozen core-memory block.
type CoreSnapshot struct{ SessionID, Snapshot string }

// CoreSnapshots returns the frozen core-memory blocks of namespace ns's sessions.
func (d *DB) CoreSnapshots(ns string) ([]CoreSnapshot, error) {
	s, err := d.prepare(`SELECT session_id, core_snapshot FROM sessions WHERE namespace = ? AND core_snapshot IS NOT NULL`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns); err != nil {
		return nil, err
	}
	var out []CoreSnapshot
	for s.Step() {
		out = append(out, CoreSnapshot{s.ColumnText(0), s.ColumnText(1)})
	}
	return out, s.Err()
}

// ReplaceCoreSnapshot overwrites a frozen block (a purge scrubbing it).
func (d *DB) ReplaceCoreSnapshot(ns, session, snapshot string) error {
	return d.exec(`UPDATE sessions SET core_snapshot = ? WHERE namespace = ? AND session_id = ?`, snapshot, ns, session)
}

// DeleteQueuedMatching deletes the namespace's queued extraction passes any of whose
// strings (message texts, turn ids) contains one of needles; it returns how many.
func (d *DB) DeleteQueuedMatching(ns string, needles []string) (int, error) {
	if len(needles) == 0 {
		return 0, nil
	}
	s, err := d.prepare(`SELECT seq, messages FROM extraction_queue WHERE namespace = ?`)
	if err != nil {
		return 0, err
	}
	if err := bind(s, ns); err != nil {
		s.Reset()
		return 0, err
	}
	var seqs []int64
	for s.Step() {
		var v any
		raw := s.ColumnText(1)
		if json.Unmarshal([]byte(raw), &v) != nil {
			v = raw
		}
		if anyString(v, func(t string) bool { return containsAny(t, needles) }) {
			seqs = append(seqs, s.ColumnInt64(0))
		}
	}
	err = s.Err()
	s.Reset()
	if err != nil {
		return 0, err
	}
	for _, q := range seqs {
		if err := d.Dequeue(q); err != nil {
			return 0, err
		}
	}
	return len(seqs), nil
}

func anyString(v any, f func(string) bool) bool {
	switch x := v.(type) {
	case string:
		return f(x)
	case []any:
		for _, e := range x {
			if anyString(e, f) {
				return true
			}
		}
	case map[string]any:
		for _, e := range x {
			if anyString(e, f) {
				return true
			}
		}
	}
	return false
}

func containsAny(s string, needles []string) bool {
	for _, n := range needles {
		if n != "" && strings.Contains(s, n) {
			return true
		}
	}
	return false
}

// DeleteEpisode deletes an episode row.
func (d *DB) DeleteEpisode(ns, id string) error {
	return d.exec(`DELETE FROM episodes WHERE namespace = ? AND id = ?`, ns, id)
}

// ReplaceEpisodeText overwrites an episode's texts and lists (a purge scrubbing them).
func (d *DB) ReplaceEpisodeText(ns string, e *Episode) error {
	lists, err := e.jsonLists()
	if err != nil {
		return err
	}
	return d.exec(`UPDATE episodes SET summary = ?, goal = ?, outcome = ?, entities = ?, tools_used = ?,
		lessons = ? WHERE namespace = ? AND id = ?`, e.Summary, e.Goal, e.Outcome, lists[0], lists[1], lists[2], ns, e.ID)
}

// TurnsMatching returns the namespace's turns whose id is one of ids or whose content,
// trimmed, is one of contents (the copies compaction stores of the same message).
func (d *DB) TurnsMatching(ns string, ids, contents []string) ([]record.Turn, error) {
	s, err := d.prepare(`SELECT ` + turnCols + ` FROM turns t WHERE t.namespace = ?
		AND (t.id IN (SELECT value FROM json_each(?)) OR trim(t.content) IN (SELECT value FROM json_each(?)))
		ORDER BY t.session_id, t.seq`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	idj, _ := json.Marshal(ids)
	cj, _ := json.Marshal(contents)
	if err := bind(s, ns, string(idj), string(cj)); err != nil {
		return nil, err
	}
	var out []record.Turn
	for s.Step() {
		out = append(out, scanTurn(s))
	}
	return out, s.Err()
}

// DeleteTurn deletes a turn and its index entry, and re-indexes the session's next turn,
// whose entry holds this turn's words as its context, with the context of the turn
// before it. It reports whether the turn existed.
func (d *DB) DeleteTurn(ns, id string, reindex func(prev *record.Turn, t *record.Turn) TurnDoc) (bool, error) {
	s, err := d.prepare(`SELECT rowid, session_id, seq FROM turns WHERE namespace = ? AND id = ?`)
	if err != nil {
		return false, err
	}
	if err := bind(s, ns, id); err != nil {
		s.Reset()
		return false, err
	}
	if !s.Step() {
		err := s.Err()
		s.Reset()
		return false, err
	}
	rowid, session, seq := s.ColumnInt64(0), s.ColumnText(1), s.ColumnInt64(2)
	s.Reset()
	if err := d.countFTSRow("turns", ns, rowid, -1); err != nil {
		return false, err
	}
	if err := d.exec(`DELETE FROM turns_fts WHERE rowid = ?`, rowid); err != nil {
		return false, err
	}
	if err := d.exec(`DELETE FROM turns WHERE rowid = ?`, rowid); err != nil {
		return false, err
	}
	has, err := d.sessionHasTurns(ns, session)
	if err != nil {
		return false, err
	}
	if err := d.countTurn(ns, -1, -(1 - boolInt(has))); err != nil { // counters.go
		return false, err
	}
	next, err := d.turnNear(ns, session, seq, `t.seq > ? ORDER BY t.seq LIMIT 1`)
	if err != nil || next == nil {
		return true, err
	}
	prev, err := d.turnNear(ns, session, seq, `t.seq < ? ORDER BY t.seq DESC LIMIT 1`)
	if err != nil {
		return true, err
	}
	var pt *record.Turn
	if prev != nil {
		pt = &prev.turn
	}
	doc := reindex(pt, &next.turn)
	if err := d.countFTSRow("turns", ns, next.rowid, -1); err != nil {
		return true, err
	}
	if err := d.exec(`DELETE FROM turns_fts WHERE rowid = ?`, next.rowid); err != nil {
		return true, err
	}
	if err := d.exec(`INSERT INTO turns_fts (rowid, content, context) VALUES (?,?,?)`, next.rowid, doc.Content, doc.Context); err != nil {
		return true, err
	}
	return true, d.countFTSRow("turns", ns, next.rowid, 1)
}

type rowTurn struct {
	rowid int64
	turn  record.Turn
}

func (d *DB) turnNear(ns, session string, seq int64, where string) (*rowTurn, error) {
	s, err := d.prepare(`SELECT ` + turnCols + `, t.rowid FROM turns t WHERE t.namespace = ? AND t.session_id = ? AND ` + where)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns, session, seq); err != nil {
		return nil, err
	}
	if !s.Step() {
		return nil, s.Err()
	}
	return &rowTurn{rowid: s.ColumnInt64(turnColCount), turn: scanTurn(s)}, nil
}

// PurgeTurnIndex rewrites the turns' full-text index, so that no term of a deleted turn
// stays in an unmerged segment (see PurgeIndex).
func (d *DB) PurgeTurnIndex() error {
	return d.exec(`INSERT INTO turns_fts(turns_fts) VALUES ('optimize')`)
}

// VectorCount reports whether memory id has an embedding (0 or 1).
func (d *DB) VectorCount(ns, id string) (int, error) {
	n, err := d.queryInt(`SELECT count(*) FROM memory_vectors v JOIN memories m ON m.rowid = v.memory_rowid
		WHERE m.namespace = ? AND m.id = ?`, ns, id)
	return int(n), err
}

// HistoryRows counts the history rows of memory id.
func (d *DB) HistoryRows(ns, id string) (int, error) {
	n, err := d.queryInt(`SELECT count(*) FROM memory_history WHERE namespace = ? AND memory_id = ?`, ns, id)
	return int(n), err
}
