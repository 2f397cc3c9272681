package facts

import "testing"

// TestClaims_part8 covers the eighth round's fixes in phrasings other than the labelled
// sets': what follows "X here," (heretail8.go).
func TestClaims_part8(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string // a substring of each fact, in order; nil: no fact
	}{
		// What follows "X here," says more of the user.
		{"en_here_age_role", "Hi! Priya here, 47, retired midwife from Leeds.", []string{"User's name is Priya", "User is 47", "User is a retired midwife from Leeds"}},
		{"en_here_habit", "Early bird here, usually up by 5am", []string{"User is an early bird", "User is usually up by 5am"}},
		{"en_here_been", "coeliac here, been gluten-free since 2015", []string{"User is a coeliac", "User has been gluten-free since 2015"}},
		{"en_here_age_and", "retired nurse here, 71 and still gardening", []string{"User is a retired nurse", "User is 71"}},
		{"en_here_verb", "Vegan here, cook mostly Indian food", []string{"User is a vegan", "User cooks mostly Indian food"}},
		{"en_here_unknown_tail", "Newbie here, sorry for the dumb question", []string{"User is a newbie"}},
		{"en_here_alone", "Night owl here.", []string{"User is a night owl"}},
	} {
		t.Run(tc.name, func(t *testing.T) { checkFacts(t, tc.text, tc.want) })
	}
}
