package text

import "unicode/utf8"

// UnigramBudget is how many CJK unigrams of a query count at full weight: a query with
// more of them has each weighted UnigramBudget / their number (UnigramWeight), so that
// together they weigh what UnigramBudget unigrams would.
//
// Why: a CJK run is indexed as overlapping unigrams and bigrams (写脚本 → 写 写脚 脚 脚本
// 本), so a question of a dozen characters finds a two-character word inside any text
// (脚本 in 写脚本) and a single-character word (猫) at all. In a long query — a stretch
// of dialogue, a question inside chatter — the unigrams are many (MADial-Bench's Chinese
// dialogues: 29 to 107 distinct ones, median 66) and every memory shares a few of them
// by chance (画, 开, 心), which outweighs the two or three bigrams that name the topic.
// Weighting them down for such queries (with searchTurns' feedback left out for such a
// dialogue) took MADial's Chinese dev R@10 from 0.642 to 0.692, plain BM25 0.619
// (docs/EVAL.md, fifth round). A question of at most 16 unigrams (every one of
// memdaily-dev's: 2 to 15, median 9) is searched exactly as before, since there the
// unigrams are most of what the question says: weighting them at 0.5 for every query cost
// memdaily-dev 0.025 R@10 in a simulation of BM25 alone.
const UnigramBudget = 16

// IsCJKUnigram reports whether tok is a single CJK character (a token of one rune that
// isCJK accepts): the tokens that UnigramWeight weights.
func IsCJKUnigram(tok string) bool {
	r, n := utf8.DecodeRuneInString(tok)
	return n > 0 && n == len(tok) && isCJK(r)
}

// SplitUnigrams returns the CJK unigrams of tokens and the other tokens, each in order.
func SplitUnigrams(tokens []string) (unigrams, rest []string) {
	for _, t := range tokens {
		if IsCJKUnigram(t) {
			unigrams = append(unigrams, t)
		} else {
			rest = append(rest, t)
		}
	}
	return unigrams, rest
}

// UnigramWeight returns the weight of each CJK unigram of a query that searches n of
// them: 1 up to UnigramBudget, then UnigramBudget / n.
func UnigramWeight(n int) float64 {
	if n <= UnigramBudget {
		return 1
	}
	return float64(UnigramBudget) / float64(n)
}
