package core

import (
	"github.com/memcore/memcore/core/internal/store"
	"github.com/memcore/memcore/core/internal/text"
)

// clauseOtherWeight is how much a turn's score for the other questions of a query adds
// to its best question's (after each question's scores are divided by its best): a turn
// that answers two questions ranks above one that answers one. Not sharp: 0, 0.15, 0.3
// and 0.6 score within 0.002 R@10 of each other on the dev sets (docs/EVAL.md).
const clauseOtherWeight = 0.3

// matchClauses is matchTurns for a query of several questions (text.QueryClauses): each
// question is matched on its own (with the feedback, when feedback is set), its scores
// divided by its best, and a turn scores the best of its questions' plus
// clauseOtherWeight × the others', times the best BM25 of all questions, so that the
// best turns of every question come first.
func (e *Engine) matchClauses(ns string, clauses []string, session string, pool int, feedback bool) ([]store.TurnHit, error) {
	type acc struct {
		hit       store.TurnHit
		best, sum float64
	}
	byID := map[string]*acc{}
	var order []string
	top := 0.0
	for _, c := range clauses {
		toks := text.QueryTokens(c)
		if len(toks) == 0 {
			continue
		}
		found, err := e.matchTurns(ns, toks, session, pool)
		if err != nil {
			return nil, err
		}
		if feedback {
			e.withTurnFeedback(toks, found)
		}
		e.withAnswerKind(c, found)
		best := 0.0
		for _, f := range found {
			best = max(best, f.BM25)
		}
		if best <= 0 {
			continue
		}
		top = max(top, best)
		for _, f := range found {
			v := f.BM25 / best
			a := byID[f.Turn.ID]
			if a == nil {
				a = &acc{hit: f}
				byID[f.Turn.ID] = a
				order = append(order, f.Turn.ID)
			}
			a.best = max(a.best, v)
			a.sum += v
		}
	}
	out := make([]store.TurnHit, 0, len(order))
	for _, id := range order {
		a := byID[id]
		a.hit.BM25 = top * (a.best + clauseOtherWeight*(a.sum-a.best))
		out = append(out, a.hit)
	}
	return out, nil
}
