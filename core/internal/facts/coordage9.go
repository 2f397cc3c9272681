package facts

import "strings"

// An age coordinated with a second claim about the same person is two facts (tenth round,
// issue 9 item 1): "My daughter Mia, she's turning 7 and obsessed with unicorns"
// (dev3.json), "…my daughter Zoe, she's turning 9 and is obsessed with dinosaurs right now"
// (blind2.json), "My son is 6 and obsessed with sharks" (dev10.json). In every labelled
// sentence of the shape (3 of 3, three writers) the writer keyed what follows "and" apart
// from the person and the age, and the claim held both. The subject — the user or the
// family member the claim opens with ("User's daughter Zoe") — is carried to the second
// claim: "User's daughter Zoe is obsessed with dinosaurs right now". Only after an age:
// other "X and Y" claims of a relative keep one fact ("My mom has early-stage Alzheimer's
// and lives with us now": two writers key the illness alone).

// ageAnd9 is a claim's third-person text: the subject, an optional ", she's" restating it,
// the age, "and", the second claim.
var ageAnd9 = lazy(`^(User|User's\s+[^,]{2,40}?)(?:,\s+(?:she|he|they)(?:'s|’s|\s+is|\s+are|'re))?\s*(?:\s(?:is|are|'s|’s)\s+|\s)?(?:(?:just\s+)?(?:turning|turned|turns)\s+)?(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?:\s+(?:years?|yrs?|months?)(?:\s+old)?)?\s+and\s+(?:(?:is|are|'s)\s+)?(\S+)(\s.*)$`)

// ageAndState9 are the words after "and" that say what the person is ("obsessed with…").
var ageAndState9 = wordSet(`obsessed into allergic crazy afraid scared terrified autistic vegan vegetarian mad nuts
	learning starting doing going`)

// ageAnd9Cut cuts the second claim off a claim of the shape above: the claim up to "and",
// and the second claim with the subject; ok false when the claim is not one.
func ageAnd9Cut(f Fact) (string, Fact, bool) {
	c := f.Content
	if !strings.HasPrefix(c, "User") || !strings.Contains(c, " and ") || !hasAge9(c) {
		return "", Fact{}, false
	}
	m := ageAnd9.FindStringSubmatchIndex(c)
	if m == nil {
		return "", Fact{}, false
	}
	subj, word, rest := c[m[2]:m[3]], c[m[4]:m[5]], c[m[6]:m[7]]
	lw := strings.ToLower(word)
	var second string
	switch {
	case ageAndState9[lw]:
		be := " is "
		if subj == "User" && strings.HasSuffix(lw, "ing") {
			be = " is " // "User is learning…"
		}
		second = subj + be + word + rest
	case len(lw) > 3 && strings.HasSuffix(lw, "s") && !strings.HasSuffix(lw, "ss"):
		second = subj + " " + word + rest // "…and loves dinosaurs"
	default:
		return "", Fact{}, false
	}
	head := c[:strings.LastIndex(c[:m[4]], " and ")]
	g := classify(strings.TrimRight(second, " ."), second, f.remembered())
	g.Confidence = min(g.Confidence, f.Confidence)
	g.Evidence = f.Evidence
	return strings.TrimRight(head, " ,"), g, true
}

// andNeed9 prefilters ageAnd9Cut.
var andNeed9 = []string{" and "}

// hasAge9 reports whether a claim holds a number ageAnd9 can read: a digit or a number
// word; most claims with "and" have none, and skip the expression.
func hasAge9(c string) bool {
	if strings.ContainsAny(c, "0123456789") {
		return true
	}
	for _, n := range [...]string{"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"} {
		if strings.Contains(c, " "+n+" ") {
			return true
		}
	}
	return false
}
