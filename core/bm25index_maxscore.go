// The MaxScore cut of the in-memory index's match (moved from bm25index.go): how many
// query terms are held, each term's bound on a row's score, and which rows can still
// reach the pool.

package core

import (
	"slices"

	"github.com/memcore/memcore/core/internal/store"
	"github.com/memcore/memcore/core/internal/text"
)

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
