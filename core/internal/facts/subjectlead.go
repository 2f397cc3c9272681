package facts

// subjectEN without Go's regexp when the clause starts with the subject itself.
//
// subjectEN is over the backtracker's 500 instructions, so every run is Go's NFA (about
// a tenth of the claim rules' time in the profile). Most clauses that reach it start
// with the subject: "I …", "My …", "We're …". Then its optional group of time and place
// words cannot match — every alternative there is a whole word followed by \b, and none
// of them is i, my, our, we or me (the words leadingWord returns for such clauses) — so
// the match is the empty group 1 and the first of the subject alternatives, in the
// expression's order (leftmost-first), that ends at a \b. subjectLead does that walk.

// subjectAlts are subjectEN's subject alternatives in its order: each a list of parts,
// " " standing for \s+. No part has a letter that (?i) folds to a non-ASCII rune (k, s).
var subjectAlts = [][]string{
	{"i'm"}, {"i’m"}, {"i've"}, {"i’ve"}, {"i'd"}, {"i’d"}, {"i'll"}, {"i’ll"},
	{"i", " ", "am"}, {"i"}, {"my"}, {"our"}, {"we're"}, {"we've"}, {"we"},
	{"me", " ", "and", " ", "my"},
}

// subjectLeadWords are the leading words for which subjectLead answers alone.
var subjectLeadWords = map[string]bool{"i": true, "my": true, "our": true, "we": true, "me": true}

// subjectLead returns subjectEN.FindStringSubmatchIndex(h) for an h whose leadingWord is
// in subjectLeadWords (ok false for any other word: the caller runs the expression).
func subjectLead(h, first string) (m []int, ok bool) {
	if !subjectLeadWords[first] {
		return nil, false
	}
	for _, alt := range subjectAlts {
		if end := matchAlt(h, alt); end >= 0 && asciiBoundary(h, end) {
			return []int{0, end, 0, 0, 0, end}, true
		}
	}
	return nil, true
}

// matchAlt returns where alt ends when it matches at the start of s, -1 otherwise: ASCII
// letters without case, other bytes exactly, " " one or more of Go's \s ([\t\n\f\r ]).
func matchAlt(s string, alt []string) int {
	i := 0
	for _, part := range alt {
		if part == " " {
			j := i
			for j < len(s) && isGoSpace(s[j]) {
				j++
			}
			if j == i {
				return -1
			}
			i = j
			continue
		}
		if len(s)-i < len(part) {
			return -1
		}
		for k := 0; k < len(part); k++ {
			if lowerASCII(s[i+k]) != part[k] {
				return -1
			}
		}
		i += len(part)
	}
	return i
}

// asciiBoundary is Go's \b at byte i of s: a word character ([0-9A-Za-z_]) on exactly
// one side.
func asciiBoundary(s string, i int) bool {
	before := i > 0 && isWordByte(s[i-1])
	after := i < len(s) && isWordByte(s[i])
	return before != after
}

func isGoSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\f' || b == '\r'
}

func lowerASCII(b byte) byte {
	if b >= 'A' && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}
