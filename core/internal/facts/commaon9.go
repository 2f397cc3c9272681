package facts

import "strings"

// A state after a claim's comma, "…, (still) on X", is a fact of its own (tenth round,
// issue 9 item 1): "Had knee surgery three weeks ago, still on crutches" (dev3.json), "I'm
// type 1 diabetic, on an insulin pump (Omnipod)" (blind3.json), "I work for Shopify, on the
// checkout team, mostly Ruby" (blind.json). The user's subject goes on to it: "User is
// still on crutches", "User is on the checkout team". Every labelled claim of the shape (3
// of 3, three writers) keys the state apart, and the claim held it: one fact for two keys.
// Not a time ("…, on weekends", "…, on most days": onTime9) nor a claim that is not the
// user's alone ("User's wife…", "User and family…").

// commaOn9: the claim, ", ", an optional adverb, "on" and what the user is on.
var commaOn9 = lazy(`^(User\s.+?),\s+(?:and\s+)?((?:still|now|currently|also)\s+)?on\s+(\S+)(.*)$`)

// onTime9: words after "on" that make it a time or a manner, not a state.
var onTime9 = wordSet(`most some weekends weekdays days nights mondays tuesdays wednesdays thursdays fridays
	saturdays sundays monday tuesday wednesday thursday friday saturday sunday average top purpose time call
	occasion occasions holidays it this that them my your our their his her`)

// commaOn9Cut cuts the state off a claim of the shape above: the claim up to the comma,
// and "User is (still) on X"; ok false when the claim is not one.
func commaOn9Cut(f Fact) (string, Fact, bool) {
	c := f.Content
	if !strings.HasPrefix(c, "User ") || strings.HasPrefix(c, "User and ") || !strings.Contains(c, " on ") {
		return "", Fact{}, false
	}
	m := commaOn9.FindStringSubmatchIndex(c)
	if m == nil {
		return "", Fact{}, false
	}
	first := strings.ToLower(c[m[6]:m[7]])
	if onTime9[first] || first == "the" && strings.HasPrefix(strings.ToLower(c[m[7]:]), " weekend") {
		return "", Fact{}, false
	}
	adv := ""
	if m[4] >= 0 {
		adv = c[m[4]:m[5]]
	}
	rest := c[m[6]:m[9]]
	if i := strings.Index(rest, ", "); i > 0 {
		rest = rest[:i] // "…, on the checkout team, mostly Ruby": the list goes on
	}
	g := classify("User is "+adv+"on "+strings.TrimRight(rest, " ."), rest, f.remembered())
	g.Confidence = min(g.Confidence, f.Confidence) - 0.05
	g.Evidence = f.Evidence
	head := c[:m[3]]
	if tail := c[m[6]:m[9]]; len(rest) < len(tail) {
		head += tail[len(rest):] // the list after it stays with the claim
	}
	return head, g, true
}
