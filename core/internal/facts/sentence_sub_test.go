package facts

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestSentenceSub_sameAsConversion: sub gives what string(s.r[a:b]) builds, for every
// span of ASCII, Chinese, mixed and invalid runes (surrogates, past MaxRune, negative),
// which string conversion writes as U+FFFD.
func TestSentenceSub_sameAsConversion(t *testing.T) {
	for _, r := range [][]rune{
		[]rune("I'm Tom, a nurse."),
		[]rune("我叫王芳，在 Berlin 工作。"),
		[]rune("mixed é 😀 text"),
		{'a', 0xD800, '我', utf8.MaxRune + 1, -1, 'z', utf8.RuneError},
		{},
	} {
		s := newSentence(r)
		for a := 0; a <= len(r); a++ {
			for b := a; b <= len(r); b++ {
				if got, want := s.sub(a, b), string(r[a:b]); got != want {
					t.Fatalf("%q sub(%d, %d) = %q, want %q", string(r), a, b, got, want)
				}
			}
		}
	}
}

// TestSentenceLowerAt_sameAsToLower: lowerAt gives strings.ToLower of the text from a
// rune index on, for ASCII sentences (a slice of s.lower) and others.
func TestSentenceLowerAt_sameAsToLower(t *testing.T) {
	for _, r := range [][]rune{[]rune("I'm Tom, a NURSE."), []rune("我叫 Wang FANG，好"), []rune("\u212aelvin İstanbul")} {
		s := newSentence(r)
		for a := 0; a <= len(r); a++ {
			for b := a; b <= len(r); b++ {
				t0 := s.sub(a, b)
				if got, want := s.lowerAt(a, t0), strings.ToLower(t0); got != want {
					t.Fatalf("%q lowerAt(%d, %q) = %q, want %q", string(r), a, t0, got, want)
				}
			}
		}
	}
}
