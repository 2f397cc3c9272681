package core_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memcore/memcore/core"
)

// The claim (README "Memories", ENGINE.md "Forget leaves nothing"): forget with purge
// removes every copy of a memory's text, each version's, and leaves no byte of it in the
// file. TestForget_purgeLeavesNoByteOnAnyPath covers the paths that copy a memory's text
// at its creation (extraction's logs and MEMORY, a frozen snapshot, compaction, an
// episode, an embedder). These are the paths by which a memory changes or goes before
// the purge: an update (each version's text and embedding), a keyed upsert, a newer
// memory of the same slot superseding it, consolidate's USER profile section, the
// expired sweep, and a forget without purge first (the agent's plain forget, decay or a
// quota's eviction: the history keeps the last text).

func TestClaimsForget_purgeLeavesNoByteAfterAnyChange(t *testing.T) {
	ctx := context.Background()
	const v1, v2 = "Xyzzyquel", "Plughvorn"
	cases := []struct {
		name string
		// run writes the words v1 (and v2) through the path and returns the ids to purge;
		// purge false: the path itself is the purge (the expired sweep).
		run   func(t *testing.T, ns *core.Namespace, clk *fakeClock) (ids []string, purge bool)
		gone  []string // words no byte of which may remain
		keeps string   // the text of a memory that stays: the file is read in the right place
	}{
		{"updated twice, embedded, in USER's profile", func(t *testing.T, ns *core.Namespace, clk *fakeClock) ([]string, bool) {
			m := mustMem(t)(ns.Remember(ctx, core.MemoryInput{Type: core.TypeProfile, Subject: "user", Predicate: "name", Content: "User's name is " + v1}))
			clk.Add(time.Minute)
			c := "User's name is " + v2
			if _, err := ns.Update(ctx, m.ID, core.MemoryPatch{Content: &c}, core.UpdateOptions{}); err != nil {
				t.Fatal(err)
			}
			if _, err := ns.Update(ctx, m.ID, core.MemoryPatch{Content: ptr("User's name is Ann")}, core.UpdateOptions{Strategy: core.StrategyAppend}); err != nil {
				t.Fatal(err)
			}
			if _, err := ns.Consolidate(ctx, core.ConsolidateOptions{Steps: []string{"index"}}); err != nil {
				t.Fatal(err)
			}
			return []string{m.ID}, true
		}, []string{v1, v2}, "keepword"},
		{"keyed upsert", func(t *testing.T, ns *core.Namespace, clk *fakeClock) ([]string, bool) {
			m := mustMem(t)(ns.Remember(ctx, core.MemoryInput{Key: "pet", Content: "The dog is called " + v1}))
			if _, err := ns.Remember(ctx, core.MemoryInput{Key: "pet", Content: "The dog is called " + v2}); err != nil {
				t.Fatal(err)
			}
			return []string{m.ID}, true
		}, []string{v1, v2}, "keepword"},
		{"superseded by a newer one", func(t *testing.T, ns *core.Namespace, clk *fakeClock) ([]string, bool) {
			m := mustMem(t)(ns.Remember(ctx, core.MemoryInput{Type: core.TypeProfile, Subject: "user", Predicate: "location", Content: "User lives in " + v1}))
			if _, err := ns.Remember(ctx, core.MemoryInput{Type: core.TypeProfile, Subject: "user", Predicate: "location", Content: "User lives in keepword town"}); err != nil {
				t.Fatal(err)
			}
			return []string{m.ID}, true
		}, []string{v1}, "keepword"},
		{"swept when expired", func(t *testing.T, ns *core.Namespace, clk *fakeClock) ([]string, bool) {
			mustMem(t)(ns.Remember(ctx, core.MemoryInput{Content: "The parking code is " + v1, Tier: core.TierTransient}))
			clk.Add(10 * 24 * time.Hour)
			if _, err := ns.Remember(ctx, core.MemoryInput{Content: "keepword: the kept memory"}); err != nil {
				t.Fatal(err)
			}
			c, err := ns.Consolidate(ctx, core.ConsolidateOptions{Steps: []string{"expired"}})
			if err != nil || c.Sweep == nil || c.Sweep.Swept != 1 {
				t.Fatal(err, c)
			}
			return nil, false
		}, []string{v1}, "keepword"},
		{"forgotten without purge first", func(t *testing.T, ns *core.Namespace, clk *fakeClock) ([]string, bool) {
			m := mustMem(t)(ns.Remember(ctx, core.MemoryInput{Content: "The safe's code is " + v1}))
			if _, err := ns.Forget(ctx, core.ForgetOptions{ID: m.ID}); err != nil {
				t.Fatal(err)
			}
			if _, err := ns.Forget(ctx, core.ForgetOptions{ID: m.ID}); code(err) != core.CodeNotFound {
				t.Fatalf("a second plain forget: %v, want not_found", err)
			}
			return []string{m.ID}, true
		}, []string{v1}, "keepword"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			clk := &fakeClock{now: time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)}
			path := filepath.Join(t.TempDir(), "agent.db")
			e, err := core.Open(ctx, core.Options{Path: path, Clock: clk.Now, Embed: fakeEmbed(nil)})
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			ns, _ := e.Namespace("default")
			if _, err := ns.Remember(ctx, core.MemoryInput{Content: "keepword: the kept memory about tea"}); err != nil {
				t.Fatal(err)
			}
			ids, purge := c.run(t, ns, clk)
			if err := e.Close(); err != nil { // the bytes on disk, journal played back
				t.Fatal(err)
			}
			before, _ := os.ReadFile(path)
			for _, w := range c.gone {
				if purge && !bytes.Contains(before, []byte(w)) {
					t.Fatalf("%q never reached the file: the test looks in the wrong place", w)
				}
			}
			if purge {
				e, err = core.Open(ctx, core.Options{Path: path, Clock: clk.Now, Embed: fakeEmbed(nil)})
				if err != nil {
					t.Fatal(err)
				}
				ns, _ = e.Namespace("default")
				res, err := ns.Forget(ctx, core.ForgetOptions{IDs: ids, Purge: true, AlsoTurns: true})
				if err != nil {
					t.Fatalf("the purge: %v", err)
				}
				if res.Forgotten != len(ids) {
					t.Errorf("forgotten %d, want %d", res.Forgotten, len(ids))
				}
				if err := e.Close(); err != nil {
					t.Fatal(err)
				}
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range c.gone {
				for _, s := range []string{w, strings.ToLower(w)} {
					if i := bytes.Index(b, []byte(s)); i >= 0 {
						t.Errorf("the file still holds %q at byte %d: …%q…", s, i, b[max(0, i-60):min(len(b), i+30)])
					}
				}
			}
			if !bytes.Contains(b, []byte(c.keeps)) {
				t.Error("the kept memory is gone too: the byte check looks in the wrong place")
			}
		})
	}
}

// mustMem returns the first memory a Remember stored, failing the test on an error.
func mustMem(t *testing.T) func([]*core.Memory, error) *core.Memory {
	return func(ms []*core.Memory, err error) *core.Memory {
		t.Helper()
		if err != nil || len(ms) == 0 {
			t.Fatal(err)
		}
		return ms[0]
	}
}
