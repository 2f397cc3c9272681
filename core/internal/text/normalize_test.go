package text

import (
	"testing"
	"unicode/utf8"
)

func TestNormalize_cases(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", ""},
		{"ascii lower unchanged", "hello world", "hello world"},
		{"ascii upper folded", "Hello WORLD_42", "hello world_42"},
		{"fullwidth", "ＡＢＣ１２３", "abc123"},
		{"ligature", "ﬁle", "file"},
		{"sharp s folds to ss", "Straße", "strasse"},
		{"capital sharp s", "STRAẞE", "strasse"},
		{"final sigma folds", "ΣΟΦΟΣ σοφος", "σοφοσ σοφοσ"},
		{"compat then fold", "㎒", "mhz"},
		{"halfwidth katakana composes", "ｶﾞｷﾞ", "ガギ"},
		{"decomposed composes", "e\u0301", "é"},
		{"circled digit", "①", "1"},
		{"cherokee folds to uppercase", "\u13a0\uab70\u13f8\u13f0", "\u13a0\u13a0\u13f0\u13f0"},
		{"chinese unchanged", "用户喜欢", "用户喜欢"},
		{"invalid bytes each become U+FFFD", "a\xff\xfeb", "a\uFFFD\uFFFDb"},
		{"truncated sequence", "ok\xe4\xb8", "ok\uFFFD\uFFFD"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Normalize(tt.in); got != tt.want {
				t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestNormalize_everyRune checks, for every code point alone and after a letter, that
// Normalize is idempotent and that tokens keep the output guarantee.
func TestNormalize_everyRune(t *testing.T) {
	if testing.Short() {
		t.Skip("walks all of Unicode")
	}
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		for _, s := range []string{string(r), "a" + string(r) + "b", "漢" + string(r) + "字"} {
			n := Normalize(s)
			if again := Normalize(n); again != n {
				t.Fatalf("U+%04X: Normalize not idempotent: %q -> %q -> %q", r, s, n, again)
			}
			checkTokens(t, s, Tokens(s))
		}
	}
}

// TestNormalize_fastSet checks the fast path against the general one for every rune it
// accepts, alone and next to ASCII, CJK and rejected neighbours.
func TestNormalize_fastSet(t *testing.T) {
	var fast []rune
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if _, ok := fastRune(r); ok || r < utf8.RuneSelf {
			fast = append(fast, r)
		}
	}
	if len(fast) < 32000 {
		t.Fatalf("fast set has only %d runes", len(fast))
	}
	neighbours := []string{"", "A", "z", "9", " ", "漢", "가", "か", "ア", "Ａ", "ー"}
	for _, r := range fast {
		for _, p := range neighbours {
			for _, s := range []string{p + string(r), string(r) + p} {
				got, ok := normalizeFast(s)
				if !ok {
					t.Fatalf("normalizeFast(%q) refused a fast-set string", s)
				}
				if want := normalizeSlow(s); got != want {
					t.Fatalf("normalizeFast(%q) = %q, general path %q", s, got, want)
				}
			}
		}
	}
	for _, s := range []string{"か\u3099", "é", "\u1100\u1161", "가\u11a8", "\xff", "…", "\ufffd"} {
		if _, ok := normalizeFast(s); ok {
			t.Errorf("normalizeFast(%q) took the fast path", s)
		}
	}
}

func TestNormalize_fastPathAllocs(t *testing.T) {
	for _, s := range []string{"the user prefers dark mode", "用户喜欢用python写脚本。"} {
		if n := testing.AllocsPerRun(100, func() { _ = Normalize(s) }); n != 0 {
			t.Errorf("Normalize(%q) allocates %v times, want 0", s, n)
		}
	}
	s := "The User, 用户喜欢用Python写脚本，ＯＫ"
	if n := testing.AllocsPerRun(100, func() { _ = Normalize(s) }); n != 1 {
		t.Errorf("Normalize(%q) allocates %v times, want 1", s, n)
	}
}
