package facts

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dlclark/regexp2"
)

// tailPatterns are the package's patterns that have an object tail's shortcut.
func tailPatterns(t testing.TB) []*lazy2 {
	patternsOf(kPref)
	var out []*lazy2
	for _, l := range allLazy2 {
		if l.get(); l.tail != nil {
			out = append(out, l)
		}
	}
	if len(out) < 10 {
		t.Fatalf("%d patterns with an object tail's shortcut, want the profile and preference patterns' 14", len(out))
	}
	return out
}

// matchString describes a match and every group's captures, for comparing two matches.
func matchString(m *regexp2.Match) string {
	if m == nil {
		return "none"
	}
	var sb strings.Builder
	for _, g := range m.Groups() {
		fmt.Fprintf(&sb, "%s:", g.Name)
		for _, c := range g.Captures {
			fmt.Fprintf(&sb, "[%d,%d %q]", c.Index, c.Length, c.String())
		}
		sb.WriteString(" ")
	}
	return sb.String()
}

// allMatches lists up to maxMatches+1 matches of l in r, through the shortcut (as
// phrased and scan find them) or through regexp2 alone.
func allMatches(l *lazy2, r []rune, shortcut bool) string {
	var sb strings.Builder
	if shortcut {
		m, _ := l.tail.find(l.re, r, 0)
		for n := 0; m != nil && n <= maxMatches; m, _ = l.FindNextMatchIn(r, m) {
			sb.WriteString(matchString(m) + "| ")
			n++
		}
		return sb.String()
	}
	m, _ := l.re.FindRunesMatch(r)
	for n := 0; m != nil && n <= maxMatches; m, _ = l.re.FindNextMatch(m) {
		sb.WriteString(matchString(m) + "| ")
		n++
	}
	return sb.String()
}

// TestObjTail_sameMatches: on every sentence of the labelled sets and on shapes at the
// edges of the stops (white space, dots, the stop words in other cases, the end), every
// pattern with a shortcut finds the same matches, groups and captures, as regexp2.
func TestObjTail_sameMatches(t *testing.T) {
	pats := tailPatterns(t)
	texts := []string{
		"I like tea", "I like tea.", "I like tea.\n", "I like tea\n", "I like Node.js a lot", "I like tea  but not coffee",
		"I like tea BUT not coffee", "I like tea and   I like coffee", "I like tea and Ice", "I like tea as  long as it's hot",
		"I like tea\u00a0because", "I like tea \u212Aeep", "I like tea so\tthat", "I LOVE tea, I really love coffee; I love you",
		"i like x", "I like ,", "I like", "I love 蛋糕但是不喜欢茶", "我喜欢喝咖啡，不喜欢喝茶。", "我喜欢喝咖啡但是不喜欢喝茶",
		"我喜欢.", "我喜欢猫. 我也喜欢狗", "我平时用 Vim 写代码。", "我用的是Mac，", "我最喜欢的编辑器是 VS Code。",
		"我的工作是老师", "I mostly use VS Code for work", "I'd rather get short answers than long essays.",
		"I'm a big fan of jazz, especially Coltrane.", "My favorite editor is Neovim.", strings.Repeat("I like tea ", 30),
		"I like " + strings.Repeat("x", 130), "我喜欢" + strings.Repeat("猫", 70),
	}
	for _, c := range loadLabelled(t) {
		for _, m := range c.Messages {
			for _, s := range sentences(m.Content) {
				texts = append(texts, s.s)
			}
		}
	}
	n := 0
	for _, l := range pats {
		for _, s := range texts {
			r := []rune(s)
			if got, want := allMatches(l, r, true), allMatches(l, r, false); got != want {
				t.Fatalf("%q on %q:\n shortcut %s\n regexp2  %s", l.pat, s, got, want)
			}
			n++
		}
	}
	t.Logf("%d patterns × %d texts", len(pats), len(texts))
}

// TestIsSpace2_allRunes: isSpace2 is regexp2's \s for every character.
func TestIsSpace2_allRunes(t *testing.T) {
	re := regexp2.MustCompile(`^\s$`, regexp2.None)
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		ok, _ := re.MatchRunes([]rune{r})
		if ok != isSpace2(r) {
			t.Fatalf("U+%04X: regexp2 \\s %v, isSpace2 %v", r, ok, isSpace2(r))
		}
	}
}

// TestObjTail_shapes: patterns not of the shape have no shortcut.
func TestObjTail_shapes(t *testing.T) {
	for _, c := range []struct {
		pat  string
		want bool
	}{
		{`I\s+like\s+` + enObj, true},
		{`(?<body>我喜欢` + zhObj + `)`, true},
		{`a|I\s+like\s+` + enObj, false},               // an alternation at the object's level
		{`(?<body>a|我喜欢` + zhObj + `)`, false},         // … or at a group's around it
		{`(I\s+like\s+` + enObj + `)`, false},          // a numbered group around it
		{`(?i:I\s+like\s+` + enObj + `)`, false},       // options around it
		{`(?i)I\s+like\s+` + enObj, false},             // inline options
		{`(?<x>a)\s+` + enObj, false},                  // another group named x
		{`I\s+like\s+(?<x>[^,]{1,9}?)(?=\s*$)`, false}, // a stop of another form
		{`I\s+like\s+(?<x>[^,]{1,9})` + enStop, false}, // not lazy
		{`(?<=I\s+like\s+(?<x>[^,]{1,9}?)` + enStop + `)`, false},
	} {
		if got := newObjTail(c.pat) != nil; got != c.want {
			t.Errorf("%q: shortcut %v, want %v", c.pat, got, c.want)
		}
	}
}

// FuzzObjTail: any text, every pattern with a shortcut finds what regexp2 does.
func FuzzObjTail(f *testing.F) {
	for _, s := range []string{"I like tea. I love you", "I really love hiking in the mountains on weekends.", "我喜欢喝咖啡，不喜欢喝茶。",
		"I like tea \u212Aeep and I like you", "我平时用 Vim 写代码但是", "I'd rather x.y but z"} {
		f.Add(s)
	}
	pats := tailPatterns(f)
	f.Fuzz(func(t *testing.T, s string) {
		r := []rune(s)
		for _, l := range pats {
			if got, want := allMatches(l, r, true), allMatches(l, r, false); got != want {
				t.Fatalf("%q on %q:\n shortcut %s\n regexp2  %s", l.pat, s, got, want)
			}
		}
	})
}
