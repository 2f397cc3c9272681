package facts

import (
	"slices"
	"unicode"
)

// The stops of the object tails (objtail.go): where regexp2's stop lookahead holds,
// computed in Go with regexp2's own white space and case folding.

// objStop is one of the stop lookaheads the tails end with.
type objStop struct {
	en    bool       // `(?=\s*(?:$|[P]|\.(?:\s|$)|\s(?i:W)(?![A-Za-z0-9_])))`; else `(?=$|[P]|\.(?:\s|$)|Z…)`
	punct []rune     // P
	words [][]string // W: alternatives, each words joined by \s+ (lower case)
	lits  []string   // Z: literal alternatives (zh)
}

// isSpace2 is regexp2's \s (TestIsSpace2_allRunes compares every character).
func isSpace2(r rune) bool {
	if r < 0x80 {
		return r == ' ' || r >= '\t' && r <= '\r'
	}
	return unicode.IsSpace(r)
}

// stopAt reports whether the stop holds at q in r. For the English form: \s* takes the
// white space from q to t; the alternatives then hold at t when t is the end ($), r[t] is
// in P, or r[t] is a dot before white space or the end; regexp2 then gives back white
// space, and at t-1 (white space) only \s W can hold, with W at t. At an earlier
// position W would start on white space, and no other alternative starts there ($ needs
// the end, P and the dot hold no white space).
func (s *objStop) stopAt(r []rune, q int) bool {
	n := len(r)
	if !s.en {
		switch {
		case q == n || q == n-1 && r[q] == '\n':
			return true
		case slices.Contains(s.punct, r[q]):
			return true
		case r[q] == '.' && (q+1 == n || isSpace2(r[q+1])):
			return true
		}
		for _, l := range s.lits {
			if hasRunePrefix(r[q:], l) {
				return true
			}
		}
		return false
	}
	t := q
	for t < n && isSpace2(r[t]) {
		t++
	}
	switch {
	case t == n:
		return true
	case slices.Contains(s.punct, r[t]):
		return true
	case r[t] == '.' && (t+1 == n || isSpace2(r[t+1])):
		return true
	}
	return t > q && s.wordAt(r, t)
}

// wordAt reports whether one of the stop's word alternatives starts at t, compared as
// regexp2's (?i) compares (unicode.ToLower of each character), words separated by \s+,
// and followed by no [A-Za-z0-9_].
func (s *objStop) wordAt(r []rune, t int) bool {
	n := len(r)
next:
	for _, alt := range s.words {
		i := t
		for k, w := range alt {
			if k > 0 {
				j := i
				for j < n && isSpace2(r[j]) {
					j++
				}
				if j == i {
					continue next
				}
				i = j
			}
			for _, c := range w {
				if i >= n || unicode.ToLower(r[i]) != c {
					continue next
				}
				i++
			}
		}
		if i == n || !isWordASCII(r[i]) {
			return true
		}
	}
	return false
}

func isWordASCII(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_'
}

func hasRunePrefix(r []rune, lit string) bool {
	i := 0
	for _, c := range lit {
		if i >= len(r) || r[i] != c {
			return false
		}
		i++
	}
	return true
}
