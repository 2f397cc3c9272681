package store

import (
	"time"

	"github.com/ncruces/go-sqlite3"

	"github.com/memcore/memcore/core/internal/record"
)

// Reads and writes that export and import need beyond the engine's other queries.

// Namespaces returns every namespace that holds something, sorted.
func (d *DB) Namespaces() ([]string, error) {
	return d.column(`SELECT namespace FROM memories UNION SELECT namespace FROM memory_history
		UNION SELECT namespace FROM turns UNION SELECT namespace FROM documents
		UNION SELECT namespace FROM sessions UNION SELECT namespace FROM episodes
		UNION SELECT namespace FROM tasks UNION SELECT namespace FROM extraction_reads ORDER BY 1`)
}

// HistoryMemoryIDs returns the ids of every memory of ns that has history, including
// forgotten ones (whose row is gone), sorted.
func (d *DB) HistoryMemoryIDs(ns string) ([]string, error) {
	return d.column(`SELECT DISTINCT memory_id FROM memory_history WHERE namespace = ? ORDER BY 1`, ns)
}

// NamespaceTurns returns every turn of ns, by session and seq.
func (d *DB) NamespaceTurns(ns string) ([]record.Turn, error) {
	s, err := d.prepare(`SELECT ` + turnCols + ` FROM turns t WHERE t.namespace = ? ORDER BY t.session_id, t.seq`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns); err != nil {
		return nil, err
	}
	out := []record.Turn{}
	for s.Step() {
		out = append(out, scanTurn(s))
	}
	return out, s.Err()
}

// TurnExists reports whether ns's session has a turn of that seq.
func (d *DB) TurnExists(ns, session string, seq int64) (bool, error) {
	n, err := d.column(`SELECT id FROM turns WHERE namespace = ? AND session_id = ? AND seq = ?`, ns, session, seq)
	return len(n) > 0, err
}

// IDExists reports whether table (memories, episodes, tasks, turns) has a row of id in
// any namespace: ids are unique across namespaces.
func (d *DB) IDExists(table, id string) (bool, error) {
	switch table {
	case "memories", "episodes", "tasks", "turns":
	default:
		panic("store: IDExists on " + table)
	}
	n, err := d.column(`SELECT id FROM `+table+` WHERE id = ?`, id)
	return len(n) > 0, err
}

// SessionRow is a session's exportable state.
type SessionRow struct {
	ID            string
	BusinessState string
	StartedAt     time.Time
	EndedAt       *time.Time
}

// ListSessions returns the sessions of ns, by id.
func (d *DB) ListSessions(ns string) ([]SessionRow, error) {
	s, err := d.prepare(`SELECT session_id, business_state, started_at, ended_at FROM sessions
		WHERE namespace = ? ORDER BY session_id`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns); err != nil {
		return nil, err
	}
	out := []SessionRow{}
	for s.Step() {
		r := SessionRow{ID: s.ColumnText(0), BusinessState: s.ColumnText(1), StartedAt: fromMS(s.ColumnInt64(2))}
		if s.ColumnType(3) != sqlite3.NULL {
			t := fromMS(s.ColumnInt64(3))
			r.EndedAt = &t
		}
		out = append(out, r)
	}
	return out, s.Err()
}

// PutSession creates or updates a session's exportable state.
func (d *DB) PutSession(ns string, r SessionRow) error {
	if err := d.EnsureSession(ns, r.ID, r.StartedAt); err != nil {
		return err
	}
	var ended any
	if r.EndedAt != nil {
		ended = ms(*r.EndedAt)
	}
	return d.exec(`UPDATE sessions SET business_state = ?, started_at = ?, ended_at = ?
		WHERE namespace = ? AND session_id = ?`, r.BusinessState, ms(r.StartedAt), ended, ns, r.ID)
}

// PlanSessions returns the ids of the sessions of ns that have a plan.
func (d *DB) PlanSessions(ns string) ([]string, error) {
	return d.column(`SELECT session_id FROM plans WHERE namespace = ? ORDER BY 1`, ns)
}

// ScratchSessions returns the ids of the sessions of ns that have scratchpad entries.
func (d *DB) ScratchSessions(ns string) ([]string, error) {
	return d.column(`SELECT DISTINCT session_id FROM scratchpad WHERE namespace = ? ORDER BY 1`, ns)
}

// column runs a query and returns the first column of each row as text.
func (d *DB) column(sql string, args ...any) ([]string, error) {
	s, err := d.prepare(sql)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, args...); err != nil {
		return nil, err
	}
	out := []string{}
	for s.Step() {
		out = append(out, s.ColumnText(0))
	}
	return out, s.Err()
}
