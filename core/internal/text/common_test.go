package text

import "testing"

// TestCommonOnly_cases: the queries QueryTokens keeps only because nothing else is left.
func TestCommonOnly_cases(t *testing.T) {
	for _, tc := range []struct {
		query string
		want  bool
	}{
		{"you the by to", true},
		{"the who", true},
		{"你是谁", true},
		{"我的", true},
		{"the who manager", false},
		{"who lives in Berlin", false},
		{"我上司的生日是哪天", false},
		{"他们在哪里", false}, // 哪里 expands into 地点, where…
		{"", false},
		{"?!", false},
	} {
		t.Run(tc.query, func(t *testing.T) {
			toks := QueryTokens(tc.query)
			if got := CommonOnly(toks); got != tc.want {
				t.Errorf("CommonOnly(QueryTokens(%q) = %q) = %v, want %v", tc.query, toks, got, tc.want)
			}
		})
	}
}
