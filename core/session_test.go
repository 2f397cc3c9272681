package core_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memcore/memcore/core"
)

// cxSession appends a deploy session's turns to s1.
func cxSession(t *testing.T, ns *core.Namespace, clk *fakeClock) []core.Turn {
	t.Helper()
	turns, err := ns.AppendTurns(context.Background(), "s1", []core.TurnInput{
		{Role: "user", Content: "Please deploy the Atlas service to staging. Use the new Helm chart."},
		{Role: "assistant", Content: "Running the deployment now."},
		{Role: "tool", Name: "helm", Content: "Error: release atlas failed: timed out waiting for the condition"},
		{Role: "assistant", Content: "The deploy failed with a timeout. Turns out the readiness probe points at the wrong port. I changed `values.yaml` and retried."},
		{Role: "tool", Name: "helm", Content: "release atlas deployed"},
		{Role: "tool", Name: "kubectl", Content: "3/3 pods ready"},
		{Role: "user", Content: "Great, thanks. Tell 王经理 in 北京市 that it is done."},
		{Role: "assistant", Content: "Done: Atlas runs on staging with 3 pods. Next time, check the probe port first."},
	})
	if err != nil {
		t.Fatal(err)
	}
	clk.Add(time.Hour)
	return turns
}

func TestEndSession_deterministic(t *testing.T) {
	ctx := context.Background()
	_, ns, clk := cxOpen(t, core.Options{})
	turns := cxSession(t, ns, clk)
	res, err := ns.EndSession(ctx, "s1")
	if err != nil {
		t.Fatal(err)
	}
	ep := res.Episode
	if res.By != "heuristic" || ep.ID == "" || ep.SessionID != "s1" || ep.MemoryID == "" {
		t.Fatalf("episode %+v by %s", ep, res.By)
	}
	// The summary is compaction's extractive one (package compact has its golden tests).
	for _, want := range []string{"Please deploy the Atlas service to staging.", "helm", "kubectl",
		"timed out waiting for the condition"} {
		if !strings.Contains(ep.Summary, want) {
			t.Errorf("summary lacks %q:\n%s", want, ep.Summary)
		}
	}
	wantSummary := ep.Summary
	if ep.Goal != "Please deploy the Atlas service to staging." {
		t.Errorf("goal %q", ep.Goal)
	}
	if ep.Outcome != "answered: Done: Atlas runs on staging with 3 pods. Next time, check the probe port first." {
		t.Errorf("outcome %q", ep.Outcome)
	}
	if !slices.Equal(ep.ToolsUsed, []string{"helm", "kubectl"}) {
		t.Errorf("tools %v", ep.ToolsUsed)
	}
	for _, want := range []string{"Atlas", "Helm", "values.yaml", "王经理", "北京市"} {
		if !slices.Contains(ep.Entities, want) {
			t.Errorf("entities %v lack %q", ep.Entities, want)
		}
	}
	for _, not := range []string{"Please", "Great", "Use", "The", "Done", "Next", "Error", "北京"} {
		if slices.Contains(ep.Entities, not) {
			t.Errorf("entities %v have %q", ep.Entities, not)
		}
	}
	if len(ep.Lessons) < 2 || ep.Lessons[0] != "Turns out the readiness probe points at the wrong port." ||
		ep.Lessons[1] != "Next time, check the probe port first." {
		t.Errorf("lessons %q", ep.Lessons)
	}
	if !slices.Contains(ep.Lessons, "helm: Error: release atlas failed: timed out waiting for the condition") {
		t.Errorf("the tool error is not among the lessons: %q", ep.Lessons)
	}
	// 0.3 + 8 turns × 0.01 + tools 0.1 + errors (2 turns) 0.1 + lessons 0.1 = 0.68
	if ep.Importance != 0.68 {
		t.Errorf("importance %v", ep.Importance)
	}
	if !ep.StartedAt.Equal(turns[0].CreatedAt) || !ep.EndedAt.Equal(clk.Now()) {
		t.Errorf("started %v ended %v", ep.StartedAt, ep.EndedAt)
	}

	// Stored, listed, and recallable through its memory.
	eps, err := ns.Episodes(ctx, "s1")
	if err != nil || len(eps) != 1 || eps[0].Summary != ep.Summary || !slices.Equal(eps[0].Entities, ep.Entities) ||
		eps[0].MemoryID != ep.MemoryID || !eps[0].EndedAt.Equal(ep.EndedAt) {
		t.Fatalf("episodes %+v, %v", eps, err)
	}
	all, _ := ns.Episodes(ctx, "")
	none, _ := ns.Episodes(ctx, "s2")
	if len(all) != 1 || len(none) != 0 {
		t.Errorf("all %d, s2 %d", len(all), len(none))
	}
	m, err := ns.Get(ctx, ep.MemoryID)
	if err != nil {
		t.Fatal(err)
	}
	if m.Type != "note" || !slices.Equal(m.Tags, []string{"episode"}) ||
		m.Title != "Episode: Please deploy the Atlas service to staging." ||
		m.Source == nil || m.Source.SessionID != "s1" || m.Importance != 0.68 ||
		!strings.HasPrefix(m.Content, wantSummary+"\nOutcome: answered: Done") ||
		!strings.Contains(m.Content, "\nLessons:\n- Turns out the readiness probe") {
		t.Errorf("memory %+v", m)
	}
	hits, err := ns.Recall(ctx, "readiness probe port", core.RecallOptions{})
	if err != nil || len(hits) == 0 || hits[0].Memory.ID != ep.MemoryID {
		t.Fatalf("recall: %v %v", hits, err)
	}

	// Twice: a conflict, and nothing more is written.
	_, err = ns.EndSession(ctx, "s1")
	cxErr(t, err, core.CodeConflict, "sessionId")
	if eps, _ := ns.Episodes(ctx, ""); len(eps) != 1 {
		t.Errorf("%d episodes after the second end", len(eps))
	}
}

func TestEndSession_withPlan(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		statuses []string
		outcome  string
	}{
		{[]string{"completed", "completed"}, "completed: all 2 plan steps done"},
		{[]string{"completed", "failed", "pending"}, "failed: 1 of 3 plan steps failed (step 1); 1 completed"},
		{[]string{"completed", "in_progress", "pending"}, "unfinished: 1 of 3 plan steps completed"},
	} {
		var steps []core.PlanStep
		for i, s := range tc.statuses {
			steps = append(steps, core.PlanStep{Title: "step " + string(rune('0'+i)), Status: s})
		}
		// Each variant on an engine of its own, so that the session can be ended each time.
		_, ns, clk := cxOpen(t, core.Options{})
		cxSession(t, ns, clk)
		if _, err := ns.PlanSet(ctx, "s1", "Deploy Atlas to staging", steps); err != nil {
			t.Fatal(err)
		}
		res, err := ns.EndSession(ctx, "s1")
		if err != nil {
			t.Fatal(err)
		}
		if res.Episode.Goal != "Deploy Atlas to staging" || res.Episode.Outcome != tc.outcome {
			t.Errorf("goal %q outcome %q, want %q", res.Episode.Goal, res.Episode.Outcome, tc.outcome)
		}
		if res.Episode.Importance != 0.78 { // +0.1 for the plan
			t.Errorf("importance %v", res.Episode.Importance)
		}
	}
}

func TestEndSession_errors(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	_, err := ns.EndSession(ctx, "")
	cxErr(t, err, core.CodeInvalidArgument, "sessionId")
	_, err = ns.EndSession(ctx, "nobody")
	cxErr(t, err, core.CodeNotFound, "sessionId")
	// Working memory alone is no session to summarise either.
	ns.PlanSet(ctx, "planned", "x", nil)
	_, err = ns.EndSession(ctx, "planned")
	cxErr(t, err, core.CodeNotFound, "sessionId")
	_, err = ns.Episodes(ctx, "\xff")
	cxErr(t, err, core.CodeInvalidArgument, "sessionId")
}

func TestEndSession_llm(t *testing.T) {
	ctx := context.Background()
	var got []core.Completion
	answer, fail := "", error(nil)
	complete := func(ctx context.Context, req core.Completion) (string, error) {
		got = append(got, req)
		if answer == "panic" {
			panic("host bug")
		}
		return answer, fail
	}
	for _, tc := range []struct {
		name, answer string
		fail         error
		by           string
	}{
		{"good", "```json\n" + `{"summary":"Deployed Atlas to staging after fixing the probe port.","goal":"Deploy Atlas",
			"outcome":"completed","entities":["Atlas","Helm","Atlas"],"lessons":["Check the probe port first."],"importance":0.9}` + "\n```", nil, "llm"},
		{"error", "", errors.New("rate limited"), "heuristic"},
		{"not json", "Sure! Here is the episode.", nil, "heuristic"},
		{"empty summary", `{"summary":"  ","goal":"x"}`, nil, "heuristic"},
		{"wrong types", `{"summary":"s","entities":"Atlas"}`, nil, "heuristic"},
		{"panic", "panic", nil, "heuristic"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			answer, fail, got = tc.answer, tc.fail, nil
			_, ns, clk := cxOpen(t, core.Options{Complete: complete})
			cxSession(t, ns, clk)
			res, err := ns.EndSession(ctx, "s1")
			if err != nil {
				t.Fatal(err)
			}
			if res.By != tc.by || len(got) != 1 {
				t.Fatalf("by %s after %d calls", res.By, len(got))
			}
			req := got[0]
			if !req.JSON || !strings.Contains(req.System, `"summary"`) || len(req.Messages) != 1 ||
				!strings.Contains(req.Messages[0].Content, "helm returned: Error: release atlas failed") {
				t.Errorf("request %+v", req)
			}
			ep := res.Episode
			if tc.by == "llm" {
				if ep.Summary != "Deployed Atlas to staging after fixing the probe port." || ep.Goal != "Deploy Atlas" ||
					ep.Outcome != "completed" || !slices.Equal(ep.Entities, []string{"Atlas", "Helm"}) ||
					!slices.Equal(ep.Lessons, []string{"Check the probe port first."}) || ep.Importance != 0.9 ||
					!slices.Equal(ep.ToolsUsed, []string{"helm", "kubectl"}) {
					t.Errorf("llm episode %+v", ep)
				}
				m, _ := ns.Get(ctx, ep.MemoryID)
				if m.Title != "Episode: Deploy Atlas" || m.Importance != 0.9 {
					t.Errorf("memory %+v", m)
				}
			} else if ep.Goal != "Please deploy the Atlas service to staging." {
				t.Errorf("fallback episode %+v", ep)
			}
		})
	}
}
