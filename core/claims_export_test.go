package core_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memcore/memcore/core"
)

// The claim (README "Agent glue", GLUE.md "Export and import"): JSON Lines export is
// "every record", the format for a backup, and an import of it round-trips. The lines
// round-trip (TestExportImport_jsonlRoundTrip); this checks what a user meets after
// restoring from such a backup: the next op behaves as it would have in the database the
// export came from. Each case prepares state in a database, exports every namespace,
// imports into a fresh database at the same moment, and runs the same op in both.

func TestClaimsExport_nextOpSameAfterImport(t *testing.T) {
	ctx := context.Background()
	failing := func(context.Context, core.Completion) (string, error) { return "", errors.New("LLM down") }
	cases := []struct {
		name    string
		prepare func(t *testing.T, ns *core.Namespace, clk *fakeClock)
		next    func(t *testing.T, ns *core.Namespace) any // what must be equal in both
	}{
		{
			// Decay lowers importance from a memory's last use or decay: an imported
			// memory must not decay a second time for the same days.
			name: "decay after decay",
			prepare: func(t *testing.T, ns *core.Namespace, clk *fakeClock) {
				if _, err := ns.Remember(ctx, core.MemoryInput{Type: core.TypeFact, Content: "The office is in Berlin", Importance: ptr(0.8)}); err != nil {
					t.Fatal(err)
				}
				clk.Add(10 * 24 * time.Hour)
				if _, err := ns.Consolidate(ctx, core.ConsolidateOptions{Steps: []string{"decay"}}); err != nil {
					t.Fatal(err)
				}
			},
			next: func(t *testing.T, ns *core.Namespace) any {
				if _, err := ns.Consolidate(ctx, core.ConsolidateOptions{Steps: []string{"decay"}}); err != nil {
					t.Fatal(err)
				}
				l, err := ns.List(ctx, core.ListOptions{})
				if err != nil || len(l.Memories) != 1 {
					t.Fatal(err, l)
				}
				return [2]any{l.Memories[0].Importance, l.Memories[0].Tier}
			},
		},
		{
			// A namespace's own quota is stored in the file (ENGINE.md "Quotas").
			name: "quota",
			prepare: func(t *testing.T, ns *core.Namespace, clk *fakeClock) {
				if _, err := ns.SetQuota(ctx, &core.Quota{MaxMemories: 1}); err != nil {
					t.Fatal(err)
				}
				if _, err := ns.Remember(ctx, core.MemoryInput{Content: "one"}); err != nil {
					t.Fatal(err)
				}
			},
			next: func(t *testing.T, ns *core.Namespace) any {
				_, err := ns.Remember(ctx, core.MemoryInput{Content: "two"})
				return code(err)
			},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			clk := &fakeClock{now: time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)}
			open := func(name string) *core.Namespace {
				return openDefaultAt(t, name, core.Options{Clock: clk.Now, Complete: failing})
			}
			src := open("src.db")
			c.prepare(t, src, clk)
			ex, err := src.Export(ctx, core.ExportOptions{Namespaces: []string{"*"}})
			if err != nil {
				t.Fatal(err)
			}
			dst := open("dst.db")
			if _, err := dst.Import(ctx, core.ImportOptions{Data: ex.Data}); err != nil {
				t.Fatal(err)
			}
			want, got := c.next(t, src), c.next(t, dst)
			if want != got {
				t.Errorf("after export → import the next op gives %v, in the database exported %v", got, want)
			}
		})
	}
}

// TestClaimsExport_notCarried pins what GLUE.md says an export leaves out, each on its
// path: embedding vectors (re-embedded when a memory is updated), the frozen core-memory
// snapshot (buildContext freezes a new one), and the queue of failed LLM extraction
// passes (their messages' heuristic facts were stored; the retry stays with the database
// they failed in).
func TestClaimsExport_notCarried(t *testing.T) {
	ctx := context.Background()
	clk := &fakeClock{now: time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)}
	failing := func(context.Context, core.Completion) (string, error) { return "", errors.New("LLM down") }
	open := func(name string) *core.Namespace {
		return openDefaultAt(t, name, core.Options{Clock: clk.Now, Complete: failing, Embed: fakeEmbed(nil)})
	}
	src := open("src.db")
	if _, err := src.AppendTurns(ctx, "s1", nsTurns(nsShared())); err != nil {
		t.Fatal(err)
	}
	if ex, err := src.ExtractFacts(ctx, nsShared(), core.ExtractOptions{Commit: true, SessionID: "s1"}); err != nil || ex.Queued != 1 {
		t.Fatal(err, ex)
	}
	if _, err := src.SetDocument(ctx, "USER", "Ada, version one."); err != nil {
		t.Fatal(err)
	}
	if _, err := src.BuildContext(ctx, core.BuildContextOptions{SessionID: "s1", BudgetTokens: 8000, Messages: cxChat("user", "hi")}); err != nil {
		t.Fatal(err)
	}
	if _, err := src.SetDocument(ctx, "USER", "Ada, version two."); err != nil {
		t.Fatal(err)
	}
	ex, err := src.Export(ctx, core.ExportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	dst := open("dst.db")
	if _, err := dst.Import(ctx, core.ImportOptions{Data: ex.Data}); err != nil {
		t.Fatal(err)
	}
	type seen struct {
		vectors, pending int64
		frozen           bool // the session's system text holds the frozen version one
	}
	look := func(ns *core.Namespace) seen {
		st, err := ns.Stats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		c, err := ns.Consolidate(ctx, core.ConsolidateOptions{Steps: []string{"extraction"}, DryRun: true})
		if err != nil {
			t.Fatal(err)
		}
		b, err := ns.BuildContext(ctx, core.BuildContextOptions{SessionID: "s1", BudgetTokens: 8000, Messages: cxChat("user", "hi")})
		if err != nil {
			t.Fatal(err)
		}
		return seen{st.Vectors, int64(c.Pending), strings.Contains(b.System, "version one")}
	}
	if got, want := look(src), (seen{vectors: 3, pending: 1, frozen: true}); got.vectors < 1 || got.pending != want.pending || !got.frozen {
		t.Fatalf("the database exported: %+v (the test looks in the wrong place)", got)
	}
	if got := look(dst); got != (seen{}) {
		t.Errorf("after an import: %+v; GLUE.md says vectors, the queue and the frozen snapshot are not exported", got)
	}
}

// openDefaultAt opens a file database named name in a test's temporary directory with
// opts (Path is set here) and returns its "default" namespace, closed when the test ends.
func openDefaultAt(t *testing.T, name string, opts core.Options) *core.Namespace {
	t.Helper()
	opts.Path = filepath.Join(t.TempDir(), name)
	e, err := core.Open(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	ns, err := e.Namespace("default")
	if err != nil {
		t.Fatal(err)
	}
	return ns
}
