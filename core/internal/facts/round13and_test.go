package facts

import "testing"

// TestExtract_round13and pins round13and.go: a second verb after "and" kept inside a claim
// agrees with the user, and a status word with its time after "and" is a past verb — with
// the shapes that must stay as they were (an infinitive, a noun, a plain status).
func TestExtract_round13and(t *testing.T) {
	for _, tc := range []struct {
		text      string
		want, not []string
	}{
		{"I volunteer at the food bank on Tuesdays and read to children at the library.", []string{"User volunteers at the food bank on Tuesdays and reads to children"}, []string{"and read to"}},
		{"I take glucosamine every morning and do physio exercises for my knee.", []string{"User takes glucosamine every morning and does physio exercises"}, []string{"and do physio"}},
		{"I work from home and take the kids to school.", []string{"User works from home and takes the kids to school"}, nil},
		{"I like to cook and read.", []string{"User likes to cook and read"}, []string{"reads"}},
		{"I want to learn and teach yoga.", []string{"User wants to learn and teach yoga"}, []string{"teaches"}},
		{"I walk the dog and the cat.", []string{"User walks the dog and the cat"}, nil},
		{"I taught primary school for 34 years and retired last spring.", []string{"User taught primary school for 34 years", "User retired last spring"}, []string{"is retired"}},
		{"I worked as a nurse for 30 years and retired in 2020.", []string{"User worked as a nurse for 30 years", "User retired in 2020"}, []string{"is retired"}},
		{"I'm 70 and retired.", []string{"User is 70", "User is retired"}, nil},
		{"I'm vegan and allergic to soy.", []string{"User is vegan", "User is allergic to soy"}, nil},
	} {
		t.Run(tc.text, func(t *testing.T) { checkFactsNot(t, tc.text, tc.want, tc.not) })
	}
}
