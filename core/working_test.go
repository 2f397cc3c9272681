package core_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/memcore/memcore/core"
)

// Helpers of the context, documents, working-memory and session tests (prefixed cx so
// that they do not collide with other test files of the package).

// cxOpen opens an in-memory engine on a fixed clock and returns its default namespace.
func cxOpen(t *testing.T, opts core.Options) (*core.Engine, *core.Namespace, *fakeClock) {
	t.Helper()
	clk := &fakeClock{now: time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)}
	if opts.Clock == nil {
		opts.Clock = clk.Now
	}
	e := openMem(t, opts)
	ns, err := e.Namespace("default")
	if err != nil {
		t.Fatal(err)
	}
	return e, ns, clk
}

// cxErr checks that err is a memcore error with code and field ("" code: no error).
func cxErr(t *testing.T, err error, code core.Code, field string) {
	t.Helper()
	if code == "" {
		if err != nil {
			t.Fatalf("unexpected error: %v", err)
		}
		return
	}
	var me *core.Error
	if !errors.As(err, &me) {
		t.Fatalf("want %s error on %q, got %v", code, field, err)
	}
	if me.Code != code || me.Field != field {
		t.Fatalf("want %s on %q, got %s on %q (%s)", code, field, me.Code, me.Field, me.Message)
	}
}

func TestScratchpad_ops(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	big := strings.Repeat("v", core.MaxWorkingBytes+1)
	longKey := strings.Repeat("k", core.MaxScratchKeyBytes+1)
	for _, tc := range []struct {
		name, session, key, value string
		code                      core.Code
		field                     string
	}{
		{"plain", "s1", "notes", "remember the milk", "", ""},
		{"empty value", "s1", "empty", "", "", ""},
		{"max key", "s1", strings.Repeat("k", core.MaxScratchKeyBytes), "x", "", ""},
		{"subagent result", "s1", "subagent_result::research", "found three papers", "", ""},
		{"delegation result", "s1", "delegation_result::deploy", "deployed", "", ""},
		{"session facts", "s1", "session_facts", "the user is in Paris", "", ""},
		{"single underscores", "s1", "__half", "x", "", ""},
		{"internal", "s1", "__cursor__", "x", core.CodeInvalidArgument, "key"},
		{"internal short", "s1", "____", "x", core.CodeInvalidArgument, "key"},
		{"empty key", "s1", "", "x", core.CodeInvalidArgument, "key"},
		{"blank key", "s1", "  ", "x", core.CodeInvalidArgument, "key"},
		{"control key", "s1", "a\tb", "x", core.CodeInvalidArgument, "key"},
		{"long key", "s1", longKey, "x", core.CodeTooLarge, "key"},
		{"big value", "s1", "k", big, core.CodeTooLarge, "value"},
		{"nul value", "s1", "k", "a\x00b", core.CodeInvalidArgument, "value"},
		{"no session", "", "k", "x", core.CodeInvalidArgument, "sessionId"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ns.ScratchpadSet(ctx, tc.session, tc.key, tc.value)
			cxErr(t, err, tc.code, tc.field)
			if tc.code != "" {
				return
			}
			if got.Key != tc.key || got.Value != tc.value || got.UpdatedAt.IsZero() {
				t.Fatalf("set returned %+v", got)
			}
			back, err := ns.ScratchpadGet(ctx, tc.session, tc.key)
			cxErr(t, err, "", "")
			if back.Value != tc.value {
				t.Fatalf("get = %q, want %q", back.Value, tc.value)
			}
		})
	}

	// Replace, list (by key), delete.
	if _, err := ns.ScratchpadSet(ctx, "s1", "notes", "v2"); err != nil {
		t.Fatal(err)
	}
	list, err := ns.ScratchpadList(ctx, "s1")
	cxErr(t, err, "", "")
	var keys []string
	for _, e := range list {
		keys = append(keys, e.Key)
		if e.Key == "notes" && e.Value != "v2" {
			t.Errorf("notes = %q after replace", e.Value)
		}
	}
	if len(keys) != 7 || keys[0] != "__half" || keys[len(keys)-1] != "subagent_result::research" {
		t.Errorf("list keys = %v", keys)
	}
	other, _ := ns.ScratchpadList(ctx, "s2")
	if len(other) != 0 {
		t.Errorf("another session sees %v", other)
	}
	cxErr(t, ns.ScratchpadDelete(ctx, "s1", "notes"), "", "")
	cxErr(t, ns.ScratchpadDelete(ctx, "s1", "notes"), core.CodeNotFound, "key")
	_, err = ns.ScratchpadGet(ctx, "s1", "notes")
	cxErr(t, err, core.CodeNotFound, "key")
	_, err = ns.ScratchpadGet(ctx, "s1", "__cursor__")
	cxErr(t, err, core.CodeInvalidArgument, "key")
	_, err = ns.ScratchpadList(ctx, "")
	cxErr(t, err, core.CodeInvalidArgument, "sessionId")
}

func TestScratchpad_namespaceIsolation(t *testing.T) {
	ctx := context.Background()
	e, ns, _ := cxOpen(t, core.Options{})
	other, _ := e.Namespace("other")
	if _, err := ns.ScratchpadSet(ctx, "s", "k", "mine"); err != nil {
		t.Fatal(err)
	}
	_, err := other.ScratchpadGet(ctx, "s", "k")
	cxErr(t, err, core.CodeNotFound, "key")
	if _, err := other.PlanSet(ctx, "s", "theirs", nil); err != nil {
		t.Fatal(err)
	}
	_, err = ns.PlanGet(ctx, "s")
	cxErr(t, err, core.CodeNotFound, "sessionId")
}

func TestPlan_invariants(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	steps := func(statuses ...string) []core.PlanStep {
		var out []core.PlanStep
		for i, s := range statuses {
			out = append(out, core.PlanStep{Title: "step " + string(rune('A'+i)), Status: s})
		}
		return out
	}
	many := make([]core.PlanStep, core.MaxPlanSteps+1)
	for i := range many {
		many[i].Title = "s"
	}
	for _, tc := range []struct {
		name  string
		goal  string
		steps []core.PlanStep
		code  core.Code
		field string
	}{
		{"no steps", "ship it", nil, "", ""},
		{"defaults pending", "ship it", steps("", ""), "", ""},
		{"one active", "ship it", steps("completed", "in_progress", "pending", "failed"), "", ""},
		{"max steps", "ship it", many[:core.MaxPlanSteps], "", ""},
		{"two active", "ship it", steps("in_progress", "pending", "in_progress"), core.CodeInvalidArgument, "steps[2].status"},
		{"bad status", "ship it", steps("pending", "done"), core.CodeInvalidArgument, "steps[1].status"},
		{"empty title", "ship it", []core.PlanStep{{Title: " "}}, core.CodeInvalidArgument, "steps[0].title"},
		{"no goal", "", steps("pending"), core.CodeInvalidArgument, "goal"},
		{"long goal", strings.Repeat("g", 1025), nil, core.CodeTooLarge, "goal"},
		{"too many", "ship it", many, core.CodeTooLarge, "steps"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ns.PlanSet(ctx, "s1", tc.goal, tc.steps)
			cxErr(t, err, tc.code, tc.field)
			if tc.code != "" {
				return
			}
			if p.Goal != tc.goal || len(p.Steps) != len(tc.steps) {
				t.Fatalf("plan = %+v", p)
			}
			for _, s := range p.Steps {
				if s.Status == "" {
					t.Fatalf("status not defaulted: %+v", p.Steps)
				}
			}
			got, err := ns.PlanGet(ctx, "s1")
			cxErr(t, err, "", "")
			if got.Goal != p.Goal || len(got.Steps) != len(p.Steps) {
				t.Fatalf("get = %+v, set = %+v", got, p)
			}
		})
	}

	// updateStep.
	if _, err := ns.PlanSet(ctx, "s1", "deploy", steps("in_progress", "pending", "pending")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		session string
		index   int
		status  string
		code    core.Code
		field   string
		want    string // statuses after, one letter each
	}{
		{"second active conflicts", "s1", 1, "in_progress", core.CodeConflict, "status", ""},
		{"same step active again", "s1", 0, "in_progress", "", "", "ipp"},
		{"complete", "s1", 0, "completed", "", "", "cpp"},
		{"then start next", "s1", 1, "in_progress", "", "", "cip"},
		{"fail it", "s1", 1, "failed", "", "", "cfp"},
		{"retry failed", "s1", 1, "in_progress", "", "", "cip"},
		{"back to pending", "s1", 1, "pending", "", "", "cpp"},
		{"out of range", "s1", 3, "completed", core.CodeInvalidArgument, "index", ""},
		{"negative", "s1", -1, "completed", core.CodeInvalidArgument, "index", ""},
		{"bad status", "s1", 0, "done", core.CodeInvalidArgument, "status", ""},
		{"no plan", "s9", 0, "completed", core.CodeNotFound, "sessionId", ""},
		{"no session", "", 0, "completed", core.CodeInvalidArgument, "sessionId", ""},
	} {
		t.Run("updateStep/"+tc.name, func(t *testing.T) {
			p, err := ns.PlanUpdateStep(ctx, tc.session, tc.index, tc.status)
			cxErr(t, err, tc.code, tc.field)
			if tc.code != "" {
				return
			}
			var got string
			for _, s := range p.Steps {
				got += s.Status[:1]
			}
			if got != tc.want {
				t.Fatalf("statuses %s, want %s", got, tc.want)
			}
			back, _ := ns.PlanGet(ctx, tc.session)
			if back.Steps[tc.index].Status != tc.status {
				t.Fatalf("not stored: %+v", back.Steps)
			}
		})
	}
	_, err := ns.PlanGet(ctx, "nope")
	cxErr(t, err, core.CodeNotFound, "sessionId")
}

func TestBusinessState(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	st, err := ns.StateGet(ctx, "s1")
	cxErr(t, err, "", "")
	if st.State != "" {
		t.Fatalf("unset state = %q", st.State)
	}
	for _, tc := range []struct {
		name, session, state string
		code                 core.Code
		field                string
	}{
		{"set", "s1", "cart: 2 items; checkout at payment step", "", ""},
		{"replace", "s1", "order #42 placed", "", ""},
		{"clear", "s2", "", "", ""},
		{"too big", "s1", strings.Repeat("x", core.MaxWorkingBytes+1), core.CodeTooLarge, "state"},
		{"bad utf8", "s1", "\xff", core.CodeInvalidArgument, "state"},
		{"no session", "", "x", core.CodeInvalidArgument, "sessionId"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ns.StateSet(ctx, tc.session, tc.state)
			cxErr(t, err, tc.code, tc.field)
			if tc.code != "" {
				return
			}
			got, _ := ns.StateGet(ctx, tc.session)
			if got.State != tc.state || got.SessionID != tc.session {
				t.Fatalf("get = %+v", got)
			}
		})
	}
	_, err = ns.StateGet(ctx, "")
	cxErr(t, err, core.CodeInvalidArgument, "sessionId")
}

func TestDocuments_ops(t *testing.T) {
	ctx := context.Background()
	_, ns, clk := cxOpen(t, core.Options{})
	lines := func(n int) string { return strings.Repeat("- entry\n", n) }
	for _, tc := range []struct {
		name, doc, content string
		code               core.Code
		field              string
	}{
		{"identity", "IDENTITY", "I am Ada.", "", ""},
		{"soul", "SOUL", "Be kind.", "", ""},
		{"user", "USER", "Bob, Berlin.", "", ""},
		{"memory 200 lines", "MEMORY", lines(200), "", ""},
		{"memory no final newline", "MEMORY", strings.TrimSuffix(lines(200), "\n"), "", ""},
		{"daily", "daily/2026-03-04", "met Alice", "", ""},
		{"empty content", "SOUL", "", "", ""},
		{"memory 201 lines", "MEMORY", lines(201), core.CodeTooLarge, "content"},
		{"too big", "USER", strings.Repeat("x", 64<<10+1), core.CodeTooLarge, "content"},
		{"lower case", "identity", "x", core.CodeInvalidArgument, "name"},
		{"unknown", "NOTES", "x", core.CodeInvalidArgument, "name"},
		{"bad date", "daily/2026-02-30", "x", core.CodeInvalidArgument, "name"},
		{"bad daily", "daily/today", "x", core.CodeInvalidArgument, "name"},
		{"path", "../IDENTITY", "x", core.CodeInvalidArgument, "name"},
		{"nul", "USER", "a\x00", core.CodeInvalidArgument, "content"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clk.Add(time.Second)
			d, err := ns.SetDocument(ctx, tc.doc, tc.content)
			cxErr(t, err, tc.code, tc.field)
			if tc.code != "" {
				return
			}
			if !d.UpdatedAt.Equal(clk.Now()) {
				t.Errorf("updatedAt %v, want %v", d.UpdatedAt, clk.Now())
			}
			got, err := ns.Document(ctx, tc.doc)
			cxErr(t, err, "", "")
			if got.Content != tc.content || got.Name != tc.doc || !got.UpdatedAt.Equal(d.UpdatedAt) {
				t.Fatalf("get = %+v", got)
			}
		})
	}
	list, err := ns.Documents(ctx)
	cxErr(t, err, "", "")
	var names []string
	for _, d := range list {
		names = append(names, d.Name)
		if d.Name == "USER" && d.Bytes != int64(len("Bob, Berlin.")) {
			t.Errorf("USER bytes = %d", d.Bytes)
		}
	}
	if strings.Join(names, ",") != "IDENTITY,MEMORY,SOUL,USER,daily/2026-03-04" {
		t.Errorf("list = %v", names)
	}
	cxErr(t, ns.DeleteDocument(ctx, "USER"), "", "")
	cxErr(t, ns.DeleteDocument(ctx, "USER"), core.CodeNotFound, "name")
	cxErr(t, ns.DeleteDocument(ctx, "bogus"), core.CodeInvalidArgument, "name")
	_, err = ns.Document(ctx, "USER")
	cxErr(t, err, core.CodeNotFound, "name")
	_, err = ns.Document(ctx, "bogus")
	cxErr(t, err, core.CodeInvalidArgument, "name")
}
