package store

import "time"

// What export and import carry of the upkeep's own bookkeeping (core/export_upkeep.go):
// when decay last lowered each memory's importance.

// DecayedAt returns, for each memory of ns that decay has lowered, when it last did.
func (d *DB) DecayedAt(ns string) (map[string]time.Time, error) {
	s, err := d.prepare(`SELECT id, decayed_at FROM memories WHERE namespace = ? AND decayed_at IS NOT NULL`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns); err != nil {
		return nil, err
	}
	out := map[string]time.Time{}
	for s.Step() {
		out[s.ColumnText(0)] = fromMS(s.ColumnInt64(1))
	}
	return out, s.Err()
}

// SetDecayedAt records that decay last lowered the memory's importance at at (an
// imported memory: its importance is already the decayed one).
func (d *DB) SetDecayedAt(ns, id string, at time.Time) error {
	return d.exec(`UPDATE memories SET decayed_at = ? WHERE namespace = ? AND id = ?`, ms(at), ns, id)
}
