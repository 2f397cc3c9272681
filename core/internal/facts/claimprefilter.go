package facts

import (
	"strings"
	"unicode/utf8"
)

// Cheap checks that skip the claim rules' larger expressions on clauses they cannot
// match. Go's regexp costs the input's length times the expression's size, and these run
// on every clause of every user sentence; each check below is a superset of its
// expression (TestPrefilter_changesNothing and FuzzExtract run with and without them).

// tokenIn reports whether one of the first n whitespace-separated words of s, lower-cased
// and with trailing punctuation cut, is in set.
func tokenIn(s string, n int, set map[string]bool) bool {
	for w := range strings.FieldsSeq(s) { // the words one by one: no slice of all of them for the first n
		if n--; n < 0 {
			return false
		}
		w = strings.ToLower(strings.TrimRight(w, ",.;:!?—–-…)\"'’"))
		if set[w] {
			return true
		}
		if i := strings.IndexAny(w, ",.;:!?—–"); i > 0 && set[w[:i]] {
			return true // "ok,so" glued
		}
		for i := 1; i < len(w); i++ { // a word ends at Go's \b: `think"000`, "think-tank", "think'"
			if isWordByte(w[i-1]) && !isWordByte(w[i]) && set[w[:i]] {
				return true
			}
		}
	}
	return false
}

func wordSet(list string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(list) {
		m[w] = true
	}
	return m
}

// discourseENFirst are the first words of discourseEN's alternatives: a clause whose first
// word is none of them does not start with a discourse word.
var discourseENFirst = wordSet(`oh ok okay so also and but plus btw by fyi for background context important quick intro
	about a well hi hey hello yeah yes again honestly actually anyway just heads heads-up good please can could remember some
	fwiw tbh imo ngl ugh welp anyways
	note keep don't do make save`)

// discourseZHFirst are the first characters of discourseZH's alternatives.
const discourseZHFirst = "先说介讲简我情背基个对另还顺自其老嗯哦噢好那是补提你您重这请麻帮记备别不千hHr"

// mayDiscourse reports whether discourseEN or discourseZH can match at the start of t.
func mayDiscourse(t string) bool {
	if !prefilter {
		return true
	}
	r, _ := utf8.DecodeRuneInString(t)
	return strings.ContainsRune(discourseZHFirst, r) || tokenIn(t, 1, discourseENFirst)
}

// notClaimENWords are the words notClaimEN's alternatives start with; its adverbs and
// auxiliaries come before them, so the check looks at every word of the clause's head.
var notClaimENWords = wordSet(`not sure sorry glad happy afraid wondering curious confused lost stuck kidding joking
	following logging signing almost nearly meaning gonna back here ready done work home school fine good ok okay alright great tired exhausted bored hungry thirsty sleepy stressed nervous
	excited upset annoyed frustrated thinking trying looking going about asking writing impressed grateful thankful
	amazed surprised disappointed working on heading at in got getting off brb afk think thought guess suppose believe
	feel wonder wondered hope wish mean meant see saw know knew understand agree disagree bet doubt assume imagine
	appreciate apologise apologize forgot need want 'd ’d would could should might may must can't try check let get be
	look do have just wanted like love hate said told asked tried did didn't don't cannot used probably maybe promise
	owe 'd've`)

// mayNotClaimEN reports whether notClaimEN can match rest (its first 64 bytes).
func mayNotClaimEN(rest string) bool {
	if !prefilter || tokenIn(rest, 16, notClaimENWords) {
		return true
	}
	// The auxiliary may be glued to what follows ("amnot sure" matches `am\s*not\s+sure`).
	first := strings.ToLower(strings.TrimLeft(rest, " \t\n"))
	for _, aux := range []string{"'m", "’m", "am", "was", "'ll", "’ll", "will", "'d", "’d", "would"} {
		if r, ok := strings.CutPrefix(first, aux); ok && r != "" && r[0] != ' ' && tokenIn(r, 16, notClaimENWords) {
			return true
		}
	}
	return false
}

// mayFamilyLead reports whether familyLead can match a claim's content: it starts with
// "User's", "User and their" or 用户的.
func mayFamilyLead(content string) bool {
	if !prefilter {
		return true
	}
	return len(content) >= 6 && strings.EqualFold(content[:6], "user's") || len(content) >= 14 && strings.EqualFold(content[:14], "user and their") ||
		strings.HasPrefix(content, "用户的")
}

// informalEN writes the apostrophes people leave out at the start of a clause back in:
// "im a nurse" → "i'm a nurse", "ive been vegan" → "i've been vegan", "i dont eat pork" →
// "i don't eat pork", and "my names tom" → "my name's tom", so the claim rules read them.
func informalEN(text string) string {
	h := head(text, 16)
	for _, p := range [][2]string{{"im ", "i'm "}, {"ive ", "i've "}, {"i dont ", "i don't "}, {"i cant ", "i can't "}, {"my names ", "my name's "}} {
		if hasPrefixLower(h, p[0]) {
			return p[1] + text[len(p[0]):]
		}
	}
	return text
}

// leadingWord returns the word subjectEN's first \b (an ASCII one, Go's) ends, in lower
// case: the leading letters that a (?i) ASCII letter matches. `I"000` starts with "i",
// "i'm" and "we're" with "i" and "we", "My'000" with "my" and "MY伟00" with "my" (a Han
// character is no word character of Go's \b); the Kelvin sign is a k and ſ an s.
func leadingWord(text string) string {
	var b strings.Builder
	for _, r := range text {
		switch {
		case r >= 'a' && r <= 'z':
		case r >= 'A' && r <= 'Z':
			r += 'a' - 'A'
		case r == '\u212a':
			r = 'k'
		case r == '\u017f':
			r = 's'
		default:
			return b.String()
		}
		b.WriteRune(r)
	}
	return b.String()
}
