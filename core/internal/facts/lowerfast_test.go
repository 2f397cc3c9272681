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

// TestContainsAnyLower_sameAsToLower: containsAnyLower answers what containsAny on the
// lowered text does, for the lists gateSentence and en5Sentence check (automaton and
// word by word) and texts in both cases, mixed and non-ASCII.
func TestContainsAnyLower_sameAsToLower(t *testing.T) {
	lists := [][]string{talk5Need, idiom5Need, countNeed5, health5Need, compoundNeed5, backRefNeed, talkNeed, othersENNeed, {"", "x"}, {"so", "K"}}
	texts := []string{"", "User is a NURSE", "User: Please remember", "User's Boss is mean", "我叫 Tom",
		"USER TALKED ABOUT IT", "user has Two Kids", "\u212aelvin", "User mentioned her COWORKER", "User's friends"}
	for _, need := range lists {
		for _, w := range need {
			texts = append(texts, "User "+strings.ToUpper(w)+" x", strings.ToUpper(w))
		}
	}
	for _, need := range lists {
		for _, s := range texts {
			if got, want := containsAnyLower(s, need), containsAny(strings.ToLower(s), need); got != want {
				t.Errorf("containsAnyLower(%q, %q) = %v, want %v", s, need, got, want)
			}
		}
	}
}

// FuzzContainsAnyLower: the same on any text, for a list with an automaton and a short one.
func FuzzContainsAnyLower(f *testing.F) {
	f.Add("User TALKED about Work")
	f.Fuzz(func(t *testing.T, s string) {
		for _, need := range [][]string{talkNeed, othersENNeed, {"so ", "k"}} {
			if containsAnyLower(s, need) != containsAny(strings.ToLower(s), need) {
				t.Fatalf("%q %q", s, need)
			}
		}
	})
}
