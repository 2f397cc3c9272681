package text

import (
	"slices"
	"testing"
)

func TestQueryTokens_verbForms(t *testing.T) {
	for _, tc := range []struct {
		query     string
		want, not []string
	}{
		{"How long did I teach?", []string{"taught"}, nil},
		{"Where was the book written?", []string{"write", "wrote"}, nil},
		{"When did I meet Anna?", []string{"met"}, nil},
		// Light verbs are left out: their forms are in most turns.
		{"Where did I go yesterday?", nil, []string{"went", "gone"}},
		{"What did I get her?", nil, []string{"got"}},
	} {
		got := QueryTokens(tc.query)
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("QueryTokens(%q) = %q: want %q", tc.query, got, w)
			}
		}
		for _, n := range tc.not {
			if slices.Contains(got, n) {
				t.Errorf("QueryTokens(%q) = %q: not %q", tc.query, got, n)
			}
		}
	}
}
