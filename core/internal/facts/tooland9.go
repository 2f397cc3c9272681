package facts

import "strings"

// A second tool named after "and" and a verb of its own is a fact of its own (tenth round,
// issue 9 item 1): "I use Obsidian for notes and sync it with Syncthing" (blind2.json), "I
// keep the shop's books in QuickBooks and do the till on Square" (blind3.json). The clause
// splitter cuts before "and" only at verbs it knows, and the tool lists (claimitems.go)
// read nouns after one verb ("I study kanji with WaniKani and grammar with Genki"), so the
// claim held both tools: one fact for two keys. Every labelled English claim of the shape
// below keys both tools (3 of 3: the two above and "We track everything in Linear and docs
// live in Notion", blind.json, found before too); "…and export to Word" (blind.json, Word
// not keyed) has no with/on/in/via/using and is left, as is "…in Bath and on Etsy".

// toolAnd9: the user's claim with a first tool, "and", a verb, one to four words, and a
// preposition before the second tool's capitalised name. One word at least: "…and slides in
// Keynote", "…and grammar with Genki" leave the verb out (a gap the fifth round's rules
// read: "User also writes slides in Keynote").
var toolAnd9 = lazy(`^User\s.*?\b(?:in|with|on|using|via|uses)\s+[A-Z][\w.+-]*.*?(\s+and\s+(?:also\s+)?([a-z]{2,})\s+(?:\S+\s+){1,4}?(?:with|on|in|via|using)\s+([A-Z][\w.+-]*(?:\s[A-Z][\w.+-]*)?))\s*[.!]?$`)

// notToolVerb9: words after "and" that do not start a verb phrase.
var notToolVerb9 = wordSet(`the a an my our his her their some on in at with to for from by of it this that then also
	sometimes maybe other others more`)

// toolAnd9Cut cuts the second tool off a claim of the shape above: the claim up to "and",
// and "User also uses <tool>"; ok false when the claim is not one.
func toolAnd9Cut(f Fact) (string, Fact, bool) {
	c := f.Content
	if !strings.HasPrefix(c, "User ") || !strings.Contains(c, " and ") {
		return "", Fact{}, false
	}
	if _, tail, _ := strings.Cut(c, " and "); !strings.ContainsAny(tail, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") ||
		!strings.Contains(tail, " with ") && !strings.Contains(tail, " on ") && !strings.Contains(tail, " in ") &&
			!strings.Contains(tail, " via ") && !strings.Contains(tail, " using ") {
		return "", Fact{}, false // no capitalised name or no preposition after "and": no second tool
	}
	m := toolAnd9.FindStringSubmatchIndex(c)
	if m == nil || notToolVerb9[c[m[4]:m[5]]] {
		return "", Fact{}, false
	}
	tool := c[m[6]:m[7]]
	g := Fact{Type: TypeProfile, Content: "User also uses " + tool, Subject: "user", Predicate: "uses",
		Confidence: f.Confidence - 0.05, Evidence: f.Evidence}
	return strings.TrimRight(c[:m[2]], " ,"), g, true
}
