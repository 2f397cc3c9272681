package core

import "github.com/memcore/memcore/core/internal/text"

// Tokenize returns the tokens memcore indexes for s: Unicode-normalised, lowercased words
// and, for CJK runs, character unigrams and bigrams (docs/SCORING.md). It is exposed so
// that measurements (internal/eval's plain-BM25 baseline) and hosts see exactly what the
// engine indexes, without a second tokenizer that could drift from it.
func Tokenize(s string) []string { return text.Tokens(s) }

// IsStopword reports whether a token (from Tokenize) is one of the function words
// memcore drops from queries.
func IsStopword(token string) bool { return text.IsStopword(token) }
