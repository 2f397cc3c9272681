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
	byID := map[string]int{}
	var out []store.TurnHit
	for i, toks := range parts {
		if len(toks) == 0 {
			continue
		}
		found, err := e.matchTurnsOnce(ns, toks, session, pool)
		if err != nil {
			return nil, err
		}
		for _, f := range found {
			if j, ok := byID[f.Turn.ID]; ok {
				out[j].BM25 += weights[i] * f.BM25
				continue
			}
			f.BM25 *= weights[i]
			byID[f.Turn.ID] = len(out)
			out = append(out, f)
		}
	}
	slices.SortStableFunc(out, func(a, b store.TurnHit) int {
		switch {
		case a.BM25 > b.BM25:
			return -1
		case a.BM25 < b.BM25:
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
	byID := map[string]int{}
	var out []store.Candidate
	for i, toks := range [][]string{rest, uni} {
		w := 1.0
		if i == 1 {
			w = uw
		}
		found, err := e.matchLexical(ns, toks, f, pool)
		if err != nil {
			return nil, err
		}
		for _, c := range found {
			if j, ok := byID[c.Memory.ID]; ok {
				out[j].BM25 += w * c.BM25
				continue
			}
			c.BM25 *= w
			byID[c.Memory.ID] = len(out)
			out = append(out, c)
		}
	}
	slices.SortStableFunc(out, func(a, b store.Candidate) int {
		switch {
		case a.BM25 > b.BM25:
			return -1
		case a.BM25 < b.BM25:
			return 1
		}
		return 0
	})
	return out[:min(len(out), pool)], nil
}
