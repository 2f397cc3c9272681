package facts

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
	"testing"
	"unicode"
)

// TestDFA_case: the DFA's answer is regexp.MatchString's on expressions that exercise
// the instructions and assertions it follows (fold case, ^ and $, \b and \B, any
// character, lazy and bounded repeats, Han, invalid UTF-8).
func TestDFA_case(t *testing.T) {
	for _, tc := range []struct{ pat, in string }{
		{`(?i)^i\s+think\b`, "I think so"},
		{`(?i)^i\s+think\b`, "I thinker"},
		{`(?i)^i\s+think\b`, "so I think"},
		{`(?i)k`, "\u212a"}, // the Kelvin sign folds to k
		{`(?i)s`, "\u017f"}, // so does the long s to s
		{`\bcat\b`, "a cat!"},
		{`\bcat\b`, "concat"},
		{`\Bcat`, "concat"},
		{`cat$`, "a cat"},
		{`cat$`, "a cat\n"},
		{`(?m)^cat$`, "x\ncat\ny"},
		{`a.c`, "a\nc"},
		{`(?s)a.c`, "a\nc"},
		{`^[^的]*(不太|不)`, "我的不太好"},
		{`^[^的]*(不太|不)`, "我不太好"},
		{`x{2,3}?y`, "xxy"},
		{`x{2,3}?y`, "xy"},
		{`^$`, ""},
		{`a|`, "zzz"},
		{`\xff`, "\xff"},
		{"\ufffd", "\xff"},
		{`^.{3}$`, "a\xffb"},
	} {
		d := newDFA(tc.pat)
		if d == nil {
			t.Fatalf("%q: no DFA", tc.pat)
		}
		got, ok := d.match(tc.in)
		want := regexp.MustCompile(tc.pat).MatchString(tc.in)
		if !ok || got != want {
			t.Errorf("%q on %q: DFA %v (ok %v), regexp %v", tc.pat, tc.in, got, ok, want)
		}
	}
}

// TestDFA_full: past dfaMaxStates the DFA says it cannot tell, and lazyRE runs the
// regexp: the answer is still right.
func TestDFA_full(t *testing.T) {
	l := &lazyRE{pat: `a(a|b){12}$`} // 2^13 states
	var sb strings.Builder
	for x := uint32(1); sb.Len() < 40000; x = x*1664525 + 1013904223 {
		sb.WriteByte("ab"[x>>31]) // every window of 13 letters: thousands of states
	}
	in := sb.String() + "abbbbbbbbbbbb"
	if !l.MatchString(in) {
		t.Fatal("no match")
	}
	if !l.dfa.full {
		t.Fatal("the state table did not fill")
	}
	if _, ok := l.dfa.match(in); ok {
		t.Fatal("a full DFA answered")
	}
	if l.MatchString(strings.Repeat("b", 20)) {
		t.Fatal("match on b…")
	}
}

// FuzzDFA: on any text, every Go expression of the package gives the same answer through
// its DFA as through regexp, on the text and on its first 64 bytes (the claim rules read
// a clause's head).
func FuzzDFA(f *testing.F) {
	for _, c := range loadLabelled(f) {
		for _, m := range c.Messages {
			f.Add(m.Content)
		}
	}
	f.Add("I'm \u212aelvin, \u017fure")
	f.Add("im not sure\nwhat i\xffthink")
	f.Fuzz(func(t *testing.T, s string) {
		patternsOf(kLesson)
		for _, l := range allLazyRE {
			re := l.get()
			if l.dfa == nil {
				continue // made after dfaMaxTotal was reached: the regexp answers alone
			}
			for _, in := range []string{s, head(s, 64)} {
				got, ok := l.dfa.match(in)
				if want := re.MatchString(in); ok && got != want {
					t.Fatalf("%q on %q: DFA %v, regexp %v", l.pat, in, got, want)
				}
			}
		}
	})
}

// TestDFA2_compiles: every regexp2 pattern of the package can have a DFA (an expression
// Go cannot parse would silently lose the speed-up). It compiles each superset as newDFA
// does, not through the pattern's own DFA, which is not made once the process-wide state
// budget (dfaMaxTotal) is spent: how much of it the tests that ran before used must not
// decide this test.
func TestDFA2_compiles(t *testing.T) {
	patternsOf(kLesson)
	for _, l := range allLazy2 {
		re, err := syntax.Parse(superset2(l.pat), syntax.Perl)
		if err == nil {
			_, err = syntax.Compile(re.Simplify())
		}
		if err != nil {
			t.Errorf("no DFA for %q (superset %q): %v", l.pat, superset2(l.pat), err)
		}
	}
}

// TestSuperset2_case: the Go expression written for a regexp2 pattern.
func TestSuperset2_case(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`(?<![A-Za-z0-9_'])(?i:if)(?![A-Za-z0-9_])`, `(?i:(?i:if))`},
		{`a\s*$`, `(?i:a[\t-\r\x{85}\p{Z}]*)`},
		{`[\w-]+\b`, `(?i:[\p{L}\p{M}\p{N}\p{Pc}-]+)`},
		{`[^的]*[^a-z]\S`, `(?i:[^的]*` + anyChar + `[\x{0}-\x{10FFFF}])`},
		{`(?<x>[^,(]{1,3}?)(?=\s*(?:$|[)]))`, `(?i:(?<x>[^,(]{1,3}?))`},
		{`[]$]\$`, `(?i:[]$]\$)`},
	} {
		if got := superset2(tc.in); got != tc.want {
			t.Errorf("superset2(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzDFA2: on any text, the DFA of every regexp2 pattern of the package finds a match
// wherever the pattern does (it may find more; then the pattern runs).
func FuzzDFA2(f *testing.F) {
	for _, c := range loadLabelled(f) {
		for _, m := range c.Messages {
			for _, s := range sentences(m.Content) {
				f.Add(s.s)
			}
		}
	}
	f.Add("İ'M A NURSE. \u212a. İf I were you")
	f.Add("I said\nhe said.")
	f.Fuzz(func(t *testing.T, s string) {
		rs := []rune(s)
		patternsOf(kLesson)
		for _, l := range allLazy2 {
			if l.get(); l.dfa == nil {
				continue
			}
			found, ok := l.dfa.matchRunes(rs)
			if want, _ := l.re.MatchRunes(rs); ok && want && !found {
				t.Fatalf("%q on %q: regexp2 matches, its DFA (%q) does not", l.pat, s, superset2(l.pat))
			}
		}
	})
}

// TestNeedScan_case: the automaton finds a need word where strings.Contains does, and at
// a word's start where patternneed.go's rule says so, for every need list and word of
// the package, on the labelled sentences and a few made to overlap.
func TestNeedScan_case(t *testing.T) {
	var texts []string
	for _, c := range loadLabelled(t) {
		for _, m := range c.Messages {
			for _, s := range sentences(m.Content) {
				texts = append(texts, s.lower)
			}
		}
	}
	texts = append(texts, "", "am", "example am", "i'm am", "said says say", "我喜欢喜欢的", "xamx am_am 'am")
	a := getNeedAC()
	for _, lower := range texts {
		h := a.scan(lower)
		for _, l := range needLists() {
			ids := a.lists[unsafeData(l)]
			for k, w := range l {
				for _, ws := range []bool{false, true} {
					got := h.get(h.any, ids[k]) && (!ws || !isASCII(w) || h.get(h.start, ids[k]))
					if want := containsWord(lower, w, ws); got != want {
						t.Fatalf("%q in %q (word start %v): automaton %v, strings %v", w, lower, ws, got, want)
					}
				}
			}
		}
	}
}

// TestListAC_case: containsAny's automata say what strings.Contains says, on the
// patterns' need lists and lists of punctuation, mixed scripts and overlapping words.
func TestListAC_case(t *testing.T) {
	lists := append(needLists(), []string{":", "：", "\"", "“", "「", "—", "–"},
		[]string{"ab", "b", "abc", "bcd", "我的", "的话", "话"}, []string{"x", "", "y", "z", "w"})
	texts := []string{"", "abcd", "xbc", "的话题", "say: hi", "I said “no”", "—", "\xff\xfe"}
	for _, c := range loadLabelled(t) {
		for _, m := range c.Messages {
			texts = append(texts, m.Content)
		}
	}
	for _, l := range lists {
		for _, s := range texts {
			want := false
			for _, w := range l {
				want = want || strings.Contains(s, w)
			}
			if got := containsAny(s, l); got != want {
				t.Fatalf("%q in %q: %v, want %v", l, s, got, want)
			}
		}
	}
}

// TestExtract_concurrent: the DFAs and automata are shared by every call; calls from
// several goroutines at once give what one at a time gives (run with -race to check
// the sharing itself).
func TestExtract_concurrent(t *testing.T) {
	var convs [][]Message
	for _, c := range loadLabelled(t) {
		var msgs []Message
		for _, m := range c.Messages {
			msgs = append(msgs, Message{Role: m.Role, Text: m.Content})
		}
		convs = append(convs, msgs)
		if len(convs) == 40 {
			break
		}
	}
	want := make([]string, len(convs))
	for i, msgs := range convs {
		want[i] = fmt.Sprint(Extract(msgs, Options{MinMessages: 1}))
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4*len(convs))
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range convs {
				i := (k + g*7) % len(convs)
				if got := fmt.Sprint(Extract(convs[i], Options{MinMessages: 1})); got != want[i] {
					errs <- fmt.Sprintf("conversation %d: %s, want %s", i, got, want[i])
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestHanPlain_block: the characters a hanPlain DFA reads through one transition have no
// case and are no word characters of Go's \b; an expression naming one of them is not
// hanPlain, one taking all of them (\p{L}, a negated class) is.
func TestHanPlain_block(t *testing.T) {
	// The tests before may have spent every DFA state (dfaMaxTotal): make these DFAs
	// from a budget of their own.
	n := dfaStates.Load()
	defer dfaStates.Store(n)
	dfaStates.Store(0)
	for r := rune(hanLo); r < hanHi; r++ {
		if unicode.ToLower(r) != r || unicode.SimpleFold(r) != r || syntax.IsWordChar(r) || !unicode.Is(unicode.Han, r) || !unicode.IsLetter(r) {
			t.Fatalf("%U", r)
		}
	}
	for pat, want := range map[string]bool{`(?i)\bI\s+like\b`: true, `[\p{L}\p{N}]+`: true, `[^，,的]+`: false,
		`[^，,]+`: true, `我`: false, `\p{Han}{2,4}`: true, `[一-龥]`: false} {
		if got := newDFA(pat).hanPlain; got != want {
			t.Errorf("%q: hanPlain %v", pat, got)
		}
	}
}

// TestDFA_totalFull: a DFA made after all DFAs' states reached dfaMaxTotal is none (the
// regexp answers), not one without a start state (which crashed its first match).
func TestDFA_totalFull(t *testing.T) {
	n := dfaStates.Load()
	defer dfaStates.Store(n)
	dfaStates.Store(dfaMaxTotal)
	if d := newDFA(`ab+c`); d != nil {
		t.Fatal("a DFA past the total")
	}
	l := &lazyRE{pat: `ab+c`}
	if !l.MatchString("xabbc") || l.MatchString("xac") || l.dfa != nil {
		t.Fatal("the regexp did not answer")
	}
}

// TestListAC_sameArray: a list whose backing array is reused with other words is not
// answered with the automaton of the words it held before.
func TestListAC_sameArray(t *testing.T) {
	l := []string{"qx1", "qy1", "qz1", "qw1", "qv1"}
	if !containsAny("say qx1", l) || !containsAny("say qx1", l) {
		t.Fatal("qx1 not found")
	}
	l[0] = "qq9"
	if containsAny("say qx1", l) || !containsAny("say qq9", l) {
		t.Fatal("the list's old words were looked for")
	}
	for i := range 3 { // a list made each call (another array every time)
		m := []string{"qx1", "qy1", "qz1", "qw1", fmt.Sprint("qv", i)}
		if !containsAny("say qv"+fmt.Sprint(i), m) || containsAny("say qv9", m) {
			t.Fatalf("call %d: wrong answer", i)
		}
	}
}
