package main

// The stopword-only query class of the native recall table: queries made only of common
// function words ("you the by to"), the slowest kind before memcore capped them (issue 15:
// they keep every stopword, since dropping them would leave nothing, and so match nearly
// every memory). The raw FTS5 baseline drops stopwords, so it has no counterpart here.

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/memcore/memcore/core"
)

// benchStopQueries is how many stopword-only queries each size times.
const benchStopQueries = 100

// stopQueryWords are function words (all stopwords of core.IsStopword) that the
// generated memories contain, most of them in many memories ("the", "in", "and").
var stopQueryWords = []string{"the", "to", "and", "in", "is", "a", "with", "on", "for",
	"of", "by", "you", "what", "who", "does", "his", "her", "it"}

// stopQueries returns n queries of two to four distinct stopwords each, always with at
// least one that the memories are full of.
func (g *gen) stopQueries(n int) []string {
	words := slices.DeleteFunc(slices.Clone(stopQueryWords), func(w string) bool { return !core.IsStopword(w) })
	out := make([]string, n)
	for i := range out {
		q := []string{g.pick([]string{"the", "in", "and", "to"})}
		for k := 1 + g.r.IntN(3); k > 0; k-- {
			if w := g.pick(words); !slices.Contains(q, w) {
				q = append(q, w)
			}
		}
		g.r.Shuffle(len(q), func(i, j int) { q[i], q[j] = q[j], q[i] })
		out[i] = strings.Join(q, " ")
	}
	return out
}

// stopResult is the stopword-only class at one size.
type stopResult struct {
	Queries int     `json:"queries"`
	P50     float64 `json:"p50"`
	P95     float64 `json:"p95"`
	Max     float64 `json:"max"`
	Zero    int     `json:"zeroHits"`
	AvgHits float64 `json:"avgHits"`
}

// benchStopwords times the stopword-only queries against ns (peek, limit benchLimit).
func benchStopwords(ctx context.Context, ns *core.Namespace, n int) (*stopResult, error) {
	return timeStopQueries(n, func(q string) (int, error) {
		h, err := ns.Recall(ctx, q, core.RecallOptions{Limit: benchLimit, Peek: true})
		return len(h), err
	})
}

// benchStopTurns times the stopword-only queries through SearchTurns (limit benchLimit).
func benchStopTurns(ctx context.Context, ns *core.Namespace, n int) (*stopResult, error) {
	return timeStopQueries(n, func(q string) (int, error) {
		h, err := ns.SearchTurns(ctx, q, core.SearchTurnsOptions{Limit: benchLimit})
		return len(h), err
	})
}

// timeStopQueries runs benchWarmup untimed then n timed stopword-only queries through
// search, which returns the number of hits.
func timeStopQueries(n int, search func(string) (int, error)) (*stopResult, error) {
	qs := newGen(benchSeed + 4).stopQueries(n)
	for _, q := range newGen(benchSeed + 5).stopQueries(benchWarmup) {
		if _, err := search(q); err != nil {
			return nil, err
		}
	}
	d := make([]time.Duration, len(qs))
	r := &stopResult{Queries: len(qs)}
	hits := 0
	for i, q := range qs {
		t0 := time.Now()
		h, err := search(q)
		if err != nil {
			return nil, fmt.Errorf("search %q: %w", q, err)
		}
		d[i] = time.Since(t0)
		hits += h
		r.Zero += b2i(h == 0)
	}
	l := percentiles(d)
	r.P50, r.P95 = l.P50, l.P95
	r.Max = float64(slices.Max(d).Nanoseconds()) / 1e6
	r.AvgHits = float64(hits) / float64(len(qs))
	return r, nil
}

// markdownStopwords prints the stopword-only class of every size that measured it.
func (rep *benchReport) markdownStopwords(w io.Writer) {
	fmt.Fprintln(w, "### Queries of stopwords only (\"you the by to\"; memcore, peek: true, limit 10)")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| memories | queries | p50 ms | p95 ms | max ms | zero hits | mean hits |")
	fmt.Fprintln(w, "|---:|---:|---:|---:|---:|---:|---:|")
	for _, r := range rep.Sizes {
		if s := r.Stopwords; s != nil {
			fmt.Fprintf(w, "| %s | %d | %s | %s | %s | %d | %.1f |\n", fmtCount(r.Memories),
				s.Queries, ms3(s.P50), ms3(s.P95), ms3(s.Max), s.Zero, s.AvgHits)
		}
	}
	if t := rep.Turns; t != nil && t.Stopwords != nil {
		s := t.Stopwords
		fmt.Fprintf(w, "| %s turns (searchTurns) | %d | %s | %s | %s | %d | %.1f |\n", fmtCount(t.Turns),
			s.Queries, ms3(s.P50), ms3(s.P95), ms3(s.Max), s.Zero, s.AvgHits)
	}
	fmt.Fprintln(w)
}
