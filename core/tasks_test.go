package core_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memcore/memcore/core"
)

func mustTask(t *testing.T, ns *core.Namespace, title string, blockedBy ...string) *core.Task {
	t.Helper()
	tk, err := ns.TaskCreate(context.Background(), core.TaskInput{Title: title, BlockedBy: blockedBy})
	if err != nil {
		t.Fatal(err)
	}
	return tk
}

func TestTasks_graph(t *testing.T) {
	ctx := context.Background()
	e, ns, clk := cxOpen(t, core.Options{})
	schema := mustTask(t, ns, "design the schema")
	clk.Add(time.Millisecond)
	api := mustTask(t, ns, "write the API", schema.ID)
	clk.Add(time.Millisecond)
	docs := mustTask(t, ns, "write the docs", schema.ID, api.ID)
	if !schema.Ready || api.Ready || !api.Blocked || !slices.Equal(docs.BlockedBy, []string{schema.ID, api.ID}) {
		t.Fatalf("created: %+v %+v %+v", schema, api, docs)
	}
	if got, _ := ns.TaskGet(ctx, schema.ID); !slices.Equal(got.Blocks, []string{api.ID, docs.ID}) {
		t.Errorf("blocks = %v", got.Blocks)
	}
	// A blocked task cannot start.
	_, err := ns.TaskUpdate(ctx, api.ID, core.TaskPatch{Status: ptr(core.TaskInProgress)})
	cxErr(t, err, core.CodeConflict, "status")
	// Completing the schema unblocks the API, not the docs (they wait for the API too).
	res, err := ns.TaskUpdate(ctx, schema.ID, core.TaskPatch{Status: ptr(core.TaskCompleted)})
	if err != nil || !slices.Equal(res.Unblocked, []string{api.ID}) || res.Task.Status != core.TaskCompleted {
		t.Fatalf("complete schema: %+v %v", res, err)
	}
	ready, _ := ns.TaskList(ctx, core.TaskListOptions{Ready: true})
	if len(ready) != 1 || ready[0].ID != api.ID {
		t.Errorf("ready = %+v", ready)
	}
	// Cycles are refused: the schema cannot wait for the docs (which wait for it).
	_, err = ns.TaskUpdate(ctx, schema.ID, core.TaskPatch{AddBlockedBy: []string{docs.ID}})
	cxErr(t, err, core.CodeInvalidArgument, "addBlockedBy")
	_, err = ns.TaskUpdate(ctx, api.ID, core.TaskPatch{BlockedBy: []string{api.ID}})
	cxErr(t, err, core.CodeInvalidArgument, "blockedBy")
	_, err = ns.TaskUpdate(ctx, api.ID, core.TaskPatch{BlockedBy: []string{"nope"}})
	cxErr(t, err, core.CodeNotFound, "blockedBy")
	// Removing the edge unblocks too.
	res, err = ns.TaskUpdate(ctx, docs.ID, core.TaskPatch{RemoveBlockedBy: []string{api.ID}})
	if err != nil || len(res.Unblocked) != 0 || !res.Task.Ready {
		t.Errorf("remove edge: %+v %v", res, err)
	}
	// Deleting a task drops its edges.
	if err := ns.TaskDelete(ctx, schema.ID); err != nil {
		t.Fatal(err)
	}
	if got, _ := ns.TaskGet(ctx, api.ID); len(got.BlockedBy) != 0 {
		t.Errorf("after delete: %+v", got)
	}
	cxErr(t, ns.TaskDelete(ctx, schema.ID), core.CodeNotFound, "id")
	// Another namespace sees none of it.
	other, _ := e.Namespace("other")
	if l, _ := other.TaskList(ctx, core.TaskListOptions{}); len(l) != 0 {
		t.Errorf("other namespace sees %d tasks", len(l))
	}
	_, err = other.TaskGet(ctx, api.ID)
	cxErr(t, err, core.CodeNotFound, "id")
}

func TestTasks_errors(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	a := mustTask(t, ns, "a")
	for _, tc := range []struct {
		name  string
		in    core.TaskInput
		code  core.Code
		field string
	}{
		{"no_title", core.TaskInput{Title: " "}, core.CodeInvalidArgument, "title"},
		{"bad_status", core.TaskInput{Title: "x", Status: "done"}, core.CodeInvalidArgument, "status"},
		{"long_title", core.TaskInput{Title: strings.Repeat("x", 1025)}, core.CodeTooLarge, "title"},
		{"unknown_blocker", core.TaskInput{Title: "x", BlockedBy: []string{a.ID, "zz"}}, core.CodeNotFound, "blockedBy"},
		{"empty_blocker", core.TaskInput{Title: "x", BlockedBy: []string{""}}, core.CodeInvalidArgument, "blockedBy[0]"},
		{"many_blockers", core.TaskInput{Title: "x", BlockedBy: make([]string, 101)}, core.CodeTooLarge, "blockedBy"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ns.TaskCreate(ctx, tc.in)
			cxErr(t, err, tc.code, tc.field)
		})
	}
	_, err := ns.TaskUpdate(ctx, "nope", core.TaskPatch{Title: ptr("x")})
	cxErr(t, err, core.CodeNotFound, "id")
	_, err = ns.TaskUpdate(ctx, a.ID, core.TaskPatch{BlockedBy: []string{}, AddBlockedBy: []string{a.ID}})
	cxErr(t, err, core.CodeInvalidArgument, "blockedBy")
	_, err = ns.TaskList(ctx, core.TaskListOptions{Status: []string{"open"}})
	cxErr(t, err, core.CodeInvalidArgument, "status[0]")
}

// Tasks outlive sessions and show in every session's working state.
func TestTasks_workingState(t *testing.T) {
	ctx := context.Background()
	_, ns, clk := cxOpen(t, core.Options{})
	a := mustTask(t, ns, "migrate the database")
	clk.Add(time.Millisecond)
	b := mustTask(t, ns, "switch traffic", a.ID)
	clk.Add(time.Millisecond)
	c := mustTask(t, ns, "old task")
	ns.TaskUpdate(ctx, c.ID, core.TaskPatch{Status: ptr(core.TaskCancelled)})
	ns.TaskUpdate(ctx, a.ID, core.TaskPatch{Status: ptr(core.TaskInProgress)})
	r := cxBuild(t, ns, core.BuildContextOptions{SessionID: "another", Messages: cxChat("user", "status?"), BudgetTokens: 8000})
	want := "# Working state\n\n## Tasks\n- [>] migrate the database (" + a.ID + ") in progress\n- [-] switch traffic (" + b.ID +
		") blocked by: migrate the database"
	if r.System != want {
		t.Errorf("working state:\n%s\nwant:\n%s", r.System, want)
	}
}

// The todo reminder: a step in progress and 3 user turns since the plan last changed.
func TestBuildContext_todoReminder(t *testing.T) {
	ctx := context.Background()
	_, ns, clk := cxOpen(t, core.Options{})
	ns.PlanSet(ctx, "s", "ship", []core.PlanStep{{Title: "build", Status: "in_progress"}, {Title: "deploy"}})
	reminder := func() bool {
		r := cxBuild(t, ns, core.BuildContextOptions{SessionID: "s", Messages: cxChat("user", "next?"), BudgetTokens: 8000})
		return strings.Contains(r.System, "## Reminder\nThe plan has not been updated for 3 user turns while step 1 (build) is in progress")
	}
	for i := range 3 {
		if reminder() {
			t.Fatalf("reminder after %d user turns", i)
		}
		clk.Add(time.Second)
		ns.AppendTurns(ctx, "s", []core.TurnInput{{Role: "user", Content: "go on"}, {Role: "assistant", Content: "ok"}})
	}
	if !reminder() {
		t.Fatal("no reminder after 3 user turns")
	}
	// Updating the plan resets the count; a plan with no step in progress has none.
	clk.Add(time.Second)
	ns.PlanUpdateStep(ctx, "s", 0, "completed")
	if reminder() {
		t.Error("reminder right after the plan changed")
	}
	for range 3 {
		clk.Add(time.Second)
		ns.AppendTurns(ctx, "s", []core.TurnInput{{Role: "user", Content: "go on"}})
	}
	if reminder() {
		t.Error("reminder with no step in progress")
	}
}
