package core

import (
	"fmt"
	"slices"

	"github.com/memcore/memcore/core/internal/store"
	"github.com/memcore/memcore/core/internal/text"
)

// Recall's in-memory index (issue 15, items 1 and 2: recall per call).
//
// BM25 computed in Go (bm25go.go) still asked FTS5 for every match of the query: an
// unranked MATCH, in the wasm builds 2–2.5× a whole recall of sqlite-wasm's. For a
// namespace alone in the database and at most bm25IndexMaxRows memories, the engine keeps
// instead, in Go memory, what that path read per match: each memory's indexed terms
// (postings: term → rows, with the term's count per column), its length in tokens, and
// the fields recall's usual filter and its scoring read (expiry, supersession, id,
// importance, times, access count). A recall then asks SQLite only for FTS5's totals
// (one row) and, afterwards, the hits' whole rows (fillHits): no MATCH at all.
//
// The scores are the Go path's, so FTS5's to the bit: the same formula (nsScorer), N and
// the token total from FTS5's averages record read at each recall, each term's document
// frequency the length of its postings (every row of the namespace, which is every row
// of the table, as FTS5 counts), each row's frequencies summed column by column in the
// same order. Ties go in rowid order, as the ranked statement returns them. A query of
// stopwords only ranks the newest max(commonQueryScan, 10·pool) passing matches, as
// store.MatchMemoryScoresNewest does: the same hits as before, without asking FTS5.
//
// The index follows every write: store.MemoryWrites lists the rows this connection
// wrote (SQLite's update hook) and reports a reset when another connection committed
// (data_version), after a restore or a bulk write; the listed rows are read again and
// patched in, a reset rebuilds. Inside a transaction (rows may roll back) and for
// filters other than expiry and supersession the Go path (matchLexicalGo) runs instead.
// One namespace is indexed at a time: the index serves only a namespace alone in the
// database, and at most bm25IndexMaxRows rows (docs/SCORING.md gives its bytes; its
// layout is bm25index_layout.go's, its build bm25index_build.go's).

// memIndex is the in-memory index of one namespace's memories.
type memIndex struct {
	ns       string
	bad      bool // a row cannot be indexed (a term counted past 65535): not used until a write
	rows     []idxRow
	free     []int32              // slots of rows that left
	slot     map[int64]int32      // rowid → slot
	dict     map[string]int32     // stem → term
	post     [][]uint32           // by term: the rows holding it (slot<<8 | counts' code), in no order
	tmax     [][3]uint16          // by term: its largest count per column in any row (a bound)
	big      map[uint64][3]uint16 // counts too large for a code, by slot and term (bm25index_layout.go)
	hit      []int32              // scratch, by slot: 1 + the row's place among a query's matches
	freq     []float64            // scratch: the matches' weighted term frequencies
	seen     []int32              // scratch: the matched slots
	cutTerms int                  // queries' terms that added no new rows (maxScoreCut), for tests
	noCut    bool                 // tests and benchmarks: never cut
	// whole holds the whole rows of hits recall read (bm25index_hits.go), by rowid.
	whole map[int64]*Memory
}

// idxRow is one memory in the index; rowid 0 marks a free slot.
type idxRow struct {
	f          store.ScoreFields
	expiresMS  int64
	hasExpires bool
	superseded bool
	dl         int32
	terms      []uint32 // its distinct terms (id<<8 | counts' code), in the order of docTerms
}

func (r *idxRow) live(f store.Filter) bool {
	return (f.IncludeExpired || !r.hasExpires || r.expiresMS > f.Now.UnixMilli()) && (f.IncludeSuperseded || !r.superseded)
}

// matchLexicalIndex is matchLexical for a namespace the in-memory index serves; ok is
// false when it does not (then nothing was done).
func (e *Engine) matchLexicalIndex(ns string, tokens []string, st store.BM25Stats, f store.Filter, w store.Weights, pool int) (_ []store.Candidate, ok bool, err error) {
	if e.bm25go.inFTS5 || e.bm25go.noIndex || st.Rows <= 0 || st.Rows != st.TableRows || st.Rows > bm25IndexMaxRows || !f.OnlyExpiry() {
		return nil, false, nil
	}
	x, err := e.syncIndex(ns, int(st.Rows))
	if err != nil || x == nil {
		return nil, false, err
	}
	e.bm25go.synced = true // bm25index_hits.go
	tot, err := e.db.MemoryFTSTotals()
	if err != nil {
		return nil, true, err
	}
	if tot.Rows <= 0 || tot.Tokens <= 0 {
		return nil, false, nil // the Go path lets FTS5 say what is wrong
	}
	c, err := x.match(ns, tokens, f, [3]float64{w.Title, w.Subject, w.Content}, pool, tot)
	return c, true, err
}

// syncIndex brings the index of ns (of about rows memories) up to date with the
// database and returns it; nil when it cannot serve now (inside a transaction, or a row
// it cannot hold).
func (e *Engine) syncIndex(ns string, rows int) (*memIndex, error) {
	rowids, reset, ok, err := e.db.MemoryWrites()
	if err != nil || !ok {
		return nil, err
	}
	x := e.bm25go.idx
	if reset || x == nil || x.ns != ns || (x.bad && len(rowids) > 0) {
		e.bm25go.idx = nil
		var err error
		x, err = e.buildIndex(ns, rows) // bm25index_build.go
		if err != nil && !x.bad {
			return nil, err
		}
		e.bm25go.idx = x
	} else {
		for _, rowid := range rowids {
			if err := e.indexPatch(x, rowid); err != nil {
				e.bm25go.idx = nil // rebuilt at the next recall
				return nil, err
			}
			if x.bad {
				break
			}
		}
	}
	if x.bad {
		return nil, nil
	}
	return x, nil
}

// bm25IndexMaxRows is the largest namespace (memories in memories_fts) the in-memory
// index serves. The layout and build hold 100,000 memories (docs/SCORING.md gives its
// bytes and its build's time, docs/BENCHMARKS.md its recalls in Node beside sqlite-wasm:
// p95 0.53x sqlite-wasm's), but there the first recall builds for 6.6 s in Node on a
// quiet machine (16-32 s under load; again after any reset, such as another
// connection's commit) and the process peaks ~90 MiB higher (347-363 MiB against the
// 250 MB of issue 15 item 4). So the engine serves up to 20,000 — a build of about a
// second, a few MB — and larger namespaces take FTS5's ranked path, as before.
const bm25IndexMaxRows = 20000

// idxScratchMax bounds the weighted frequencies (memIndex.freq, 8 bytes each) a recall
// leaves allocated for the next.
const idxScratchMax = 1 << 19

// errIndexHold stops a build: a row holds a term more than 65,535 times in one column,
// or the index would need 2^24 slots or terms (bm25index_layout.go).
var errIndexHold = fmt.Errorf("a row the in-memory index cannot hold")

// indexAdd adds row r (not yet in x) to x when it is of x's namespace; cache says whether
// its tokenized terms are kept in bm25GoState.docs (not while a build reads every row).
func (e *Engine) indexAdd(x *memIndex, r *store.IndexRow, cache bool) error {
	if r.Namespace != x.ns {
		return nil // the database is no longer the namespace's alone: st says so at the next recall
	}
	d, err := e.bm25go.termsOf(&r.Text, cache)
	if err != nil {
		return fmt.Errorf("memory row %d: %w", r.Fields.Rowid, err)
	}
	ns := make([][3]uint16, len(d.terms))
	for k, t := range d.terms {
		for c, n := range t.n {
			if !fitsCount(n) {
				x.bad = true
				return errIndexHold
			}
			ns[k][c] = uint16(n)
		}
	}
	if len(x.post)+len(d.terms) >= tfMaxID || (len(x.free) == 0 && len(x.rows) >= tfMaxID) {
		x.bad = true
		return errIndexHold
	}
	row := idxRow{f: r.Fields, expiresMS: r.ExpiresMS, hasExpires: r.HasExpires, superseded: r.Superseded,
		dl: int32(d.dl), terms: make([]uint32, len(d.terms))}
	var s int32
	if k := len(x.free); k > 0 {
		s, x.free = x.free[k-1], x.free[:k-1]
	} else {
		s = int32(len(x.rows))
		x.rows = append(x.rows, idxRow{})
		x.hit = append(x.hit, 0)
	}
	for k, t := range d.terms {
		id, ok := x.dict[t.stem]
		if !ok {
			id = int32(len(x.post))
			x.dict[t.stem] = id
			x.post = append(x.post, nil)
			x.tmax = append(x.tmax, [3]uint16{})
		}
		for c, n := range ns[k] {
			x.tmax[id][c] = max(x.tmax[id][c], n) // not lowered when rows leave: still a bound
		}
		post, term := x.pair(s, uint32(id), ns[k])
		row.terms[k] = term
		x.post[id] = append(x.post[id], post)
	}
	x.rows[s] = row
	x.slot[r.Fields.Rowid] = s
	return nil
}

// remove takes the row in slot s out of x.
func (x *memIndex) remove(s int32) {
	row := &x.rows[s]
	for _, v := range row.terms {
		id := v >> 8
		p := x.post[id]
		for i := range p {
			if int32(p[i]>>8) == s {
				p[i] = p[len(p)-1]
				x.post[id] = p[:len(p)-1]
				break
			}
		}
		if uint8(v) == tfEscape {
			delete(x.big, bigKey(s, id))
		}
	}
	delete(x.slot, row.f.Rowid)
	*row = idxRow{}
	x.free = append(x.free, s)
}

// indexPatch reads the memory of rowid again into x: gone, moved to another namespace,
// or changed. A row whose indexed text is unchanged (recall heat, importance, expiry,
// supersession) keeps its postings.
func (e *Engine) indexPatch(x *memIndex, rowid int64) error {
	delete(x.whole, rowid)
	s, had := x.slot[rowid]
	found, err := e.db.IndexRowByRowid(rowid, func(r *store.IndexRow) error {
		if had && r.Namespace == x.ns {
			d, err := e.bm25go.terms(&r.Text)
			if err != nil {
				return fmt.Errorf("memory row %d: %w", rowid, err)
			}
			if row := &x.rows[s]; x.sameTerms(s, d) {
				row.f, row.expiresMS, row.hasExpires, row.superseded = r.Fields, r.ExpiresMS, r.HasExpires, r.Superseded
				return nil
			}
		}
		if had {
			x.remove(s)
		}
		return e.indexAdd(x, r, true)
	})
	if err == errIndexHold {
		return nil // x.bad is set
	}
	if !found && had {
		x.remove(s)
	}
	return err
}

// sameTerms says whether the row of slot s holds exactly the terms and counts of d.
func (x *memIndex) sameTerms(s int32, d *docTerms) bool {
	row := &x.rows[s]
	if int(row.dl) != d.dl || len(row.terms) != len(d.terms) {
		return false
	}
	for k, t := range d.terms {
		v := row.terms[k]
		if id, ok := x.dict[t.stem]; !ok || uint32(id) != v>>8 {
			return false
		}
		c := x.counts(s, v>>8, uint8(v))
		for col, n := range t.n {
			if n != int(c[col]) {
				return false
			}
		}
	}
	return true
}

// match returns the best pool rows of x matching any of tokens and passing f, by BM25
// with column weights w and FTS5's totals tot, best first — what matchLexicalGo returns
// (and, for a query of stopwords only, matchLexicalFTS).
func (x *memIndex) match(ns string, tokens []string, f store.Filter, w [3]float64, pool int, tot store.FTSTotals) ([]store.Candidate, error) {
	np := len(tokens)
	df := make([]int64, np)
	lists := make([][]uint32, np)
	ids := make([]uint32, np)
	for i, t := range tokens {
		if id, ok := x.dict[text.Stem(t)]; ok {
			lists[i], ids[i] = x.post[id], uint32(id)
			df[i] = int64(len(lists[i]))
		}
	}
	common := text.CommonOnly(tokens) // of the query as asked, the terms no row holds included
	if np > 0 {
		// Terms no row holds add 0 to every score (a frequency of 0), and their sums
		// without those zeros are the same floats; but each row seen keeps a frequency per
		// term and each maxScoreCut scores every row over every term. A location question
		// brings ~190 place names, few of them in any namespace: scoring over all of them
		// made it 8× a plain question on 5,000 memories (docs/BENCHMARKS.md, "Location
		// questions"). So the query is those it can match, in its order.
		if k := countHeld(lists); k < np {
			t2, l2, i2, d2 := make([]string, 0, k), make([][]uint32, 0, k), make([]uint32, 0, k), make([]int64, 0, k)
			for i := range np {
				if len(lists[i]) > 0 {
					t2, l2, i2, d2 = append(t2, tokens[i]), append(l2, lists[i]), append(i2, ids[i]), append(d2, df[i])
				}
			}
			tokens, lists, ids, df, np = t2, l2, i2, d2, k
		}
	}
	seen, freq := x.seen[:0], x.freq[:0]
	add := func(i int, q uint32, j int32) {
		// FTS5 adds a column's weight once per occurrence, column by column.
		n := x.counts(int32(q>>8), ids[i], uint8(q))
		at := int(j-1)*np + i
		for c := range 3 {
			for range n[c] {
				freq[at] += w[c]
			}
		}
	}
	sc := newNSScorer(tokens, df, store.BM25Stats{Rows: tot.Rows, Tokens: tot.Tokens, TableRows: tot.Rows}, w[:])
	// Terms with the most to add first; once what the terms left could add to a row is
	// below the pool-th best score so far (maxScoreCut), they add no new rows.
	order := make([]int, np)
	for i := range order {
		order[i] = i
	}
	var ub []float64
	if !common && !x.noCut {
		ub = x.termBounds(sc, tokens, lists, w)
		slices.SortStableFunc(order, func(a, b int) int {
			switch {
			case ub[a] > ub[b]:
				return -1
			case ub[a] < ub[b]:
				return 1
			}
			return 0
		})
	}
	var keep []bool // after the cut: which rows seen can still reach the pool
	nkeep := 0
	for k, i := range order {
		if keep == nil && ub != nil && k > 0 {
			if keep = x.maxScoreCut(sc, seen, freq, np, f, pool, ub, order[k:]); keep != nil {
				x.cutTerms++
				for _, ok := range keep {
					if ok {
						nkeep++
					}
				}
			}
		}
		if keep != nil && len(lists[i]) > 8*nkeep {
			// After the cut only the rows kept can gain: look the term up in their own
			// terms rather than walk a list longer than them (a common word's).
			for j, s := range seen {
				if !keep[j] {
					continue
				}
				for _, v := range x.rows[s].terms {
					if v>>8 == ids[i] {
						add(i, uint32(s)<<8|v&0xFF, int32(j+1))
						break
					}
				}
			}
			continue
		}
		for _, q := range lists[i] {
			slot := int32(q >> 8)
			j := x.hit[slot]
			if keep != nil && (j == 0 || !keep[j-1]) {
				continue // it cannot reach the pool (maxScoreCut)
			}
			if j == 0 {
				seen = append(seen, slot)
				j = int32(len(seen))
				x.hit[slot] = j
				for range np {
					freq = append(freq, 0)
				}
			}
			add(i, q, j)
		}
	}
	defer func() {
		for _, s := range seen {
			x.hit[s] = 0
		}
		x.seen, x.freq = seen[:0], freq[:0]
		if cap(freq) > idxScratchMax {
			// A long query over a large namespace: one match per row and term, 24 MB
			// for 30 terms at 100,000 rows; not kept for the next recall.
			x.seen, x.freq = nil, nil
		}
	}()
	// The passing matches; for stopwords only, the newest scan of them (store's floor).
	pass := make([]int32, 0, len(seen))
	for j, s := range seen {
		if (keep == nil || keep[j]) && x.rows[s].live(f) {
			pass = append(pass, int32(j))
		}
	}
	if len(pass) == 0 {
		return nil, nil
	}
	if scan := max(commonQueryScan, 10*pool); common && len(pass) >= scan {
		ids := make([]int64, len(pass))
		for k, j := range pass {
			ids[k] = x.rows[seen[j]].f.Rowid
		}
		slices.Sort(ids)
		floor := ids[len(ids)-scan]
		pass = slices.DeleteFunc(pass, func(j int32) bool { return x.rows[seen[j]].f.Rowid < floor })
	}
	top := make(topK, 0, min(pool, len(pass)))
	for _, j := range pass {
		row := &x.rows[seen[j]]
		top.offer(scoredRow{sc.scoreFreq(freq[int(j)*np:int(j+1)*np], int(row.dl)), row.f.Rowid, seen[j]}, pool)
	}
	slices.SortFunc(top, func(a, b scoredRow) int {
		if a.better(b) {
			return -1
		}
		return 1
	})
	cands := make([]store.Candidate, len(top))
	for i, t := range top {
		cands[i] = x.rows[t.slot].f.Candidate(ns)
		cands[i].BM25 = t.bm25
	}
	return cands, nil
}

// countHeld is how many of the query's terms some row holds.
func countHeld(lists [][]uint32) int {
	k := 0
	for _, l := range lists {
		if len(l) > 0 {
			k++
		}
	}
	return k
}

// termBounds returns, for each query term, a bound on what it adds to any row's score:
// FTS5's term score at the largest weighted frequency the term has in any row (tmax)
// and the shortest possible row, times a margin for rounding; nil when a negative weight
// makes the score not grow with the frequency (then nothing is cut).
func (x *memIndex) termBounds(sc *nsScorer, tokens []string, lists [][]uint32, w [3]float64) []float64 {
	if w[0] < 0 || w[1] < 0 || w[2] < 0 {
		return nil
	}
	ub := make([]float64, len(tokens))
	for i, t := range tokens {
		if len(lists[i]) == 0 {
			continue
		}
		m := x.tmax[x.dict[text.Stem(t)]]
		f := float64(m[0])*w[0] + float64(m[1])*w[1] + float64(m[2])*w[2]
		ub[i] = sc.idf[i] * (f * (bm25K1 + 1)) / (f + bm25K1*(1-bm25B)) * (1 + 1e-9)
	}
	return ub
}

// maxScoreCut decides whether the terms rest can still change the best pool, and when
// they cannot all do so, which of the rows seen so far still can (nil: no cut). θ is
// the pool-th best score of the rows seen, counting what the terms before added: those
// scores only grow as the rest are added (each term adds a share ≥ 0, and a rounded sum
// does not shrink when a term in it grows), so the pool-th best final score is at least
// θ. The rest add at most the sum of their bounds ub: a row none of the terms before
// holds cannot score above that, and a row seen above its score so far plus that. When
// the bound is below θ, new rows are left out; and every row seen whose score plus the
// bound is below θ: each scores less than the pool-th best, so the best pool — ties in
// rowid order included — is the same as without the cut (margins of 1e-9 cover rounding).
func (x *memIndex) maxScoreCut(sc *nsScorer, seen []int32, freq []float64, np int, f store.Filter, pool int, ub []float64, rest []int) []bool {
	if len(seen) < pool || pool <= 0 {
		return nil
	}
	var bound float64
	for _, i := range rest {
		bound += ub[i]
	}
	bound *= 1 + 1e-9
	part := make([]float64, len(seen))
	live := make([]float64, 0, len(seen))
	for j, s := range seen {
		part[j] = -1
		if r := &x.rows[s]; r.live(f) {
			part[j] = sc.scoreFreq(freq[j*np:(j+1)*np], int(r.dl))
			live = append(live, part[j])
		}
	}
	if len(live) < pool {
		return nil
	}
	slices.Sort(live)
	theta := live[len(live)-pool]
	if !(bound < theta) {
		return nil
	}
	keep := make([]bool, len(seen))
	for j, p := range part {
		keep[j] = p >= 0 && (p+bound)*(1+1e-9) >= theta
	}
	return keep
}

// scoredRow is a match with its score.
type scoredRow struct {
	bm25  float64
	rowid int64
	slot  int32
}

// better orders rows as the ranked statement does: higher score, then lower rowid.
func (a scoredRow) better(b scoredRow) bool {
	return a.bm25 > b.bm25 || (a.bm25 == b.bm25 && a.rowid < b.rowid)
}

// topK keeps the best k rows offered: a heap whose root is the worst kept.
type topK []scoredRow

func (h *topK) offer(r scoredRow, k int) {
	t := *h
	if len(t) < k {
		t = append(t, r)
		for i := len(t) - 1; i > 0; { // up
			p := (i - 1) / 2
			if !t[p].better(t[i]) {
				break
			}
			t[p], t[i] = t[i], t[p]
			i = p
		}
		*h = t
		return
	}
	if k == 0 || !r.better(t[0]) {
		return
	}
	t[0] = r
	for i := 0; ; { // down
		l, m := 2*i+1, i
		if l < len(t) && t[m].better(t[l]) {
			m = l
		}
		if l+1 < len(t) && t[m].better(t[l+1]) {
			m = l + 1
		}
		if m == i {
			break
		}
		t[m], t[i] = t[i], t[m]
		i = m
	}
}
