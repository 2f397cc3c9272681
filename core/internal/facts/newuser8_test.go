package facts

import (
	"strings"
	"testing"
)

// TestExtract_newUser8 runs the messages the eighth new-user pass found mangled: a city
// before "here" read as the user's name, and the rule a user drew from an allergy ("so no
// peanuts") dropped. Each must yield the facts a reader keeps, and the neighbouring
// shapes (a name before "here", a bare allergy) must not change.
func TestExtract_newUser8(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string // each fact's content, in order
	}{
		{"placeHere", "Boston here.", []string{"User is in Boston"}},
		{"placeHereTwoWords", "New York here.", []string{"User is in New York"}},
		{"placeHereLower", "seattle here", []string{"User is in Seattle"}},
		{"placeHereCountry", "Japan here, 3am lol", []string{"User is in Japan"}},
		{"nameHereGreeting", "Hey, Marcus here.", []string{"User's name is Marcus"}},
		{"nameHerePlaceLikeName", "Austin here.", []string{"User's name is Austin"}},
		{"nameHereAge", "Hi there! Marta here, 52.", []string{"User's name is Marta", "User is 52"}}, // as newuser_test.go: a name and an age
		{"allergyTail", "nut allergy, so no peanuts", []string{"User has a nut allergy, so no peanuts"}},
		{"allergyTailAside", "nut allergy btw, so no peanuts please.", []string{"User has a nut allergy, so no peanuts"}},
		{"allergyTailNothing", "gluten intolerance, so nothing with wheat", []string{"User has a gluten intolerance, so nothing with wheat"}},
		{"allergyTailDash", "shellfish allergy — no shrimp please", []string{"User has a shellfish allergy, no shrimp"}},
		{"allergyBare", "shellfish allergy fyi", []string{"User has a shellfish allergy"}},
		// issue 9 item 4: what the user does about it, "so I …", stays too, in the third person.
		{"allergyTailSoI", "nut allergy, so I carry an epipen", []string{"User has a nut allergy, so they carry an epipen"}},
		{"allergyTailSoIAlways", "peanut allergy btw, so I always carry an EpiPen.", []string{"User has a peanut allergy, so they always carry an EpiPen"}},
		{"allergyTailSoICant", "gluten intolerance, so I can't eat regular bread", []string{"User has a gluten intolerance, so they can't eat regular bread"}},
		{"allergyTailDashI", "nut allergy - I always carry an epipen", []string{"User has a nut allergy", "User always carries an epipen"}}, // a claim of its own already
		{"allergyTailSoIGuess", "nut allergy, so I guess that's a no", []string{"User has a nut allergy"}},
	} {
		got := Extract([]Message{{Role: "user", Text: tc.text}}, Options{MinMessages: 1}).Facts
		var cs []string
		for _, f := range got {
			cs = append(cs, f.Content)
		}
		if strings.Join(cs, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s %q: got %q, want %q", tc.name, tc.text, cs, tc.want)
		}
	}
}

// TestPlaceHere_location checks that a place before "here" is typed as where the user is,
// so that recall's profile questions ("where am I based") find it.
func TestPlaceHere_location(t *testing.T) {
	got := Extract([]Message{{Role: "user", Text: "Boston here."}}, Options{MinMessages: 1}).Facts
	if len(got) != 1 || got[0].Type != TypeProfile || got[0].Predicate != "location" {
		t.Fatalf("got %+v, want one profile fact with predicate location", got)
	}
}
