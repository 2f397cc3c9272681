package core

import (
	"github.com/memcore/memcore/core/internal/store"
	"github.com/memcore/memcore/core/internal/text"
)

// matchTurnsAssoc is matchTurnsWeighted plus the learned expansion: the terms
// text.AssocTerms gives for tokens are searched as a third part weighted
// Scoring.TurnAssoc, so a turn that says "allergic to shellfish" is found, below the
// turns holding the question's own words, for "what can't she eat". With no table, no
// weight or no target it is matchTurnsWeighted.
func (e *Engine) matchTurnsAssoc(ns string, tokens []string, session string, pool int, uw float64) ([]store.TurnHit, error) {
	w := e.scoring.TurnAssoc
	var exp []string
	if w > 0 && !text.CommonOnly(tokens) {
		exp = text.AssocTerms(tokens)
	}
	if len(exp) == 0 {
		return e.matchTurnsWeighted(ns, tokens, session, pool, uw)
	}
	uni, rest := text.SplitUnigrams(tokens)
	if uw >= 1 {
		rest, uni = tokens, nil
	}
	return e.matchTurnsParts(ns, [][]string{rest, uni, exp}, []float64{1, uw, w}, session, pool)
}
