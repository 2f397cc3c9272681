package store

import (
	"slices"
	"time"

	"github.com/ncruces/go-sqlite3"

	"github.com/memcore/memcore/core/internal/record"
)

// Session is a row of the sessions table.
type Session struct {
	ID            string
	CoreSnapshot  *string // nil until the first buildContext froze one
	BusinessState string
	StartedAt     time.Time
	EndedAt       *time.Time
}

// EnsureSession creates the session row of (ns, id) when it does not exist yet, started
// at at; an existing row is left as it is.
func (d *DB) EnsureSession(ns, id string, at time.Time) error {
	return d.exec(`INSERT INTO sessions (namespace, session_id, started_at) VALUES (?,?,?)
		ON CONFLICT (namespace, session_id) DO NOTHING`, ns, id, ms(at))
}

// GetSession returns the session row, or nil when there is none.
func (d *DB) GetSession(ns, id string) (*Session, error) {
	s, err := d.prepare(`SELECT core_snapshot, business_state, started_at, ended_at FROM sessions
		WHERE namespace = ? AND session_id = ?`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns, id); err != nil {
		return nil, err
	}
	if !s.Step() {
		return nil, s.Err()
	}
	out := &Session{ID: id, BusinessState: s.ColumnText(1), StartedAt: fromMS(s.ColumnInt64(2)),
		EndedAt: nullTime(s, 3)}
	if s.ColumnType(0) != sqlite3.NULL {
		snap := s.ColumnText(0)
		out.CoreSnapshot = &snap
	}
	return out, nil
}

// SetCoreSnapshot freezes the session's core-memory snapshot unless one is frozen
// already; it reports whether this call froze it. The session row must exist.
func (d *DB) SetCoreSnapshot(ns, id, snapshot string) (bool, error) {
	err := d.exec(`UPDATE sessions SET core_snapshot = ? WHERE namespace = ? AND session_id = ?
		AND core_snapshot IS NULL`, snapshot, ns, id)
	if err != nil {
		return false, err
	}
	return d.conn.Changes() > 0, nil
}

// SetBusinessState replaces the session's business state (creating the session row).
func (d *DB) SetBusinessState(ns, id, state string, at time.Time) error {
	if err := d.EnsureSession(ns, id, at); err != nil {
		return err
	}
	return d.exec(`UPDATE sessions SET business_state = ? WHERE namespace = ? AND session_id = ?`,
		state, ns, id)
}

// EndSession marks the session ended at at (creating the row when missing).
func (d *DB) EndSession(ns, id string, at time.Time) error {
	if err := d.EnsureSession(ns, id, at); err != nil {
		return err
	}
	return d.exec(`UPDATE sessions SET ended_at = ? WHERE namespace = ? AND session_id = ?`,
		ms(at), ns, id)
}

// LastSessionTurns returns the last n turns of a session, in order. Why: extractFacts
// needs only the turns its messages may be (the last n) and the few before them, and
// reading every turn of a long session made each call cost more as the session grew
// (docs/BENCHMARKS.md, "extractFacts in a long session").
func (d *DB) LastSessionTurns(ns, session string, n int) ([]record.Turn, error) {
	s, err := d.prepare(`SELECT ` + turnCols + ` FROM turns t WHERE t.namespace = ? AND t.session_id = ?
		ORDER BY t.seq DESC LIMIT ?`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns, session, n); err != nil {
		return nil, err
	}
	var out []record.Turn
	for s.Step() {
		out = append(out, scanTurn(s))
	}
	slices.Reverse(out)
	return out, s.Err()
}

// SessionTurns returns every turn of a session, in order.
func (d *DB) SessionTurns(ns, session string) ([]record.Turn, error) {
	s, err := d.prepare(`SELECT ` + turnCols + ` FROM turns t WHERE t.namespace = ? AND t.session_id = ?
		ORDER BY t.seq`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns, session); err != nil {
		return nil, err
	}
	var out []record.Turn
	for s.Step() {
		out = append(out, scanTurn(s))
	}
	return out, s.Err()
}
