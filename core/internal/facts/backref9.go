package facts

import "strings"

// A pointer back ("…, I've rewatched it like 6 times": the sentence gate's backRefEN) is
// read in the user's words, not only in the claim's third-person text (tenth round, issue
// 9 item 1). The rewrite turns "me" into "them", so "I have a peanut allergy - I always
// have an epipen on me" lost its second claim ("User always has an epipen on them" read as
// pointing back), as did "I keep glucose tabs on me". A claim is a pointer back only when
// the sentence itself says it, them, these or those (not "these days", "those days").

// saysPointerBack reports whether a sentence's lowered text holds one of the words a
// pointer back is made of.
func saysPointerBack(lower string) bool {
	for _, w := range [...]string{"it", "them", "these", "those"} {
		for i := 0; ; {
			j := strings.Index(lower[i:], w)
			if j < 0 {
				break
			}
			a, b := i+j, i+j+len(w)
			if (a == 0 || !wordByte(lower[a-1])) && (b == len(lower) || !wordByte(lower[b])) &&
				!strings.HasPrefix(lower[b:], " days") {
				return true
			}
			i = b
		}
	}
	return false
}

// wordByte reports whether b is part of a Latin word (a letter, digit, apostrophe or '/':
// "it's" and "he/them" are not the pronoun alone).
func wordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '\'' || b == '/' || b == '_'
}
