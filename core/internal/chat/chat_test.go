package chat

import (
	"encoding/json"
	"reflect"
	"testing"
)

const openaiConv = `[
 {"role":"system","content":"You are helpful."},
 {"role":"user","content":[{"type":"text","text":"weather in Paris?"},{"type":"image_url","image_url":{"url":"data:x"}}],"name":"lin"},
 {"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"Paris\"}"}}]},
 {"role":"tool","tool_call_id":"c1","content":"18°C, cloudy"},
 {"role":"assistant","content":"It is 18°C and cloudy.","refusal":null}]`

const anthropicConv = `[
 {"role":"user","content":"天气怎么样？"},
 {"role":"assistant","content":[{"type":"text","text":"I'll check."},{"type":"tool_use","id":"t1","name":"get_weather","input":{"city":"北京"}}]},
 {"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":[{"type":"text","text":"25°C 晴"}],"cache_control":{"type":"ephemeral"}}]},
 {"role":"assistant","content":[{"type":"text","text":"北京 25°C，晴。"}]}]`

func roundTrip(t *testing.T, in string) ([]Message, Shape) {
	t.Helper()
	msgs, shape, err := Parse([]byte(in), "messages")
	if err != nil {
		t.Fatal(err)
	}
	out, err := Encode(msgs, shape)
	if err != nil {
		t.Fatal(err)
	}
	var a, b any
	json.Unmarshal([]byte(in), &a)
	json.Unmarshal(out, &b)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("round trip changed the messages:\n in  %s\n out %s", in, out)
	}
	return msgs, shape
}

func TestParse_openAI(t *testing.T) {
	msgs, shape := roundTrip(t, openaiConv)
	if shape != OpenAI || len(msgs) != 5 {
		t.Fatalf("shape %s, %d messages", shape, len(msgs))
	}
	if ids := msgs[2].CallIDs(); len(ids) != 1 || ids[0] != "c1" {
		t.Errorf("call ids %v", ids)
	}
	if r := msgs[3].Blocks[0]; r.Kind != ToolResult || r.Name != "get_weather" || r.Text != "18°C, cloudy" {
		t.Errorf("tool result %+v", r)
	}
	if got := msgs[1].Text(); got != "weather in Paris?" {
		t.Errorf("text %q", got)
	}
}

func TestParse_anthropic(t *testing.T) {
	msgs, shape := roundTrip(t, anthropicConv)
	if shape != Anthropic {
		t.Fatalf("shape %s", shape)
	}
	r := msgs[2].Blocks[0]
	if r.Kind != ToolResult || r.Name != "get_weather" || r.Text != "25°C 晴" || msgs[2].ResultIDs()[0] != "t1" {
		t.Errorf("tool result %+v", r)
	}
	if got := msgs[1].AllText(); got != "I'll check.\nget_weather({\"city\":\"北京\"})" {
		t.Errorf("all text %q", got)
	}
}

func TestEncode_editedToolResult(t *testing.T) {
	for _, conv := range []string{openaiConv, anthropicConv} {
		msgs, shape, _ := Parse([]byte(conv), "messages")
		for i := range msgs {
			for j := range msgs[i].Blocks {
				if msgs[i].Blocks[j].Kind == ToolResult {
					msgs[i].Blocks[j].Text = "[Previous: used get_weather]"
				}
			}
		}
		out, _ := Encode(msgs, shape)
		back, _, err := Parse(out, "messages")
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, m := range back {
			for _, b := range m.Blocks {
				found = found || (b.Kind == ToolResult && b.Text == "[Previous: used get_weather]" && b.Name == "get_weather")
			}
		}
		if !found {
			t.Errorf("%s: edited result lost: %s", shape, out)
		}
	}
}

// TestParse_nullContentAllowed: the shapes the protocols allow without text — an OpenAI
// assistant message with only tool calls (content null or absent), and an assistant
// content null (a refusal, legacy function_call) — are read, not refused.
func TestParse_nullContentAllowed(t *testing.T) {
	for _, tc := range []struct{ name, in string }{
		{"calls_null", `[{"role":"assistant","content":null,"tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":"{}"}}]}]`},
		{"calls_absent", `[{"role":"assistant","tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":"{}"}}]}]`},
		{"assistant_null", `[{"role":"assistant","content":null,"refusal":"no"}]`},
		{"empty_string", `[{"role":"user","content":""}]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, _, err := Parse([]byte(tc.in), "messages"); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestParse_errors(t *testing.T) {
	for _, tc := range []struct{ name, in, field string }{
		{"not_array", `{"role":"user"}`, "messages"},
		{"bad_role", `[{"role":"robot","content":"x"}]`, "messages[0].role"},
		{"bad_content", `[{"role":"user","content":5}]`, "messages[0].content"},
		{"bad_part", `[{"role":"user","content":["x"]}]`, "messages[0].content[0]"},
		{"text_part_without_text", `[{"role":"user","content":[{"type":"text"}]}]`, "messages[0].content[0].text"},
		{"null_message", `[null]`, "messages[0]"},
		{"no_content", `[{"role":"user"}]`, "messages[0].content"},
		{"null_user_content", `[{"role":"user","content":"hi"},{"role":"user","content":null}]`, "messages[1].content"},
		{"null_system_content", `[{"role":"system","content":null}]`, "messages[0].content"},
		{"tool_without_content", `[{"role":"tool","tool_call_id":"c1"}]`, "messages[0].content"},
		{"assistant_without_anything", `[{"role":"assistant"}]`, "messages[0].content"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Parse([]byte(tc.in), "messages")
			if err == nil {
				t.Fatal("no error")
			}
			if f := errField(err); f != tc.field {
				t.Errorf("field %q, want %q (%v)", f, tc.field, err)
			}
		})
	}
}
