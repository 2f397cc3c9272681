package facts

import (
	"strings"
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

// FuzzCollapseSpaces: collapseSpaces, which returns s when it has nothing to collapse,
// is strings.Join(strings.Fields(s), " ") on any string (valid UTF-8 or not).
func FuzzCollapseSpaces(f *testing.F) {
	for _, s := range []string{"", " ", "a", "a b", "a  b", " a", "a ", "a\tb", "a\u00a0b", "a\u0085b", "a\u3000b", "\xff b", "我 喜欢", "a\u2028b", "x\ry"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := collapseSpaces(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Fatalf("%q: %q, want %q", s, got, want)
		}
	})
}
