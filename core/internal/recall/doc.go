// Package recall turns a query into an FTS5 expression and fuses FTS5's BM25 with
// recency, importance and access heat into one score.
//
// The formula, with every weight an option (docs/SCORING.md):
//
//	relevance  = bm25 / max(bm25 over the candidates)              in (0, 1]
//	             (hybrid: RRF of the BM25 and vector ranks, / the best candidate's)
//	recency    = 0.5 ^ (days since updatedAt / RecencyHalfLifeDays)  in (0, 1]
//	heat       = (1 - e^(-accessCount/HeatSaturation)) · 0.5 ^ (days since lastAccessedAt / HeatHalfLifeDays)
//	score      = Relevance·relevance + Recency·recency + Importance·importance + Heat·heat
//
// BM25 (and, with an embedder, vector similarity) picks the candidates (the CandidatePool best matches) and drops those below
// MinRelevance; the fusion orders the rest. So nothing that shares no token with the
// query is ever returned, however important.
package recall
