package core

import (
	"slices"

	"github.com/memcore/memcore/core/internal/store"
	"github.com/memcore/memcore/core/internal/text"
)

// matchTurns returns the BM25 matches of tokens among the turns of ns (and session, when
// not ""), best first, at most pool, with the query's CJK unigrams weighted by
// text.UnigramWeight: a long Chinese query's many unigrams weigh together what
// text.UnigramBudget would (docs/SCORING.md, "Long Chinese queries"). A query of at most
// that many unigrams is matched exactly as before (matchTurnsOnce).
func (e *Engine) matchTurns(ns string, tokens []string, session string, pool int) ([]store.TurnHit, error) {
	uni, _ := text.SplitUnigrams(tokens)
	return e.matchTurnsWeighted(ns, tokens, session, pool, text.UnigramWeight(len(uni)))
}

// matchTurnsWeighted is matchTurnsOnce with the CJK unigrams of tokens weighted uw: the
// unigrams and the other tokens are matched apart and a turn scores its BM25 for the
// others plus uw × its BM25 for the unigrams. BM25 is a sum over query terms with the
// same statistics in both searches, so this is the turn's BM25 for the whole query with
// the unigrams weighted uw (exact for a turn found by both; a turn beyond one search's
// pool misses that part, as in matchTranscript). uw ≥ 1, a query of unigrams only or
// of none, and a query of common words only (matched newest first, not ranked) are
// matched in one search, unweighted.
func (e *Engine) matchTurnsWeighted(ns string, tokens []string, session string, pool int, uw float64) ([]store.TurnHit, error) {
	uni, rest := text.SplitUnigrams(tokens)
	if uw >= 1 || len(uni) == 0 || len(rest) == 0 || text.CommonOnly(tokens) {
		return e.matchTurnsOnce(ns, tokens, session, pool)
	}
	return e.matchTurnsParts(ns, [][]string{rest, uni}, []float64{1, uw}, session, pool)
}

// matchTurnsParts matches each part of a query's tokens on its own and sums a turn's
// BM25 over the parts, each times its weight: best first (ties in the order found), at
// most pool, as matchTurnsOnce returns them.
func (e *Engine) matchTurnsParts(ns string, parts [][]string, weights []float64, session string, pool int) ([]store.TurnHit, error) {
	return fuseParts(parts, weights, pool,
		func(toks []string) ([]store.TurnHit, error) { return e.matchTurnsOnce(ns, toks, session, pool) },
		func(h *store.TurnHit) (string, *float64) { return h.Turn.ID, &h.BM25 })
}

// fuseParts searches each non-empty part of a query on its own and sums a hit's BM25 over
// the parts, each times its weight: best first (ties in the order found), at most pool.
// key gives a hit's identity and its BM25 field. Turns (matchTurnsParts) and memories
// (matchLexicalWeighted) fuse the same way.
func fuseParts[H any](parts [][]string, weights []float64, pool int, search func([]string) ([]H, error), key func(*H) (string, *float64)) ([]H, error) {
	byID := map[string]int{}
	var out []H
	for i, toks := range parts {
		if len(toks) == 0 {
			continue
		}
		found, err := search(toks)
		if err != nil {
			return nil, err
		}
		for _, f := range found {
			id, bm := key(&f)
			if j, ok := byID[id]; ok {
				_, sum := key(&out[j])
				*sum += weights[i] * *bm
				continue
			}
			*bm *= weights[i]
			byID[id] = len(out)
			out = append(out, f)
		}
	}
	slices.SortStableFunc(out, func(a, b H) int {
		_, x := key(&a)
		_, y := key(&b)
		switch {
		case *x > *y:
			return -1
		case *x < *y:
			return 1
		}
		return 0
	})
	return out[:min(len(out), pool)], nil
}

// matchLexicalWeighted is matchLexical (recall's BM25 candidates) with a long query's CJK
// unigrams weighted by text.UnigramWeight, as matchTurns does for turns: the unigrams and
// the other tokens are matched apart and a memory scores its BM25 for the others plus
// the weight × its BM25 for the unigrams, best first, at most pool. A query of at most
// text.UnigramBudget unigrams (and any query without CJK text) is matched in one search
// as before.
func (e *Engine) matchLexicalWeighted(ns string, tokens []string, f store.Filter, pool int) ([]store.Candidate, error) {
	uni, rest := text.SplitUnigrams(tokens)
	uw := text.UnigramWeight(len(uni))
	if uw >= 1 || len(rest) == 0 || text.CommonOnly(tokens) {
		return e.matchLexical(ns, tokens, f, pool)
	}
	return fuseParts([][]string{rest, uni}, []float64{1, uw}, pool,
		func(toks []string) ([]store.Candidate, error) { return e.matchLexical(ns, toks, f, pool) },
		func(c *store.Candidate) (string, *float64) { return c.Memory.ID, &c.BM25 })
}
