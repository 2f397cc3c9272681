package core

import (
	"slices"

	"github.com/memcore/memcore/core/internal/store"
	"github.com/memcore/memcore/core/internal/text"
)

// transcriptOtherWeight is the weight of the words only the other speakers of a
// transcript query said (text.SplitTranscript), against 1 for the asker's own words.
// Measured on MADial-Bench's dev dialogues (R@10, zh / en): 1 gives 0.632 / 0.678, 0.7
// 0.642 / 0.687, 0.5 0.642 / 0.700, 0.3 0.647 / 0.701, 0 (the asker's words alone) 0.651 /
// 0.683; 0.5 is in the middle of what helps both languages (docs/EVAL.md, fourth round).
const transcriptOtherWeight = 0.5

// matchTranscript is matchTurns for a query that is a stretch of dialogue: the asker's
// tokens and the others' own tokens are matched apart and a turn scores its BM25 for the
// first plus transcriptOtherWeight × its BM25 for the second. BM25 is a sum over query
// terms with the same statistics in both searches, so this is the turn's BM25 for the
// whole query with the others' terms weighted down (exact for a turn found by both; a
// turn beyond one search's pool misses that part). The CJK unigrams of the whole query
// are weighted as one query's (text.UnigramWeight: a Chinese dialogue has dozens of
// them). With feedback set, the candidates get searchTurns' feedback
// (withTurnFeedback) — unless the unigrams were weighted down: measured on MADial-Bench's
// Chinese dev dialogues, R@10 0.705 with it, 0.720 without (docs/EVAL.md, fifth round);
// the best turn's other words drift from a topic the dialogue already names in many
// words. An English dialogue (whose only CJK tokens are the lexicon's few expansions)
// keeps the feedback as before.
func (e *Engine) matchTranscript(ns string, tr text.Transcript, session string, pool int, feedback bool) ([]store.TurnHit, error) {
	mine := text.QueryTokens(tr.Asker)
	var others []string
	for _, t := range text.QueryTokens(tr.Others) {
		if !slices.Contains(mine, t) {
			others = append(others, t)
		}
	}
	all := append(append([]string(nil), mine...), others...)
	uni, _ := text.SplitUnigrams(all)
	uw := text.UnigramWeight(len(uni)) // the whole query's unigrams, as one query's (turnunigrams.go)
	byID := map[string]int{}
	var out []store.TurnHit
	for i, toks := range [][]string{mine, others} {
		if len(toks) == 0 {
			continue
		}
		w := 1.0
		if i == 1 {
			w = transcriptOtherWeight
		}
		found, err := e.matchTurnsWeighted(ns, toks, session, pool, uw)
		if err != nil {
			return nil, err
		}
		for _, f := range found {
			if j, ok := byID[f.Turn.ID]; ok {
				out[j].BM25 += w * f.BM25
				continue
			}
			f.BM25 *= w
			byID[f.Turn.ID] = len(out)
			out = append(out, f)
		}
	}
	if feedback && uw >= 1 {
		e.withTurnFeedback(all, out)
	}
	return out, nil
}
