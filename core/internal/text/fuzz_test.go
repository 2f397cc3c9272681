package text

import (
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// checkTokens asserts the output guarantee of Tokens.
func checkTokens(t *testing.T, in string, toks []string) {
	t.Helper()
	for _, tok := range toks {
		switch {
		case tok == "":
			t.Fatalf("Tokens(%q): empty token", in)
		case !utf8.ValidString(tok):
			t.Fatalf("Tokens(%q): invalid UTF-8 token %q", in, tok)
		case len(tok) > 2*MaxWordBytes:
			t.Fatalf("Tokens(%q): token of %d bytes", in, len(tok))
		case Normalize(tok) != tok:
			t.Fatalf("Tokens(%q): token %q is not normalized (%q)", in, tok, Normalize(tok))
		}
		for _, r := range tok {
			if !unicode.IsLetter(r) && !unicode.IsNumber(r) && !unicode.IsMark(r) {
				t.Fatalf("Tokens(%q): token %q holds %U", in, tok, r)
			}
			if 'A' <= r && r <= 'Z' {
				t.Fatalf("Tokens(%q): token %q has an ASCII capital", in, tok)
			}
		}
	}
}

// checkQueryTokens asserts what QueryTokens promises relative to Tokens.
func checkQueryTokens(t *testing.T, in string, q []string) {
	t.Helper()
	all := Tokens(in)
	checkTokens(t, in, q)
	if len(q) > MaxQueryTokens {
		t.Fatalf("QueryTokens(%q): %d tokens", in, len(q))
	}
	if len(all) > 0 && len(q) == 0 {
		t.Fatalf("QueryTokens(%q) is empty, Tokens is %q", in, all)
	}
	units := expandUnits(Normalize(in), all)
	for i, tok := range q {
		if !slices.Contains(all, tok) && !lexiconTokens[tok] && !slices.Contains(units, tok) {
			t.Fatalf("QueryTokens(%q): %q is neither in Tokens nor a lexicon or unit expansion", in, tok)
		}
		if slices.Contains(q[:i], tok) {
			t.Fatalf("QueryTokens(%q): %q repeated", in, tok)
		}
	}
}

// lexiconTokens are every token an expansion can add.
var lexiconTokens = func() map[string]bool {
	m := map[string]bool{}
	for _, g := range lexicon {
		for _, term := range g.targets {
			for _, t := range termTokens(term) {
				m[t] = true
			}
		}
	}
	for _, forms := range verbForms { // verbforms.go: an irregular verb's other forms
		for _, t := range forms {
			m[t] = true
		}
	}
	return m
}()

var fuzzSeeds = []string{
	"", "The user prefers dark mode.", "user_name read-only getUserName",
	"用户喜欢用Python写脚本", "我用VS Code写go代码", "すしが好きです ｺｰﾋｰ", "안녕하세요 세계",
	"ＡＢＣ１２３ ﬁle Straße İstanbul ㎒", "I ❤️ Go 🚀 1️⃣", `"a*b" ^c:(d) +e -f {g}`,
	"a\xff\xfeb\xe4\xb8", "e\u0301\u0302\u0303 \u0301x", "漢\u3099字", "the who the",
	string(make([]byte, 70)), "ab" + string([]rune{0x0B47, 0x0B3E}),
}

func FuzzTokens(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		toks := Tokens(s)
		checkTokens(t, s, toks)
		if again := Tokens(s); !slices.Equal(toks, again) {
			t.Fatalf("Tokens(%q) not deterministic: %q vs %q", s, toks, again)
		}
		if fast, ok := normalizeFast(s); ok && fast != normalizeSlow(s) {
			t.Fatalf("normalizeFast(%q) = %q, general path %q", s, fast, normalizeSlow(s))
		}
		if n := Normalize(s); Normalize(n) != n {
			t.Fatalf("Normalize(%q) not idempotent", s)
		}
		if got := Tokens(Normalize(s)); !slices.Equal(got, toks) {
			t.Fatalf("Tokens(Normalize(%q)) = %q, Tokens = %q", s, got, toks)
		}
		if got := Tokens(Join(toks)); len(toks) > 0 && got[0] != toks[0] {
			t.Fatalf("Tokens(Join(Tokens(%q))) starts %q, want %q", s, got[0], toks[0])
		}
		if n := EstimateTokens(s); n < 0 || (s != "" && n == 0 && len(toks) > 0) {
			t.Fatalf("EstimateTokens(%q) = %d with tokens %q", s, n, toks)
		}
	})
}

func FuzzQueryTokens(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q := QueryTokens(s)
		checkQueryTokens(t, s, q)
		if again := QueryTokens(s); !slices.Equal(q, again) {
			t.Fatalf("QueryTokens(%q) not deterministic: %q vs %q", s, q, again)
		}
	})
}

// FuzzQueryClauses checks that a query's questions are pieces of it, in order, that
// together are the whole query when there are several, each with a search term.
func FuzzQueryClauses(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Add("我同事有多高来着？另外，模型艺术盛宴的时间是什么？")
	f.Add("另外？另外另外？？a？")
	f.Fuzz(func(t *testing.T, s string) {
		cl := QueryClauses(s)
		if cl == nil {
			return
		}
		if len(cl) < 2 || len(cl) > MaxClauses {
			t.Fatalf("QueryClauses(%q) = %d clauses", s, len(cl))
		}
		if strings.Join(cl, "") != s {
			t.Fatalf("QueryClauses(%q) = %q, not the whole query", s, cl)
		}
		for _, c := range cl {
			if len(QueryTokens(c)) == 0 {
				t.Fatalf("QueryClauses(%q): clause %q has no search term", s, c)
			}
		}
	})
}
