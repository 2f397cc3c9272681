package facts

import (
	"strings"

	"github.com/memcore/memcore/core/internal/text"
)

// Eighth new-user pass: "Boston here." opened a conversation and became "User's name is
// Boston" — nameHere (namehere.go) takes any capitalised word that ends as no label does
// for a name. A one-word (or two-word) "X here." with no greeting before it, where X is
// a well-known city, country or region, says where the user is: "User is in Boston".
// A greeting the clause splitter strips ("Hi, Boston here") does not change that. Places
// that are also common first names (Austin, Sydney, Florence, Jordan…) stay names ("Hey,
// Austin here."): they are left out of the list on purpose: a wrong place costs as much as a wrong name, and a name is what
// "X here" after nothing more usually introduces.

// herePlaces are the places "X here." is read as, lower case. Not a gazetteer: the
// cities, countries and regions a user most likely types, kept small (each word costs
// wasm bytes).
var herePlaces = func() map[string]bool {
	m := map[string]bool{}
	for _, s := range text.WellKnownPlaces {
		m[s] = true
	}
	return m
}()

// placeHere returns the place of "X here." (x the words before "here", rest the text
// from "here" on), or "" when x is no known place, another clause of the sentence came
// before (first is false) or an age follows ("Boston here, 34" is a name and an age, as
// namehere.go reads it).
func placeHere(x, rest string, first bool) string {
	x = strings.TrimSpace(x)
	if !first || hereAge.MatchString(rest) || !herePlaces[strings.ToLower(x)] {
		return ""
	}
	if x == strings.ToLower(x) { // "seattle here": the place as it is written
		w := strings.Fields(x)
		for i := range w {
			w[i] = strings.ToUpper(w[i][:1]) + w[i][1:]
		}
		x = strings.Join(w, " ")
	}
	return x
}
