package core_test

import (
	"context"
	"testing"

	"github.com/memcore/memcore/core"
)

// rememberContents stores each content as a memory of ns: the question tests' setup.
func rememberContents(t *testing.T, ns *core.Namespace, contents ...string) {
	t.Helper()
	for _, c := range contents {
		if _, err := ns.Remember(context.Background(), core.MemoryInput{Content: c}); err != nil {
			t.Fatal(err)
		}
	}
}

// recallContents returns the contents of recall's first ten hits for query, best first.
func recallContents(t *testing.T, ns *core.Namespace, query string) []string {
	t.Helper()
	hits, err := ns.Recall(context.Background(), query, core.RecallOptions{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	got := make([]string, 0, len(hits))
	for _, h := range hits {
		got = append(got, h.Memory.Content)
	}
	return got
}
