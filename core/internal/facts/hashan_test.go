package facts

import (
	"testing"
	"unicode"
)

// hasHanRef is hasHan as it was: every character looked up.
func hasHanRef(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// FuzzHasHan: hasHan, which skips bytes below 0xE2, answers what looking up every
// character does, on any string (valid UTF-8 or not).
func FuzzHasHan(f *testing.F) {
	for _, s := range []string{"", "abc", "我", "a我", "\xe2\xba\x80", "\xc3\xa9x\xe4\xb8", "\xe4\xb8\x80", "\xff\xe4\xb8\x80", "⺀", "\u2e7f", "\U00020000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if hasHan(s) != hasHanRef(s) {
			t.Fatalf("%q", s)
		}
	})
}
