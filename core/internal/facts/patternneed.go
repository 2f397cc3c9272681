package facts

import "strings"

// Word-start prefilters. A pattern's need words are looked for as substrings of the
// sentence, so "am" is found in "example", "name" and "team", and "use" in "because":
// the expensive expression then runs for nothing. In the patterns listed in atWordStart,
// every English need word stands at the start of a word in any match (it follows a space,
// "^" or a word boundary in the expression), so an occurrence inside a word cannot be
// part of a match and is not counted. Needs with a non-ASCII character are looked for as
// before. TestPrefilter_changesNothing and FuzzExtract compare results with and without.

// atWordStart marks, per kind, the patterns whose ASCII needs start words: all profile,
// preference and completion patterns, and the error patterns 1 and 3 (0 and 2 find
// "error" inside "TypeError"). Rules are left out ("ever" is needed for "never") and so
// are lessons.
var atWordStart = map[kind]func(i int) bool{
	kProfile: func(int) bool { return true },
	kPref:    func(int) bool { return true },
	kDone:    func(int) bool { return true },
	kError:   func(i int) bool { return i == 1 || i == 3 },
}

// hasNeed is s.has(need), counting an ASCII need only where it starts a word when the
// pattern i of kind k allows it.
func (s *sentence) hasNeed(k kind, i int, need []string) bool {
	if need == nil || !prefilter {
		return true
	}
	if found, ok := s.needAt(k, i, need); ok { // needscan.go: the pattern's list, resolved once
		return found
	}
	f := atWordStart[k]
	if f == nil || !f(i) {
		return s.has(need)
	}
	if found, ok := s.hasListed(need, true); ok { // needscan.go
		return found
	}
	for _, w := range need {
		if !s.class.mayHold(w) {
			continue
		}
		if !isASCII(w) {
			if strings.Contains(s.lower, w) {
				return true
			}
			continue
		}
		for from := 0; ; {
			j := strings.Index(s.lower[from:], w)
			if j < 0 {
				break
			}
			j += from
			if j == 0 || !isWordByte(s.lower[j-1]) {
				return true
			}
			from = j + 1
		}
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// isWordByte reports whether b is an ASCII letter, digit or underscore (regexp2's \w on
// ASCII; a byte of a multi-byte character is not one).
func isWordByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}
