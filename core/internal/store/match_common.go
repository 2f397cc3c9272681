package store

import "fmt"

// MatchMemoriesNewest is MatchMemories for a query whose every term is common (a query of
// stopwords only, "you the by to"): it ranks by BM25 only the newest scan memories of the
// namespace that match and pass f, and returns the best limit of those.
//
// Why: such a query matches nearly every memory, and FTS5 computes bm25() for every
// matching row before it can keep the best — at 100k memories that was 92 ms at the
// median and 424 ms at p95 natively (docs/BENCHMARKS.md). Walking the matches newest
// first (FTS5's rowid order, no scoring) to find the scan-th one costs scan row look-ups;
// ranking only the rows from there on bounds the work at any size. A common word says
// little about which memory is meant, so among equally weak matches the newer ones are
// the better guess. When fewer than scan memories match, every match is ranked, exactly
// as MatchMemories would.
func (d *DB) MatchMemoriesNewest(ns, match string, f Filter, w Weights, limit, scan int) ([]Candidate, error) {
	return d.matchNewest(false, ns, match, f, w, limit, scan)
}

// MatchMemoryScoresNewest is MatchMemoriesNewest with partial candidates, as
// MatchMemoryScores is MatchMemories.
func (d *DB) MatchMemoryScoresNewest(ns, match string, f Filter, w Weights, limit, scan int) ([]Candidate, error) {
	return d.matchNewest(true, ns, match, f, w, limit, scan)
}

func (d *DB) matchNewest(partial bool, ns, match string, f Filter, w Weights, limit, scan int) ([]Candidate, error) {
	floor, ok, err := d.newestMatchFloor(ns, match, f, scan)
	if err != nil || !ok {
		if err == nil {
			return d.matchRanked(partial, ns, match, f, w, limit)
		}
		return nil, err
	}
	cols := candCols(partial)
	// As in MatchMemories: rank inside FTS5 alone, join only the head to the memories
	// (a sorter of whole memory rows costs more than the ranking), and rank with the join
	// only when the filters left fewer than limit of the head.
	head := matchHeadroom * limit
	out, err := d.matchMemoriesFrom(partial, `WITH top AS (
		SELECT rowid, -bm25(memories_fts, ?, ?, ?) AS r FROM memories_fts
		WHERE memories_fts MATCH ? AND rowid >= ? ORDER BY r DESC LIMIT `+fmt.Sprint(head)+`)
		SELECT `+cols+`, top.r FROM top CROSS JOIN memories m ON m.rowid = top.rowid
		WHERE `+filterSQL+` ORDER BY top.r DESC LIMIT `+fmt.Sprint(limit), ns, match, floor, f, w)
	if err != nil || len(out) >= limit {
		return out, err
	}
	return d.matchMemoriesFrom(partial, `SELECT `+cols+`, -bm25(memories_fts, ?, ?, ?) AS r
		FROM memories_fts CROSS JOIN memories m ON m.rowid = memories_fts.rowid
		WHERE memories_fts MATCH ? AND memories_fts.rowid >= ? AND `+filterSQL+`
		ORDER BY r DESC LIMIT `+fmt.Sprint(limit), ns, match, floor, f, w) // LIMITs not bound: see matchMemories
}

// matchMemoriesFrom is matchMemories with a rowid floor bound after the match.
func (d *DB) matchMemoriesFrom(partial bool, sql, ns, match string, floor int64, f Filter, w Weights) ([]Candidate, error) {
	return d.candidates(partial, sql, append([]any{w.Title, w.Subject, w.Content, match, floor}, filterArgs(ns, f)...)...)
}

// newestMatchFloor returns the rowid of the scan-th newest memory of ns that matches
// match and passes f; ok is false when fewer than scan do.
func (d *DB) newestMatchFloor(ns, match string, f Filter, scan int) (floor int64, ok bool, err error) {
	if scan < 1 {
		return 0, false, fmt.Errorf("store: scan %d < 1", scan)
	}
	// CROSS JOIN keeps FTS5 as the outer loop, walking its matches in descending rowid
	// order (no ranking), so the statement stops after scan rows that pass.
	s, err := d.prepare(`SELECT memories_fts.rowid FROM memories_fts
		CROSS JOIN memories m ON m.rowid = memories_fts.rowid
		WHERE memories_fts MATCH ? AND ` + filterSQL + `
		ORDER BY memories_fts.rowid DESC LIMIT 1 OFFSET ` + fmt.Sprint(scan-1)) // not bound: see matchMemories
	if err != nil {
		return 0, false, err
	}
	defer s.Reset()
	if err := bind(s, append([]any{match}, filterArgs(ns, f)...)...); err != nil {
		return 0, false, err
	}
	if !s.Step() {
		return 0, false, s.Err()
	}
	return s.ColumnInt64(0), true, nil
}

// MatchTurnsNewest is MatchTurnsRanked for a query of common words only, as
// MatchMemoriesNewest is for memories: it ranks only the newest scan turns of the
// namespace (and session, when given) that match, or every match when fewer do.
func (d *DB) MatchTurnsNewest(ns, match, session string, contextWeight float64, limit, scan int) ([]TurnHit, error) {
	if scan < 1 {
		return nil, fmt.Errorf("store: scan %d < 1", scan)
	}
	floor, err := func() (int64, error) {
		s, err := d.prepare(`SELECT turns_fts.rowid FROM turns_fts
			CROSS JOIN turns t ON t.rowid = turns_fts.rowid
			WHERE turns_fts MATCH ? AND t.namespace = ? AND (? = '' OR t.session_id = ?)
			ORDER BY turns_fts.rowid DESC LIMIT 1 OFFSET ` + fmt.Sprint(scan-1)) // not bound: see matchMemories
		if err != nil {
			return 0, err
		}
		defer s.Reset()
		if err := bind(s, match, ns, session, session); err != nil {
			return 0, err
		}
		if !s.Step() {
			return -1, s.Err()
		}
		return s.ColumnInt64(0), nil
	}()
	if err != nil {
		return nil, err
	}
	if floor < 0 {
		return d.MatchTurnsRanked(ns, match, session, contextWeight, limit)
	}
	s, err := d.prepare(`SELECT ` + turnCols + `, -bm25(turns_fts, 1.0, ?) AS r
		FROM turns_fts CROSS JOIN turns t ON t.rowid = turns_fts.rowid
		WHERE turns_fts MATCH ? AND turns_fts.rowid >= ? AND t.namespace = ?
			AND (? = '' OR t.session_id = ?)
		ORDER BY r DESC LIMIT ` + fmt.Sprint(limit)) // not bound: see matchMemories
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, contextWeight, match, floor, ns, session, session); err != nil {
		return nil, err
	}
	var out []TurnHit
	for s.Step() {
		out = append(out, TurnHit{Turn: scanTurn(s), BM25: s.ColumnFloat(turnColCount)})
	}
	return out, s.Err()
}
