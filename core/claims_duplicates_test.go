package core_test

import (
	"context"
	"testing"
	"time"

	"github.com/memcore/memcore/core"
)

// The claim (FACTS.md "Committing", "No duplicates"): a fact whose type and key a live
// memory of the namespace has — not expired, not superseded — is not stored again; a
// forgotten or expired memory does not block its fact. Each case stores the fact's text
// as a memory, takes it out of the live set one way, and extracts with commit.

func TestClaimsDuplicates_onlyALiveMemoryBlocksItsFact(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name    string
		gone    func(t *testing.T, ns *core.Namespace, m *core.Memory, clk *fakeClock)
		blocked bool
	}{
		{"live", func(*testing.T, *core.Namespace, *core.Memory, *fakeClock) {}, true},
		{"forgotten", func(t *testing.T, ns *core.Namespace, m *core.Memory, _ *fakeClock) {
			if _, err := ns.Forget(ctx, core.ForgetOptions{ID: m.ID}); err != nil {
				t.Fatal(err)
			}
		}, false},
		{"expired", func(t *testing.T, ns *core.Namespace, m *core.Memory, clk *fakeClock) {
			clk.Add(2 * 24 * time.Hour) // past the transient tier's day
		}, false},
		{"superseded", func(t *testing.T, ns *core.Namespace, m *core.Memory, _ *fakeClock) {
			if _, err := ns.Remember(ctx, core.MemoryInput{Type: m.Type, Subject: "claims", Predicate: "slot", Content: "a newer claim of the slot"}); err != nil {
				t.Fatal(err)
			}
		}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			clk := &fakeClock{now: time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)}
			e := openMem(t, core.Options{Clock: clk.Now})
			ns, _ := e.Namespace("default")
			probe, err := ns.ExtractFacts(ctx, nsShared(), core.ExtractOptions{})
			if err != nil || len(probe.Facts) == 0 {
				t.Fatal(err, probe)
			}
			f := probe.Facts[0]
			m := mustMem(t)(ns.Remember(ctx, core.MemoryInput{Type: f.Type, Content: f.Content, Tier: core.TierTransient,
				Subject: "claims", Predicate: "slot"}))
			c.gone(t, ns, m, clk)
			res, err := ns.ExtractFacts(ctx, nsShared(), core.ExtractOptions{Commit: true, SessionID: "s1"})
			if err != nil {
				t.Fatal(err)
			}
			stored := false
			for _, s := range res.Memories {
				stored = stored || s.Content == f.Content
			}
			if stored == c.blocked || res.Duplicates != map[bool]int{true: 1}[c.blocked] {
				t.Errorf("a %s memory of the fact %q: stored %v, duplicates %d", c.name, f.Content, stored, res.Duplicates)
			}
		})
	}
}
