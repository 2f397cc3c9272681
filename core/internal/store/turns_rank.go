package store

import "fmt"

// MatchTurnsRanked is MatchTurns, faster when many turns match: like MatchMemories it
// ranks the best headroom × limit rows inside FTS5 before joining them to the turns
// table (bm25 of a row costs little inside FTS5; the join of every matching row is what
// a question of common words paid, 21 ms at 2,000 turns against 4 ms for recall). When
// the namespace and session filter leaves fewer than limit rows of that head and more
// rows matched, it runs MatchTurns, so the result is the same.
func (d *DB) MatchTurnsRanked(ns, match, session string, contextWeight float64, limit int) ([]TurnHit, error) {
	head := matchHeadroom * limit
	s, err := d.prepare(`WITH top AS (
		SELECT rowid, -bm25(turns_fts, 1.0, ?) AS r FROM turns_fts
		WHERE turns_fts MATCH ? ORDER BY r DESC LIMIT ` + fmt.Sprint(head) + `)
		SELECT ` + turnCols + `, top.r, (SELECT count(*) FROM top) FROM top CROSS JOIN turns t ON t.rowid = top.rowid
		WHERE t.namespace = ? AND (? = '' OR t.session_id = ?) ORDER BY top.r DESC LIMIT ` + fmt.Sprint(limit)) // not bound: see matchMemories
	if err != nil {
		return nil, err
	}
	var out []TurnHit
	inHead := -1 // rows of the head, when a row came back to say so
	err = func() error {
		defer s.Reset()
		if err := bind(s, contextWeight, match, ns, session, session); err != nil {
			return err
		}
		for s.Step() {
			out = append(out, TurnHit{Turn: scanTurn(s), BM25: s.ColumnFloat(turnColCount)})
			inHead = s.ColumnInt(turnColCount + 1)
		}
		return s.Err()
	}()
	if err != nil || len(out) >= limit || (inHead >= 0 && inHead < head) {
		return out, err // enough, or the head held every match: nothing was cut off
	}
	n, err := d.countMatches("turns_fts", match, head)
	if err != nil || n < head {
		return out, err
	}
	return d.MatchTurns(ns, match, session, contextWeight, limit)
}
