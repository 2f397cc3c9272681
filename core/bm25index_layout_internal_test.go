package core

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memcore/memcore/core/internal/store"
)

// TestBM25Index_layoutCodes checks the packing of counts into a byte: every count in
// range comes back as it went in, and one out of range takes the escape.
func TestBM25Index_layoutCodes(t *testing.T) {
	x := &memIndex{}
	for _, n := range [][3]uint16{{0, 0, 1}, {3, 3, 14}, {1, 0, 0}, {0, 2, 7}, {4, 0, 0}, {0, 4, 1}, {0, 0, 15}, {3, 3, 15}, {0, 0, 65535}} {
		post, term := x.pair(7, 42, n)
		code := uint8(post)
		if uint8(term) != code || post>>8 != 7 || term>>8 != 42 {
			t.Fatalf("%v: post %#x term %#x", n, post, term)
		}
		if escaped := n[0] > 3 || n[1] > 3 || n[2] > 14; escaped != (code == tfEscape) {
			t.Errorf("%v: code %#x, escaped %v", n, code, escaped)
		}
		if got := x.counts(7, 42, code); got != n {
			t.Errorf("%v: read back %v", n, got)
		}
	}
}

// TestBM25Index_escapedCounts checks memories whose counts take the escape (a word 4
// times in a title, 15 or more times in a content): the index's candidates are FTS5's
// to the bit, and the escaped counts leave with their rows (update, forget).
func TestBM25Index_escapedCounts(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 24, 5, 0, 0, 0, time.UTC)
	e, err := Open(ctx, Options{Path: ":memory:", Clock: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ns, _ := e.Namespace("default")
	rep := func(w string, n int) string { return strings.TrimSpace(strings.Repeat(w+" ", n)) }
	ms, err := ns.Remember(ctx,
		MemoryInput{Title: rep("tea", 4), Content: "green tea at work"},
		MemoryInput{Content: rep("python", 15) + " scripts"},
		MemoryInput{Content: rep("python", 300) + " " + rep("tea", 14)},
		MemoryInput{Subject: "tea tea tea tea tea", Content: "python once"},
		MemoryInput{Content: "python tea notes"},
	)
	if err != nil {
		t.Fatal(err)
	}
	queries := []string{"python", "tea", "python tea", "green scripts", "notes"}
	check := func(label string, escaped int) {
		t.Helper()
		if _, err := ns.Recall(ctx, "python", RecallOptions{Limit: 10, Peek: true}); err != nil {
			t.Fatal(err)
		}
		if err := e.do(ctx, func() error { checkIndex(t, e, "default", queries, label); return nil }); err != nil {
			t.Fatal(err)
		}
		if got := len(e.bm25go.idx.big); got != escaped {
			t.Errorf("%s: %d counts escaped, want %d", label, got, escaped)
		}
	}
	check("remembered", 4) // tea in 0's title, python in 1, python in 2 (tea 14 fits), tea in 3's subject
	c := "python scripts"
	if _, err := ns.Update(ctx, ms[1].ID, MemoryPatch{Content: &c}, UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	check("updated", 3)
	if _, err := ns.Forget(ctx, ForgetOptions{IDs: []string{ms[0].ID, ms[2].ID}}); err != nil {
		t.Fatal(err)
	}
	check("forgotten", 1)
}

// TestBM25Index_buildSameAsTerms checks a build (bm25index_build.go: tokens counted by
// id) against rows added one by one from docTerms (the Go path's tokenizing), on the Go
// path's workload (titles, subjects, predicates, tags, cards, Chinese): every row's
// terms in the same order with the same codes, the same lengths, the same dictionary.
func TestBM25Index_buildSameAsTerms(t *testing.T) {
	e, _, _ := bm25GoEngine(t)
	err := e.do(context.Background(), func() error {
		built, err := e.buildIndex("default", 0)
		if err != nil {
			return err
		}
		added := &memIndex{ns: "default", slot: map[int64]int32{}, dict: map[string]int32{}}
		if err := e.db.ScanIndexRows("default", func(r *store.IndexRow) error { return e.indexAdd(added, r, false) }); err != nil {
			return err
		}
		if len(built.slot) < 900 || len(built.slot) != len(added.slot) || !maps.Equal(built.dict, added.dict) || !maps.Equal(built.big, added.big) {
			t.Fatalf("built %d rows, %d terms; added %d rows, %d terms", len(built.slot), len(built.dict), len(added.slot), len(added.dict))
		}
		for rowid, s := range built.slot {
			a, b := &built.rows[s], &added.rows[added.slot[rowid]]
			if a.dl != b.dl || !slices.Equal(a.terms, b.terms) {
				t.Fatalf("row %d: built dl %d terms %x; added dl %d terms %x", rowid, a.dl, a.terms, b.dl, b.terms)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
