package store

import "time"

// Stats are the counts of one namespace and the size of the whole file.
type Stats struct {
	Memories   int64            // live: not expired, not superseded
	Expired    int64            // expired, not yet forgotten
	Superseded int64            // replaced by another memory
	ByType     map[string]int64 // live memories per type
	Vectors    int64            // memories with an embedding
	Turns      int64
	Sessions   int64
	DBBytes    int64 // page_count × page_size of the whole database (all namespaces)
	Schema     int
}

// Stats counts the namespace's records at time now. It reads the counters of schema 8
// (counters.go) instead of visiting every memory and turn: per call, a handful of index
// lookups plus one range over the namespace's expired memories, whatever the size.
func (d *DB) Stats(ns string, now time.Time) (Stats, error) {
	st := Stats{ByType: map[string]int64{}}
	// Per type: total − superseded − expired (live, not superseded, expiry passed).
	s, err := d.prepare(`SELECT c.type, c.total - c.superseded, c.superseded,
		(SELECT count(*) FROM memories m INDEXED BY memories_ns_expiry
			WHERE m.namespace = c.namespace AND m.superseded_by IS NULL
			AND m.expires_at IS NOT NULL AND m.expires_at <= ?1 AND m.type = c.type)
		FROM memory_counts c WHERE c.namespace = ?2`)
	if err != nil {
		return st, err
	}
	if err := bind(s, ms(now), ns); err != nil {
		return st, err
	}
	for s.Step() {
		unsup, expired := s.ColumnInt64(1), s.ColumnInt64(3)
		if live := unsup - expired; live > 0 {
			st.ByType[s.ColumnText(0)] = live
			st.Memories += live
		}
		st.Expired += expired
		st.Superseded += s.ColumnInt64(2)
	}
	s.Reset()
	if err := s.Err(); err != nil {
		return st, err
	}
	// Turns and sessions from their counters; vectors by walking the vectors table (no
	// rows at all without an embedder); the file's size and schema from the pragmas, as
	// table-valued functions (a PRAGMA statement is prepared again at every run).
	s, err = d.prepare(`SELECT
		(SELECT turns FROM turn_counts WHERE namespace = ?1),
		(SELECT sessions FROM turn_counts WHERE namespace = ?1),
		(SELECT count(*) FROM memory_vectors v CROSS JOIN memories m ON m.rowid = v.memory_rowid
			WHERE m.namespace = ?1),
		(SELECT page_count FROM pragma_page_count()) * (SELECT page_size FROM pragma_page_size()),
		(SELECT user_version FROM pragma_user_version())`)
	if err != nil {
		return st, err
	}
	defer s.Reset()
	if err := bind(s, ns); err != nil {
		return st, err
	}
	if !s.Step() {
		return st, s.Err()
	}
	st.Turns, st.Sessions, st.Vectors = s.ColumnInt64(0), s.ColumnInt64(1), s.ColumnInt64(2)
	st.DBBytes, st.Schema = s.ColumnInt64(3), int(s.ColumnInt64(4))
	return st, nil
}
