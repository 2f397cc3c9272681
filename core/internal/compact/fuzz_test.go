package compact

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/chat"
)

// fuzzOptions derives compaction options from the fuzzer's knobs.
func fuzzOptions(force bool, knobs uint32, llm uint8) Options {
	o := Options{
		Force:           force,
		MaxMessages:     int(knobs%40) - 2,
		MaxChars:        int(knobs>>6%9000) - 1000,
		MaxTokens:       int(knobs >> 20 % 3000),
		KeepRecent:      int(knobs>>8%12) - 1,
		MinRetained:     int(knobs>>12%6) - 1,
		MicroKeep:       int(knobs>>14%5) - 1,
		MinMessages:     int(knobs>>16%10) - 1,
		MinChars:        int(knobs>>18%5000) - 1,
		SummaryMaxChars: int(knobs>>24%3000) - 100,
		WorkingState:    strings.Repeat("Plan: step\n", int(knobs>>28)),
	}
	switch llm % 4 {
	case 1:
		o.Summarize = func(context.Context, []chat.Message) (string, error) {
			return strings.Repeat("summary line\n", int(knobs%500)), nil
		}
	case 2:
		o.Summarize = func(context.Context, []chat.Message) (string, error) { return "", errors.New("down") }
	case 3:
		o.Summarize = func(context.Context, []chat.Message) (string, error) { panic("host") }
	}
	return o
}

// FuzzCompact compacts arbitrary message arrays: it never panics, never splits a tool
// call from its result, returns messages valid in the input's shape and never more
// tokens than it was given (see checkInvariants).
func FuzzCompact(f *testing.F) {
	paths, _ := filepath.Glob("testdata/*.json")
	for _, p := range paths {
		if strings.HasSuffix(p, ".golden.json") {
			continue
		}
		var fx fixture
		raw, _ := os.ReadFile(p)
		if json.Unmarshal(raw, &fx) == nil && fx.Messages != nil {
			f.Add([]byte(fx.Messages), true, uint32(7), uint8(0))
			f.Add([]byte(fx.Messages), false, uint32(0xdeadbeef), uint8(1))
		}
	}
	f.Add([]byte(`[{"role":"tool","tool_call_id":"x","content":"orphan"},{"role":"assistant","content":null,"tool_calls":[{"id":"x","type":"function","function":{"name":"f","arguments":"{"}}]}]`), true, uint32(0), uint8(2))
	f.Add([]byte(`[{"role":"system","content":"s","tool_calls":[{"id":"a","function":{"name":"f"}}]},{"role":"tool","tool_call_id":"a","content":"r"}]`), true, uint32(1), uint8(3))
	f.Fuzz(func(t *testing.T, data []byte, force bool, knobs uint32, llm uint8) {
		msgs, shape, err := chat.Parse(data, "messages")
		if err != nil || len(msgs) > 2000 {
			return
		}
		before, _ := chat.Encode(msgs, shape)
		o := fuzzOptions(force, knobs, llm)
		out, rep, err := Compact(context.Background(), msgs, o)
		if err != nil {
			t.Fatal(err)
		}
		checkInvariants(t, msgs, shape, out, rep, o)
		if after, _ := chat.Encode(msgs, shape); string(after) != string(before) {
			t.Fatal("the input was modified")
		}
	})
}

// FuzzCompact_generated compacts well-formed conversations built from a seed, in
// both shapes, with parallel calls, orphans, system messages and earlier summaries.
func FuzzCompact_generated(f *testing.F) {
	for i := range 16 {
		f.Add(uint64(i), uint8(10+i*5), i%2 == 0, uint32(i*7919))
	}
	f.Fuzz(func(t *testing.T, seed uint64, n uint8, force bool, knobs uint32) {
		r := rand.New(rand.NewPCG(seed, uint64(n)))
		anthropic := r.IntN(2) == 0
		raw := generate(r, int(n), anthropic)
		msgs, shape, err := chat.Parse(raw, "messages")
		if err != nil {
			t.Fatalf("generated an unreadable conversation: %v\n%s", err, raw)
		}
		o := fuzzOptions(force, knobs, uint8(seed))
		out, rep, err := Compact(context.Background(), msgs, o)
		if err != nil {
			t.Fatal(err)
		}
		checkInvariants(t, msgs, shape, out, rep, o)
		if hasTools(msgs) && hasTools(out) {
			enc, _ := chat.Encode(out, shape)
			if _, s, _ := chat.Parse(enc, "messages"); s != shape {
				t.Fatalf("a %s conversation came back as %s", shape, s)
			}
		}
	})
}

func hasTools(msgs []chat.Message) bool {
	for i := range msgs {
		if msgs[i].Has(chat.ToolCall) || msgs[i].Has(chat.ToolResult) {
			return true
		}
	}
	return false
}

var words = []string{"deploy", "the", "database", "we decided to", "I prefer", "error:", "TODO", "部署", "数据库", "决定", "喜欢",
	"ok", "thanks", "👍", "because", "fixed", "next step", "Traceback", "\n", "```", "[compacted]", "[Previous: used x]"}

func sentence(r *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(words[r.IntN(len(words))])
		b.WriteByte(' ')
	}
	return b.String()
}

// generate writes a conversation of about n messages as JSON in one of the shapes.
func generate(r *rand.Rand, n int, anthropic bool) []byte {
	var out []map[string]any
	if r.IntN(3) == 0 {
		out = append(out, map[string]any{"role": "system", "content": sentence(r, 10)})
	}
	if r.IntN(4) == 0 {
		out = append(out, map[string]any{"role": "user", "content": "[compacted] Summary of 12 earlier messages:\nGoal: x\nDecisions:\n- we decided y"})
	}
	id := 0
	for len(out) < n {
		switch r.IntN(4) {
		case 0, 1:
			role := []string{"user", "assistant"}[r.IntN(2)]
			out = append(out, map[string]any{"role": role, "content": sentence(r, 1+r.IntN(60))})
		default:
			k := 1 + r.IntN(3)
			var calls, uses, results []any
			var ids []string
			for range k {
				id++
				cid := fmt.Sprintf("c%d", id)
				ids = append(ids, cid)
				name := []string{"read_file", "run", "search", ""}[r.IntN(4)]
				calls = append(calls, map[string]any{"id": cid, "type": "function", "function": map[string]any{"name": name, "arguments": `{"q":1}`}})
				uses = append(uses, map[string]any{"type": "tool_use", "id": cid, "name": name, "input": map[string]any{"q": 1}})
				results = append(results, map[string]any{"type": "tool_result", "tool_use_id": cid, "content": sentence(r, r.IntN(400))})
			}
			answered := r.IntN(8) != 0 // sometimes a call stays unanswered
			if anthropic {
				out = append(out, map[string]any{"role": "assistant", "content": append([]any{map[string]any{"type": "text", "text": "let me check"}}, uses...)})
				if answered {
					out = append(out, map[string]any{"role": "user", "content": results})
				}
			} else {
				out = append(out, map[string]any{"role": "assistant", "content": nil, "tool_calls": calls})
				for i, cid := range ids {
					if answered {
						out = append(out, map[string]any{"role": "tool", "tool_call_id": cid, "content": results[i].(map[string]any)["content"]})
					}
				}
			}
		}
	}
	raw, _ := json.Marshal(out)
	return raw
}

// FuzzSummarize: the extractive summary never panics, is valid UTF-8 and keeps its
// bound.
func FuzzSummarize(f *testing.F) {
	f.Add("We decided to use Go. I prefer tabs.\nTODO: tests", 200)
	f.Add("我们决定用 Go。我喜欢用 tab。下一步：写测试。", 50)
	f.Add("[compacted] Summary of 3 earlier messages:\nGoal: x\nTools used: a ×99999999999999999999 (3 failed)", 300)
	f.Fuzz(func(t *testing.T, text string, max int) {
		msgs := []chat.Message{chat.NewText("user", text), chat.NewText("assistant", text)}
		s := Summarize(msgs, max)
		bound := max
		if max <= 0 {
			bound = Defaults().SummaryMaxChars
		}
		if n := utf8.RuneCountInString(s); n > bound || s == "" {
			t.Fatalf("%d characters for a bound of %d: %q", n, bound, s)
		}
		if utf8.ValidString(text) && !utf8.ValidString(s) {
			t.Fatalf("invalid UTF-8: %q", s)
		}
	})
}
