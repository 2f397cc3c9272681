package facts

import (
	"strings"
	"testing"
)

// TestLowerFast_sameAsToLower: containsLower and hasPrefixLower answer what lowering
// first does, on ASCII, mixed and invalid text, and on the runes that lower to ASCII.
func TestLowerFast_sameAsToLower(t *testing.T) {
	texts := []string{"", "I'm Tom", "FOR MY Son", "for my", "Im here", "IVE GOT", "So SO so",
		"\u212a", "\u0130M here", "for my \u212aid", "Allergic", "ALLERG", "我对 Peanuts 过敏",
		"\xff\xfeFOR MY x", "My Names Bo", " so ", "I DONT know"}
	subs := []string{"for my ", " so ", "allerg", "intoleran", "sensitivit", "im ", "ive ", "i dont ", "my names ", "k", "i", ""}
	for _, s := range texts {
		for _, sub := range subs {
			if got, want := containsLower(s, sub), strings.Contains(strings.ToLower(s), sub); got != want {
				t.Errorf("containsLower(%q, %q) = %v, want %v", s, sub, got, want)
			}
			if got, want := hasPrefixLower(s, sub), strings.HasPrefix(strings.ToLower(s), sub); got != want {
				t.Errorf("hasPrefixLower(%q, %q) = %v, want %v", s, sub, got, want)
			}
		}
	}
}

// FuzzLowerFast: the same on any text and any lower-case ASCII word.
func FuzzLowerFast(f *testing.F) {
	f.Add("FOR MY Son", "for my ")
	f.Add("\u212aey", "k")
	f.Fuzz(func(t *testing.T, s, sub string) {
		sub = strings.ToLower(sub)
		if !isASCII(sub) {
			return
		}
		if containsLower(s, sub) != strings.Contains(strings.ToLower(s), sub) || hasPrefixLower(s, sub) != strings.HasPrefix(strings.ToLower(s), sub) {
			t.Fatalf("%q %q", s, sub)
		}
	})
}
