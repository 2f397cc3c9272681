package core_test

import (
	"context"
	"slices"
	"testing"

	"github.com/memcore/memcore/core"
)

// TestExtractFacts_kindsDoNotSupersede: facts of one kind of claim (family, event, job,
// likes…) are all true at once, so a later one must not supersede an earlier one; a
// slot that holds one value (the user's name) still does. Before, 9 of 18 facts of an
// everyday conversation were superseded by the next fact of their kind.
func TestExtractFacts_kindsDoNotSupersede(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	say := func(session string, lines ...string) *core.ExtractResult {
		t.Helper()
		var conv []string
		for _, l := range lines {
			conv = append(conv, "user", l, "assistant", "Got it.")
		}
		res, err := ns.ExtractFacts(ctx, cxChat(conv...), core.ExtractOptions{Commit: true, SessionID: session})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	a := say("s1", "My daughter Lily is allergic to peanuts.", "I work night shifts at the hospital.",
		"I love hiking on weekends.")
	b := say("s2", "我儿子今年上三年级了。", "I'm a nurse.", "I also love jazz.")
	if len(a.Memories) < 2 || len(b.Memories) < 2 {
		t.Fatalf("stored %d then %d memories: %v / %v", len(a.Memories), len(b.Memories), a.Facts, b.Facts)
	}
	live, err := ns.List(ctx, core.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range append(a.Memories, b.Memories...) {
		if !slices.ContainsFunc(live.Memories, func(l *core.Memory) bool { return l.ID == m.ID }) {
			t.Errorf("%q (%s/%s, tags %v) is not live", m.Content, m.Subject, m.Predicate, m.Tags)
		}
		if m.Predicate != "" && m.Predicate != "name" && m.Predicate != "works_at" {
			t.Errorf("%q stored with the kind %q as its predicate", m.Content, m.Predicate)
		}
		if len(m.Tags) < 2 && m.Predicate == "" {
			t.Errorf("%q lost its kind: tags %v", m.Content, m.Tags)
		}
	}
	// The name is a slot: a new one replaces the old.
	n1 := say("s3", "hi there", "My name is Greta.", "thanks")
	n2 := say("s4", "hello again", "My name is Gigi.", "ok thanks")
	if len(n1.Memories) != 1 || len(n2.Memories) != 1 {
		t.Fatalf("names: %v / %v", n1.Facts, n2.Facts)
	}
	if got := n2.Memories[0]; got.Predicate != "name" {
		t.Fatalf("name stored with predicate %q", got.Predicate)
	}
	live, _ = ns.List(ctx, core.ListOptions{})
	if slices.ContainsFunc(live.Memories, func(l *core.Memory) bool { return l.ID == n1.Memories[0].ID }) {
		t.Errorf("the older name %q is still live", n1.Memories[0].Content)
	}
}
