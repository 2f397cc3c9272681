package facts

import "strings"

// A consequence after "so" that says how the assistant's answers suit the user, or the
// user's timezone, is a fact of its own (tenth round, issue 9 item 1; the eighth round's
// lasting uses are in consequence8.go): "I'm autistic, so literal and direct answers work
// best for me" (dev3.json), "I have ADHD so shorter step-by-step answers work way better
// for me" (blind2.json), "I'm based in Montreal so my timezone is Eastern" (blind.json),
// "i'm in Nairobi, so EAT timezone (UTC+3) for anything time related" (blind2.json). Every
// labelled sentence with such a consequence (4 of 4, three writers) keys the condition and
// the consequence apart, and the claim held both: one fact for two keys.

var (
	// soSuits9: ", so <what> work(s) best / better for them" in a claim's third-person text.
	soSuits9 = lazy(`(?i),?\s+so\s+((?:\S+\s+){0,5}?\S+)\s+(works?\s+(?:(?:way|much|a\s+lot|far)\s+)?(?:best|better))\s+for\s+them\b(.*)$`)
	// soZone9: ", so their timezone is …" or ", so EAT timezone (UTC+3) …".
	soZone9 = lazy(`(?i),?\s+so\s+(?:their\s+time\s?zone\s+is\s+(\S.*)|([A-Z]{2,5})\s+time\s?zone\b\s*(\([^)]{2,12}\))?.*)$`)
)

// soSuits9Cut cuts a claim's consequence of these kinds off: the claim up to "so", and
// the consequence as its own fact; ok false when the claim has none.
func soSuits9Cut(f Fact) (string, Fact, bool) {
	c := f.Content
	if !strings.HasPrefix(c, "User ") || !strings.Contains(c, " so ") && !strings.Contains(c, " So ") {
		return "", Fact{}, false
	}
	var content, pred string
	var at int
	if m := soSuits9.FindStringSubmatchIndex(c); m != nil && m[0] >= len("User is x") {
		what := strings.TrimSpace(c[m[2]:m[3]])
		if strings.EqualFold(what, "it") || strings.EqualFold(what, "that") || strings.EqualFold(what, "this") {
			return "", Fact{}, false // "so that works best for me": about the talk
		}
		content = "For User, " + what + " " + c[m[4]:m[5]] + strings.TrimRight(c[m[6]:m[7]], " .")
		pred, at = "likes", m[0]
	} else if m := soZone9.FindStringSubmatchIndex(c); m != nil && m[0] >= len("User is x") {
		if m[2] >= 0 {
			content = "User's timezone is " + strings.TrimRight(c[m[2]:m[3]], " .")
		} else {
			content = "User's timezone is " + c[m[4]:m[5]]
			if m[6] >= 0 {
				content += " " + c[m[6]:m[7]]
			}
		}
		pred, at = "location", m[0]
	} else {
		return "", Fact{}, false
	}
	g := Fact{Type: TypeProfile, Content: content, Subject: "user", Predicate: pred, Confidence: f.Confidence - 0.05, Evidence: f.Evidence}
	if pred == "likes" {
		g.Type = TypePreference
	}
	return strings.TrimRight(c[:at], " ,"), g, true
}
