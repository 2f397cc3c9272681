package core

import "sort"

// rerankBySession adds to each hit weight × the best score among the other hits of its
// session (Scoring.TurnSessionBoost), then sorts best first (ties: newest first). hits
// are the BM25 candidate pool, so a session's strength is judged on what matched at all.
func rerankBySession(hits []TurnHit, weight float64) {
	if weight > 0 && len(hits) > 1 {
		best := map[string][2]float64{} // session -> two best scores
		for _, h := range hits {
			b := best[h.Turn.SessionID]
			switch {
			case h.Score > b[0]:
				b[0], b[1] = h.Score, b[0]
			case h.Score > b[1]:
				b[1] = h.Score
			}
			best[h.Turn.SessionID] = b
		}
		for i := range hits {
			b := best[hits[i].Turn.SessionID]
			other := b[0]
			if hits[i].Score >= b[0] {
				other = b[1]
			}
			hits[i].Score += weight * other
		}
	}
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].Score != hits[j].Score {
			return hits[i].Score > hits[j].Score
		}
		return hits[i].Turn.ID > hits[j].Turn.ID
	})
}
