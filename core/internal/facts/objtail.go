package facts

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/dlclark/regexp2"
)

// The object tails of the profile and preference patterns, matched without regexp2's
// per-character lookahead, with the same result.
//
// Why: a pattern ending in an object and its stop — enObj, usesObj, zhObj:
// `(?<x>[^,;…]{1,120}?)(?=\s*(?:$|[,;…]|\.(?:\s|$)|\s(?i:but|because|…)\b))` — costs
// regexp2 about 150 ns a character of the object natively (the lazy loop evaluates the
// stop's alternation after every character): 8–9 µs for "I really love hiking in the
// mountains on weekends.", of which the words before the object take 1 µs. These
// patterns run on nearly every sentence that says something, and were the largest part
// of extraction's time in Node.
//
// How, exactly: a pattern P = PRE OBJ STOP (closing parentheses may follow OBJ and STOP)
// is matched through G = PRE (?<x>[^…]{min,max}), the object greedy and no stop.
//  1. regexp2 runs G. Its match is the first start and first path of PRE, in regexp2's
//     order, followed by at least min characters outside the class; P needs that and
//     more, so P matches nowhere before, and where G ends PRE at xs the object of P, if
//     any, starts there too. G's object runs on to g, the first character of the class
//     (or max characters, or the end).
//  2. Go code finds the object's end e as P's lazy quantifier does: the least k in
//     [min,max] with the stop holding at xs+k (stopAt: the stop's alternatives, worked out
//     below, on regexp2's own \s and case folding), so e <= g. If there is none, P would
//     backtrack into PRE: the pattern is run whole by regexp2, as before.
//  3. If e = g, G's match is P's: the same path, the same captures. Else regexp2 runs G
//     again from G's start over the text cut at e, where the object ends at e; that match
//     is checked against the first — the same start, the object from xs to e, the groups
//     around the object ending at e, every other group captured alike — and any
//     difference (the cut text can let PRE take another path) sends the pattern whole to
//     regexp2.
//
// A match's text may be the cut one, so the next match is found with FindNextMatchIn and
// the sentence's runes, not regexp2's FindNextMatch. A pattern whose shape is not exactly
// this (an alternation around the object, a numbered or option group enclosing it, inline
// options, another group named x, a stop of another form) has no objTail and runs as
// before. With prefilter off none is used: TestPrefilter_changesNothing and FuzzExtract
// compare every result with regexp2's own; FuzzObjTail compares the matches.
type objTail struct {
	greedy   *regexp2.Regexp // G
	class    []rune          // the object's excluded characters
	min, max int
	stop     objStop
	around   []int // numbers of the groups enclosing the object (named or not captured)
	xGroup   int   // the object's group number in P and G
}

// The shapes newObjTail reads a pattern with, compiled on its first call (not at start,
// and not lazy: a DFA for them would spend the package's DFA state budget on patterns' sources).
var objTailShapes = sync.OnceValue(compileObjTailShapes)

type objTailShapeREs struct{ shape, stopEN, stopZH *regexp.Regexp }

func compileObjTailShapes() (s objTailShapeREs) {
	s.shape = regexp.MustCompile(`^(.*)\(\?<x>\[\^([^\]\\\-\[]+)\]\{(\d+),(\d+)\}\?\)(\)*)(\(\?=.*)$`)
	s.stopEN = regexp.MustCompile(`^\(\?=\\s\*\(\?:\$\|\[([^\]\\\-\[]+)\]\|\\\.\(\?:\\s\|\$\)\|\\s\(\?i:([A-Za-z|\\s+]+)\)\(\?!\[A-Za-z0-9_\]\)\)\)$`)
	s.stopZH = regexp.MustCompile(`^\(\?=\$\|\[([^\]\\\-\[]+)\]\|\\\.\(\?:\\s\|\$\)((?:\|[^|()\\\[\]{}.*+?^$]+)*)\)$`)
	return s
}

// newObjTail returns the objTail of pattern p, or nil when p is not of the shape.
func newObjTail(p string) *objTail {
	shapes := objTailShapes()
	stopEN, stopZH := shapes.stopEN, shapes.stopZH
	sm := shapes.shape.FindStringSubmatch(p)
	if sm == nil {
		return nil
	}
	pre, class, close1 := sm[1], sm[2], sm[5]
	t := &objTail{class: []rune(class)}
	stopSrc, close2 := sm[6], ""
	for !stopEN.MatchString(stopSrc) && !stopZH.MatchString(stopSrc) && strings.HasSuffix(stopSrc, ")") {
		stopSrc, close2 = stopSrc[:len(stopSrc)-1], close2+")"
	}
	var err error
	if t.min, err = strconv.Atoi(sm[3]); err != nil || t.min < 1 {
		return nil
	}
	if t.max, err = strconv.Atoi(sm[4]); err != nil || t.max < t.min {
		return nil
	}
	if ss := stopEN.FindStringSubmatch(stopSrc); ss != nil {
		t.stop = objStop{en: true, punct: []rune(ss[1])}
		for _, alt := range strings.Split(ss[2], "|") {
			ws := strings.Split(strings.ToLower(alt), `\s+`)
			for _, w := range ws {
				if w == "" || strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") != "" {
					return nil
				}
			}
			t.stop.words = append(t.stop.words, ws)
		}
	} else if ss := stopZH.FindStringSubmatch(stopSrc); ss != nil {
		t.stop = objStop{punct: []rune(ss[1])}
		if ss[2] != "" {
			t.stop.lits = strings.Split(ss[2][1:], "|")
		}
		for _, l := range t.stop.lits {
			for _, r := range l {
				if r < 0x80 || unicode.ToLower(r) != r || unicode.ToUpper(r) != r {
					return nil // Han only: no case, no ASCII metacharacter
				}
			}
		}
	} else {
		return nil
	}
	if slices.ContainsFunc(t.stop.punct, isSpace2) || slices.Contains(t.stop.punct, '.') {
		return nil
	}
	if strings.Contains(pre, `\G`) {
		return nil // a match from p is then not the scan's match at p
	}
	open, ok := openGroups(pre)
	if !ok || len(open) != len(close1)+len(close2) {
		return nil
	}
	closeAll := strings.Repeat(")", len(open))
	g, err := regexp2.Compile(pre+`(?<x>[^`+class+`]{`+sm[3]+`,`+sm[4]+`})`+closeAll, regexp2.None)
	if err != nil {
		return nil
	}
	t.greedy = g
	t.xGroup = g.GroupNumberFromName("x")
	if t.xGroup < 0 || strings.Contains(pre, "(?<x>") {
		return nil
	}
	for _, name := range open {
		if name == "" {
			continue // (?: … )
		}
		n := g.GroupNumberFromName(name)
		if n < 0 || strings.Count(pre, "(?<"+name+">") != 1 {
			return nil
		}
		t.around = append(t.around, n)
	}
	return t
}

// openGroups returns the groups pre leaves open, outermost first ("" for a non-capturing
// one), and false when pre is not of a shape objTail can split: an alternation at the
// level of the object or of a group around it, a group around it that is numbered, an
// option or lookaround group, or inline options or a comment anywhere.
func openGroups(pre string) ([]string, bool) {
	type frame struct {
		name string
		alt  bool
	}
	stack := []frame{{}}
	for i := 0; i < len(pre); i++ {
		switch c := pre[i]; c {
		case '\\':
			i++
		case '[':
			i++
			if i < len(pre) && pre[i] == '^' {
				i++
			}
			if i < len(pre) && pre[i] == ']' {
				return nil, false
			}
			for i < len(pre) && pre[i] != ']' {
				if pre[i] == '\\' {
					i++
				}
				i++
			}
		case '|':
			stack[len(stack)-1].alt = true
		case ')':
			if len(stack) == 1 {
				return nil, false
			}
			stack = stack[:len(stack)-1]
		case '(':
			rest := pre[i+1:]
			switch {
			case !strings.HasPrefix(rest, "?"):
				stack = append(stack, frame{name: "#"}) // numbered
			case strings.HasPrefix(rest, "?:"):
				stack = append(stack, frame{})
			case strings.HasPrefix(rest, "?<") && !strings.HasPrefix(rest, "?<=") && !strings.HasPrefix(rest, "?<!"):
				end := strings.IndexByte(rest, '>')
				name := rest[2:max(2, end)]
				if end < 0 || name == "" || strings.Trim(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != "" {
					return nil, false
				}
				stack = append(stack, frame{name: name})
			case strings.HasPrefix(rest, "?=") || strings.HasPrefix(rest, "?!") || strings.HasPrefix(rest, "?<=") ||
				strings.HasPrefix(rest, "?<!") || strings.HasPrefix(rest, "?>"):
				stack = append(stack, frame{name: "#"})
			default: // (?i: … ), (?i), (?#…), (?'name'…), conditionals
				j := 1
				for j < len(rest) && strings.IndexByte("imnsx-", rest[j]) >= 0 {
					j++
				}
				if j == 1 || j >= len(rest) || rest[j] != ':' {
					return nil, false
				}
				stack = append(stack, frame{name: "#"})
			}
		}
	}
	var open []string
	for k, f := range stack {
		if f.alt || k > 0 && f.name == "#" {
			return nil, false
		}
		if k > 0 {
			open = append(open, f.name)
		}
	}
	return open, true
}

// objEnd returns where the object that starts at xs ends, as `[^class]{min,max}?` before
// the stop does, or -1 when it cannot.
func (t *objTail) objEnd(r []rune, xs int) int {
	for k := 1; k <= t.max; k++ {
		q := xs + k
		if q > len(r) || slices.Contains(t.class, r[q-1]) {
			return -1
		}
		if k >= t.min && t.stop.stopAt(r, q) {
			return q
		}
	}
	return -1
}

// find returns P's first match in r from start (whole is P, compiled), as
// whole.FindRunesMatchStartingAt(r, start) does.
func (t *objTail) find(whole *regexp2.Regexp, r []rune, start int) (*regexp2.Match, error) {
	gm, err := t.greedy.FindRunesMatchStartingAt(r, start)
	if err != nil || gm == nil {
		return nil, err // no match of G from start: none of P
	}
	x := gm.GroupByNumber(t.xGroup)
	if x == nil || len(x.Captures) != 1 {
		return whole.FindRunesMatchStartingAt(r, start)
	}
	p, xs, g := gm.Index, x.Index, x.Index+x.Length
	e := t.objEnd(r, xs)
	switch {
	case e < 0:
		return whole.FindRunesMatchStartingAt(r, start)
	case e == g:
		return gm, nil
	}
	m, err := t.greedy.FindRunesMatchStartingAt(r[:e], p) // P's match starts at p (no \G: newObjTail)
	if err != nil || m == nil || !t.same(m, gm, p, xs, g, e) {
		return whole.FindRunesMatchStartingAt(r, start)
	}
	return m, nil
}

// same reports whether m, G's match in the text cut at e, is gm, G's match in the whole
// text, with the object and the groups around it ending at e instead of g.
func (t *objTail) same(m, gm *regexp2.Match, p, xs, g, e int) bool {
	if m.Index != p || m.Length != e-p {
		return false
	}
	mg, hg := m.Groups(), gm.Groups()
	if len(mg) != len(hg) {
		return false
	}
	for i := 1; i < len(mg); i++ {
		c, h := mg[i].Captures, hg[i].Captures
		if mg[i].Name != hg[i].Name || len(c) != len(h) {
			return false
		}
		around := i == t.xGroup
		for _, a := range t.around {
			around = around || a == i
		}
		for k := range c {
			want := h[k]
			if around {
				if len(c) != 1 || want.Index+want.Length != g {
					return false
				}
				want.Length = e - want.Index
			}
			if c[k].Index != want.Index || c[k].Length != want.Length {
				return false
			}
		}
	}
	return mg[t.xGroup].Captures[0].Index == xs
}
