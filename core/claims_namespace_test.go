package core_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memcore/memcore/core"
)

// The claim (README "What works today", ENGINE.md "Namespaces"): namespaces never see
// each other's data — a namespace never reads, updates, forgets or counts another's
// memories or turns. TestIsolation_namespaces checks it with random ops over memories,
// turns, documents and scratchpads; these tests add every op that takes a namespace on
// the paths the model does not drive: extraction's read marks, duplicates and message
// cache, buildContext's turn fallback, profile and frozen snapshot, endSession and
// episodes, appendMessages' tool names, tasks, quotas, consolidate, compact and a purge
// with alsoTurns. Both namespaces use the same session ids; only bob's data holds the
// word nsMarker.

const nsMarker = "Quorvexian"

// nsShared is a conversation both namespaces are given word for word, in session s3.
func nsShared() json.RawMessage {
	return cxChat(
		"user", "Hi, my name is Ada Lovelace and I work at Initech as a data engineer.",
		"assistant", "Nice to meet you, Ada.",
		"user", "I prefer small, focused commits.",
		"assistant", "Got it.",
		"user", "From now on, always answer in English please.",
		"assistant", "Sure.",
	)
}

// nsFillBob writes bob's data through every op that stores something, in sessions s1
// and s3, each piece holding nsMarker (except the shared conversation).
func nsFillBob(t *testing.T, ctx context.Context, bob *core.Namespace) {
	t.Helper()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	_, err := bob.Remember(ctx, core.MemoryInput{Type: core.TypeProfile, Content: "User's employer is " + nsMarker + " Labs",
		Subject: "user", Predicate: "employer", Key: "user.employer"})
	must(err)
	_, err = bob.AppendMessages(ctx, "s1", cxChat(
		"user", "I keep my notes in "+nsMarker+" vault, please remember that.",
		"assistant", "Noted, the "+nsMarker+" vault."))
	must(err)
	_, err = bob.AppendMessages(ctx, "s1", json.RawMessage(`[
		{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"`+nsMarker+`Tool","arguments":"{}"}}]},
		{"role":"tool","tool_call_id":"call_1","content":"`+nsMarker+` done"}]`))
	must(err)
	var shared []map[string]string
	must(json.Unmarshal(nsShared(), &shared))
	var turns []core.TurnInput
	for _, m := range shared {
		turns = append(turns, core.TurnInput{Role: m["role"], Content: m["content"]})
	}
	_, err = bob.AppendTurns(ctx, "s3", turns)
	must(err)
	ex, err := bob.ExtractFacts(ctx, nsShared(), core.ExtractOptions{Commit: true, SessionID: "s3"})
	must(err)
	if len(ex.Memories) == 0 || ex.Read != 6 {
		t.Fatalf("bob's extraction: %+v", ex)
	}
	_, err = bob.SetDocument(ctx, "USER", "The user is "+nsMarker+" the Third.")
	must(err)
	_, err = bob.ScratchpadSet(ctx, "s1", "note", nsMarker+" scratch")
	must(err)
	_, err = bob.PlanSet(ctx, "s1", "Ship "+nsMarker, []core.PlanStep{{Title: nsMarker + " step", Status: "in_progress"}})
	must(err)
	_, err = bob.StateSet(ctx, "s1", nsMarker+" cart")
	must(err)
	_, err = bob.TaskCreate(ctx, core.TaskInput{Title: nsMarker + " task"})
	must(err)
	_, err = bob.SetQuota(ctx, &core.Quota{MaxMemories: 50})
	must(err)
	_, err = bob.BuildContext(ctx, core.BuildContextOptions{SessionID: "s1", BudgetTokens: 8000,
		Messages: cxChat("user", "what do you know about me")})
	must(err)
	_, err = bob.EndSession(ctx, "s1")
	must(err)
}

// nsExport is a namespace's whole JSON Lines export (the clock is fixed, so two exports
// of unchanged data are equal).
func nsExport(t *testing.T, ctx context.Context, ns *core.Namespace) string {
	t.Helper()
	r, err := ns.Export(ctx, core.ExportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return r.Data
}

func TestClaimsNamespace_noOpSeesOrChangesAnother(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
	e, err := core.Open(ctx, core.Options{Path: filepath.Join(t.TempDir(), "ns.db"), Clock: func() time.Time { return at }})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	bob, _ := e.Namespace("bob")
	alice, _ := e.Namespace("alice")
	nsFillBob(t, ctx, bob)
	bobBefore := nsExport(t, ctx, bob)
	if !strings.Contains(bobBefore, nsMarker) || !strings.Contains(bobBefore, `"kind":"read"`) {
		t.Fatal("bob's export lacks his data: the test looks in the wrong place")
	}
	bobMem, err := bob.List(ctx, core.ListOptions{})
	if err != nil || len(bobMem.Memories) == 0 {
		t.Fatal(err, bobMem)
	}
	bobID := bobMem.Memories[0].ID
	bobTasks, _ := bob.TaskList(ctx, core.TaskListOptions{})

	// Each case runs an op of alice's and returns its result; none may hold bob's word,
	// and each checks what alice must get (her own data, not bob's absence alone).
	cases := []struct {
		name string
		run  func(ns *core.Namespace) (any, error)
		code core.Code // the error the op must give, "" for none
		// bob: the same call in bob's namespace shows his word (the control: the op does
		// reach the data it must not show alice).
		bob bool
	}{
		{"recall", func(ns *core.Namespace) (any, error) {
			return ns.Recall(ctx, nsMarker+" vault employer", core.RecallOptions{})
		}, "", true},
		{"list", func(ns *core.Namespace) (any, error) {
			return ns.List(ctx, core.ListOptions{Filter: core.Filter{IncludeSuperseded: true, IncludeExpired: true}})
		}, "", true},
		{"get bob's id", func(ns *core.Namespace) (any, error) { return ns.Get(ctx, bobID) }, core.CodeNotFound, false},
		{"history of bob's id", func(ns *core.Namespace) (any, error) { return ns.History(ctx, bobID) }, core.CodeNotFound, false},
		{"update bob's id", func(ns *core.Namespace) (any, error) {
			c := "changed"
			return ns.Update(ctx, bobID, core.MemoryPatch{Content: &c}, core.UpdateOptions{})
		}, core.CodeNotFound, false},
		{"forget bob's id", func(ns *core.Namespace) (any, error) {
			return ns.Forget(ctx, core.ForgetOptions{ID: bobID, Purge: true, AlsoTurns: true})
		}, core.CodeNotFound, false},
		{"searchTurns", func(ns *core.Namespace) (any, error) {
			return ns.SearchTurns(ctx, nsMarker+" vault", core.SearchTurnsOptions{})
		}, "", true},
		{"searchTurns in s1", func(ns *core.Namespace) (any, error) {
			return ns.SearchTurns(ctx, nsMarker, core.SearchTurnsOptions{SessionID: "s1"})
		}, "", true},
		{"endSession of bob's session id", func(ns *core.Namespace) (any, error) { return ns.EndSession(ctx, "s1") }, core.CodeNotFound, false},
		{"episodes", func(ns *core.Namespace) (any, error) { return ns.Episodes(ctx, "") }, "", true},
		{"documents", func(ns *core.Namespace) (any, error) { return ns.Documents(ctx) }, "", false},
		{"USER document", func(ns *core.Namespace) (any, error) { return ns.Document(ctx, "USER") }, core.CodeNotFound, false},
		{"scratchpad", func(ns *core.Namespace) (any, error) { return ns.ScratchpadList(ctx, "s1") }, "", true},
		{"plan", func(ns *core.Namespace) (any, error) { return ns.PlanGet(ctx, "s1") }, core.CodeNotFound, false},
		{"state", func(ns *core.Namespace) (any, error) { return ns.StateGet(ctx, "s1") }, "", true},
		{"tasks", func(ns *core.Namespace) (any, error) { return ns.TaskList(ctx, core.TaskListOptions{}) }, "", true},
		{"a task blocked by bob's", func(ns *core.Namespace) (any, error) {
			return ns.TaskCreate(ctx, core.TaskInput{Title: "mine", BlockedBy: []string{bobTasks[0].ID}})
		}, core.CodeNotFound, false},
		{"stats", func(ns *core.Namespace) (any, error) { return ns.Stats(ctx) }, "", false},
		{"quota", func(ns *core.Namespace) (any, error) { return ns.QuotaInfo(ctx) }, "", false},
		{"export", func(ns *core.Namespace) (any, error) { return ns.Export(ctx, core.ExportOptions{}) }, "", true},
		{"export as Markdown", func(ns *core.Namespace) (any, error) { return ns.Export(ctx, core.ExportOptions{Format: "md"}) }, "", true},
		{"buildContext in bob's frozen session", func(ns *core.Namespace) (any, error) {
			return ns.BuildContext(ctx, core.BuildContextOptions{SessionID: "s1", BudgetTokens: 8000,
				Messages: cxChat("user", "what do you know about me? and my notes vault?")})
		}, "", true},
		{"buildContext in a new session", func(ns *core.Namespace) (any, error) {
			return ns.BuildContext(ctx, core.BuildContextOptions{SessionID: "s9", BudgetTokens: 8000,
				Messages: cxChat("user", "where do I keep my notes, the vault?"), Query: nsMarker + " vault notes"})
		}, "", true},
		{"appendMessages answering bob's call id", func(ns *core.Namespace) (any, error) {
			return ns.AppendMessages(ctx, "s1", json.RawMessage(`[{"role":"tool","tool_call_id":"call_1","content":"ok"}]`))
		}, "", false},
		{"compact into bob's session id", func(ns *core.Namespace) (any, error) {
			return ns.Compact(ctx, longConversation(40), core.CompactOptions{SessionID: "s1", Force: true})
		}, "", false},
		{"remember bob's key and slot", func(ns *core.Namespace) (any, error) {
			return ns.RememberDetailed(ctx, core.MemoryInput{Type: core.TypeProfile, Content: "User's employer is Initech",
				Subject: "user", Predicate: "employer", Key: "user.employer"})
		}, "", false},
		{"consolidate", func(ns *core.Namespace) (any, error) {
			return ns.Consolidate(ctx, core.ConsolidateOptions{IncludePermanent: true})
		}, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.run(alice)
			if c.code != "" {
				if code(err) != c.code {
					t.Fatalf("error %v, want %s", err, c.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(got)
			if strings.Contains(string(b), nsMarker) {
				t.Errorf("alice's %s shows bob's data: %s", c.name, b)
			}
		})
	}

	// Extraction: the shared conversation in the same session id is new to alice — bob's
	// read marks, live memories (duplicates) and cached messages are not hers.
	ex, err := alice.ExtractFacts(ctx, nsShared(), core.ExtractOptions{Commit: true, SessionID: "s3"})
	if err != nil {
		t.Fatal(err)
	}
	if ex.Known != 0 || ex.Read != 6 || ex.Duplicates != 0 || len(ex.Memories) == 0 {
		t.Errorf("alice's extraction of a conversation bob had read: read %d known %d duplicates %d memories %d (reason %q)",
			ex.Read, ex.Known, ex.Duplicates, len(ex.Memories), ex.Reason)
	}
	// A purge of everything alice extracted, with its turns, leaves bob's alone.
	if _, err := alice.AppendTurns(ctx, "s3", []core.TurnInput{{Role: "user", Content: "Hi, my name is Ada Lovelace and I work at Initech as a data engineer."}}); err != nil {
		t.Fatal(err)
	}
	if _, err := alice.Forget(ctx, core.ForgetOptions{Filter: &core.Filter{Tags: []string{"extracted"}}, Purge: true, AlsoTurns: true}); err != nil {
		t.Fatal(err)
	}
	st, err := alice.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Namespace != "alice" || st.Memories != 1 {
		t.Errorf("alice's stats after her purge: %+v (want her one remembered memory)", st)
	}
	if got := nsExport(t, ctx, bob); got != bobBefore {
		t.Errorf("alice's ops changed bob's data:\nbefore %d bytes, after %d bytes\n%s", len(bobBefore), len(got), firstDiff(bobBefore, got))
	}
	again, err := bob.ExtractFacts(ctx, nsShared(), core.ExtractOptions{Commit: true, SessionID: "s3"})
	if err != nil {
		t.Fatal(err)
	}
	if again.Known != 6 || len(again.Memories) != 0 {
		t.Errorf("bob's session lost its read marks to alice's purge: %+v", again)
	}
	// The control, last (recall and buildContext write access counts and sessions): the
	// read ops do reach bob's data from bob's namespace.
	for _, c := range cases {
		if !c.bob {
			continue
		}
		got, err := c.run(bob)
		if err != nil {
			t.Fatalf("bob's own %s: %v", c.name, err)
		}
		if b, _ := json.Marshal(got); !strings.Contains(string(b), nsMarker) {
			t.Errorf("bob's own %s does not show his word: the check of alice's looks in the wrong place: %.300s", c.name, b)
		}
	}
}

// firstDiff shows where two texts first differ, line by line.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return "line " + itoa(i) + ":\n- " + x + "\n+ " + y
		}
	}
	return "(equal)"
}

// nsTurns are the messages of a plain-text chat as turns to append.
func nsTurns(chat json.RawMessage) []core.TurnInput {
	var msgs []map[string]string
	_ = json.Unmarshal(chat, &msgs)
	var turns []core.TurnInput
	for _, m := range msgs {
		turns = append(turns, core.TurnInput{Role: m["role"], Content: m["content"]})
	}
	return turns
}
