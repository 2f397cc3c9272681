package facts

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Cutting a sentence into clauses, and a clause that lists several things into items.

// claimClauses splits a sentence into clauses: rune spans [from, to).
func claimClauses(r []rune) [][2]int {
	out := make([][2]int, 0, 4) // most sentences have up to four clauses: one allocation
	start := 0
	goesOn := false // an English clause with the user as subject was cut: its verbs go on
	same := func(end int, status bool) bool {
		if start <= end && sameSubjectEN(r[start:end], status) {
			goesOn = true
		}
		return goesOn
	}
	cut := func(end, next int) {
		if end > start {
			out = append(out, [2]int{start, end})
		}
		start = next
	}
	tail := tailCut5(r) // a request after the claims (claimen5clause.go)
	for i := 0; i < len(r); i++ {
		c := r[i]
		switch {
		case i == tail && i > start:
			cut(i, i+1)
		case c == '，' || c == '；' || c == ';':
			// Chinese commas cut when the next clause starts with Han text or a subject.
			cut(i, i+1)
		case c == ',':
			if hanAt(r, i+1) && hanAt(r, i-1) || subjectAt(r, skipConj(r, i+1)) || questionTail(r, i+1) ||
				!hasPrefixFold(r[i+1:], " like ") && (verbAt(r, skipConj(r, i+1)) && same(i, false) || statusAt(r, skipConj(r, i+1)) && same(i, true)) || cut5At(r, start, i) {
				// ", started a new job…", ", and adopted a dog": the subject goes on.
				cut(i, i+1)
			}
		case c == ' ' && (i+2 < len(r)) && (r[i+1] == '—' || r[i+1] == '–' || r[i+1] == '-') && r[i+2] == ' ':
			// A dash cuts before a new subject or a question, not before a list.
			if subjectAt(r, i+3) || strings.HasSuffix(strings.TrimSpace(string(r[i:])), "?") {
				cut(i, i+3)
			}
		case c == '—' && (i+1 < len(r)) && r[i+1] != '—' && (i == 0 || r[i-1] != ' '):
			if subjectAt(r, i+1) || strings.HasSuffix(strings.TrimSpace(string(r[i:])), "?") {
				cut(i, i+1)
			}
		case c == ' ' && i > 0 && r[i-1] != ',':
			// " and I…", " but my…": a new subject (not "my wife and I…"); " but live in…":
			// the same subject, a new claim.
			j := skipConj(r, i+1)
			if start > i {
				continue // inside the separator of the cut before (" — ")
			}
			if j > i+1 && (subjectAt(r, j) && !compoundSubject(r[start:i]) || hasPrefixFold(r[i+1:], "but ") && verbAt(r, j) ||
				hasPrefixFold(r[i+1:], "and ") && (verbAt(r, j) && same(i, false) || statusAt(r, j) && same(i, true))) {
				cut(i, i+1)
			} else if j == i+1 && runOnAt(r, j) && !afterFunctionWord(r[start:i]) && sameSubjectEN(r[start:i], false) {
				cut(i, i+1) // "i am a teacher i live in ohio": no punctuation between two claims
			}
		}
	}
	cut(len(r), len(r))
	return out
}

// runOnAt reports whether a new first-person claim starts at i without a conjunction or
// punctuation before it: "i" or "im"/"i'm" and one of the verbs a claim starts with.
func runOnAt(r []rune, i int) bool {
	// Every prefix starts with "i": the lowered text does only when its first rune lowers
	// to 'i' (i, I, İ). Checked first, it spares a string and its lowering at each space.
	if i >= len(r) || unicode.ToLower(r[i]) != 'i' {
		return false
	}
	w := strings.ToLower(string(r[i:min(len(r), i+16)]))
	for _, p := range []string{"i ", "im ", "i'm ", "i’m "} {
		if rest, ok := strings.CutPrefix(w, p); ok {
			if p != "i " {
				return true
			}
			for _, v := range runOnVerbsEN {
				if strings.HasPrefix(rest, v+" ") {
					return true
				}
			}
		}
	}
	return false
}

// afterFunctionWord reports whether the clause so far ends with a word that joins what
// follows to it ("…, so I'm working half days", "…when I run the tests"): no run-on there.
func afterFunctionWord(r []rune) bool {
	w := strings.Fields(strings.ToLower(string(r)))
	return len(w) > 0 && functionWordsEN[strings.Trim(w[len(w)-1], ",;:")] || subordinate5(r)
}

var functionWordsEN = wordSet(`so and but or because cause cos that when whenever if then as since while where what which
	who whom how why than though although unless until before after once whether like cuz coz`)

var runOnVerbsEN = words("am live work have love like hate use study teach play own run prefer don't dont do also")

// questionTail reports whether the text from i is a question that ends the sentence
// ("I'm vegan, what should we cook?"): the statement before it stays a claim.
func questionTail(r []rune, i int) bool {
	rest := strings.TrimSpace(string(r[i:]))
	for _, w := range []string{"so ", "and ", "but "} {
		if len(rest) > len(w) && strings.EqualFold(rest[:len(w)], w) {
			rest = rest[len(w):] // "I'm vegetarian, so could you suggest…?"
			break
		}
	}
	return strings.HasSuffix(rest, "?") && questionEN.MatchString(head(rest, 32))
}

// verbAt reports whether one of the verbs a claim goes on with starts at i ("…, but live
// in Lisbon now").
func verbAt(r []rune, i int) bool {
	w := strings.ToLower(string(r[i:min(len(r), i+12)]))
	for _, v := range contVerbsEN {
		if strings.HasPrefix(w, v+" ") {
			return true
		}
	}
	return verb5At(r, i)
}

var contVerbsEN = words(`live work moved love like hate have use prefer speak study teach go play own run lived worked grew
	travel commute cook volunteer coach manage drive ride swim started adopted bought got had
	spend spent visit visited joined quit left switched married raised taught studied enjoy collect paint knit hike
	climb cycle surf ski attend avoid eat drink sleep listen watch sing dance brew grow maintain build design sell rent
	homeschool foster speak practice practise moving working living starting studying planning learning`)

// statusAt reports whether a word that says what the user is starts at i ("I'm vegan and
// allergic to soy"): after a clause "I'm …" it is a claim of its own.
func statusAt(r []rune, i int) bool {
	w := strings.ToLower(string(r[i:min(len(r), i+14)]))
	for _, v := range statusWordsEN {
		if strings.HasPrefix(w, v+" ") || w == v {
			return true
		}
	}
	return status5At(r, i)
}

var statusWordsEN = words("allergic intolerant vegan vegetarian pescatarian diabetic pregnant married engaged divorced single retired based originally lactose gluten-free celiac")

// sameSubjectEN reports whether the clause so far has the user as its subject, a verb and
// at least one word after it (or, before a status word, is "I'm X") ("I live in Austin" of "I live in Austin and work as a
// nurse"), so that a verb after "and" or a comma is the same subject going on, not a list
// inside a claim ("I like to cook and bake" keeps "bake": bake is not a verb of contVerbsEN).
func sameSubjectEN(r []rune, status bool) bool {
	w := strings.Fields(strings.ToLower(strings.TrimSpace(string(r))))
	for len(w) > 0 && discourseWordEN[strings.Trim(w[0], ",:")] {
		w = w[1:]
	}
	if sameSubject5(r, w) {
		return true // "For context: solo game dev, making…", "I'm 34 and just became…" (claimen5clause.go)
	}
	if status && len(w) == 2 && (w[0] == "i'm" || w[0] == "i’m") {
		return true // "I'm vegan and allergic to soy"
	}
	if len(w) < 3 || slices.Contains(w[max(0, len(w)-3):len(w)-1], "to") {
		return false // "I like to cook and bake", "I tend to work late and sleep in": the verb goes with "to"
	}
	switch w[0] {
	case "i", "i'm", "i’m", "i've", "i’ve", "we", "we're", "we've":
		return true
	case "grew", "moved", "born", "originally", "raised":
		return true // "Grew up in Manila, live in Seattle these days": the subject left out goes on
	}
	return false
}

var discourseWordEN = func() map[string]bool {
	m := map[string]bool{}
	for _, x := range words("so oh ok okay and also yeah well btw hi hey fyi anyway actually honestly") {
		m[x] = true
	}
	return m
}()

// compoundSubject reports whether a clause so far is "my wife" of "my wife and I…".
func compoundSubject(r []rune) bool {
	w := strings.Fields(strings.ToLower(string(r)))
	return len(w) > 0 && len(w) <= 3 && (w[0] == "my" || w[0] == "our" || w[0] == "so" && len(w) > 1 && w[1] == "my")
}

// skipConj returns where the text after a conjunction starts (i when there is none).
func skipConj(r []rune, i int) int {
	for i < len(r) && r[i] == ' ' {
		i++
	}
	for _, w := range []string{"and ", "but ", "plus ", "and also ", "and now "} {
		if hasPrefixFold(r[i:], w) {
			return i + len(w)
		}
	}
	return i
}

// hasPrefixFold reports whether r starts with w, case-folded (w is lower case).
func hasPrefixFold(r []rune, w string) bool {
	i := 0
	for _, c := range w {
		if i >= len(r) || unicode.ToLower(r[i]) != c {
			return false
		}
		i++
	}
	return true
}

func hanAt(r []rune, i int) bool {
	for i >= 0 && i < len(r) && r[i] == ' ' {
		i++
	}
	return i >= 0 && i < len(r) && unicode.Is(unicode.Han, r[i])
}

// subjectAt reports whether an English first-person subject starts at i (after a word of
// time: "…, Wednesday my daughter has a recital").
func subjectAt(r []rune, i int) bool {
	for i < len(r) && r[i] == ' ' {
		i++
	}
	if m := timeWordEN.FindStringIndex(string(r[i:min(len(r), i+40)])); m != nil {
		i += utf8.RuneCountInString(string(r[i:min(len(r), i+40)])[:m[1]])
	}
	for _, w := range []string{"i ", "i'm ", "i’m ", "i've ", "i'd ", "i'll ", "my ", "we ", "we're ", "our ", "我"} {
		if hasPrefixFold(r[i:], w) {
			return true
		}
	}
	return false
}

var timeWordEN = lazy(`(?i)^(?:on\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|today|next\s+week|this\s+weekend|later)\s+`)

var nameWord = lazy(`^\p{Lu}\p{Ll}+$`)

// listSep cuts "52, Dutch, and a grandfather of three" into its items.
var listSep = lazy(`\s*,\s*(?:and\s+)?|\s+and\s+`)

// isList returns the items of a claim "User is A, B and C" when it is a short list (2 to
// 5 items of at most 5 words, none with a verb of its own), else nil.
func isList(content string) []string {
	rest, ok := strings.CutPrefix(content, "User is ")
	if !ok || !strings.Contains(rest, ",") && !strings.Contains(rest, " and ") {
		return nil
	}
	items := listSep.Split(rest, -1)
	if n := len(items); n >= 2 && !hasHan(items[0]) && hasHan(items[n-1]) {
		// "I'm lactose intolerant too, 跟乐乐一样": a tail in another script is an aside
		// (a comparison, a translation), no item; the English head is the claim.
		for n > 1 && hasHan(items[n-1]) {
			n--
		}
		items = items[:n]
		// "too" pointed at the aside's comparison, which is cut with it.
		items[n-1] = strings.TrimSuffix(strings.TrimSuffix(items[n-1], " too"), " as well")
		return items
	}
	if n := len(items); n >= 2 && pleasantry.MatchString(items[n-1]) {
		// "I'm Marco, nice to meet you": the greeting is no item of the list.
		return items[:n-1]
	}
	if !strings.Contains(rest, ",") && (len(items) != 2 || len(strings.Fields(items[0])) > 2 || len(strings.Fields(items[1])) > 2) {
		return nil // "28 and Brazilian", not "tired of meetings and emails"
	}
	if len(items) < 2 || len(items) > 5 {
		return nil
	}
	if first := strings.Fields(items[0]); len(first) == 0 || len(first) > 3 || strings.HasSuffix(first[0], "ing") {
		return nil // not "heading out now, talk later"
	}
	for k, it := range items {
		w := strings.Fields(it)
		if len(w) == 0 || len(w) > 5 && !(k == len(items)-1 && k >= 2 && ingItem5(w)) || listLead[strings.ToLower(w[0])] {
			return nil
		}
		for _, x := range w {
			if listVerb[strings.ToLower(x)] {
				return nil
			}
		}
	}
	return items
}

// pleasantry is a greeting or thanks after an introduction ("I'm Marco, nice to meet
// you"): no claim about the user.
var pleasantry = lazy(`(?i)^\s*(?:(?:it's\s+)?(?:nice|pleased|glad|good|great|lovely)\s+to\s+(?:meet|chat\s+with|talk\s+(?:to|with))\s+you|thanks?(?:\s+you)?|cheers)\b`)

// listLead are first words of an elaboration, not an item ("pregnant, due in February").
var listLead = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range words("especially so just due nothing not also but which who like mostly in at on with for since because though although except plus even only still then") {
		m[w] = true
	}
	return m
}()

var listVerb = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range words("is am are was were have has had do does did work works live lives use uses like likes love loves go goes they i my their") {
		m[w] = true
	}
	return m
}()
