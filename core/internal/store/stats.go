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

// Stats counts the namespace's records at time now.
func (d *DB) Stats(ns string, now time.Time) (Stats, error) {
	st := Stats{ByType: map[string]int64{}}
	s, err := d.prepare(`SELECT type,
		sum(superseded_by IS NULL AND (expires_at IS NULL OR expires_at > ?1)),
		sum(superseded_by IS NULL AND expires_at IS NOT NULL AND expires_at <= ?1),
		sum(superseded_by IS NOT NULL)
		FROM memories WHERE namespace = ?2 GROUP BY type`)
	if err != nil {
		return st, err
	}
	if err := bind(s, ms(now), ns); err != nil {
		return st, err
	}
	for s.Step() {
		live := s.ColumnInt64(1)
		if live > 0 {
			st.ByType[s.ColumnText(0)] = live
		}
		st.Memories += live
		st.Expired += s.ColumnInt64(2)
		st.Superseded += s.ColumnInt64(3)
	}
	s.Reset()
	if err := s.Err(); err != nil {
		return st, err
	}
	s, err = d.prepare(`SELECT count(*), count(DISTINCT session_id) FROM turns WHERE namespace = ?`)
	if err != nil {
		return st, err
	}
	if err := bind(s, ns); err != nil {
		return st, err
	}
	if s.Step() {
		st.Turns, st.Sessions = s.ColumnInt64(0), s.ColumnInt64(1)
	}
	s.Reset()
	s, err = d.prepare(`SELECT count(*) FROM memory_vectors v JOIN memories m ON m.rowid = v.memory_rowid WHERE m.namespace = ?`)
	if err != nil {
		return st, err
	}
	if err := bind(s, ns); err != nil {
		return st, err
	}
	if s.Step() {
		st.Vectors = s.ColumnInt64(0)
	}
	s.Reset()
	pages, err := d.pragmaInt("page_count")
	if err != nil {
		return st, err
	}
	size, err := d.pragmaInt("page_size")
	if err != nil {
		return st, err
	}
	st.DBBytes = pages * size
	st.Schema, err = d.Version()
	return st, err
}
