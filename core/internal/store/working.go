package store

import "time"

// ScratchEntry is one scratchpad key/value of a session.
type ScratchEntry struct {
	Key       string
	Value     string
	UpdatedAt time.Time
}

// PutScratch creates or replaces a scratchpad entry of a session.
func (d *DB) PutScratch(ns, session, key, value string, at time.Time) error {
	return d.exec(`INSERT INTO scratchpad (namespace, session_id, key, value, updated_at)
		VALUES (?,?,?,?,?) ON CONFLICT (namespace, session_id, key) DO UPDATE SET
		value = excluded.value, updated_at = excluded.updated_at`, ns, session, key, value, ms(at))
}

// GetScratch returns a scratchpad entry, or nil when there is none.
func (d *DB) GetScratch(ns, session, key string) (*ScratchEntry, error) {
	s, err := d.prepare(`SELECT value, updated_at FROM scratchpad
		WHERE namespace = ? AND session_id = ? AND key = ?`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns, session, key); err != nil {
		return nil, err
	}
	if !s.Step() {
		return nil, s.Err()
	}
	return &ScratchEntry{Key: key, Value: s.ColumnText(0), UpdatedAt: fromMS(s.ColumnInt64(1))}, nil
}

// ListScratch returns the session's scratchpad entries ordered by key.
func (d *DB) ListScratch(ns, session string) ([]ScratchEntry, error) {
	s, err := d.prepare(`SELECT key, value, updated_at FROM scratchpad
		WHERE namespace = ? AND session_id = ? ORDER BY key`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns, session); err != nil {
		return nil, err
	}
	out := []ScratchEntry{}
	for s.Step() {
		out = append(out, ScratchEntry{Key: s.ColumnText(0), Value: s.ColumnText(1),
			UpdatedAt: fromMS(s.ColumnInt64(2))})
	}
	return out, s.Err()
}

// DeleteScratch removes a scratchpad entry; it reports whether it existed.
func (d *DB) DeleteScratch(ns, session, key string) (bool, error) {
	err := d.exec(`DELETE FROM scratchpad WHERE namespace = ? AND session_id = ? AND key = ?`,
		ns, session, key)
	if err != nil {
		return false, err
	}
	return d.conn.Changes() > 0, nil
}

// PlanRow is a session's plan as stored: its steps are JSON [{title, status}].
type PlanRow struct {
	Goal      string
	Steps     string
	UpdatedAt time.Time
}

// PutPlan creates or replaces the session's plan.
func (d *DB) PutPlan(ns, session, goal, steps string, at time.Time) error {
	return d.exec(`INSERT INTO plans (namespace, session_id, goal, steps, updated_at)
		VALUES (?,?,?,?,?) ON CONFLICT (namespace, session_id) DO UPDATE SET
		goal = excluded.goal, steps = excluded.steps, updated_at = excluded.updated_at`,
		ns, session, goal, steps, ms(at))
}

// GetPlan returns the session's plan, or nil when it has none.
func (d *DB) GetPlan(ns, session string) (*PlanRow, error) {
	s, err := d.prepare(`SELECT goal, steps, updated_at FROM plans WHERE namespace = ? AND session_id = ?`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns, session); err != nil {
		return nil, err
	}
	if !s.Step() {
		return nil, s.Err()
	}
	return &PlanRow{Goal: s.ColumnText(0), Steps: s.ColumnText(1), UpdatedAt: fromMS(s.ColumnInt64(2))}, nil
}
