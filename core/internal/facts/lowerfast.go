package facts

import "strings"

// containsLower is strings.Contains(strings.ToLower(s), sub) and hasPrefixLower is
// strings.HasPrefix(strings.ToLower(s), prefix), without building the lower-case copy
// when s is ASCII (then ToLower changes A–Z alone, byte for byte); any other s goes
// through strings.ToLower as before (some non-ASCII letters lower to ASCII ones: K, İ).
//
// Why: English clauses start with a capital and hold "I", so each ToLower of one built a
// string — about 400 of an extraction's 2,400 allocations on the bench's 40 messages,
// most of them to look for one short word. TestLowerFast_sameAsToLower compares them.
func containsLower(s, sub string) bool {
	if !isASCII(s) {
		return strings.Contains(strings.ToLower(s), sub)
	}
	for i := 0; i+len(sub) <= len(s); i++ {
		if asciiLowerEq(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

func hasPrefixLower(s, prefix string) bool {
	if !isASCII(s) {
		return strings.HasPrefix(strings.ToLower(s), prefix)
	}
	return len(s) >= len(prefix) && asciiLowerEq(s[:len(prefix)], prefix)
}

// asciiLowerEq reports whether the lower case of ASCII a is b (of a's length).
func asciiLowerEq(a, b string) bool {
	for i := 0; i < len(a); i++ {
		c := a[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != b[i] {
			return false
		}
	}
	return true
}

// containsAnyLower is containsAny(strings.ToLower(s), need) and mayLower is
// may(strings.ToLower(s), need), without the copy when s is ASCII: the list's automaton
// (or each word) is run over s with A–Z read as a–z. gateSentence and en5Sentence lowered
// every claim's content ("User …", so always a copy) for these checks alone.
func containsAnyLower(s string, need []string) bool {
	if !isASCII(s) {
		return containsAny(strings.ToLower(s), need)
	}
	if len(need) > 4 {
		if a := listAC(need); a != nil { // needscan.go
			return a.anyInLower(s)
		}
	}
	for _, w := range need {
		if containsLower(s, w) {
			return true
		}
	}
	return false
}

func mayLower(s string, need []string) bool { return !prefilter || containsAnyLower(s, need) }

// anyInLower is anyIn over the lower case of ASCII s.
func (a *needAC) anyInLower(s string) bool {
	row, step := int32(0), a.step
	for i := 0; i < len(s); i++ {
		b := s[i]
		if 'A' <= b && b <= 'Z' {
			b += 'a' - 'A'
		}
		if row = step[row+int32(a.class[b])]; row < 0 {
			return true
		}
	}
	return false
}
