package text

// MaxFeedbackTerms caps the terms FeedbackTerms returns: each becomes an OR'ed FTS5
// term of a second query, so a long top hit must not make that query slow; the first
// terms of the best hits carry its subject.
const MaxFeedbackTerms = 32

// FeedbackTerms returns the search terms of docs (the text of a search's best hits,
// best first) that the query does not already have: the tokens of each doc in order,
// deduplicated, with stopwords and CJK glue bigrams dropped as QueryTokens drops them,
// and without query's own tokens; at most max (MaxFeedbackTerms when max <= 0).
//
// Why: it is pseudo-relevance feedback. A question often names one side of what it
// needs ("那个电话是153…的人，他身高是多少"): its best hit names the other ("我婶婶的电话号码
// 是153…"), and the turns that answer ("我婶婶的身高…", or the review that follows "我喜欢
// LG的双门冰箱") share words with that hit, not with the question. Searching again with
// the hit's words, at a lower weight, reaches them.
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
