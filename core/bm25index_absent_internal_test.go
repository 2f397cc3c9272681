package core

import (
	"context"
	"testing"

	"github.com/memcore/memcore/core/internal/text"
)

// TestBM25Index_absentTermsSameAsFTS5: the index leaves out the query terms no row holds
// (memIndex.match: a location question's ~190 place names); the candidates, their order
// and their scores stay FTS5's, which ranks with every term — for location questions in
// English and Chinese, and for the workload's queries with absent words added.
func TestBM25Index_absentTermsSameAsFTS5(t *testing.T) {
	e, ns, queries := bm25GoEngine(t)
	if _, err := ns.Remember(context.Background(),
		MemoryInput{Content: "User lives in Boston"}, MemoryInput{Content: "User moved from Denver last year"},
		MemoryInput{Content: "用户住在上海"}, MemoryInput{Content: "User is based in Berlin, the city"}); err != nil {
		t.Fatal(err)
	}
	loc := []string{"where do I live", "where am I based", "what city am I in?", "我住哪", "我在哪个城市"}
	if n := len(text.QueryTokens(loc[0])); n < 100 {
		t.Fatalf("%q has %d query terms: the location expansion no longer brings the place names this test is about", loc[0], n)
	}
	for _, q := range queries[:min(len(queries), 20)] {
		loc = append(loc, q+" zzqx nosuchword boston")
	}
	if n := checkIndex(t, e, "default", loc, "absent terms"); n < 200 {
		t.Errorf("only %d candidates compared", n)
	}
}
