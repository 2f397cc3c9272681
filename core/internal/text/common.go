package text

// CommonOnly reports whether query tokens (from QueryTokens) are all common words: every
// one a stopword (see IsStopword) or a CJK bigram holding a function character (see
// dropGlueBigrams), as in "you the by to" or 你是谁 (你是 是谁). QueryTokens keeps such
// tokens only when dropping them would leave nothing, so a query like this matches nearly
// every document of its language; recall and searchTurns rank only its newest matches
// (core/recall_common.go). It is false for no tokens.
func CommonOnly(tokens []string) bool {
	for _, t := range tokens {
		if !IsStopword(t) && !isGlueBigram(t) {
			return false
		}
	}
	return len(tokens) > 0
}
