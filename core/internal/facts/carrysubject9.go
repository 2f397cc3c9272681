package facts

import "strings"

// The subject of a bare claim carried to the verb after it (tenth round, issue 9 item 1:
// one fact per distinct claim). A user who leaves the subject out of a profile line leaves
// it out of the clause after it too: "Allergic to bee stings, carry an EpiPen"
// (dev10.json), "Single mum of two, work part-time at a pharmacy" (dev9.json, which the
// clause splitter's own verbs already carried), "Irish, lives in Cork, works nights."
// (blind.json, whose first clause makes no claim: not reached). The clause splitter cut
// the verb off (", carry…": the subject goes on) but the clause has no subject, so
// nothing was made of it and its claim was lost. When the clause before it in the
// sentence made a claim whose subject is the user alone ("User is allergic…", "User has
// a peanut allergy"; not "User's wife…", "User and family…"), a clause that opens with one
// of the verbs below — a lasting doing, not a request to the assistant ("Vegetarian, give
// me a dinner idea", "…, use tofu") — is the user's claim: "User carries an EpiPen".

// carryVerbs9 are the verbs a carried clause may open with, in the base form the
// user wrote (a verb in -s is the user's too: "works nights"). Left out on purpose:
// use, make, give, tell, show, help, keep, suggest, write — a clause that opens with them
// is as often an instruction ("use metric", "keep it short").
var carryVerbs9 = wordSet(`carry wear take have own live work teach study eat drink avoid run train cook bike cycle
	walk swim commute speak volunteer coach drive ride grow raise foster homeschool`)

// carryAdverbs9 may come before the verb ("always carry an epipen").
var carryAdverbs9 = wordSet(`always usually also still never mostly often just normally generally`)

// carrySubject9 returns the claim of a clause with no subject after a claim of the user's
// (prev, the fact of the clause before in the same sentence); ok false when it is not one.
func carrySubject9(text, prev string, remember bool) (Fact, bool) {
	if !strings.HasPrefix(prev, "User ") || strings.HasPrefix(prev, "User and ") || hasHan(text) || strings.HasSuffix(text, "?") {
		return Fact{}, false
	}
	w := strings.Fields(text)
	if len(w) < 2 || len(w) > 12 {
		return Fact{}, false
	}
	i, lead := 0, ""
	if carryAdverbs9[strings.ToLower(w[0])] {
		i, lead = 1, strings.ToLower(w[0])+" "
	}
	v := strings.ToLower(w[i])
	var verb string
	switch {
	case carryVerbs9[v]:
		verb = conjugate(v)
	case v == "don't" || v == "dont" || v == "don’t":
		if i+1 >= len(w) || !carryVerbs9[strings.ToLower(w[i+1])] {
			return Fact{}, false
		}
		verb, i = "doesn't "+strings.ToLower(w[i+1]), i+1
	case len(v) > 3 && strings.HasSuffix(v, "s") && (carryVerbs9[v[:len(v)-1]] || strings.HasSuffix(v, "es") && carryVerbs9[v[:len(v)-2]]) || v == "has" || v == "carries" || v == "studies":
		verb = v // "works nights": already the third person
	default:
		return Fact{}, false
	}
	if i+1 >= len(w) || strings.EqualFold(w[i+1], "me") || strings.EqualFold(w[i+1], "you") {
		return Fact{}, false // "take me…", "have you…": not the user's claim
	}
	rest := rewriteEN(strings.Join(w[i+1:], " "), false)
	g := classify("User "+lead+verb+" "+rest, text, remember)
	g.Confidence = min(g.Confidence, 0.65)
	return g, true
}

// carryTail9 returns the claims carried in the comma pieces of a clause whose claim (f)
// did not take them: "Allergic to bee stings, carry an EpiPen" is one clause (the
// splitter cuts only after a subject), and its claim is the allergy alone. A piece is
// looked at only when its first word (after an adverb) is a verb above: most claims with
// a comma have none, and they cost a few lookups.
func carryTail9(text string, f Fact, remember bool) []Fact {
	if hasHan(text) {
		return nil
	}
	var out []Fact
	rest := text
	for {
		i := strings.Index(rest, ", ")
		if i < 0 {
			return out
		}
		rest = rest[i+2:]
		p, _, _ := strings.Cut(rest, ", ")
		if !carryOpens9(p) {
			continue
		}
		w := strings.Fields(strings.ToLower(p))
		if len(w) < 2 || strings.Contains(strings.ToLower(f.Content), strings.Join(w[len(w)-2:], " ")) {
			continue // the claim holds this piece already
		}
		if g, ok := carrySubject9(strings.TrimSpace(p), f.Content, remember); ok {
			out = append(out, g)
		}
	}
}

// carryOpens9 reports whether a piece opens with a verb of carryVerbs9, in the base or
// the -s form, or "don't", after at most one adverb — without allocating for a piece that
// does not.
func carryOpens9(p string) bool {
	p = strings.TrimSpace(p)
	w, after, _ := strings.Cut(p, " ")
	w = strings.ToLower(w) // no copy for a lower-case word
	if carryAdverbs9[w] {
		w, _, _ = strings.Cut(strings.TrimSpace(after), " ")
		w = strings.ToLower(w)
	}
	return carryVerbs9[w] || w == "don't" || w == "dont" || w == "don’t" || w == "has" ||
		len(w) > 3 && w[len(w)-1] == 's' && (carryVerbs9[w[:len(w)-1]] || strings.HasSuffix(w, "es") && carryVerbs9[w[:len(w)-2]] || strings.HasSuffix(w, "ies") && carryVerbs9[w[:len(w)-3]+"y"])
}
