package store

// CountSessionTurns counts, for each key of want (a role and a content, see TurnKey),
// the turns of the session that have it, and returns the counts of those found. It
// reads the session once, keeping nothing but the counts: compaction uses it to skip
// the messages a session already holds.
func (d *DB) CountSessionTurns(ns, session string, want map[string]bool) (map[string]int, error) {
	s, err := d.prepare(`SELECT role, content FROM turns WHERE namespace = ? AND session_id = ?`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns, session); err != nil {
		return nil, err
	}
	found := map[string]int{}
	for s.Step() {
		if k := TurnKey(s.ColumnText(0), s.ColumnText(1)); want[k] {
			found[k]++
		}
	}
	return found, s.Err()
}

// TurnKey is the key of a turn for CountSessionTurns: its role and content.
func TurnKey(role, content string) string { return role + "\x00" + content }
