package facts

import "strings"

// New-user pass: "Hey, Marcus here." and "Hi there! Marta here, 52, retired pharmacist"
// introduce the user by name, but hereEN ("Type 1 diabetic here", "Night owl here") read
// every "X here" as what the user is and wrote "User is a marcus". A capitalised word or
// two that is no role is a name when something tells it apart from a label written at the
// start of a sentence ("Vegan here."): it is not the sentence's first clause (a greeting
// came before), it is two capitalised words, an age follows, or it does not end as labels
// and adjectives do (-ic, -ist, -ive, -ian, -er…).

// nameHereWord is one or two capitalised words with no capitals inside ("Marcus",
// "Marcus Lee"; not "ICU", not "type 1").
var nameHereWord = lazy(`^\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?$`)

// hereAge is what follows "X here" when it is an age: ", 52".
var hereAge = lazy(`^\s*here\s*,\s*\d{1,2}\b`)

// labelEnd are the endings of self-labels and adjectives ("Diabetic", "Vegan",
// "Newbie", "Introvert", "Beginner"), which a bare "X here." at a sentence's start
// more likely is than a name.
var labelEnd = lazy(`(?i)(?:ic|ist|ive|ian|an|er|or|ee|ie|ert|ant|ent|ish|ous|ful|less|ing|ed)$`)

// nameHere returns the name of "X here" (x the words before "here", rest the text from
// "here" on), or "" when x is a role or label.
func nameHere(x, rest string, first bool) string {
	x = strings.TrimSpace(x)
	if !nameHereWord.MatchString(x) || roleEN.MatchString(x) || role5EN.MatchString(x) {
		return ""
	}
	if !first || strings.Contains(x, " ") || hereAge.MatchString(rest) || !labelEnd.MatchString(x) {
		return x
	}
	return ""
}
