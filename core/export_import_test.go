package core_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/memcore/memcore/core"
)

// fillAll writes one of every kind of record into ns.
func fillAll(t *testing.T, ns *core.Namespace, clk *fakeClock) {
	t.Helper()
	ctx := context.Background()
	must := func(_ any, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	mems, err := ns.Remember(ctx, core.MemoryInput{Type: "preference", Title: "Tea", Content: "用户喜欢喝绿茶\nevery morning", Tags: []string{"drink"}},
		core.MemoryInput{Content: "The office is in Berlin", Source: &core.Source{SessionID: "s1"}},
		core.MemoryInput{Type: "rule", Content: "Never deploy on Fridays"},
		// Issue 10's fields travel too: a caller's key and metadata.
		core.MemoryInput{Type: "fact", Key: "user.diet", Content: "Vegetarian since 2019", Metadata: json.RawMessage(`{"src":"onboarding","n":2}`)})
	if err != nil {
		t.Fatal(err)
	}
	clk.Add(time.Minute)
	must(ns.Update(ctx, mems[1].ID, core.MemoryPatch{Importance: ptr(0.9)}, core.UpdateOptions{}))
	must(ns.Forget(ctx, core.ForgetOptions{ID: mems[2].ID}))
	must(ns.AppendMessages(ctx, "s1", json.RawMessage(openAIToolChat)))
	must(ns.SetDocument(ctx, "IDENTITY", "I am Ada."))
	must(ns.SetDocument(ctx, "daily/2026-03-04", "- shipped v2\n"))
	must(ns.ScratchpadSet(ctx, "s1", "notes", "check the logs"))
	must(ns.PlanSet(ctx, "s1", "ship", []core.PlanStep{{Title: "build", Status: "completed"}, {Title: "deploy", Status: "in_progress"}}))
	must(ns.StateSet(ctx, "s1", "order #42 half paid"))
	a, err := ns.TaskCreate(ctx, core.TaskInput{Title: "migrate"})
	must(a, err)
	must(ns.TaskCreate(ctx, core.TaskInput{Title: "switch traffic", BlockedBy: []string{a.ID}}))
	clk.Add(time.Minute)
	must(ns.EndSession(ctx, "s1"))
}

// exportLines is an export's JSON Lines without the header (whose time differs).
func exportLines(t *testing.T, ns *core.Namespace, o core.ExportOptions) (string, *core.ExportResult) {
	t.Helper()
	r, err := ns.Export(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	_, rest, _ := strings.Cut(r.Data, "\n")
	return rest, r
}

func TestExportImport_jsonlRoundTrip(t *testing.T) {
	ctx := context.Background()
	_, src, clk := cxOpen(t, core.Options{})
	fillAll(t, src, clk)
	body, r := exportLines(t, src, core.ExportOptions{})
	want := map[string]int{"memory": 5, "turn": 6, "document": 2, "episode": 1, "session": 1, "scratchpad": 1, "plan": 1, "task": 2}
	if !reflect.DeepEqual(r.Counts, want) {
		t.Errorf("counts = %v, want %v", r.Counts, want)
	}
	dstE, dst, _ := cxOpen(t, core.Options{})
	var phases []string
	rep, err := dst.Import(ctx, core.ImportOptions{Data: r.Data, Progress: func(p string, done, total int) { phases = append(phases, p) }})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rep.Imported, want) || len(rep.Skipped) != 0 || phases[len(phases)-1] != "done" {
		t.Errorf("report = %+v, phases %v", rep, phases)
	}
	again, _ := exportLines(t, dst, core.ExportOptions{})
	if again != body {
		t.Errorf("round trip differs:\n%s\nwant:\n%s", again, body)
	}
	// What was imported works: recall, history, turns with their tools, tasks.
	if hits, _ := dst.Recall(ctx, "绿茶", core.RecallOptions{}); len(hits) != 1 {
		t.Errorf("recall after import: %+v", hits)
	}
	if hits, _ := dst.SearchTurns(ctx, "helm_upgrade", core.SearchTurnsOptions{}); len(hits) == 0 {
		t.Error("searchTurns after import finds nothing")
	}
	if l, _ := dst.List(ctx, core.ListOptions{Filter: core.Filter{Metadata: json.RawMessage(`{"src":"onboarding"}`)}}); len(l.Memories) != 1 || l.Memories[0].Key != "user.diet" {
		t.Errorf("keyed memory with metadata after import: %+v", l)
	}
	if ready, _ := dst.TaskList(ctx, core.TaskListOptions{Ready: true}); len(ready) != 1 || ready[0].Title != "migrate" {
		t.Errorf("ready tasks after import: %+v", ready)
	}
	// Importing twice changes nothing.
	rep, err = dst.Import(ctx, core.ImportOptions{Data: r.Data})
	if err != nil || len(rep.Imported) != 0 || rep.Skipped["memory"] != 5 {
		t.Errorf("second import: %+v %v", rep, err)
	}
	// Another namespace's data stays out of a namespace's export.
	other, _ := dstE.Namespace("other")
	if _, r := exportLines(t, other, core.ExportOptions{}); len(r.Counts) != 0 {
		t.Errorf("other namespace exports %v", r.Counts)
	}
}

func TestExportImport_namespaces(t *testing.T) {
	ctx := context.Background()
	e, a, clk := cxOpen(t, core.Options{})
	fillAll(t, a, clk)
	b, _ := e.Namespace("b")
	b.Remember(ctx, core.MemoryInput{Content: "b's memory"})
	_, all := exportLines(t, a, core.ExportOptions{Namespaces: []string{"*"}})
	if !reflect.DeepEqual(all.Namespaces, []string{"b", "default"}) || all.Counts["memory"] != 6 {
		t.Fatalf("all: %v %v", all.Namespaces, all.Counts)
	}
	_, dst, _ := cxOpen(t, core.Options{})
	rep, err := dst.Import(ctx, core.ImportOptions{Data: all.Data, Namespaces: []string{"b"}})
	if err != nil || rep.Imported["memory"] != 1 || rep.Excluded == 0 || !reflect.DeepEqual(rep.Namespaces, []string{"b"}) {
		t.Fatalf("%+v %v", rep, err)
	}
	if st, _ := dst.Stats(ctx); st.Memories != 0 {
		t.Errorf("default got %d memories from b's import", st.Memories)
	}
}

func TestImport_allOrNothing(t *testing.T) {
	ctx := context.Background()
	_, src, clk := cxOpen(t, core.Options{})
	fillAll(t, src, clk)
	_, r := exportLines(t, src, core.ExportOptions{})
	lines := strings.Split(strings.TrimSpace(r.Data), "\n")
	last := len(lines)
	for _, tc := range []struct {
		name, data string
		code       core.Code
		field      string
	}{
		{"empty", "", core.CodeInvalidArgument, "data"},
		{"no_header", strings.Join(lines[1:], "\n"), core.CodeInvalidArgument, "data[0]"},
		{"newer", strings.Replace(r.Data, `"version":`+itoa(core.ExportVersion), `"version":`+itoa(core.ExportVersion+1), 1), core.CodeUnsupported, "data[0].header"},
		{"not_json", r.Data + "{oops\n", core.CodeInvalidArgument, "data[" + itoa(last) + "]"},
		{"unknown_field", r.Data + `{"kind":"document","namespace":"default","document":{"name":"USER","content":"x","bogus":1}}`, core.CodeInvalidArgument, "data[" + itoa(last) + "].document.bogus"},
		{"bad_doc", r.Data + `{"kind":"document","namespace":"default","document":{"name":"NOTES","content":"x","updatedAt":"2026-01-01T00:00:00Z"}}`, core.CodeInvalidArgument, "data[" + itoa(last) + "].document.name"},
		{"bad_importance", r.Data + `{"kind":"memory","namespace":"default","memoryId":"m1","memory":{"id":"m1","namespace":"default","type":"fact","content":"x","tags":[],"importance":7,"confidence":1,"tier":"long","createdAt":"2026-01-01T00:00:00Z","updatedAt":"2026-01-01T00:00:00Z","accessCount":0,"version":1}}`, core.CodeInvalidArgument, "data[" + itoa(last) + "].memory.importance"},
		{"wrong_carrier", r.Data + `{"kind":"turn","namespace":"default","document":{"name":"USER","content":"x","updatedAt":"2026-01-01T00:00:00Z"}}`, core.CodeInvalidArgument, "*"},
		{"unknown_blocker", r.Data + `{"kind":"task","namespace":"default","task":{"id":"t1","title":"x","status":"pending","blockedBy":["nope"],"blocks":[],"blocked":false,"ready":true,"createdAt":"2026-01-01T00:00:00Z","updatedAt":"2026-01-01T00:00:00Z"}}`, core.CodeNotFound, "data[" + itoa(last) + "].task.blockedBy"},
		{"cycle", r.Data + `{"kind":"task","namespace":"default","task":{"id":"t1","title":"x","status":"pending","blockedBy":["t2"],"blocks":[],"blocked":false,"ready":true,"createdAt":"2026-01-01T00:00:00Z","updatedAt":"2026-01-01T00:00:00Z"}}` + "\n" +
			`{"kind":"task","namespace":"default","task":{"id":"t2","title":"y","status":"pending","blockedBy":["t1"],"blocks":[],"blocked":false,"ready":true,"createdAt":"2026-01-01T00:00:00Z","updatedAt":"2026-01-01T00:00:00Z"}}`, core.CodeInvalidArgument, "*"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, dst, _ := cxOpen(t, core.Options{})
			_, err := dst.Import(ctx, core.ImportOptions{Data: tc.data})
			if tc.field == "*" {
				if ce, ok := err.(*core.Error); !ok || ce.Code != tc.code {
					t.Fatalf("err = %v, want %s", err, tc.code)
				}
			} else {
				cxErr(t, err, tc.code, tc.field)
			}
			if _, r := exportLines(t, dst, core.ExportOptions{}); len(r.Counts) != 0 {
				t.Errorf("a refused import wrote %v", r.Counts)
			}
		})
	}
	// A dry run reports and writes nothing.
	_, dst, _ := cxOpen(t, core.Options{})
	rep, err := dst.Import(ctx, core.ImportOptions{Data: r.Data, DryRun: true})
	if err != nil || rep.Imported["memory"] != 5 || !rep.DryRun {
		t.Fatalf("%+v %v", rep, err)
	}
	if _, r := exportLines(t, dst, core.ExportOptions{}); len(r.Counts) != 0 {
		t.Errorf("a dry run wrote %v", r.Counts)
	}
}

func TestExportImport_markdown(t *testing.T) {
	ctx := context.Background()
	_, src, clk := cxOpen(t, core.Options{})
	fillAll(t, src, clk)
	r, err := src.Export(ctx, core.ExportOptions{Format: "md"})
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, f := range r.Files {
		files[f.Path] = f.Content
	}
	for _, p := range []string{"MEMORY.md", "preference_tea.md", "note_the-office-is-in-berlin.md", "documents/IDENTITY.md", "documents/daily/2026-03-04.md"} {
		if _, ok := files[p]; !ok {
			t.Errorf("no %s in %v", p, keys(files))
		}
	}
	if f := files["preference_tea.md"]; !strings.HasPrefix(f, "---\nid: \"") || !strings.Contains(f, "\ntype: \"preference\"\n") ||
		!strings.HasSuffix(f, "---\n用户喜欢喝绿茶\nevery morning") {
		t.Errorf("preference_tea.md:\n%s", f)
	}
	if f := files["fact_vegetarian-since-2019.md"]; !strings.Contains(f, "\nkey: \"user.diet\"\n") || !strings.Contains(f, "\nmetadata: ") {
		t.Errorf("a keyed memory's file keeps its key and metadata:\n%s (files %v)", f, keys(files))
	}
	if !strings.Contains(files["MEMORY.md"], "- [preference](preference_tea.md) — Tea") {
		t.Errorf("MEMORY.md:\n%s", files["MEMORY.md"])
	}
	_, dst, _ := cxOpen(t, core.Options{})
	rep, err := dst.Import(ctx, core.ImportOptions{Format: "md", Files: r.Files})
	if err != nil || rep.Imported["memory"] != 4 || rep.Imported["document"] != 2 {
		t.Fatalf("%+v %v", rep, err)
	}
	if l, _ := dst.List(ctx, core.ListOptions{}); len(l.Memories) == 0 {
		t.Fatal("no memories after the markdown import")
	} else if h, err := dst.History(ctx, l.Memories[0].ID); err != nil || len(h) != 1 || h[0].Op != "create" {
		t.Errorf("history of an imported file: %+v %v", h, err)
	}
	back, err := dst.Export(ctx, core.ExportOptions{Format: "md"})
	if err != nil || !reflect.DeepEqual(back.Files, r.Files) {
		t.Errorf("markdown round trip differs: %v", err)
	}
	// Several namespaces do not fit one folder; a broken file is named.
	_, err = src.Export(ctx, core.ExportOptions{Format: "md", Namespaces: []string{"a", "b"}})
	cxErr(t, err, core.CodeInvalidArgument, "namespaces")
	_, err = dst.Import(ctx, core.ImportOptions{Format: "md", Files: []core.ExportFile{{Path: "fact_x.md", Content: "no frontmatter"}}})
	cxErr(t, err, core.CodeInvalidArgument, "files[0]")
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }
