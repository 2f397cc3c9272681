package text

// QueryTerms returns the terms a query asks with: QueryTokens before the lexicon's and
// the units' expansions are appended (its distinct tokens, stopwords and glue bigrams
// dropped; all of them when nothing else is left). Recall measures with them how much
// of a question its best memory answers (core/recallcoverage.go): an expansion is a way
// to find a term, not one more thing the question asks.
func QueryTerms(s string) []string {
	toks := Tokens(s)
	if len(toks) == 0 {
		return nil
	}
	uniq := make([]string, 0, len(toks))
	seen := make(map[string]bool, len(toks))
	for _, t := range toks {
		if !seen[t] {
			seen[t] = true
			uniq = append(uniq, t)
		}
	}
	if out := searchedTokens(uniq); len(out) > 0 {
		return out
	}
	return uniq[:min(len(uniq), MaxQueryTokens)]
}

// TermForms returns term and the tokens QueryTokens would search for it alone (the
// lexicon's other terms, 161cm's 161厘米): a memory that holds any of them answers the
// term ("budget" is answered by 预算).
func TermForms(term string) []string {
	one := []string{term}
	out := append(one, expandTerms(term, one)...)
	return append(out, expandUnits(term, out)...)
}
