package compact

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/chat"
)

// conv builds an OpenAI-shape conversation from a compact script: "s:text" system,
// "u:text" user, "a:text" assistant, "c:id:name" a call, "r:id:text" its result.
func conv(t testing.TB, lines ...string) []chat.Message {
	t.Helper()
	var items []map[string]any
	for _, l := range lines {
		kind, rest, _ := strings.Cut(l, ":")
		switch kind {
		case "s":
			items = append(items, map[string]any{"role": "system", "content": rest})
		case "u":
			items = append(items, map[string]any{"role": "user", "content": rest})
		case "a":
			items = append(items, map[string]any{"role": "assistant", "content": rest})
		case "c":
			id, name, _ := strings.Cut(rest, ":")
			items = append(items, map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{
				map[string]any{"id": id, "type": "function", "function": map[string]any{"name": name, "arguments": "{}"}}}})
		case "r":
			id, text, _ := strings.Cut(rest, ":")
			items = append(items, map[string]any{"role": "tool", "tool_call_id": id, "content": text})
		default:
			t.Fatalf("bad script line %q", l)
		}
	}
	raw, _ := json.Marshal(items)
	msgs, _, err := chat.Parse(raw, "messages")
	if err != nil {
		t.Fatal(err)
	}
	return msgs
}

func parse(t testing.TB, s string) ([]chat.Message, chat.Shape) {
	t.Helper()
	msgs, shape, err := chat.Parse([]byte(s), "messages")
	if err != nil {
		t.Fatal(err)
	}
	return msgs, shape
}

// long returns a text of n characters that reads like a tool's output.
func long(n int) string { return strings.Repeat("x", n) }

// chat24 is a plain conversation of 24 messages (12 exchanges), 6,000+ characters.
func chat24(t testing.TB) []chat.Message {
	var lines []string
	for i := range 12 {
		lines = append(lines, fmt.Sprintf("u:Question %d about the migration plan: %s", i, strings.Repeat("details ", 30)),
			fmt.Sprintf("a:Answer %d: we keep the old schema until the backfill is done. %s", i, strings.Repeat("more ", 20)))
	}
	return conv(t, lines...)
}

func compact(t testing.TB, msgs []chat.Message, o Options) ([]chat.Message, Report) {
	t.Helper()
	out, rep, err := Compact(context.Background(), msgs, o)
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, msgs, chat.OpenAI, out, rep, o)
	return out, rep
}

func TestOptions_resolve(t *testing.T) {
	r := Options{}.resolve()
	d := Defaults()
	d.MaxTokens = 0
	if r.MaxMessages != 20 || r.MaxChars != 48000 || r.MaxTokens != 0 || r.KeepRecent != 8 || r.MinMessages != 8 ||
		r.MinChars != 4000 || r.MinRetained != 4 || r.MicroKeep != 3 || r.MicroMinChars != 100 || r.SummaryMaxChars != 2000 {
		t.Errorf("defaults %+v", r)
	}
	r = Options{MaxMessages: 2, MaxChars: 10, KeepRecent: 1, SummaryMaxChars: 5}.resolve()
	if r.MaxMessages != 8 || r.MaxChars != 4000 || r.KeepRecent != 4 || r.SummaryMaxChars != minSummaryChars {
		t.Errorf("floors not applied: %+v", r)
	}
	r = Options{MaxMessages: -1, MaxChars: -1, MinMessages: -1, MinChars: -1, MinRetained: -1, MicroKeep: -1, MicroMinChars: -1, KeepRecent: -1, MaxTokens: -5}.resolve()
	if r.MaxMessages != off || r.MaxChars != off || r.MinMessages != 0 || r.MinChars != 0 || r.MinRetained != 0 ||
		r.MicroKeep != 0 || r.MicroMinChars != 0 || r.KeepRecent != 0 || r.MaxTokens != 0 {
		t.Errorf("negatives: %+v", r)
	}
}

func TestCompact_belowFloorsUnchanged(t *testing.T) {
	msgs := conv(t, "u:hi", "c:1:search", "r:1:"+long(3000), "c:2:search", "r:2:"+long(300), "c:3:x", "r:3:y")
	out, rep := compact(t, msgs, Options{Force: true, MicroKeep: -1})
	if rep.Micro != 0 || rep.Summarized != 0 || len(out) != len(msgs) || len(rep.Removed) != 0 {
		t.Errorf("a conversation under both floors changed: %+v", rep)
	}
	// Over one floor (characters), micro-compaction runs.
	msgs = conv(t, "u:hi", "c:1:search", "r:1:"+long(4000), "c:2:search", "r:2:"+long(300), "c:3:x", "r:3:y")
	if _, rep = compact(t, msgs, Options{MicroKeep: 1}); rep.Micro != 2 {
		t.Errorf("micro %d, want 2", rep.Micro)
	}
}

func TestMicro_keepsRecentAndShort(t *testing.T) {
	msgs := conv(t, "u:go",
		"c:1:read_file", "r:1:"+long(500),
		"c:2:grep", "r:2:short output",
		"c:3:read_file", "r:3:"+long(101),
		"c:4:", "r:4:"+long(200),
		"c:5:run", "r:5:"+long(500),
		"c:6:run", "r:6:"+long(500),
		"c:7:run", "r:7:"+long(500),
		"a:done")
	out, rep := compact(t, msgs, Options{})
	want := map[int]string{2: "[Previous: used read_file]", 4: "short output", 6: "[Previous: used read_file]",
		8: "[Previous: used a tool]", 10: long(500), 12: long(500), 14: long(500)}
	for i, w := range want {
		if got := out[i].Blocks[0].Text; got != w {
			t.Errorf("message %d: %.40q, want %.40q", i, got, w)
		}
	}
	if rep.Micro != 3 || rep.Summarized != 0 {
		t.Errorf("report %+v", rep)
	}
	// Removed: the prefix up to the last micro-compacted message, originals.
	if len(rep.Removed) != 9 || rep.Removed[8].Blocks[0].Text != long(200) {
		t.Errorf("removed %d messages", len(rep.Removed))
	}
	if msgs[2].Blocks[0].Text != long(500) {
		t.Error("the input was modified")
	}
}

func TestMicro_toolNameLongerThanOutput(t *testing.T) {
	name := strings.Repeat("very_long_tool_name_", 20)
	msgs := conv(t, "u:go", "c:1:"+name, "r:1:"+long(120), "c:2:a", "r:2:"+long(9000), "c:3:a", "r:3:b", "c:4:a", "r:4:b", "c:5:a", "r:5:b")
	out, rep := compact(t, msgs, Options{})
	if out[2].Blocks[0].Text != long(120) || out[4].Blocks[0].Text != "[Previous: used a]" || rep.Micro != 1 {
		t.Errorf("micro %d: %.30q, %.30q", rep.Micro, out[2].Blocks[0].Text, out[4].Blocks[0].Text)
	}
}

func TestCompact_thresholds(t *testing.T) {
	msgs := chat24(t)
	for _, tc := range []struct {
		name    string
		o       Options
		trigger string
	}{
		{"messages", Options{}, "messages"},
		{"messages_equal", Options{MaxMessages: 24, MaxChars: -1}, ""},
		{"chars", Options{MaxMessages: 100, MaxChars: Chars(msgs) - 1}, "chars"},
		{"chars_equal", Options{MaxMessages: 100, MaxChars: Chars(msgs)}, ""},
		{"tokens", Options{MaxMessages: 100, MaxTokens: Tokens(msgs) - 1}, "tokens"},
		{"force", Options{MaxMessages: 100, Force: true}, "force"},
		{"floor_raises_threshold", Options{MaxMessages: 3, MaxChars: 5}, "messages"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, rep := compact(t, msgs, tc.o)
			if rep.Trigger != tc.trigger || (rep.Summarized > 0) != (tc.trigger != "") {
				t.Errorf("trigger %q, summarised %d; want %q", rep.Trigger, rep.Summarized, tc.trigger)
			}
		})
	}
	// Floors: a threshold under them is raised to them.
	short := chat24(t)[:8]
	if _, rep := compact(t, short, Options{MaxMessages: 3, MaxChars: 100}); rep.Summarized != 0 {
		t.Errorf("8 messages of %d characters compacted under raised thresholds", Chars(short))
	}
}

func TestCompact_keepsRecentAndSystem(t *testing.T) {
	msgs := append(conv(t, "s:You are terse.", "s:Second system message."), chat24(t)...)
	out, rep := compact(t, msgs, Options{})
	if out[0].Text() != "You are terse." || out[1].Text() != "Second system message." || !IsSummary(&out[2]) {
		t.Fatalf("head: %q %q %q", out[0].Text(), out[1].Text(), out[2].Text())
	}
	// 26 messages: 2 system, a tail of 8 — moved back one so that the assistant speaks
	// after the user-role summary — and 15 summarised.
	if tail := len(out) - 3; tail != 9 || rep.Summarized != 15 || out[3].Role != "assistant" {
		t.Errorf("tail %d (starting %s), summarised %d", tail, out[3].Role, rep.Summarized)
	}
	if out[len(out)-1].Text() != msgs[len(msgs)-1].Text() {
		t.Error("the last message changed")
	}
	if len(rep.Removed) != 15 || rep.Removed[0].Text() != msgs[2].Text() {
		t.Errorf("removed %d", len(rep.Removed))
	}
}

func TestCompact_neverSplitsPairs(t *testing.T) {
	// The tail of 8 would start at r:3b, inside the results of a parallel call.
	var lines []string
	for i := range 8 {
		lines = append(lines, fmt.Sprintf("u:step %d %s", i, strings.Repeat("words ", 40)), fmt.Sprintf("a:ok step %d %s", i, strings.Repeat("more ", 40)))
	}
	lines = append(lines, "u:now three at once")
	msgs := conv(t, lines...)
	raw := `[{"role":"assistant","content":null,"tool_calls":[
		{"id":"3a","type":"function","function":{"name":"f","arguments":"{}"}},
		{"id":"3b","type":"function","function":{"name":"f","arguments":"{}"}},
		{"id":"3c","type":"function","function":{"name":"f","arguments":"{}"}}]},
		{"role":"tool","tool_call_id":"3a","content":"A"},{"role":"tool","tool_call_id":"3b","content":"B"},
		{"role":"tool","tool_call_id":"3c","content":"C"}]`
	group, _ := parse(t, raw)
	msgs = append(msgs, group...)
	msgs = append(msgs, conv(t, "a:all three done", "u:thanks", "a:welcome", "u:bye")...)
	out, _ := compact(t, msgs, Options{})
	// checkInvariants checked the pairs; the tail starts at the calling message.
	if !out[1].Has(chat.ToolCall) || len(out[1].CallIDs()) != 3 {
		t.Errorf("the tail starts with %s %q", out[1].Role, out[1].AllText())
	}
}

func TestCompact_anthropicPairsAndShape(t *testing.T) {
	var parts []string
	for i := range 12 {
		parts = append(parts,
			fmt.Sprintf(`{"role":"user","content":"request %d %s"}`, i, strings.Repeat("lorem ", 50)),
			fmt.Sprintf(`{"role":"assistant","content":[{"type":"text","text":"checking"},{"type":"tool_use","id":"t%d","name":"lookup","input":{"n":%d}}]}`, i, i),
			fmt.Sprintf(`{"role":"user","content":[{"type":"tool_result","tool_use_id":"t%d","content":[{"type":"text","text":%q}]}]}`, i, strings.Repeat("result ", 40)),
			fmt.Sprintf(`{"role":"assistant","content":[{"type":"text","text":"answer %d"}]}`, i))
	}
	msgs, shape := parse(t, "["+strings.Join(parts, ",")+"]")
	if shape != chat.Anthropic {
		t.Fatal(shape)
	}
	out, rep, err := Compact(context.Background(), msgs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, msgs, shape, out, rep, Options{})
	enc, _ := chat.Encode(out, shape)
	back, backShape, err := chat.Parse(enc, "messages")
	if err != nil || backShape != chat.Anthropic {
		t.Fatalf("re-read as %s: %v", backShape, err)
	}
	for i := 1; i < len(back); i++ {
		if back[i].Role == back[i-1].Role {
			t.Errorf("messages %d and %d are both %s", i-1, i, back[i].Role)
		}
	}
	if rep.Micro == 0 || rep.Summarized == 0 {
		t.Errorf("report %+v", rep)
	}
}

func TestCompact_tokenBudgetShrinksTail(t *testing.T) {
	msgs := chat24(t)
	full, _ := compact(t, msgs, Options{})
	budget := Tokens(full) - 150
	out, rep := compact(t, msgs, Options{MaxTokens: budget})
	if len(out) >= len(full) || rep.TokensAfter > budget {
		t.Errorf("budget %d: %d messages (%d tokens), without budget %d", budget, len(out), rep.TokensAfter, len(full))
	}
	// An impossible budget keeps the floor of 4 (4 or 5: the summary is followed by the
	// assistant).
	out, _ = compact(t, msgs, Options{MaxTokens: 1})
	if tail := len(out) - 1; tail < 4 || tail > 5 {
		t.Errorf("tail of %d under an impossible budget", tail)
	}
	out, _ = compact(t, msgs, Options{MaxTokens: 1, MinRetained: -1})
	if tail := len(out) - 1; tail > 1 {
		t.Errorf("tail of %d with no floor", tail)
	}
}

func TestCompact_llm(t *testing.T) {
	msgs := chat24(t)
	var got []chat.Message
	o := Options{WorkingState: "Plan: ship it", Summarize: func(ctx context.Context, m []chat.Message) (string, error) {
		got = m
		return "[compacted] The team migrates the schema after the backfill.\n\nWorking state:\nold plan", nil
	}}
	out, rep := compact(t, msgs, o)
	s := out[0].Text()
	if rep.SummaryBy != "llm" || rep.LLMError != "" || !strings.HasPrefix(s, "[compacted] Summary of 15 earlier messages:\nThe team migrates") ||
		!strings.HasSuffix(s, "\n\nWorking state:\nPlan: ship it") || strings.Contains(s, "old plan") {
		t.Errorf("by %q: %q", rep.SummaryBy, s)
	}
	if len(got) != rep.Summarized || got[0].Text() != msgs[0].Text() {
		t.Errorf("the LLM saw %d messages", len(got))
	}

	for _, tc := range []struct {
		name string
		f    func(context.Context, []chat.Message) (string, error)
		err  string
	}{
		{"error", func(context.Context, []chat.Message) (string, error) { return "", errors.New("boom") }, "boom"},
		{"empty", func(context.Context, []chat.Message) (string, error) { return "  \n", nil }, "the LLM returned an empty summary"},
		{"panic", func(context.Context, []chat.Message) (string, error) { panic("host bug") }, "the LLM callback panicked: host bug"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, rep := compact(t, msgs, Options{Summarize: tc.f})
			if rep.SummaryBy != "extractive" || rep.LLMError != tc.err {
				t.Errorf("by %q, error %q", rep.SummaryBy, rep.LLMError)
			}
		})
	}

	// A long answer is cut to the bound, at a line end.
	lines := strings.Repeat("- a point worth making\n", 200)
	out, _ = compact(t, msgs, Options{SummaryMaxChars: 300, Summarize: func(context.Context, []chat.Message) (string, error) { return lines, nil }})
	body := strings.SplitN(out[0].Text(), "\n", 2)[1]
	if n := utf8.RuneCountInString(body); n > 300 || strings.HasSuffix(body, "…") {
		t.Errorf("summary of %d characters: %q", n, body)
	}
}

func TestCompact_llmSeesOriginalsRuleCompressed(t *testing.T) {
	msgs := conv(t, "u:start the job", "c:1:run", "r:1:"+long(3000), "u:ok", "c:2:run", "r:2:Error: disk full",
		"c:3:run", "r:3:Error: disk full", "a:the disk is full")
	msgs = append(msgs, chat24(t)...)
	var got []chat.Message
	_, rep := compact(t, msgs, Options{Summarize: func(_ context.Context, m []chat.Message) (string, error) {
		got = m
		return "summary", nil
	}})
	var texts []string
	for _, m := range got[:8] {
		texts = append(texts, m.AllText())
	}
	all := strings.Join(texts, "|")
	if !strings.Contains(all, "characters truncated]") || strings.Contains(all, "|ok|") ||
		strings.Count(all, "Error: disk full") != 1 || !strings.Contains(all, repeatedError) {
		t.Errorf("the LLM saw %q", all)
	}
	if rep.RuleDropped != 2 || rep.RuleTruncated != 1 {
		t.Errorf("rule dropped %d, truncated %d", rep.RuleDropped, rep.RuleTruncated)
	}
}

func TestCompact_idempotent(t *testing.T) {
	msgs := chat24(t)
	out, _ := compact(t, msgs, Options{WorkingState: "Plan: x"})
	again, rep := compact(t, out, Options{WorkingState: "Plan: x"})
	if rep.Summarized != 0 || rep.Micro != 0 || len(again) != len(out) || len(rep.Removed) != 0 {
		t.Errorf("a second compaction changed things: %+v", rep)
	}
	// Forced, only the summary is older than the tail: nothing to do either.
	if _, rep = compact(t, out, Options{Force: true}); rep.Summarized != 0 {
		t.Errorf("forced recompaction of a summary alone: %+v", rep)
	}
}

func TestCompact_foldsEarlierSummary(t *testing.T) {
	first, _ := compact(t, chat24(t), Options{})
	msgs := append(first, chat24(t)...)
	out, rep := compact(t, msgs, Options{})
	if !strings.HasPrefix(out[0].Text(), fmt.Sprintf("[compacted] Summary of %d earlier messages:", 15+rep.Summarized-1)) {
		t.Errorf("count: %q", out[0].Text()[:60])
	}
	for _, m := range rep.Removed {
		if IsSummary(&m) {
			t.Error("an earlier summary is to be stored as a turn")
		}
	}
}

func TestCompact_cancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Compact(ctx, chat24(t), Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("err %v", err)
	}
}

func TestCompact_summaryNotWorthIt(t *testing.T) {
	// Forced on a conversation whose old part is two tiny messages: a summary would not
	// be shorter, so nothing is summarised.
	msgs := conv(t, "u:hi", "a:hello", "u:"+long(600), "a:"+long(600), "u:"+long(600), "a:"+long(600),
		"u:"+long(600), "a:"+long(600), "u:"+long(600), "a:"+long(600))
	if _, rep := compact(t, msgs, Options{Force: true, WorkingState: strings.Repeat("plan ", 100)}); rep.Summarized != 0 {
		t.Errorf("summarised %d", rep.Summarized)
	}
}

func TestIsAck_cases(t *testing.T) {
	for _, tc := range []struct {
		text string
		ack  bool
	}{
		{"ok", true}, {"OK!", true}, {"Thanks!", true}, {"thank you very much", true}, {"got it, thanks", true},
		{"👍", true}, {"好的", true}, {"好的，谢谢！", true}, {"收到", true}, {"嗯嗯", true}, {"Great, thanks!", true},
		{"yes", false}, {"no", false}, {"可以", false}, {"ok, run the tests", false}, {"", false},
		{"thanks for the detailed explanation of the schema", false}, {"42", false},
	} {
		m := chat.NewText("user", tc.text)
		if got := isAck(&m); got != tc.ack {
			t.Errorf("isAck(%q) = %v", tc.text, got)
		}
	}
	m := conv(t, "c:1:x")[0]
	if isAck(&m) {
		t.Error("a tool call is an acknowledgement")
	}
}

func TestRuleCompress_cases(t *testing.T) {
	msgs := conv(t, "u:ok", "a:Sure!", "c:1:npm", "r:1:npm ERR! code EACCES", "c:2:npm", "r:2:npm ERR! code EACCES",
		"u:Error: it broke", "u:Error: it broke", "c:3:cat", "r:3:"+long(2000), "r:9:orphan")
	out, dropped, truncated := ruleCompress(msgs)
	if dropped != 4 || truncated != 1 || len(out) != len(msgs)-3 {
		t.Fatalf("dropped %d, truncated %d, %d messages left", dropped, truncated, len(out))
	}
	if out[3].Blocks[0].Text != repeatedError || out[1].Blocks[0].Text != "npm ERR! code EACCES" {
		t.Errorf("errors: %q, %q", out[1].Blocks[0].Text, out[3].Blocks[0].Text)
	}
	if r := []rune(out[6].Blocks[0].Text); len(r) > ruleToolMaxChars || !strings.Contains(string(r), "[700 characters truncated]") {
		t.Errorf("truncated to %d characters", len(r))
	}
}

func TestIsFailure_cases(t *testing.T) {
	for _, tc := range []struct {
		text string
		fail bool
	}{
		{"npm ERR! code EACCES\nnpm ERR! path /x", true},
		{"=== RUN TestX\n--- FAIL: TestX (0.01s)\nFAIL", true},
		{"Traceback (most recent call last):\n  File \"x.py\", line 1", true},
		{"错误：房型已满", true},
		{"bash: foo: command not found", true},
		{"package main\n\nfunc main() {\n\tif err != nil {\n\t\tlog.Fatal(err)\n\t}\n}\n\nfunc a() {}\nfunc b() {}\nfunc c() {}", false},
		{"Postcode '1012 AB' fails validation with 'invalid postcode'.", false},
		{"ok  \tgithub.com/acme/x\t0.4s", false},
		{"[Previous: used run]", false},
	} {
		if got := isFailure(chat.Block{Kind: chat.ToolResult, Text: tc.text}); got != tc.fail {
			t.Errorf("isFailure(%.40q) = %v", tc.text, got)
		}
	}
	msgs, _ := parse(t, `[{"role":"assistant","content":[{"type":"tool_use","id":"t","name":"x","input":{}}]},
		{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":"no such column","is_error":true}]}]`)
	if !isFailure(msgs[1].Blocks[0]) {
		t.Error("is_error is not a failure")
	}
}
