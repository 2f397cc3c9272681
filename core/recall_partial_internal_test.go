package core

import (
	"context"
	"encoding/json"
	"os"
	"testing"
	"time"
)

// TestRecall_partialHitsAreWhole: recall scores its pool from partial rows
// (store.MatchMemoryScores) and returns whole memories: each hit equals what get reads,
// with and without explain and peek, and a non-peek recall's counts are on the hits.
// MEMCORE_RECALL_DUMP=file writes every hit (content, score) of the 50 queries, to diff a
// build against another.
func TestRecall_partialHitsAreWhole(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)
	e, err := Open(ctx, Options{Path: ":memory:", Clock: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ns, _ := e.Namespace("default")
	texts, queries := opCostWorkload(600)
	in := make([]MemoryInput, 0, len(texts))
	for i, c := range texts {
		m := MemoryInput{Content: c, Tags: []string{"t"}, Source: &Source{SessionID: "s"}}
		if i%7 == 0 {
			m.Title, m.Subject = "title "+c, "subject"
		}
		in = append(in, m)
	}
	if _, err := ns.Remember(ctx, in...); err != nil {
		t.Fatal(err)
	}
	var dump [][2]any
	for qi, q := range queries {
		hits, err := ns.Recall(ctx, q, RecallOptions{Limit: 10, Peek: qi%2 == 0, Explain: qi%3 == 0})
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) == 0 {
			t.Fatalf("%q: no hits", q)
		}
		for _, h := range hits {
			dump = append(dump, [2]any{h.Memory.Content, h.Score})
			got, _ := json.Marshal(h.Memory)
			m, err := ns.Get(ctx, h.Memory.ID)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := json.Marshal(m)
			if string(got) != string(want) {
				t.Fatalf("%q: hit\n%s\nget\n%s", q, got, want)
			}
			if (qi%3 == 0) != (h.Components != nil) {
				t.Fatalf("%q: explain %v, components %v", q, qi%3 == 0, h.Components)
			}
		}
	}
	if f := os.Getenv("MEMCORE_RECALL_DUMP"); f != "" {
		b, _ := json.Marshal(dump)
		if err := os.WriteFile(f, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
