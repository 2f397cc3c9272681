package text

import "testing"

func TestEndsWithAbbrev_case(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     bool
	}{
		{"saint", "We're driving to St.", true},
		{"doctor", "with Dr.", true},
		{"mister", "Ask Mr.", true},
		{"eg", "a week of sports, e.g.", true},
		{"ie", "the big one, i.e.", true},
		{"us", "She lives in the U.S.", true},
		{"initial", "J.", true},
		{"sentence", "I live in Leeds.", false},
		{"word_ending_st", "It was the first.", false},
		{"word_ending_dr", "Call the Dr Who fan club.", false},
		{"no_period", "St", false},
		{"digits", "Version 2.", false},
		{"cjk_before", "我在St.", true},
		{"us_word", "Come with us.", false},
		{"am_word", "Yes I am.", false},
		{"am_dotted", "at 9 a.m.", true},
		{"no_word", "I said no.", false},
		{"empty", ".", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := EndsWithAbbrev(tc.in); got != tc.want {
				t.Fatalf("EndsWithAbbrev(%q) = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
}
