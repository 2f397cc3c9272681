package text

// MaxFeedbackTerms caps the terms FeedbackTerms returns: the first terms of a hit carry
// its subject, and a long hit must not make every candidate's feedback score slow.
const MaxFeedbackTerms = 32

// FeedbackTerms returns the search terms of docs (the text of a search's best hits,
// best first) that the query does not already have: the tokens of each doc in order,
// deduplicated, with stopwords and CJK glue bigrams dropped as QueryTokens drops them,
// and without query's own tokens; at most max (MaxFeedbackTerms when max <= 0).
//
// Why: it is pseudo-relevance feedback. A question often names one side of what it
// needs ("那个电话是153…的人，他身高是多少"): its best hit names the other ("我婶婶的电话号码
// 是153…"), and the turns that answer ("我婶婶的身高…", or the review that follows "我喜欢
// LG的双门冰箱") share words with that hit, not with the question. Scoring the candidates
// again by the hit's words, at a lower weight, lifts them.
func FeedbackTerms(docs []string, query []string, max int) []string {
	if max <= 0 {
		max = MaxFeedbackTerms
	}
	seen := make(map[string]struct{}, len(query)+32)
	for _, q := range query {
		seen[q] = struct{}{}
	}
	var out []string
	for _, d := range docs {
		for _, t := range Tokens(d) {
			if _, dup := seen[t]; dup {
				continue
			}
			seen[t] = struct{}{}
			if IsStopword(t) || isGlueBigram(t) {
				continue
			}
			out = append(out, t)
			if len(out) == max {
				return out
			}
		}
	}
	return out
}

// HasCJK reports whether any token is a CJK one. searchTurns' feedback applies only to
// such queries — Chinese ones, and English ones the lexicon expanded into Chinese
// ("phone" adds 电话): on all English queries it cost LoCoMo 0.002 R@10 (the reply
// context already brings the answer turn there), with this gate it gains 0.002
// (docs/EVAL.md).
func HasCJK(tokens []string) bool {
	for _, t := range tokens {
		for _, r := range t {
			if isCJK(r) {
				return true
			}
		}
	}
	return false
}
