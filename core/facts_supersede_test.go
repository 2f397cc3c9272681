package core_test

import (
	"context"
	"slices"
	"testing"

	"github.com/memcore/memcore/core"
)

// checkSupersedes stores old, then new, each by extractFacts in a session of its own, in a
// new database, and checks the corrections: old gives 1+kept memories and new one; the
// first of old's is superseded by new's (still live when none), the rest of old's stay.
func checkSupersedes(t *testing.T, old, new string, kept int, none bool) {
	t.Helper()
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	say := func(session, line string, n int) *core.ExtractResult {
		t.Helper()
		res, err := ns.ExtractFacts(ctx, cxChat("user", line), core.ExtractOptions{Commit: true, SessionID: session})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Memories) != n {
			t.Fatalf("%q stored %d memories: %v", line, len(res.Memories), res.Facts)
		}
		return res
	}
	a, b := say("s1", old, 1+kept), say("s2", new, 1)
	live, err := ns.List(ctx, core.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	isLive := func(id string) bool {
		return slices.ContainsFunc(live.Memories, func(l *core.Memory) bool { return l.ID == id })
	}
	if isLive(a.Memories[0].ID) != none || !isLive(b.Memories[0].ID) {
		t.Errorf("%q then %q: the older live %v (want %v), the newer live %v (predicates %q, %q)", old, new,
			isLive(a.Memories[0].ID), none, isLive(b.Memories[0].ID), a.Memories[0].Predicate, b.Memories[0].Predicate)
	}
	for _, m := range a.Memories[1:] {
		if !isLive(m.ID) {
			t.Errorf("%q then %q: %q was superseded", old, new, m.Content)
		}
	}
}
