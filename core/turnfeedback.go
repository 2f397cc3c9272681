package core

import (
	"math"

	"github.com/memcore/memcore/core/internal/store"
	"github.com/memcore/memcore/core/internal/text"
)

// withTurnFeedback is searchTurns' pseudo-relevance feedback (Scoring.TurnFeedback; see
// text.FeedbackTerms for why): the words of the best candidate that the query lacks
// score every candidate again, each word weighted by how rare it is among the
// candidates (log(1 + candidates / candidates holding it)), and a candidate gets
// TurnFeedback × that score, scaled so that the best feedback score equals the best
// BM25. Only the candidates of the first search are re-scored: a turn is still found
// only by a word of the query (SearchTurns' contract), and there is no second FTS5
// query to pay for. One feedback turn, not two: the second-best turn is more often a
// wrong one, whose words then lift turns of its kind (docs/EVAL.md: two cost
// memdaily-dev 0.025 R@10 at weight 0.3). Only queries with a CJK token are re-scored
// (see text.HasCJK; the lexicon's expansions count, so an English question about a
// phone is): on every English query feedback cost LoCoMo 0.002 R@10 and 0.004 R@5. A
// query without a CJK token, a common-words query, fewer than two candidates or a
// weight of 0 leave found as it is.
func (e *Engine) withTurnFeedback(tokens []string, found []store.TurnHit) {
	w := e.scoring.TurnFeedback
	if w <= 0 || len(found) < 2 || !text.HasCJK(tokens) || text.CommonOnly(tokens) {
		return
	}
	best := 0
	for i := range found {
		if found[i].BM25 > found[best].BM25 {
			best = i
		}
	}
	terms := text.FeedbackTerms([]string{turnSearchText(&found[best].Turn)}, tokens, 0)
	top1 := found[best].BM25
	if len(terms) == 0 || top1 <= 0 {
		return
	}
	idx := make(map[string]int, len(terms))
	for i, t := range terms {
		idx[t] = i
	}
	holds := make([][]int, len(found)) // per candidate, the feedback terms it holds
	df := make([]int, len(terms))
	for i := range found {
		seen := make([]bool, len(terms))
		for _, tok := range text.Tokens(turnSearchText(&found[i].Turn)) {
			if j, ok := idx[tok]; ok && !seen[j] {
				seen[j] = true
				df[j]++
				holds[i] = append(holds[i], j)
			}
		}
	}
	score := make([]float64, len(found))
	top2 := 0.0
	for i, hs := range holds {
		for _, j := range hs {
			score[i] += math.Log1p(float64(len(found)) / float64(df[j]))
		}
		top2 = max(top2, score[i])
	}
	if top2 <= 0 {
		return
	}
	scale := w * top1 / top2
	for i := range found {
		found[i].BM25 += scale * score[i]
	}
}
