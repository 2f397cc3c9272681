package core_test

import (
	"context"
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
)

// The claim (FACTS.md "Committing"): forget({filter:{tags:["extracted"]}}) undoes every
// extraction. An extraction with commit writes memories, a block of the day's log and
// lines of MEMORY (which goes into every new session's core-memory snapshot). A plain
// forget must take the memories and their MEMORY lines, or the forgotten facts still
// reach the model (it did not: forget_index.go); a purge takes the log's lines too.

func TestClaimsUndo_forgetExtractedTakesEveryCopy(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name  string
		purge bool
	}{{"purge", true}, {"plain forget", false}} {
		t.Run(c.name, func(t *testing.T) {
			e := openMem(t, core.Options{})
			ns, _ := e.Namespace("default")
			ex, err := ns.ExtractFacts(ctx, nsShared(), core.ExtractOptions{Commit: true, SessionID: "s1", Date: "2026-03-04"})
			if err != nil || len(ex.Memories) == 0 {
				t.Fatal(err, ex)
			}
			docs := func(names ...string) string {
				var b strings.Builder
				for _, name := range names {
					if d, err := ns.Document(ctx, name); err == nil {
						b.WriteString(d.Content)
					}
				}
				return b.String()
			}
			// consolidate's index step lists the profile memories in USER too.
			if _, err := ns.Consolidate(ctx, core.ConsolidateOptions{Steps: []string{"index"}}); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(docs("USER"), "Ada Lovelace") || !strings.Contains(docs("MEMORY"), "Ada Lovelace") || !strings.Contains(docs("daily/2026-03-04"), "Ada Lovelace") {
				t.Fatalf("the extraction wrote no document line: the test looks in the wrong place:\n%s", docs("MEMORY", "USER", "daily/2026-03-04"))
			}
			f, err := ns.Forget(ctx, core.ForgetOptions{Filter: &core.Filter{Tags: []string{"extracted"}}, Purge: c.purge})
			if err != nil || f.Forgotten != len(ex.Memories) {
				t.Fatal(err, f)
			}
			if l, _ := ns.List(ctx, core.ListOptions{}); len(l.Memories) != 0 {
				t.Errorf("memories left: %+v", l.Memories)
			}
			b, err := ns.BuildContext(ctx, core.BuildContextOptions{SessionID: "s2", BudgetTokens: 8000, Messages: cxChat("user", "what is my name?")})
			if err != nil {
				t.Fatal(err)
			}
			// What reaches the model (MEMORY, USER, the snapshot) loses the facts either
			// way; the day's log, a record of what happened, only with purge.
			gone := []string{"MEMORY", "USER"}
			if c.purge {
				gone = append(gone, "daily/2026-03-04")
			} else if !strings.Contains(docs("daily/2026-03-04"), "Ada Lovelace") {
				t.Error("a plain forget changed the day's log, which FACTS.md says it keeps")
			}
			for _, w := range []string{"Ada Lovelace", "Initech", "small, focused commits"} {
				if strings.Contains(docs(gone...), w) || strings.Contains(b.System, w) {
					t.Errorf("%q is still in %v or the context after the undo:\n%s\n---\n%s", w, gone, docs(gone...), b.System)
				}
			}
		})
	}
}
