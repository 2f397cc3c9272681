package text

// Stem returns the term FTS5's `porter` tokenizer indexes for one of our tokens: the
// Porter stemmer exactly as SQLite's FTS5 applies it (tokens under 3 or over 64 bytes
// pass through; bytes other than a e i o u — and y after a consonant — count as
// consonants, so CJK tokens never change).
//
// Why: per-namespace BM25 (core/nsbm25.go) counts how often each query term occurs in a
// memory's indexed tokens, and a query token matches a document token when FTS5 would
// index both as the same term ("runs" and "running" both as "run"). The tests compare
// Stem with the terms FTS5 itself stores (fts5vocab) word for word.
func Stem(tok string) string {
	if len(tok) < 3 || len(tok) > 64 {
		return tok
	}
	b := []byte(tok)
	b = stemStep1A(b)
	if nb, ok := stemStep1B(b); ok {
		b = nb
		if nb, ok := applyRules(b, step1B2Rules); ok {
			b = nb
		} else {
			c := b[len(b)-1]
			switch {
			case !isVowel(c, false) && c != 'l' && c != 's' && c != 'z' && len(b) > 1 && c == b[len(b)-2]:
				b = b[:len(b)-1]
			case measureEq1(b) && endsCVC(b):
				b = append(b, 'e')
			}
		}
	} else {
		b = nb
	}
	if b[len(b)-1] == 'y' && hasVowel(b[:len(b)-1]) {
		b[len(b)-1] = 'i'
	}
	b, _ = applyRules(b, step2Rules)
	b, _ = applyRules(b, step3Rules)
	b, _ = applyRules(b, step4Rules)
	if n := len(b); b[n-1] == 'e' && (measureGt1(b[:n-1]) || (measureEq1(b[:n-1]) && !endsCVC(b[:n-1]))) {
		b = b[:n-1]
	}
	if n := len(b); n > 1 && b[n-1] == 'l' && b[n-2] == 'l' && measureGt1(b[:n-1]) {
		b = b[:n-1]
	}
	return string(b)
}

// stemRule replaces suffix by out when the stem before it passes cond.
type stemRule struct {
	suffix, out string
	cond        func([]byte) bool
}

// applyRules applies the first rule whose suffix the word ends with (and is longer
// than); the rule's condition failing ends the step, as in FTS5. It reports whether a
// rule replaced the suffix.
func applyRules(b []byte, rules []stemRule) ([]byte, bool) {
	for _, r := range rules {
		if len(b) <= len(r.suffix) || string(b[len(b)-len(r.suffix):]) != r.suffix {
			continue
		}
		stem := b[:len(b)-len(r.suffix)]
		if r.cond != nil && !r.cond(stem) {
			return b, false
		}
		return append(stem[:len(stem):len(stem)], r.out...), true
	}
	return b, false
}

func stemStep1A(b []byte) []byte {
	n := len(b)
	if b[n-1] != 's' {
		return b
	}
	switch {
	case b[n-2] == 'e' && ((n > 4 && b[n-4] == 's' && b[n-3] == 's') || (n > 3 && b[n-3] == 'i')):
		return b[:n-2]
	case b[n-2] == 'e' || b[n-2] != 's':
		return b[:n-1]
	}
	return b
}

// stemStep1B removes eed → ee (m > 0), or ed / ing after a vowel; ok reports the
// second kind, after which step 1B's clean-up runs.
func stemStep1B(b []byte) ([]byte, bool) {
	n := len(b)
	switch {
	case n > 3 && string(b[n-3:]) == "eed":
		if measureGt0(b[:n-3]) {
			return b[:n-1], false
		}
		return b, false
	case n > 2 && string(b[n-2:]) == "ed":
		if hasVowel(b[:n-2]) {
			return b[:n-2], true
		}
	case n > 3 && string(b[n-3:]) == "ing":
		if hasVowel(b[:n-3]) {
			return b[:n-3], true
		}
	}
	return b, false
}

var step1B2Rules = []stemRule{{"at", "ate", nil}, {"bl", "ble", nil}, {"iz", "ize", nil}}

var step2Rules = []stemRule{
	{"ational", "ate", measureGt0}, {"tional", "tion", measureGt0},
	{"enci", "ence", measureGt0}, {"anci", "ance", measureGt0},
	{"izer", "ize", measureGt0},
	{"logi", "log", measureGt0},
	{"bli", "ble", measureGt0}, {"alli", "al", measureGt0}, {"entli", "ent", measureGt0}, {"eli", "e", measureGt0}, {"ousli", "ous", measureGt0},
	{"ization", "ize", measureGt0}, {"ation", "ate", measureGt0}, {"ator", "ate", measureGt0},
	{"alism", "al", measureGt0}, {"iveness", "ive", measureGt0}, {"fulness", "ful", measureGt0}, {"ousness", "ous", measureGt0},
	{"aliti", "al", measureGt0}, {"iviti", "ive", measureGt0}, {"biliti", "ble", measureGt0},
}

var step3Rules = []stemRule{
	{"ical", "ic", measureGt0}, {"ness", "", measureGt0}, {"icate", "ic", measureGt0}, {"iciti", "ic", measureGt0},
	{"ful", "", measureGt0}, {"ative", "", measureGt0}, {"alize", "al", measureGt0},
}

var step4Rules = []stemRule{
	{"al", "", measureGt1}, {"ance", "", measureGt1}, {"ence", "", measureGt1}, {"er", "", measureGt1},
	{"ic", "", measureGt1}, {"able", "", measureGt1}, {"ible", "", measureGt1},
	{"ant", "", measureGt1}, {"ement", "", measureGt1}, {"ment", "", measureGt1}, {"ent", "", measureGt1},
	{"ion", "", func(s []byte) bool { c := s[len(s)-1]; return (c == 's' || c == 't') && measureGt1(s) }},
	{"ou", "", measureGt1}, {"ism", "", measureGt1}, {"ate", "", measureGt1}, {"iti", "", measureGt1},
	{"ous", "", measureGt1}, {"ive", "", measureGt1}, {"ize", "", measureGt1},
}

func isVowel(c byte, yIsVowel bool) bool {
	return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' || (yIsVowel && c == 'y')
}

// vcEnd returns the index after the first vowel-consonant sequence of s (scanning with
// prevCons as the consonant state before s), or 0 when there is none.
func vcEnd(s []byte, prevCons bool) int {
	cons := prevCons
	i := 0
	for ; i < len(s); i++ {
		if cons = !isVowel(s[i], cons); !cons {
			break
		}
	}
	for i++; i < len(s); i++ {
		if cons = !isVowel(s[i], cons); cons {
			return i + 1
		}
	}
	return 0
}

func measureGt0(s []byte) bool { return vcEnd(s, false) > 0 }

func measureGt1(s []byte) bool {
	n := vcEnd(s, false)
	return n > 0 && vcEnd(s[n:], true) > 0
}

func measureEq1(s []byte) bool {
	n := vcEnd(s, false)
	return n > 0 && vcEnd(s[n:], true) == 0
}

// endsCVC is Porter's *o: consonant, vowel, consonant, the last not w, x or y.
func endsCVC(s []byte) bool {
	if c := s[len(s)-1]; c == 'w' || c == 'x' || c == 'y' {
		return false
	}
	mask, cons := 0, false
	for _, c := range s {
		cons = !isVowel(c, cons)
		mask <<= 1
		if cons {
			mask |= 1
		}
	}
	return mask&7 == 5
}

func hasVowel(s []byte) bool {
	for i, c := range s {
		if isVowel(c, i > 0) {
			return true
		}
	}
	return false
}
