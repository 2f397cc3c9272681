package store

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestMatchMemories_headroomFallback: when another namespace holds every top-ranked
// match, the ranked head leaves too few of ours and the full query must find them.
func TestMatchMemories_headroomFallback(t *testing.T) {
	d, err := Open(context.Background(), ":memory:", Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	const limit = 10
	insert := func(ns string, i int, content string) {
		m := testMemory(fmt.Sprintf("%s%05d", ns, i), content)
		m.Namespace = ns
		if err := d.InsertMemory(m, FTSDoc{Content: content}); err != nil {
			t.Fatal(err)
		}
	}
	// Namespace a: many short documents, which BM25 ranks above b's long ones.
	for i := range matchHeadroom*limit + 50 {
		insert("a", i, "apple")
	}
	long := "apple " + strings.Repeat("filler ", 60)
	for i := range 3 {
		insert("b", i, long)
	}
	f := Filter{Now: time.Now()}
	for _, tc := range []struct {
		ns   string
		want int
	}{{"a", limit}, {"b", 3}, {"c", 0}} {
		got, err := d.MatchMemories(tc.ns, `"apple"`, f, Weights{1, 1, 1}, limit)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != tc.want {
			t.Errorf("namespace %s: %d matches, want %d", tc.ns, len(got), tc.want)
		}
		for _, c := range got {
			if c.Memory.Namespace != tc.ns {
				t.Errorf("namespace %s got a memory of %s", tc.ns, c.Memory.Namespace)
			}
		}
	}
}
