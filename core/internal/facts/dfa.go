package facts

import (
	"regexp/syntax"
	"slices"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
)

// A lazily built DFA that answers "does the expression match anywhere in s" for a Go
// regexp, one table lookup a character.
//
// Why: most calls of the claim rules' expressions find nothing (about three quarters of
// their time on a conversation), and Go's regexp pays for a miss as much as for a match:
// its backtracker and its NFA walk the whole expression at every position they try, with
// a case fold for every character of a (?i) expression. A DFA built from the same
// compiled program (regexp/syntax) answers the same question by following one state a
// character; its states are made on first use and kept. lazyRE asks it first and runs the
// regexp only when there is a match to report (for its indexes and groups).
//
// It is exact: it steps the same instructions as the regexp's NFA (syntax.Inst.MatchRune,
// syntax.EmptyOpContext for ^, $, \b), only all threads at once. FuzzDFA compares it with
// regexp.MatchString on every expression of the package; prefilter=false turns it off
// (TestPrefilter_changesNothing, FuzzExtract).

// dfaMaxStates bounds the states one expression keeps, and dfaMaxTotal those of all
// (a state is about 600 bytes — 128 transitions of 4 bytes and the rest — so at most
// about 5 MiB of a tab's linear memory, which never shrinks): past them a DFA makes no
// new state and the caller runs the regexp, so no input can grow memory without bound.
// The 40-message conversation of the benchmark makes about 1,100 states in all.
const (
	dfaMaxStates = 2000
	dfaMaxTotal  = 8000
)

// dfaStates counts the states of all DFAs.
var dfaStates atomic.Int64

// dfa is the lazy DFA of one expression. Its states are shared by every caller; mu
// guards them (a caller that finds it held runs the regexp instead of waiting).
type dfa struct {
	mu       sync.Mutex
	prog     *syntax.Prog
	anchored bool // every match starts at the beginning of the text
	loose    bool // a character matches when it or its lower case does (dfa2.go)
	// hanPlain: no instruction tells two characters of [hanLo, hanHi) apart, so they
	// share one transition a state (dstate.han) instead of one map entry each.
	hanPlain bool
	states   map[string]*dstate
	// byID holds the states by number: the transitions are numbers into it, not
	// pointers, so that the garbage collector, which scans every pointer of the heap on
	// each cycle, does not read 128 of them a state (in the wasm builds it marks on the
	// same thread as extraction), and a state takes half the memory. byID[0] is nil (no
	// transition yet), [1] matched, [2] noThread.
	byID  []*dstate
	start *dstate
	full  bool // dfaMaxStates or dfaMaxTotal reached
}

// dstate is a set of threads (program counters waiting to read a character, or to
// resolve an empty-width assertion) and what the previous character was, which ^, $
// and \b depend on.
type dstate struct {
	pcs  []uint32
	prev rune  // a representative of the previous character: -1, '\n', 'a' (word) or ' '
	id   int32 // its index in dfa.byID
	// next holds the transitions made so far (indexes in dfa.byID, 0 for none yet): ascii
	// by character, other in a map. A transition to matched means the expression matched
	// before the character.
	ascii [128]int32
	other map[rune]int32
	han   int32 // the transition on [hanLo, hanHi) when hanPlain
	end   int8  // 0 unknown, 1 matches at the end of the text, -1 does not
}

// matched is the sink state: a match was found.
var matched = &dstate{id: 1}

// newDFA returns the DFA of a Go expression, or nil when it cannot be compiled the way
// regexp compiles it.
func newDFA(pat string) *dfa {
	re, err := syntax.Parse(pat, syntax.Perl)
	if err != nil {
		return nil
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return nil
	}
	d := &dfa{prog: prog, anchored: prog.StartCond()&syntax.EmptyBeginText != 0, states: map[string]*dstate{},
		byID: []*dstate{nil, matched, noThread}}
	d.hanPlain = hanPlain(prog)
	d.start = d.state([]uint32{uint32(prog.Start)}, -1)
	if d.start == nil {
		return nil // dfaMaxTotal reached before this one was made: the regexp answers
	}
	return d
}

// prevClass maps a character to the representative of its class for the empty-width
// assertions.
func prevClass(r rune) rune {
	switch {
	case r == '\n':
		return '\n'
	case syntax.IsWordChar(r):
		return 'a'
	}
	return ' '
}

func (d *dfa) state(pcs []uint32, prev rune) *dstate {
	key := make([]byte, 0, 4*len(pcs)+4)
	key = utf8.AppendRune(key, prev+1)
	for _, pc := range pcs {
		key = append(key, byte(pc), byte(pc>>8), byte(pc>>16), byte(pc>>24))
	}
	if s, ok := d.states[string(key)]; ok {
		return s
	}
	if len(d.states) >= dfaMaxStates || dfaStates.Load() >= dfaMaxTotal {
		d.full = true
		return nil
	}
	dfaStates.Add(1)
	s := &dstate{pcs: pcs, prev: prev, id: int32(len(d.byID))}
	d.states[string(key)] = s
	d.byID = append(d.byID, s)
	return s
}

// closure follows the threads of s through the instructions that read nothing, with the
// empty-width assertions decided by flag; it returns the instructions that read a
// character, and whether a Match was reached.
func (d *dfa) closure(pcs []uint32, flag syntax.EmptyOp) ([]uint32, bool) {
	seen := make(map[uint32]bool, 2*len(pcs))
	var out []uint32
	match := false
	stack := slices.Clone(pcs)
	slices.Reverse(stack) // threads in order, for a deterministic state key
	for len(stack) > 0 {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[pc] {
			continue
		}
		seen[pc] = true
		in := &d.prog.Inst[pc]
		switch in.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			stack = append(stack, in.Arg, in.Out)
		case syntax.InstCapture, syntax.InstNop:
			stack = append(stack, in.Out)
		case syntax.InstEmptyWidth:
			if syntax.EmptyOp(in.Arg)&^flag == 0 {
				stack = append(stack, in.Out)
			}
		case syntax.InstMatch:
			match = true
		case syntax.InstFail:
		default: // InstRune, InstRune1, InstRuneAny, InstRuneAnyNotNL
			out = append(out, pc)
		}
	}
	return out, match
}

// step returns the state after s reads r (matched when the expression matched before
// r), or nil when the state table is full.
func (d *dfa) step(s *dstate, r rune) *dstate {
	if r >= 0 && r < 128 {
		if n := s.ascii[r]; n != 0 {
			return d.byID[n]
		}
	} else if n, ok := s.other[r]; ok {
		return d.byID[n]
	}
	runes, match := d.closure(s.pcs, syntax.EmptyOpContext(s.prev, r))
	var n *dstate
	if match {
		n = matched
	} else {
		var next []uint32
		for _, pc := range runes {
			if in := &d.prog.Inst[pc]; reads(in, r) || d.loose && reads(in, unicode.ToLower(r)) {
				next = append(next, in.Out)
			}
		}
		if !d.anchored {
			next = append(next, uint32(d.prog.Start)) // a match may start at the next position
		}
		next = dedupe(next)
		if n = d.state(next, prevClass(r)); n == nil {
			return nil
		} else if len(next) == 0 {
			n = noThread // an anchored expression with no thread left
		}
	}
	if r >= 0 && r < 128 {
		s.ascii[r] = n.id
	} else if d.hanPlain && r >= hanLo && r < hanHi {
		s.han = n.id
	} else {
		if s.other == nil {
			s.other = map[rune]int32{}
		}
		s.other[r] = n.id
	}
	return n
}

// reads reports whether instruction in reads r, as regexp's machine decides it.
func reads(in *syntax.Inst, r rune) bool {
	switch in.Op {
	case syntax.InstRune:
		return in.MatchRune(r)
	case syntax.InstRune1:
		return r == in.Rune[0]
	case syntax.InstRuneAny:
		return true
	case syntax.InstRuneAnyNotNL:
		return r != '\n'
	}
	return false
}

func dedupe(pcs []uint32) []uint32 {
	out := pcs[:0]
	for i, pc := range pcs {
		if !slices.Contains(pcs[:i], pc) {
			out = append(out, pc)
		}
	}
	return out
}

// match reports whether the expression matches somewhere in s; ok is false when the DFA
// could not tell (its table is full, or another goroutine holds it) and the caller must
// run the regexp.
//
// The loop works on state numbers: an ASCII byte is one read of st.ascii, and the two
// answers, matched (1) and noThread (2), are told by the number before any state is
// loaded; 0 is a transition not made yet (d.step makes it). The DFAs' scans were the
// largest part of extraction's own machinery (a seventh of its time natively).
func (d *dfa) match(s string) (found, ok bool) {
	if !d.mu.TryLock() {
		return false, false
	}
	defer d.mu.Unlock()
	st := d.start
	for i := 0; i < len(s); {
		var id int32
		r := rune(s[i])
		if r < utf8.RuneSelf {
			i++
			id = st.ascii[r]
		} else {
			var size int
			r, size = utf8.DecodeRuneInString(s[i:]) // as range does: U+FFFD, 1 for a bad byte
			i += size
			id = d.knownID(st, r)
		}
		switch {
		case id > 2:
			st = d.byID[id]
			continue
		case id != 0:
			return id == matched.id, true
		}
		n := d.step(st, r)
		if n == nil {
			return false, false
		}
		if n == matched || n == noThread {
			return n == matched, true
		}
		st = n
	}
	return d.end(st), true
}

// knownID is the number of st's transition on a character past ASCII made before (most
// take one: an array or map read), 0 when there is none yet and d.step must make it.
func (d *dfa) knownID(st *dstate, r rune) int32 {
	switch {
	case d.hanPlain && r >= hanLo && r < hanHi:
		return st.han
	case st.other != nil:
		return st.other[r]
	}
	return 0
}

// matchRunes is match on runes.
func (d *dfa) matchRunes(rs []rune) (found, ok bool) {
	if !d.mu.TryLock() {
		return false, false
	}
	defer d.mu.Unlock()
	st := d.start
	for _, r := range rs {
		var id int32
		if uint32(r) < 128 {
			id = st.ascii[r]
		} else {
			id = d.knownID(st, r)
		}
		switch {
		case id > 2:
			st = d.byID[id]
			continue
		case id != 0:
			return id == matched.id, true
		}
		n := d.step(st, r)
		if n == nil {
			return false, false
		}
		if n == matched || n == noThread {
			return n == matched, true
		}
		st = n
	}
	return d.end(st), true
}

// noThread is the state of an anchored expression with no thread left: nothing matches.
var noThread = &dstate{id: 2}

// The CJK Unified Ideographs: letters (Lo, Han) with no case, no word characters of
// Go's \b. A DFA whose instructions take all of them or none (an English expression,
// \p{L}, \p{Han}, [^,.]) reads them through one transition (TestHanPlain_block).
const hanLo, hanHi = 0x4E00, 0xA000

// hanPlain reports whether every instruction of prog that reads a character takes all
// of [hanLo, hanHi) or none of it.
func hanPlain(prog *syntax.Prog) bool {
	for i := range prog.Inst {
		in := &prog.Inst[i]
		switch in.Op {
		case syntax.InstRune1:
			if in.Rune[0] >= hanLo && in.Rune[0] < hanHi {
				return false
			}
		case syntax.InstRune:
			rs := in.Rune
			if len(rs) == 1 {
				rs = []rune{rs[0], rs[0]}
			}
			for j := 0; j+1 < len(rs); j += 2 {
				if lo, hi := rs[j], rs[j+1]; hi >= hanLo && lo < hanHi && (lo > hanLo || hi < hanHi-1) {
					return false
				}
			}
		}
	}
	return true
}

// end reports whether the expression matches at the end of the text in state st.
func (d *dfa) end(st *dstate) bool {
	if st.end == 0 {
		_, m := d.closure(st.pcs, syntax.EmptyOpContext(st.prev, -1))
		st.end = -1
		if m {
			st.end = 1
		}
	}
	return st.end == 1
}
