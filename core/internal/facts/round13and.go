package facts

import "strings"

// Thirteenth round (the lead, from newuser13's pass): a second verb after "and" that
// the clause cutter keeps inside the claim stays in the base form once the first is put
// in the third person — "I volunteer at the food bank and read to children" gave "User
// volunteers at the food bank and read to children", "I take glucosamine every morning
// and do physio exercises" "… and do physio exercises". The cutter splits only at the
// verbs of contVerbsEN, with reason ("I like to cook and bake" is one taste), so the fix
// is in the wording, not the cut: the verb after the first " and " is conjugated too when
// it is one of andVerbs13 and no "to" stands between the two verbs ("likes to cook and
// read" keeps "read": an infinitive).

// andVerbs13 are base forms that, right after " and ", are the user's second verb.
var andVerbs13 = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range words(`read do write take walk make help look care run play go teach work cook volunteer tutor coach
		sing paint garden visit watch listen bake knit sew swim cycle drive ride fish hike practise practice attend study
		keep try use need feed clean mentor look spend see call sleep eat drink wear carry wake get feel love like hate
		enjoy prefer have`) {
		m[w] = true
	}
	return m
}()

// andVerb13 conjugates the verb after the first " and " of body, a claim whose lead verb
// was conjugated ("User volunteers …"); body is returned as it is otherwise.
func andVerb13(body string) string {
	i := strings.Index(body, " and ")
	if i < 0 {
		return body
	}
	// "to" between the two verbs makes the second an infinitive: "likes to cook and read".
	if strings.Contains(" "+body[:i]+" ", " to ") { // body starts after the verb: "to cook and read"
		return body
	}
	rest := body[i+len(" and "):]
	verb, tail, _ := strings.Cut(rest, " ")
	if !andVerbs13[verb] {
		return body
	}
	cv := conjugate(verb)
	if verb == "read" {
		cv = "reads" // conjugate leaves "read" alone as a past tense; after a present verb it is not
	}
	return body[:i] + " and " + cv + spaceIf(tail)
}

// statusVerb13 reports whether a clause going on after the user's claim opens with a
// status word used as a past verb with its time: "… and retired last spring", "…, married
// in 1990" — "User retired last spring", not "User is retired last spring".
func statusVerb13(text string) bool {
	w := strings.Fields(strings.ToLower(text))
	if len(w) < 2 {
		return false
	}
	switch w[0] {
	case "retired", "married", "divorced", "engaged", "separated", "widowed":
	default:
		return false
	}
	switch w[1] {
	case "last", "in", "this", "early", "earlier", "recently", "back", "after", "when", "at", "a", "two", "three",
		"four", "five", "six", "seven", "eight", "nine", "ten", "years", "months", "from":
		return true
	}
	return w[1] != "" && w[1][0] >= '0' && w[1][0] <= '9' // "retired 2019"
}
