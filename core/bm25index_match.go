// A recall's match on the in-memory index (moved from bm25index.go): memIndex.match, the
// scoring of every row holding a query term, and the top-k heap that keeps the best pool.

package core

import (
	"slices"

	"github.com/memcore/memcore/core/internal/store"
	"github.com/memcore/memcore/core/internal/text"
)

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
