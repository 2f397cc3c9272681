package core_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/memcore/memcore/core"
)

const openAIToolChat = `[
 {"role":"developer","content":"You are a deploy bot."},
 {"role":"user","content":"Deploy atlas to staging"},
 {"role":"assistant","content":null,"tool_calls":[
   {"id":"call_1","type":"function","function":{"name":"helm_upgrade","arguments":"{\"release\":\"atlas\"}"}},
   {"id":"call_2","type":"function","function":{"name":"kubectl_get","arguments":"{}"}}]},
 {"role":"tool","tool_call_id":"call_1","content":"release atlas deployed"},
 {"role":"tool","tool_call_id":"call_2","content":[{"type":"text","text":"3/3 pods ready"}]},
 {"role":"assistant","content":[{"type":"text","text":"Atlas is on staging."}]}
]`

const anthropicToolChat = `[
 {"role":"user","content":[{"type":"text","text":"What's the weather in Paris?"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"AAAA"}}]},
 {"role":"assistant","content":[{"type":"text","text":"Checking."},{"type":"tool_use","id":"toolu_1","name":"get_weather","input":{"city":"Paris"}}]},
 {"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"18°C, sunny"},{"type":"text","text":"Thanks"}]}
]`

func TestAppendMessages_openAI(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	res, err := ns.AppendMessages(ctx, "s1", json.RawMessage(openAIToolChat))
	if err != nil {
		t.Fatal(err)
	}
	if res.Shape != "openai" || len(res.Turns) != 6 {
		t.Fatalf("shape %s, %d turns: %+v", res.Shape, len(res.Turns), res.Turns)
	}
	tu := res.Turns
	if tu[0].Role != "developer" || tu[2].Role != "assistant" || tu[2].Content != "" || len(tu[2].ToolCalls) != 2 ||
		tu[2].ToolCalls[0] != (core.ToolCall{ID: "call_1", Name: "helm_upgrade", Arguments: `{"release":"atlas"}`}) {
		t.Errorf("turns 0..2: %+v", tu[:3])
	}
	if tu[3].Role != "tool" || tu[3].Name != "helm_upgrade" || tu[3].CallID != "call_1" || tu[3].Content != "release atlas deployed" {
		t.Errorf("turn 3: %+v", tu[3])
	}
	if tu[4].Name != "kubectl_get" || tu[4].Content != "3/3 pods ready" || tu[5].Content != "Atlas is on staging." {
		t.Errorf("turns 4, 5: %+v", tu[4:])
	}
	// The trajectory reads back the same, and searchTurns finds a call by its tool's name.
	hits, err := ns.SearchTurns(ctx, "helm_upgrade", core.SearchTurnsOptions{SessionID: "s1"})
	if err != nil || len(hits) == 0 || hits[0].Turn.ID != tu[2].ID || len(hits[0].Turn.ToolCalls) != 2 {
		t.Errorf("searchTurns: %+v %v", hits, err)
	}
	ep, err := ns.EndSession(ctx, "s1")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ep.Episode.ToolsUsed, []string{"helm_upgrade", "kubectl_get"}) {
		t.Errorf("toolsUsed = %v", ep.Episode.ToolsUsed)
	}
}

func TestAppendMessages_anthropic(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	res, err := ns.AppendMessages(ctx, "s1", json.RawMessage(anthropicToolChat))
	if err != nil {
		t.Fatal(err)
	}
	tu := res.Turns
	if res.Shape != "anthropic" || len(tu) != 4 {
		t.Fatalf("shape %s, %d turns: %+v", res.Shape, len(tu), tu)
	}
	if tu[0].Content != "What's the weather in Paris?\n[image]" || tu[1].Content != "Checking." ||
		len(tu[1].ToolCalls) != 1 || tu[1].ToolCalls[0].Arguments != `{"city":"Paris"}` {
		t.Errorf("turns 0, 1: %+v", tu[:2])
	}
	if tu[2].Role != "tool" || tu[2].Name != "get_weather" || tu[2].CallID != "toolu_1" || tu[2].Content != "18°C, sunny" ||
		tu[3].Role != "user" || tu[3].Content != "Thanks" {
		t.Errorf("turns 2, 3: %+v", tu[2:])
	}
}

// A result appended after its call, in another batch, still gets its tool's name.
func TestAppendMessages_resultInLaterBatch(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	_, err := ns.AppendMessages(ctx, "s1", json.RawMessage(`[{"role":"user","content":"hi"},
		{"role":"assistant","content":"","tool_calls":[{"id":"c9","type":"function","function":{"name":"lookup","arguments":"{}"}}]}]`))
	if err != nil {
		t.Fatal(err)
	}
	res, err := ns.AppendMessages(ctx, "s1", json.RawMessage(`[{"role":"tool","tool_call_id":"c9","content":"found"}]`))
	if err != nil || res.Turns[0].Name != "lookup" || res.Turns[0].Seq != 3 {
		t.Fatalf("%+v %v", res, err)
	}
	// Another session's call is not this one's.
	res, err = ns.AppendMessages(ctx, "s2", json.RawMessage(`[{"role":"tool","tool_call_id":"c9","content":"found"}]`))
	if err != nil || res.Turns[0].Name != "" {
		t.Fatalf("%+v %v", res, err)
	}
}

func TestAppendMessages_errors(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	for _, tc := range []struct {
		name, session, msgs string
		code                core.Code
		field               string
	}{
		{"no_session", "", `[{"role":"user","content":"x"}]`, core.CodeInvalidArgument, "sessionId"},
		{"missing", "s", ``, core.CodeInvalidArgument, "messages"},
		{"not_array", "s", `{"role":"user"}`, core.CodeInvalidArgument, "messages"},
		{"bad_role", "s", `[{"role":"robot","content":"x"}]`, core.CodeInvalidArgument, "messages[0].role"},
		{"bad_content", "s", `[{"role":"user","content":5}]`, core.CodeInvalidArgument, "messages[0].content"},
		{"bad_call", "s", `[{"role":"assistant","content":null,"tool_calls":[{"id":"x"}]}]`, core.CodeInvalidArgument, "messages[0].tool_calls[0]"},
		{"nameless_call", "s", `[{"role":"user","content":"a"},{"role":"assistant","content":null,"tool_calls":[{"id":"x","function":{"arguments":"{}"}}]}]`, core.CodeInvalidArgument, "messages[1].tool_calls[0].name"},
		{"no_content", "s", `[{"role":"user","content":"a"},{"role":"user"}]`, core.CodeInvalidArgument, "messages[1].content"},
		{"nothing", "s", `[{"role":"assistant","content":null}]`, core.CodeInvalidArgument, "messages"},
		{"nul", "s", `[{"role":"user","content":"a\u0000b"}]`, core.CodeInvalidArgument, "messages[0].content"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ns.AppendMessages(ctx, tc.session, json.RawMessage(tc.msgs))
			cxErr(t, err, tc.code, tc.field)
		})
	}
	if st, _ := ns.Stats(ctx); st.Turns != 0 {
		t.Errorf("a refused batch stored %d turns", st.Turns)
	}
}

// appendTurns takes the new fields and the developer role, and checks them.
func TestAppendTurns_callFields(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	_, err := ns.AppendTurns(ctx, "s", []core.TurnInput{{Role: "developer", Content: "be brief"},
		{Role: "assistant", ToolCalls: []core.ToolCall{{ID: "1", Name: "f"}}}, {Role: "tool", Name: "f", CallID: "1"}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = ns.AppendTurns(ctx, "s", []core.TurnInput{{Role: "user", Content: "x", CallID: "1"}})
	cxErr(t, err, core.CodeInvalidArgument, "turns[0].callId")
	_, err = ns.AppendTurns(ctx, "s", []core.TurnInput{{Role: "user", Content: "x", ToolCalls: []core.ToolCall{{Name: "f"}}}})
	cxErr(t, err, core.CodeInvalidArgument, "turns[0].toolCalls")
	_, err = ns.AppendTurns(ctx, "s", []core.TurnInput{{Role: "assistant", ToolCalls: []core.ToolCall{{ID: "2"}}}})
	cxErr(t, err, core.CodeInvalidArgument, "turns[0].toolCalls[0].name")
}
