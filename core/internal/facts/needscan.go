package facts

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// One pass over a sentence finds every need word of every pattern (an Aho-Corasick
// automaton over the words' bytes), and each pattern's need check is then a few bit
// tests.
//
// Why: a sentence is checked against about forty need lists, a dozen words each, and
// each word was a strings.Contains that reads the sentence again when it fails. In the
// wasm builds (no vector instructions) that was a tenth of extractFacts' time in Node.
// The automaton reads the sentence's bytes once and records, per word, whether it occurs
// and whether it occurs where a word starts (patternneed.go's atWordStart rule). Lists it
// was not built with (none today) are looked for the old way. TestPrefilter_changesNothing
// and FuzzExtract compare every result with and without the prefilters; TestNeedScan_case
// compares the automaton with strings.Contains.

// needAC is the automaton of every need word, and the word ids of each need list.
type needAC struct {
	class  [256]uint8 // byte → class (0: a byte no word has)
	nclass int
	next   []int32   // state*nclass + class → state
	out    [][]int32 // state → ids of the words that end there
	lens   []int     // id → length in bytes
	lists  map[*string][]int32
	words  []string // of a list automaton (listAC)
	// step is next for anyIn: the target state times nclass (the row it starts), made
	// negative (-row-1) when a word ends there, so that a step is one load and a sign test.
	step []int32
	// pats are the patterns' need lists (pats[k][i] for patternsOf(k)[i]), resolved once
	// (needAt), so that a pattern's check is bit tests, not a map lookup.
	pats [kinds][]patNeed
}

// patNeed is one pattern's need list as the automaton knows it.
type patNeed struct {
	data      *string // the list's backing array: checked against the list asked about
	ids       []int32
	ascii     []bool // need[k] is ASCII (it then counts only where it starts a word)
	wordStart bool   // atWordStart holds for the pattern
}

var (
	needOnce sync.Once
	needScan *needAC
)

// needLists returns every need list the patterns use.
func needLists() [][]string {
	lists := [][]string{reportedNeed}
	for k := range patterns {
		for _, p := range patternsOf(kind(k)) {
			if p.need != nil {
				lists = append(lists, p.need)
			}
		}
	}
	return lists
}

func getNeedAC() *needAC {
	needOnce.Do(func() {
		a := buildNeedAC(needLists())
		for k := range patterns {
			ps := patternsOf(kind(k))
			a.pats[k] = make([]patNeed, len(ps))
			for i, p := range ps {
				ids, ok := a.lists[unsafe.SliceData(p.need)]
				if p.need == nil || !ok || len(ids) != len(p.need) {
					continue
				}
				pn := patNeed{data: unsafe.SliceData(p.need), ids: ids, ascii: make([]bool, len(ids))}
				for j, w := range p.need {
					pn.ascii[j] = isASCII(w)
				}
				f := atWordStart[kind(k)]
				pn.wordStart = f != nil && f(i)
				a.pats[k][i] = pn
			}
		}
		needScan = a
	})
	return needScan
}

func buildNeedAC(lists [][]string) *needAC {
	a := &needAC{lists: map[*string][]int32{}}
	ids := map[string]int32{}
	for _, l := range lists {
		var li []int32
		for _, w := range l {
			id, ok := ids[w]
			if !ok {
				id = int32(len(a.lens))
				ids[w] = id
				a.lens = append(a.lens, len(w))
			}
			li = append(li, id)
		}
		if len(l) > 0 {
			a.lists[unsafe.SliceData(l)] = li
		}
	}
	for w := range ids {
		for i := 0; i < len(w); i++ {
			if a.class[w[i]] == 0 {
				a.nclass++
				a.class[w[i]] = uint8(a.nclass)
			}
		}
	}
	a.nclass++ // class 0 too
	// The trie, with -1 for no edge.
	trie := [][]int32{make([]int32, a.nclass)}
	a.out = [][]int32{nil}
	for i := range trie[0] {
		trie[0][i] = -1
	}
	for w, id := range ids {
		s := int32(0)
		for i := 0; i < len(w); i++ {
			c := a.class[w[i]]
			if trie[s][c] < 0 {
				row := make([]int32, a.nclass)
				for j := range row {
					row[j] = -1
				}
				trie = append(trie, row)
				a.out = append(a.out, nil)
				trie[s][c] = int32(len(trie) - 1)
			}
			s = trie[s][c]
		}
		a.out[s] = append(a.out[s], id)
	}
	// Failure links, breadth first; every missing edge follows them.
	fail := make([]int32, len(trie))
	queue := []int32{}
	for c := range trie[0] {
		if t := trie[0][c]; t > 0 {
			queue = append(queue, t)
		} else {
			trie[0][c] = 0
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		a.out[s] = append(a.out[s], a.out[fail[s]]...)
		for c := range trie[s] {
			if t := trie[s][c]; t >= 0 {
				fail[t] = trie[fail[s]][c]
				queue = append(queue, t)
			} else {
				trie[s][c] = trie[fail[s]][c]
			}
		}
	}
	a.next = make([]int32, 0, len(trie)*a.nclass)
	for _, row := range trie {
		a.next = append(a.next, row...)
	}
	a.step = make([]int32, len(a.next))
	for i, t := range a.next {
		a.step[i] = t * int32(a.nclass)
		if len(a.out[t]) > 0 {
			a.step[i] = -a.step[i] - 1
		}
	}
	return a
}

// needHits are the need words found in one sentence: any[id] where it occurs, start[id]
// where it occurs at the start of a word.
type needHits struct {
	any, start []uint64
}

func (h *needHits) set(bits []uint64, id int32) { bits[id>>6] |= 1 << (id & 63) }
func (h *needHits) get(bits []uint64, id int32) bool {
	return bits[id>>6]&(1<<(id&63)) != 0
}

// scan finds the need words in lower. It steps through a.step (one load a byte; the
// words that end in a state are looked up only where some do) and makes one allocation
// for both bit sets.
func (a *needAC) scan(lower string) *needHits {
	n := (len(a.lens) + 63) / 64
	bits := make([]uint64, 2*n)
	h := &needHits{any: bits[:n:n], start: bits[n:]}
	row, step, nclass := int32(0), a.step, int32(a.nclass)
	for i := 0; i < len(lower); i++ {
		if row = step[row+int32(a.class[lower[i]])]; row >= 0 {
			continue
		}
		row = -row - 1
		for _, id := range a.out[row/nclass] {
			h.set(h.any, id)
			if j := i + 1 - a.lens[id]; j == 0 || !isWordByte(lower[j-1]) {
				h.set(h.start, id)
			}
		}
	}
	return h
}

// hits returns the need words of the sentence, found on first use.
func (s *sentence) hits() (*needAC, *needHits) {
	a := getNeedAC()
	if s.need == nil {
		s.need = a.scan(s.lower)
	}
	return a, s.need
}

// hasListed answers s.has(need) (wordStart false) or the word-start check of hasNeed
// (wordStart true: an ASCII word counts only where it starts a word) from the automaton;
// ok is false for a list it was not built with.
func (s *sentence) hasListed(need []string, wordStart bool) (found, ok bool) {
	a, h := s.hits()
	ids, ok := a.lists[unsafe.SliceData(need)]
	if !ok || len(ids) != len(need) {
		return false, false
	}
	for k, id := range ids {
		if h.get(h.any, id) && (!wordStart || !isASCII(need[k]) || h.get(h.start, id)) {
			return true, true
		}
	}
	return false, true
}

// needAt answers hasNeed for pattern i of kind k from the automaton: ok is false when
// the pattern's list is not need (a list the automaton was not built with).
func (s *sentence) needAt(k kind, i int, need []string) (found, ok bool) {
	a, h := s.hits()
	if i >= len(a.pats[k]) {
		return false, false
	}
	pn := &a.pats[k][i]
	if pn.data != unsafe.SliceData(need) || len(pn.ids) != len(need) {
		return false, false
	}
	for j, id := range pn.ids {
		if h.get(h.any, id) && (!pn.wordStart || !pn.ascii[j] || h.get(h.start, id)) {
			return true, true
		}
	}
	return false, true
}

// containsWord is the reference hasListed is tested against.
func containsWord(lower, w string, wordStart bool) bool {
	if !wordStart || !isASCII(w) {
		return strings.Contains(lower, w)
	}
	for from := 0; ; {
		j := strings.Index(lower[from:], w)
		if j < 0 {
			return false
		}
		j += from
		if j == 0 || !isWordByte(lower[j-1]) {
			return true
		}
		from = j + 1
	}
}

// unsafeData is the key of a need list in needAC.lists.
func unsafeData(l []string) *string { return unsafe.SliceData(l) }

// Word lists other than the patterns' (containsAny's: the claim rules' cue lists, the
// material and fiction gates over a whole message) get an automaton of their own, made on
// first use and kept by the list's identity: its length and its strings' addresses, the
// same for a list literal on every call. At most maxListACs are kept (a list of strings
// made at run time would otherwise add one each call); past that, lists are looked for
// word by word.
const maxListACs = 256

var listACs = struct {
	sync.Mutex
	m map[listKey]*needAC
}{m: map[listKey]*needAC{}}

type listKey struct {
	n    int
	hash uint64
}

func keyOf(need []string) listKey {
	h := uint64(14695981039346656037)
	for _, w := range need {
		h = (h ^ uint64(uintptr(unsafe.Pointer(unsafe.StringData(w))))) * 1099511628211
		h = (h ^ uint64(len(w))) * 1099511628211
	}
	return listKey{len(need), h}
}

// listAC returns the automaton of need, nil when there is none and no room for one.
func listAC(need []string) *needAC {
	// A list kept in a variable has the same backing array every call: found by its
	// address in a table of slots without hashing its strings, taking the lock or a
	// sync.Map (whose lookup was most of this function's time in the wasm builds);
	// sameList still checks it.
	data := uintptr(unsafe.Pointer(unsafe.SliceData(need)))
	slot := &listSlots[(data>>4^data>>14)%uintptr(len(listSlots))]
	if e := slot.Load(); e != nil && e.data == data && sameList(e.a.words, need) {
		return e.a
	}
	if slices.Contains(need, "") {
		return nil // in every text; the automaton reports words after a byte
	}
	a := listACSlow(need)
	if a != nil {
		slot.Store(&listSlot{data: data, a: a})
	}
	return a
}

// listSlot remembers the automaton of the list whose backing array is at data (the
// address only: keeping the array would make every list literal escape to the heap).
// listSlots is a direct-mapped table of them: a list whose slot another took is found
// again by listACSlow, by its strings' addresses, and takes the slot back.
type listSlot struct {
	data uintptr
	a    *needAC
}

var listSlots [1024]atomic.Pointer[listSlot]

// listACSlow finds or makes the automaton of need by the addresses of its strings.
func listACSlow(need []string) *needAC {
	k := keyOf(need)
	listACs.Lock()
	defer listACs.Unlock()
	a, ok := listACs.m[k]
	if !ok && len(listACs.m) < maxListACs {
		a = buildNeedAC([][]string{need})
		a.words = slices.Clone(need) // the same strings: sameList compares their addresses
		listACs.m[k] = a
	}
	if a != nil && !sameList(a.words, need) {
		return nil // two lists with one key: looked for word by word
	}
	return a
}

// sameList reports whether two lists hold the same strings: the same bytes in memory
// (strings do not change), else compared.
func sameList(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) || unsafe.StringData(a[i]) != unsafe.StringData(b[i]) && a[i] != b[i] {
			return false
		}
	}
	return true
}

// anyIn reports whether s contains one of the automaton's words.
func (a *needAC) anyIn(s string) bool {
	row, step := int32(0), a.step
	for i := 0; i < len(s); i++ {
		if row = step[row+int32(a.class[s[i]])]; row < 0 {
			return true
		}
	}
	return false
}
