package facts

import (
	"regexp"
	"sync"

	"github.com/dlclark/regexp2"
)

// The package's patterns are compiled on first use, not at program start.
//
// Why: there are about eighty of them, and compiling them all in the package's init
// took 28 ms natively and most of the Go start of the wasm builds (the browser's first
// visit pays it before the first recall, which never extracts). A program that never
// calls extraction never compiles them; one that does pays once, on its first call.
// allPatterns lets a test compile every one, so a broken pattern still fails a test
// rather than a user's first call.

// lazyRE is a regexp.Regexp compiled on first use, with its DFA (dfa.go), which
// answers first whether there is a match at all.
type lazyRE struct {
	once sync.Once
	pat  string
	re   *regexp.Regexp
	dfa  *dfa
}

// lazy2 is a regexp2.Regexp compiled on first use, with the DFA of a Go expression
// that matches wherever it does (dfa2.go), which says first when it cannot match.
type lazy2 struct {
	once sync.Once
	pat  string
	re   *regexp2.Regexp
	dfa  *dfa
	tail *objTail // the object tail's exact shortcut (objtail.go), or nil
}

// allPatterns lists every lazy pattern of the package (for TestPatterns_compile).
var allPatterns []func()

// allLazyRE lists the package's Go expressions (for FuzzDFA).
var allLazyRE []*lazyRE

// lazy and re are not inlined (//go:noinline): the package declares some three hundred
// patterns at package level, and inlined, each call's two appends and closure became
// code of the package's init function — 304 KB of wasm, which V8 compiles and runs before
// the engine's first request: 100–140 ms of Go's start in Node under load, against 2 ms
// natively. Called, they are 74 KB and 18–24 ms (docs/BENCHMARKS.md, "Issue 15 item 5:
// the floor"; TestLazy_notInlined).
//
//go:noinline
func lazy(p string) *lazyRE {
	l := &lazyRE{pat: p}
	allPatterns = append(allPatterns, func() { l.get() })
	allLazyRE = append(allLazyRE, l)
	return l
}

func (l *lazyRE) get() *regexp.Regexp {
	l.once.Do(func() {
		l.re = regexp.MustCompile(l.pat)
		l.dfa = newDFA(l.pat)
	})
	return l.re
}

// none reports whether the DFA is sure the expression matches nowhere in s (false when it
// cannot tell, or prefilter is off).
func (l *lazyRE) none(s string) bool {
	l.get()
	if !prefilter || l.dfa == nil {
		return false
	}
	found, ok := l.dfa.match(s)
	return ok && !found
}

func (l *lazyRE) MatchString(s string) bool {
	l.get()
	if prefilter && l.dfa != nil {
		if found, ok := l.dfa.match(s); ok {
			return found
		}
	}
	return l.re.MatchString(s)
}

func (l *lazyRE) FindString(s string) string {
	if l.none(s) {
		return ""
	}
	return l.re.FindString(s)
}

func (l *lazyRE) FindAllString(s string, n int) []string {
	if n != 0 && l.none(s) {
		return nil
	}
	return l.get().FindAllString(s, n)
}

func (l *lazyRE) FindStringIndex(s string) []int {
	if l.none(s) {
		return nil
	}
	return l.re.FindStringIndex(s)
}

func (l *lazyRE) FindStringSubmatch(s string) []string {
	if l.none(s) {
		return nil
	}
	return l.re.FindStringSubmatch(s)
}

func (l *lazyRE) FindStringSubmatchIndex(s string) []int {
	if l.none(s) {
		return nil
	}
	return l.re.FindStringSubmatchIndex(s)
}
func (l *lazyRE) FindAllStringSubmatch(s string, n int) [][]string {
	if n != 0 && l.none(s) {
		return nil
	}
	return l.get().FindAllStringSubmatch(s, n)
}

// ReplaceAllString returns s itself when the DFA is sure nothing matches: regexp's
// ReplaceAllString runs the expression and copies s twice even then, and claims calls
// it on every clause (tellYouZH) — about 120 allocations an extraction of the bench's
// 40 messages, for a string equal to s.
func (l *lazyRE) ReplaceAllString(s, repl string) string {
	if l.none(s) {
		return s
	}
	return l.re.ReplaceAllString(s, repl)
}
func (l *lazyRE) Split(s string, n int) []string { return l.get().Split(s, n) }

// allLazy2 lists the package's regexp2 patterns (for FuzzDFA2).
var allLazy2 []*lazy2

//go:noinline
func re(p string) *lazy2 {
	l := &lazy2{pat: p}
	allPatterns = append(allPatterns, func() { l.get() })
	allLazy2 = append(allLazy2, l)
	return l
}

func (l *lazy2) get() *regexp2.Regexp {
	l.once.Do(func() {
		l.re = regexp2.MustCompile(l.pat, regexp2.None)
		l.tail = newObjTail(l.pat)
		if d := newDFA(superset2(l.pat)); d != nil {
			d.loose = true
			l.dfa = d
		}
	})
	return l.re
}

// none reports whether the DFA is sure the pattern matches nowhere in s (false when it
// cannot tell, or prefilter is off).
func (l *lazy2) none(s string) bool {
	l.get()
	if !prefilter || l.dfa == nil {
		return false
	}
	found, ok := l.dfa.match(s)
	return ok && !found
}

// noneRunes is none on runes.
func (l *lazy2) noneRunes(r []rune) bool {
	l.get()
	if !prefilter || l.dfa == nil {
		return false
	}
	found, ok := l.dfa.matchRunes(r)
	return ok && !found
}

func (l *lazy2) MatchString(s string) (bool, error) {
	if l.none(s) {
		return false, nil
	}
	return l.re.MatchString(s)
}

func (l *lazy2) MatchRunes(r []rune) (bool, error) {
	if l.noneRunes(r) {
		return false, nil
	}
	return l.re.MatchRunes(r)
}

func (l *lazy2) FindStringMatch(s string) (*regexp2.Match, error) {
	if l.none(s) {
		return nil, nil
	}
	return l.re.FindStringMatch(s)
}

func (l *lazy2) FindRunesMatch(r []rune) (*regexp2.Match, error) {
	if l.noneRunes(r) {
		return nil, nil
	}
	if prefilter && l.tail != nil {
		return l.tail.find(l.re, r, 0)
	}
	return l.re.FindRunesMatch(r)
}

// FindRunesMatchStartingAt: a match from start is a match in r, so a DFA's no over r
// holds.
func (l *lazy2) FindRunesMatchStartingAt(r []rune, start int) (*regexp2.Match, error) {
	if l.noneRunes(r) {
		return nil, nil
	}
	if prefilter && l.tail != nil {
		return l.tail.find(l.re, r, start)
	}
	return l.re.FindRunesMatchStartingAt(r, start)
}

// FindNextMatchIn is regexp2's FindNextMatch for a match m of r: what follows m in r.
// It takes r because a match the object tail's shortcut made (objtail.go) holds a text
// cut at its end. As FindNextMatch, it starts where m ends (a character later after an
// empty match); a match's end is where regexp2 resumes (Match.textpos).
func (l *lazy2) FindNextMatchIn(r []rune, m *regexp2.Match) (*regexp2.Match, error) {
	if m == nil {
		return nil, nil
	}
	if !prefilter || l.get() == nil || l.tail == nil {
		return l.re.FindNextMatch(m)
	}
	start := m.Index + m.Length
	if m.Length == 0 {
		if start == len(r) {
			return nil, nil
		}
		start++
	}
	return l.tail.find(l.re, r, start)
}
func (l *lazy2) Replace(input, replacement string, startAt, count int) (string, error) {
	return l.get().Replace(input, replacement, startAt, count)
}

// patternsOnce builds the pattern table (patterns.go's initPatterns) on first use: its
// closures, need lists and lazy2 values were most of what the package's init still
// allocated, and the init function Liftoff compiled before the first recall.
var patternsOnce sync.Once

// patternsOf returns the patterns of kind k, building the table the first time.
func patternsOf(k kind) []pattern {
	patternsOnce.Do(initPatterns)
	return patterns[k]
}
