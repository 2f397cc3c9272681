package core

import (
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/memcore/memcore/core/internal/recall"
	"github.com/memcore/memcore/core/internal/store"
	"github.com/memcore/memcore/core/internal/text"
)

// bm25GoEngine is an in-memory engine holding percall.mjs's workload (opCostWorkload)
// and memories that use every indexed field — title, subject, predicate, tags, a card,
// Chinese — some updated, some forgotten, so that FTS5's statistics have seen deletes.
func bm25GoEngine(t *testing.T) (*Engine, *Namespace, []string) {
	t.Helper()
	ctx := context.Background()
	now := time.Date(2026, 11, 24, 5, 0, 0, 0, time.UTC)
	e, err := Open(ctx, Options{Path: ":memory:", Clock: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	ns, _ := e.Namespace("default")
	texts, queries := opCostWorkload(1000)
	in := make([]MemoryInput, 0, len(texts)+40)
	for i, c := range texts {
		m := MemoryInput{Content: c}
		switch i % 7 {
		case 1:
			m.Type, m.Title = "preference", "python scripts and green tea"
		case 2:
			m.Subject, m.Predicate, m.Tags = "Alice", "prefers", []string{"work", "python_scripts"}
		case 3:
			m.Card = &Card{Person: "Bob", Relationship: "manager", Backstory: "reviewed unit tests every morning"}
		case 4:
			m.Content = c + " 用户喜欢用 Python 写脚本"
		}
		in = append(in, m)
	}
	ms, err := ns.Remember(ctx, in...)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 60; i += 3 { // updates: the FTS row deleted and written again
		c := "the team wrote python scripts again " + ms[i].Content
		if _, err := ns.Update(ctx, ms[i].ID, MemoryPatch{Content: &c}, UpdateOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	var gone []string
	for i := 100; i < 140; i++ {
		gone = append(gone, ms[i].ID)
	}
	if _, err := ns.Forget(ctx, ForgetOptions{IDs: gone}); err != nil {
		t.Fatal(err)
	}
	queries = append(queries, "python", "Alice tea", "脚本", "Python 脚本", "manager unit tests", "work", "zzz nothing")
	return e, ns, queries
}

// TestBM25Go_sameAsFTS5 checks that recall's candidates scored in Go (matchLexicalGo)
// are FTS5's ranked ones: the same memories in the same order, with scores equal to
// the bit, with and without filters that leave rows out.
func TestBM25Go_sameAsFTS5(t *testing.T) {
	e, _, queries := bm25GoEngine(t)
	w := storeWeights(e.scoring)
	filters := map[string]store.Filter{
		"none":       {},
		"type":       {Types: []string{"preference"}},
		"tags":       {Tags: []string{"work"}},
		"superseded": {IncludeSuperseded: true},
	}
	compared := 0
	for fname, f := range filters {
		for _, q := range queries {
			tokens := text.QueryTokens(q)
			if len(tokens) == 0 || text.CommonOnly(tokens) {
				continue
			}
			st, shared, err := e.lexicalStats("default")
			if err != nil || shared || !e.useBM25Go(st, tokens) {
				t.Fatalf("stats %+v shared %v err %v: the Go path is not taken", st, shared, err)
			}
			f.Now = e.clock()
			match := recall.MatchExpr(tokens)
			for _, pool := range []int{1, 10, 50} {
				goC, err := e.matchLexicalGo("default", match, tokens, f, w, pool)
				if err != nil {
					t.Fatal(err)
				}
				ftsC, err := e.matchLexicalFTS("default", match, tokens, f, w, pool, false)
				if err != nil {
					t.Fatal(err)
				}
				if got, want := describe(goC), describe(ftsC); got != want {
					t.Fatalf("filter %s, query %q, pool %d:\nGo   %s\nFTS5 %s", fname, q, pool, got, want)
				}
				compared += len(goC)
			}
		}
	}
	if compared < 1000 {
		t.Errorf("only %d candidates compared: the workload no longer matches", compared)
	}
}

func describe(cs []store.Candidate) string {
	s := fmt.Sprint(len(cs), ":")
	for _, c := range cs {
		s += fmt.Sprintf(" %s/%x", c.Memory.ID, math.Float64bits(c.BM25))
	}
	return s
}

// TestBM25Go_recallUnchanged checks whole recalls (explain: every component) with BM25
// in Go — from the in-memory index (bm25index.go) and from FTS5's unranked matches —
// against the same recalls ranked in FTS5.
func TestBM25Go_recallUnchanged(t *testing.T) {
	e, ns, queries := bm25GoEngine(t)
	queries = append(queries, "the of and", "you the by to")
	ctx := context.Background()
	run := func(inFTS5 bool, noIndex ...bool) string {
		e.bm25go.inFTS5, e.bm25go.noIndex = inFTS5, len(noIndex) > 0
		out := ""
		for _, q := range queries {
			for _, o := range []RecallOptions{{Limit: 10, Peek: true, Explain: true}, {Limit: 3, Peek: true, Types: []string{"preference"}, Explain: true}} {
				hits, err := ns.Recall(ctx, q, o)
				if err != nil {
					t.Fatal(err)
				}
				out += fmt.Sprintf("%q:", q)
				for _, h := range hits {
					out += fmt.Sprintf(" %s %x %+v %q %v;", h.Memory.ID, math.Float64bits(h.Score), *h.Components, h.Memory.Content, h.Memory.Tags)
				}
				out += "\n"
			}
		}
		return out
	}
	goRun, ftsRun := run(false), run(true)
	if goRun != ftsRun {
		t.Errorf("recall differs:\nGo:\n%s\nFTS5:\n%s", goRun, ftsRun)
	}
	if matchRun := run(false, true); matchRun != ftsRun {
		t.Errorf("recall differs:\nGo without the index:\n%s\nFTS5:\n%s", matchRun, ftsRun)
	}
	if len(goRun) < 10000 {
		t.Errorf("recalls returned little (%d bytes): the workload no longer matches", len(goRun))
	}
}

// BenchmarkBM25Go_recall times recall on percall.mjs's workload (opCostWorkload) with BM25
// scored in Go from the in-memory index (index), from FTS5's matches (go) and ranked in
// FTS5 (fts5), natively, at 1k memories:
// go test ./core -run '^$' -bench BM25Go_recall.
func BenchmarkBM25Go_recall(b *testing.B) {
	for _, n := range []int{1000} {
		ctx := context.Background()
		e, err := Open(ctx, Options{Path: ":memory:"})
		if err != nil {
			b.Fatal(err)
		}
		ns, _ := e.Namespace("default")
		texts, queries := opCostWorkload(n)
		in := make([]MemoryInput, 0, len(texts))
		for _, c := range texts {
			in = append(in, MemoryInput{Content: c})
		}
		if _, err := ns.Remember(ctx, in...); err != nil {
			b.Fatal(err)
		}
		for _, mode := range []string{"index", "go", "fts5"} {
			b.Run(fmt.Sprintf("%d/%s", n, mode), func(b *testing.B) {
				e.bm25go.inFTS5, e.bm25go.noIndex = mode == "fts5", mode == "go"
				i := 0
				for b.Loop() {
					if _, err := ns.Recall(ctx, queries[i%len(queries)], RecallOptions{Limit: 10, Peek: true}); err != nil {
						b.Fatal(err)
					}
					i++
				}
			})
		}
		e.Close()
	}
}
