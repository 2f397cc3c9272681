package core

import (
	"github.com/memcore/memcore/core/internal/store"
	"github.com/memcore/memcore/core/internal/text"
)

// turnFeedbackDocs is how many of the first search's best turns feed the second: one.
// Measured (docs/EVAL.md): two at weight 0.3 cost memdaily-dev 0.030 R@10 against one,
// as the second-best turn is more often a wrong one whose words then lift its kind.
const turnFeedbackDocs = 1

// withTurnFeedback is searchTurns' pseudo-relevance feedback (Scoring.TurnFeedback, see
// text.FeedbackTerms for why): the words of the best turnFeedbackDocs hits that the
// query lacks are searched as a second query over the same turns, and each turn gets
// weight × its BM25 in that search, scaled so that the best second-search score equals
// the best first-search score; turns found only by the second search join the
// candidates with that share alone. found is the first search's candidates; the result
// is unsorted (rerankBySession sorts). A common-words query, or a weight of 0, is left
// as it is.
func (e *Engine) withTurnFeedback(ns string, tokens []string, session string, pool int, found []store.TurnHit) ([]store.TurnHit, error) {
	w := e.scoring.TurnFeedback
	if w <= 0 || len(found) == 0 || text.CommonOnly(tokens) {
		return found, nil
	}
	// The best hits, by BM25 (found is best first, but do not rely on it).
	best := make([]int, 0, turnFeedbackDocs)
	for i := range found {
		best = append(best, i)
		for j := len(best) - 1; j > 0 && found[best[j]].BM25 > found[best[j-1]].BM25; j-- {
			best[j], best[j-1] = best[j-1], best[j]
		}
		if len(best) > turnFeedbackDocs {
			best = best[:turnFeedbackDocs]
		}
	}
	docs := make([]string, len(best))
	for i, b := range best {
		docs[i] = turnSearchText(&found[b].Turn)
	}
	terms := text.FeedbackTerms(docs, tokens, 0)
	if len(terms) == 0 {
		return found, nil
	}
	more, err := e.matchTurns(ns, terms, session, pool)
	if err != nil || len(more) == 0 {
		return found, err
	}
	top1, top2 := found[best[0]].BM25, 0.0
	for _, m := range more {
		top2 = max(top2, m.BM25)
	}
	if top1 <= 0 || top2 <= 0 {
		return found, nil
	}
	scale := w * top1 / top2
	at := make(map[string]int, len(found))
	for i, f := range found {
		at[f.Turn.ID] = i
	}
	for _, m := range more {
		if i, ok := at[m.Turn.ID]; ok {
			found[i].BM25 += scale * m.BM25
			continue
		}
		m.BM25 *= scale
		found = append(found, m)
	}
	return found, nil
}
