package core_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
)

// longConversation returns an OpenAI-shape conversation of 2n messages about a
// database migration, with a tool call every third exchange.
func longConversation(n int) json.RawMessage {
	var msgs []map[string]any
	for i := range n {
		msgs = append(msgs, map[string]any{"role": "user", "content": fmt.Sprintf("Step %d of the Postgres migration: what about table t%d? %s", i, i, strings.Repeat("context ", 20))})
		if i%3 == 1 {
			id := fmt.Sprintf("call_%d", i)
			msgs = append(msgs,
				map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{map[string]any{"id": id, "type": "function",
					"function": map[string]any{"name": "run_sql", "arguments": fmt.Sprintf(`{"q":"SELECT count(*) FROM t%d"}`, i)}}}},
				map[string]any{"role": "tool", "tool_call_id": id, "content": fmt.Sprintf("count = %d\n%s", i*1000, strings.Repeat("row ", 60))})
		} else {
			msgs = append(msgs, map[string]any{"role": "assistant", "content": fmt.Sprintf("Table t%d moves in batch %d. %s", i, i/4, strings.Repeat("detail ", 20))})
		}
	}
	raw, _ := json.Marshal(msgs)
	return raw
}

func TestCompact_storesRemovedTurns(t *testing.T) {
	ctx := context.Background()
	ns, _ := openMem(t, core.Options{}).Namespace("default")
	res, err := ns.Compact(ctx, longConversation(14), core.CompactOptions{SessionID: "s1"})
	if err != nil {
		t.Fatal(err)
	}
	r := res.Report
	if r.Summarized == 0 || r.SummaryBy != "extractive" || r.Trigger != "messages" || r.StoredTurns < r.Summarized {
		t.Fatalf("report %+v", r)
	}
	var out []map[string]any
	if err := json.Unmarshal(res.Messages, &out); err != nil {
		t.Fatal(err)
	}
	if c, _ := out[0]["content"].(string); !strings.HasPrefix(c, "[compacted] Summary of") || len(out) != r.MessagesAfter {
		t.Errorf("first message %v", out[0])
	}
	// What left the context is found by searchTurns, with its tool's name.
	hits, err := ns.SearchTurns(ctx, "t1 count", core.SearchTurnsOptions{SessionID: "s1"})
	if err != nil || len(hits) == 0 {
		t.Fatalf("searchTurns: %v %v", hits, err)
	}
	found := false
	for _, h := range hits {
		found = found || (h.Turn.Role == "tool" && h.Turn.Name == "run_sql" && strings.HasPrefix(h.Turn.Content, "count = 1000"))
	}
	if !found {
		t.Errorf("the tool result is not a turn: %+v", hits)
	}
	st, _ := ns.Stats(ctx)
	if st.Turns != int64(r.StoredTurns) {
		t.Errorf("%d turns, %d stored", st.Turns, r.StoredTurns)
	}

	// The same compaction again stores nothing new.
	res2, err := ns.Compact(ctx, longConversation(14), core.CompactOptions{SessionID: "s1"})
	if err != nil || res2.Report.StoredTurns != 0 || string(res2.Messages) != string(res.Messages) {
		t.Errorf("again: %+v %v", res2.Report, err)
	}
	// A longer conversation stores only what is new, in order after the rest.
	res3, err := ns.Compact(ctx, longConversation(20), core.CompactOptions{SessionID: "s1"})
	if err != nil || res3.Report.StoredTurns == 0 || res3.Report.StoredTurns >= res3.Report.Summarized {
		t.Errorf("longer: %+v %v", res3.Report, err)
	}
	// Without a session nothing is stored.
	res4, err := ns.Compact(ctx, longConversation(25), core.CompactOptions{})
	st2, _ := ns.Stats(ctx)
	if err != nil || res4.Report.StoredTurns != 0 || st2.Turns != st.Turns+int64(res3.Report.StoredTurns) {
		t.Errorf("no session: %+v, %d turns", res4.Report, st2.Turns)
	}
}

func TestCompact_skipsTurnsTheSessionHas(t *testing.T) {
	ctx := context.Background()
	ns, _ := openMem(t, core.Options{}).Namespace("default")
	conv := `[{"role":"user","content":"我们明天去北京开会"},{"role":"assistant","content":"好的，几点出发？"},` +
		strings.Repeat(`{"role":"user","content":"continue"},{"role":"assistant","content":"`+strings.Repeat("继续处理数据。", 40)+`"},`, 10) +
		`{"role":"user","content":"done"}]`
	if _, err := ns.AppendTurns(ctx, "s", []core.TurnInput{{Role: "user", Content: "我们明天去北京开会"}, {Role: "user", Content: "continue"}}); err != nil {
		t.Fatal(err)
	}
	res, err := ns.Compact(ctx, json.RawMessage(conv), core.CompactOptions{SessionID: "s", Force: true})
	if err != nil {
		t.Fatal(err)
	}
	// 23 messages, a tail of 8: 15 summarised; the session had the first message and one
	// "continue" (of 7 summarised).
	if r := res.Report; r.Summarized != 15 || r.StoredTurns != 13 {
		t.Errorf("summarised %d, stored %d", r.Summarized, r.StoredTurns)
	}
	hits, _ := ns.SearchTurns(ctx, "北京", core.SearchTurnsOptions{SessionID: "s"})
	if len(hits) != 1 {
		t.Errorf("%d turns about 北京", len(hits))
	}
}

func TestCompact_anthropicTurnsAndShape(t *testing.T) {
	ctx := context.Background()
	ns, _ := openMem(t, core.Options{}).Namespace("default")
	var parts []string
	for i := range 12 {
		parts = append(parts,
			fmt.Sprintf(`{"role":"user","content":"Look up order %d please. %s"}`, i, strings.Repeat("words ", 30)),
			fmt.Sprintf(`{"role":"assistant","content":[{"type":"text","text":"Checking."},{"type":"tool_use","id":"t%d","name":"get_order","input":{"id":%d}}]}`, i, i),
			fmt.Sprintf(`{"role":"user","content":[{"type":"tool_result","tool_use_id":"t%d","content":[{"type":"text","text":"order %d: shipped %s"}]},{"type":"text","text":"and?"}]}`, i, i, strings.Repeat("x", 200)),
			fmt.Sprintf(`{"role":"assistant","content":[{"type":"text","text":"Order %d has shipped."}]}`, i))
	}
	res, err := ns.Compact(ctx, json.RawMessage("["+strings.Join(parts, ",")+"]"), core.CompactOptions{SessionID: "a"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(res.Messages), `"type":"tool_use"`) || res.Report.Micro == 0 {
		t.Errorf("not Anthropic, or nothing micro-compacted: %+v", res.Report)
	}
	hits, _ := ns.SearchTurns(ctx, "shipped", core.SearchTurnsOptions{SessionID: "a", Limit: 100})
	tools, users := 0, 0
	for _, h := range hits {
		switch {
		case h.Turn.Role == "tool" && h.Turn.Name == "get_order":
			tools++
		case h.Turn.Role == "user":
			users++
		}
	}
	if tools == 0 {
		t.Errorf("no tool turns among %d hits", len(hits))
	}
	// The text beside the result is a user turn of its own.
	if h, _ := ns.SearchTurns(ctx, "and", core.SearchTurnsOptions{SessionID: "a"}); len(h) == 0 || h[0].Turn.Content != "and?" {
		t.Errorf("the text next to a result: %+v", h)
	}
}

func TestCompact_truncatesLongTurns(t *testing.T) {
	ctx := context.Background()
	ns, _ := openMem(t, core.Options{Limits: core.Limits{MaxContentBytes: 1000}}).Namespace("default")
	big := strings.Repeat("数据", 2000) // 12,000 bytes
	var msgs []map[string]any
	for i := range 12 {
		msgs = append(msgs, map[string]any{"role": "user", "content": fmt.Sprintf("%d %s", i, big)}, map[string]any{"role": "developer", "content": "note " + big})
	}
	raw, _ := json.Marshal(msgs)
	res, err := ns.Compact(ctx, raw, core.CompactOptions{SessionID: "s"})
	if err != nil || res.Report.StoredTurns == 0 {
		t.Fatalf("%+v %v", res, err)
	}
	hits, _ := ns.SearchTurns(ctx, "数据", core.SearchTurnsOptions{SessionID: "s", Limit: 100})
	for _, h := range hits {
		if len(h.Turn.Content) > 1000 || !strings.HasSuffix(h.Turn.Content, "数据") && !strings.HasSuffix(h.Turn.Content, "数") {
			t.Fatalf("turn of %d bytes ending %q", len(h.Turn.Content), h.Turn.Content[len(h.Turn.Content)-6:])
		}
		if h.Turn.Role == "developer" {
			t.Fatal("a developer turn")
		}
	}
}

func TestCompact_llm(t *testing.T) {
	ctx := context.Background()
	var got core.Completion
	e := openMem(t, core.Options{Complete: func(ctx context.Context, req core.Completion) (string, error) {
		got = req
		return "Goal: migrate Postgres.\nDecisions:\n- batch by table", nil
	}})
	ns, _ := e.Namespace("default")
	res, err := ns.Compact(ctx, longConversation(14), core.CompactOptions{WorkingState: "Plan: t9 next"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Report.SummaryBy != "llm" || got.Temperature != 0 || got.MaxTokens <= 0 || got.MaxTokens > 2000 ||
		!strings.Contains(got.System, "at most 2000 characters") || len(got.Messages) != 1 || !strings.Contains(got.Messages[0].Content, "run_sql") {
		t.Errorf("report %+v, completion %+v", res.Report, got)
	}
	if !strings.Contains(string(res.Messages), `Goal: migrate Postgres.\nDecisions:\n- batch by table\n\nWorking state:\nPlan: t9 next`) {
		t.Errorf("summary: %.400s", res.Messages)
	}

	failing := openMem(t, core.Options{Complete: func(context.Context, core.Completion) (string, error) {
		return "", errors.New("model overloaded")
	}})
	ns, _ = failing.Namespace("default")
	res, err = ns.Compact(ctx, longConversation(14), core.CompactOptions{})
	if err != nil || res.Report.SummaryBy != "extractive" || res.Report.LLMError != "model overloaded" {
		t.Errorf("fallback: %+v %v", res.Report, err)
	}
}

func TestCompact_errors(t *testing.T) {
	ctx := context.Background()
	e := openMem(t, core.Options{})
	ns, _ := e.Namespace("default")
	many := "[" + strings.Repeat(`{"role":"user","content":"x"},`, core.MaxCompactMessages) + `{"role":"user","content":"x"}]`
	for _, tc := range []struct {
		name     string
		messages string
		o        core.CompactOptions
		code     core.Code
		field    string
	}{
		{"missing", "", core.CompactOptions{}, core.CodeInvalidArgument, "messages"},
		{"null", "null", core.CompactOptions{}, core.CodeInvalidArgument, "messages"},
		{"not_array", `{"role":"user"}`, core.CompactOptions{}, core.CodeInvalidArgument, "messages"},
		{"bad_role", `[{"role":"user","content":"a"},{"role":"robot","content":"b"}]`, core.CompactOptions{}, core.CodeInvalidArgument, "messages[1].role"},
		{"bad_content", `[{"role":"user","content":7}]`, core.CompactOptions{}, core.CodeInvalidArgument, "messages[0].content"},
		{"too_many", many, core.CompactOptions{}, core.CodeTooLarge, "messages"},
		{"negative", `[]`, core.CompactOptions{MaxTokens: -1}, core.CodeInvalidArgument, "maxTokens"},
		{"session_too_long", `[]`, core.CompactOptions{SessionID: strings.Repeat("s", 1025)}, core.CodeTooLarge, "sessionId"},
		{"working_state_too_long", `[]`, core.CompactOptions{WorkingState: strings.Repeat("w", 64<<10+1)}, core.CodeTooLarge, "workingState"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ns.Compact(ctx, json.RawMessage(tc.messages), tc.o)
			var me *core.Error
			if !errors.As(err, &me) || me.Code != tc.code || me.Field != tc.field {
				t.Errorf("got %v, want %s on %q", err, tc.code, tc.field)
			}
		})
	}
	res, err := ns.Compact(ctx, json.RawMessage(`[]`), core.CompactOptions{Force: true})
	if err != nil || string(res.Messages) != "[]" {
		t.Errorf("empty: %s %v", res.Messages, err)
	}
	e.Close()
	if _, err := ns.Compact(ctx, json.RawMessage(`[]`), core.CompactOptions{}); errCode(err) != core.CodeClosed {
		t.Errorf("after close: %v", err)
	}
}

func errCode(err error) core.Code {
	var me *core.Error
	if errors.As(err, &me) {
		return me.Code
	}
	return ""
}
