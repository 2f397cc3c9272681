package core_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
)

// TestRecall_stopwordQuery: a query of stopwords only ranks the newest matches of its
// namespace only when it has more than the scan; it still finds a memory containing the
// words, best first, even when another namespace holds many newer matches; a query with
// a content word still ranks every match.
func TestRecall_stopwordQuery(t *testing.T) {
	ctx := context.Background()
	e := openMem(t, core.Options{})
	big, _ := e.Namespace("big")
	small, _ := e.Namespace("small")
	remember := func(ns *core.Namespace, contents ...string) {
		t.Helper()
		in := make([]core.MemoryInput, len(contents))
		for i, c := range contents {
			in[i] = core.MemoryInput{Type: core.TypeNote, Content: c}
		}
		if _, err := ns.Remember(ctx, in...); err != nil {
			t.Fatal(err)
		}
	}
	remember(small, "who opened the window")
	// The oldest memory of big: the best match of "the who", but older than the 500+
	// newest matches that a stopword-only query ranks.
	remember(big, "who is the manager")
	for b := range 3 {
		var batch []string
		for i := range 400 {
			batch = append(batch, fmt.Sprintf("the note number %d of batch %d", i, b))
		}
		remember(big, batch...)
	}
	remember(big, "who fixed the printer") // the newest

	recall := func(ns *core.Namespace, q string) []core.Hit {
		t.Helper()
		h, err := ns.Recall(ctx, q, core.RecallOptions{Limit: 5, Peek: true})
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	for _, tc := range []struct {
		name  string
		ns    *core.Namespace
		query string
		first string
	}{
		{"stopwords rank the newest matches", big, "the who", "who fixed the printer"},
		{"a small namespace is ranked in full", small, "the who", "who opened the window"},
		{"a content word ranks every match", big, "who manager", "who is the manager"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := recall(tc.ns, tc.query)
			if len(h) == 0 {
				t.Fatalf("%q: no hits", tc.query)
			}
			if h[0].Memory.Content != tc.first {
				t.Errorf("%q: first %q, want %q", tc.query, h[0].Memory.Content, tc.first)
			}
			for _, x := range h {
				if x.Memory.Namespace != tc.ns.Name() {
					t.Errorf("hit from namespace %q", x.Memory.Namespace)
				}
				if !strings.Contains(x.Memory.Content, "the") && !strings.Contains(x.Memory.Content, "who") {
					t.Errorf("hit %q shares no word of %q", x.Memory.Content, tc.query)
				}
			}
		})
	}
	// Older than the scan: a stopword-only query passes over the old best match.
	for _, x := range recall(big, "the who") {
		if x.Memory.Content == "who is the manager" {
			t.Errorf("the oldest match was ranked; want only the newest %d", 500)
		}
	}
}
