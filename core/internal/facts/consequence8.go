package facts

import "strings"

// A lasting use or preference after "so" is a fact of its own (eighth round, issue 9 item
// 1). "I'm deaf in one ear so I use captions for everything" (dev2.json), "I'm hard of
// hearing, so I prefer written instructions" (dev3.json), "…, so I speak Portuguese,
// Japanese, and okay English" (blind2.json), "i'm legally blind so i use a screen reader"
// (blind3.json), "dairy doesn't agree with me so I go for oat milk" (dev2.json): four
// writers key what the user uses, prefers or speaks apart from the condition it follows
// from, and the claim held both. Of the labelled English sentences with a consequence
// after "so", 11 of 36 have a key on each side; most of the others go on with a passing
// state ("so I'm working half days", "so I'm slammed until then"), which stays joined:
// only the verbs of a lasting use or taste are cut off. One writer (dev.json, "I wear
// hearing aids, so I prefer text over calls") keys the condition alone.

// soUse8 is the consequence in a claim's third-person text: ", so they use …" (and the
// "i" the rewrite left: "so i use a screen reader").
var soUse8 = lazy(`(?i),?\s+so\s+(?:they|I)\s+((?:use|prefer|speak|go\s+for|rely\s+on)\s+\S.*)$`)

// soConsequence8 cuts a claim's lasting consequence off: the claim up to "so", and the
// consequence as "User uses …"; ok false when the claim has none.
func soConsequence8(f Fact) (string, Fact, bool) {
	c := f.Content
	if !strings.HasPrefix(c, "User ") || !containsLower(c, " so ") {
		return "", Fact{}, false
	}
	m := soUse8.FindStringSubmatchIndex(c)
	if m == nil || m[0] < len("User is x") {
		return "", Fact{}, false
	}
	rest := c[m[2]:m[3]]
	if i := strings.Index(strings.ToLower(rest), ", please"); i > 0 {
		rest = rest[:i] // "…a screen reader, please keep formatting simple": the request is a rule
	}
	verb, tail, _ := strings.Cut(rest, " ")
	g := classify("User "+conjugate(strings.ToLower(verb))+" "+tail, rest, f.Confidence >= 0.85)
	g.Confidence = f.Confidence - 0.05
	g.Evidence = f.Evidence
	return strings.TrimRight(c[:m[0]], " ,"), g, true
}
