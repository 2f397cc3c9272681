package core

import (
	"github.com/memcore/memcore/core/internal/store"
	"github.com/memcore/memcore/core/internal/text"
)

// withAnswerKind multiplies by 1 + Scoring.TurnAnswerKind the score of each candidate
// that holds the kind of answer the question asks for (text.QuestionAnswerKind: "什么时
// 候 …" wants a date or a time, "how many …" a number): of two turns that share the
// question's words, the one that can answer it ranks first. Only the candidates are
// re-scored (a turn is still found by a word of the query); a question whose words name
// no kind, or a weight of 0, leaves found as it is.
func (e *Engine) withAnswerKind(question string, found []store.TurnHit) {
	w := e.scoring.TurnAnswerKind
	if w <= 0 || len(found) < 2 {
		return
	}
	k := text.QuestionAnswerKind(question)
	if k == text.AnyAnswer {
		return
	}
	for i := range found {
		if text.HoldsAnswerKind(found[i].Turn.Content, k) {
			found[i].BM25 *= 1 + w
		}
	}
}
