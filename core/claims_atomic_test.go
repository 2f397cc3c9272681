package core_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/memcore/memcore/core"
)

// The claim (ENGINE.md "Limits", PROTOCOL.md, GLUE.md): a request that fails —
// too_large, invalid_argument, not_found, conflict — writes nothing of itself: no
// memory, turn, session, read mark, document line or history entry. Each case runs a
// failing op of a write path against a database holding one of everything, and the
// whole database's export (every namespace, every kind of line, the clock fixed) must
// be the same after it.

func TestClaimsAtomic_failedOpWritesNothing(t *testing.T) {
	ctx := context.Background()
	clk := &fakeClock{now: time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)}
	e, err := core.Open(ctx, core.Options{Path: filepath.Join(t.TempDir(), "a.db"), Clock: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ns, _ := e.Namespace("default")
	fillAll(t, ns, clk)
	if _, err := ns.SetQuota(ctx, &core.Quota{MaxMemories: 4}); err != nil {
		t.Fatal(err)
	}
	list, err := ns.List(ctx, core.ListOptions{})
	if err != nil || len(list.Memories) == 0 {
		t.Fatal(err)
	}
	live := list.Memories[0]
	big := strings.Repeat("x", 64<<10+1)
	chat := func(last string) json.RawMessage {
		return cxChat("user", "My name is Ada Lovelace.", "assistant", "Hi.", "user", "I prefer tea.", "assistant", "Noted.",
			"user", "From now on, always answer in English.", "assistant", "Sure.", "user", last)
	}
	steps := make([]core.PlanStep, core.MaxPlanSteps+1)
	for i := range steps {
		steps[i] = core.PlanStep{Title: "step"}
	}
	good, err := ns.Export(ctx, core.ExportOptions{Namespaces: []string{"*"}})
	if err != nil {
		t.Fatal(err)
	}
	badImport := strings.SplitN(good.Data, "\n", 2)[0] + "\n" +
		`{"kind":"memory","namespace":"fresh","memoryId":"m1","memory":{"id":"m1","namespace":"fresh","type":"note","content":"ok","importance":0.5,"confidence":1,"tier":"long","createdAt":"2026-03-04T10:00:00Z","updatedAt":"2026-03-04T10:00:00Z","version":1}}` + "\n" +
		`{"kind":"memory","namespace":"fresh","memoryId":"m2","memory":{"id":"m2","namespace":"fresh","type":"note","content":"bad","importance":7,"confidence":1,"tier":"long","createdAt":"2026-03-04T10:00:00Z","updatedAt":"2026-03-04T10:00:00Z","version":1}}` + "\n"
	// The header's line count and hash are of the export's lines, not these: left out.
	badImport = regexp.MustCompile(`,"lines":\d+,"sha256":"[0-9a-f]+"`).ReplaceAllString(badImport, "")
	cases := []struct {
		name string
		run  func() error
		code core.Code
	}{
		{"remember: a batch with one too large", func() error {
			_, err := ns.Remember(ctx, core.MemoryInput{Content: "fine"}, core.MemoryInput{Content: big})
			return err
		}, core.CodeTooLarge},
		{"remember: over the quota", func() error {
			_, err := ns.Remember(ctx, core.MemoryInput{Content: "one"}, core.MemoryInput{Content: "two"})
			return err
		}, core.CodeTooLarge},
		{"update: a stale version", func() error {
			_, err := ns.Update(ctx, live.ID, core.MemoryPatch{Content: ptr("new")}, core.UpdateOptions{ExpectVersion: live.Version + 1})
			return err
		}, core.CodeConflict},
		{"forget: ids with one unknown", func() error {
			_, err := ns.Forget(ctx, core.ForgetOptions{IDs: []string{live.ID, "01NOSUCHMEMORY0000000000000"}, Purge: true, AlsoTurns: true})
			return err
		}, core.CodeNotFound},
		{"appendTurns: the second too large", func() error {
			_, err := ns.AppendTurns(ctx, "s9", []core.TurnInput{{Role: "user", Content: "fine"}, {Role: "user", Content: big}})
			return err
		}, core.CodeTooLarge},
		{"appendMessages: a bad role", func() error {
			_, err := ns.AppendMessages(ctx, "s9", json.RawMessage(`[{"role":"user","content":"fine"},{"role":"robot","content":"x"}]`))
			return err
		}, core.CodeInvalidArgument},
		{"extractFacts with commit: the last message too large", func() error {
			_, err := ns.ExtractFacts(ctx, chat(big), core.ExtractOptions{Commit: true, SessionID: "s9"})
			return err
		}, core.CodeTooLarge},
		{"extractFacts with commit: a bad date", func() error {
			_, err := ns.ExtractFacts(ctx, chat("I live in Lisbon."), core.ExtractOptions{Commit: true, SessionID: "s9", Date: "2026-02-30"})
			return err
		}, core.CodeInvalidArgument},
		{"buildContext: a query too large", func() error {
			_, err := ns.BuildContext(ctx, core.BuildContextOptions{SessionID: "s9", BudgetTokens: 8000, Messages: cxChat("user", "hi"), Query: strings.Repeat("q", 3000)})
			return err
		}, core.CodeTooLarge},
		{"compact with a session: a bad role", func() error {
			_, err := ns.Compact(ctx, json.RawMessage(`[{"role":"user","content":"fine"},{"role":"robot","content":"x"}]`), core.CompactOptions{SessionID: "s9", Force: true})
			return err
		}, core.CodeInvalidArgument},
		{"endSession: twice", func() error {
			_, err := ns.EndSession(ctx, "s1")
			return err
		}, core.CodeConflict},
		{"documents.set: MEMORY over 200 lines", func() error {
			_, err := ns.SetDocument(ctx, "MEMORY", strings.Repeat("- line\n", core.MaxMemoryLines+1))
			return err
		}, core.CodeTooLarge},
		{"plan.set: too many steps", func() error {
			_, err := ns.PlanSet(ctx, "s9", "goal", steps)
			return err
		}, core.CodeTooLarge},
		{"tasks.create: an unknown blocker", func() error {
			_, err := ns.TaskCreate(ctx, core.TaskInput{Title: "t", SessionID: "s9", BlockedBy: []string{"01NOSUCHTASK00000000000000"}})
			return err
		}, core.CodeNotFound},
		{"import: a bad line after a good one", func() error {
			_, err := ns.Import(ctx, core.ImportOptions{Data: badImport})
			return err
		}, core.CodeInvalidArgument},
		{"consolidate: an unknown step", func() error {
			_, err := ns.Consolidate(ctx, core.ConsolidateOptions{Steps: []string{"decay", "tidy"}})
			return err
		}, core.CodeInvalidArgument},
	}
	before := good.Data
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.run()
			// The import must fail on its bad memory line, not on the header it was given.
			if code(err) != c.code || c.code == core.CodeInvalidArgument && strings.Contains(err.Error(), "header") {
				t.Fatalf("error %v, want %s", err, c.code)
			}
			after, err := ns.Export(ctx, core.ExportOptions{Namespaces: []string{"*"}})
			if err != nil {
				t.Fatal(err)
			}
			if after.Data != before {
				t.Errorf("the failed op wrote:\n%s", firstDiff(before, after.Data))
				before = after.Data
			}
		})
	}
}

// The claims that some calls store nothing: route "stores nothing" (GLUE.md), a dry run
// "changes nothing" (consolidate, import), extractFacts "without commit nothing is
// written, the bookkeeping included" (FACTS.md), a peek does not count as an access
// (ENGINE.md), and reads are reads. Each runs against a database holding one of
// everything, with a clock moved on so that decay, the expired sweep and fold have work,
// and the whole export must be unchanged.
func TestClaimsAtomic_readOnlyCallsWriteNothing(t *testing.T) {
	ctx := context.Background()
	clk := &fakeClock{now: time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)}
	e, err := core.Open(ctx, core.Options{Path: filepath.Join(t.TempDir(), "r.db"), Clock: clk.Now,
		Complete: func(context.Context, core.Completion) (string, error) { return "", context.DeadlineExceeded }})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ns, _ := e.Namespace("default")
	fillAll(t, ns, clk)
	if _, err := ns.Remember(ctx, core.MemoryInput{Content: "The office is in Berlin"}, core.MemoryInput{Content: "short-lived", Tier: core.TierTransient}); err != nil {
		t.Fatal(err)
	}
	clk.Add(40 * 24 * time.Hour)
	good, err := ns.Export(ctx, core.ExportOptions{Namespaces: []string{"*"}})
	if err != nil {
		t.Fatal(err)
	}
	// Another database's export: an import would write all of it.
	clk2 := &fakeClock{now: clk.Now()}
	e2 := openMem(t, core.Options{Clock: clk2.Now})
	ns2, _ := e2.Namespace("elsewhere")
	fillAll(t, ns2, clk2)
	other, err := ns2.Export(ctx, core.ExportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	text := "From now on, always answer in English."
	cases := []struct {
		name string
		run  func() (any, error)
	}{
		{"route", func() (any, error) { return ns.Route(ctx, core.RouteInput{Text: &text}) }},
		{"consolidate dry run", func() (any, error) {
			return ns.Consolidate(ctx, core.ConsolidateOptions{DryRun: true, IncludePermanent: true, GraceDays: ptr(0)})
		}},
		{"import dry run", func() (any, error) {
			return ns.Import(ctx, core.ImportOptions{Data: other.Data, DryRun: true})
		}},
		{"extractFacts without commit, a session and a failing LLM", func() (any, error) {
			return ns.ExtractFacts(ctx, nsShared(), core.ExtractOptions{SessionID: "s1"})
		}},
		{"recall with peek", func() (any, error) { return ns.Recall(ctx, "绿茶 Berlin office", core.RecallOptions{Peek: true}) }},
		{"searchTurns", func() (any, error) { return ns.SearchTurns(ctx, "logs deploy", core.SearchTurnsOptions{}) }},
		{"list, stats, quota, episodes, history", func() (any, error) {
			l, err := ns.List(ctx, core.ListOptions{Filter: core.Filter{IncludeExpired: true, IncludeSuperseded: true}})
			if err == nil {
				_, err = ns.History(ctx, l.Memories[0].ID)
			}
			if err == nil {
				_, err = ns.Stats(ctx)
			}
			if err == nil {
				_, err = ns.QuotaInfo(ctx)
			}
			if err == nil {
				_, err = ns.Episodes(ctx, "")
			}
			return l, err
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := c.run(); err != nil {
				t.Fatal(err)
			}
			after, err := ns.Export(ctx, core.ExportOptions{Namespaces: []string{"*"}})
			if err != nil {
				t.Fatal(err)
			}
			if after.Data != good.Data {
				t.Errorf("%s wrote:\n%s", c.name, firstDiff(good.Data, after.Data))
			}
		})
	}
	// The control: a recall that is not a peek does count, and the export shows it (it
	// did not: an export read the stored counts without recall's pending accesses).
	if hits, err := ns.Recall(ctx, "绿茶", core.RecallOptions{}); err != nil || len(hits) == 0 {
		t.Fatal(err, hits)
	}
	if after, _ := ns.Export(ctx, core.ExportOptions{Namespaces: []string{"*"}}); after.Data == good.Data {
		t.Error("a recall's access is not in the export: the comparison cannot see a write")
	}
}
