package compact

import (
	"bytes"
	"testing"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/chat"
	"github.com/memcore/memcore/core/internal/text"
)

// checkInvariants checks what must hold of every compaction: the output is valid in the
// input's shape, no tool call is split from its result, the leading system messages
// and the tail are the input's, the token count never grows, the report adds up, and
// the input is untouched.
func checkInvariants(t testing.TB, in []chat.Message, shape chat.Shape, out []chat.Message, rep Report, o Options) {
	t.Helper()
	r := o.resolve()
	enc, err := chat.Encode(out, shape)
	if err != nil {
		t.Fatalf("encode: %v", err)
	}
	back, _, err := chat.Parse(enc, "messages")
	if err != nil {
		t.Fatalf("the output does not parse: %v\n%s", err, enc)
	}
	if len(back) != len(out) {
		t.Fatalf("the output has %d messages, re-read %d", len(out), len(back))
	}
	checkPairs(t, in, back)

	if rep.TokensBefore != Tokens(in) || rep.TokensAfter != Tokens(out) {
		t.Errorf("report tokens %d→%d, counted %d→%d", rep.TokensBefore, rep.TokensAfter, Tokens(in), Tokens(out))
	}
	// Compaction never adds tokens, but for the working state it carries into the summary.
	if ws := text.EstimateTokens("\n\n" + WorkingStateHeading + "\n" + capRunes(r.WorkingState, 2*r.SummaryMaxChars)); rep.TokensAfter > rep.TokensBefore+ws ||
		(rep.Summarized == 0 && rep.TokensAfter > rep.TokensBefore) {
		t.Errorf("tokens grew: %d → %d", rep.TokensBefore, rep.TokensAfter)
	}
	if rep.MessagesBefore != len(in) || rep.MessagesAfter != len(out) {
		t.Errorf("report messages %d→%d, counted %d→%d", rep.MessagesBefore, rep.MessagesAfter, len(in), len(out))
	}

	head := leadingSystem(in)
	for i := 0; i < head; i++ {
		if !sameMessage(&in[i], &out[i]) {
			t.Errorf("system message %d changed", i)
		}
	}
	switch {
	case rep.Summarized == 0:
		if len(out) != len(in) || rep.SummaryBy != "" || rep.Trigger != "" {
			t.Errorf("nothing summarised, yet %d → %d messages, by %q, trigger %q", len(in), len(out), rep.SummaryBy, rep.Trigger)
		}
	default:
		if len(out) != len(in)-rep.Summarized+1 || !IsSummary(&out[head]) || out[head].Role != "user" {
			t.Fatalf("%d summarised: %d → %d messages, message %d a summary: %v", rep.Summarized, len(in), len(out), head, IsSummary(&out[head]))
		}
		if n := utf8.RuneCountInString(out[head].Text()); n > 80+r.SummaryMaxChars+len(WorkingStateHeading)+2*r.SummaryMaxChars {
			t.Errorf("the summary is %d characters, over its bound", n)
		}
		if rep.SummaryBy != "llm" && rep.SummaryBy != "extractive" || rep.Trigger == "" {
			t.Errorf("summary by %q, trigger %q", rep.SummaryBy, rep.Trigger)
		}
		if tail := len(out) - head - 1; tail < r.MinRetained && tail < len(in)-head {
			t.Errorf("a tail of %d messages, under the floor %d", tail, r.MinRetained)
		}
	}
	summaries := min(rep.Summarized, 1)
	// The tail is the input's, but for micro-compacted results.
	micro := 0
	for k := 1; k <= len(out)-head-min(summaries, 1); k++ {
		a, b := &in[len(in)-k], &out[len(out)-k]
		if a.Role != b.Role || len(a.Blocks) != len(b.Blocks) {
			t.Fatalf("message %d from the end changed", k)
		}
		for j := range a.Blocks {
			x, y := a.Blocks[j], b.Blocks[j]
			if x.Kind != y.Kind || x.ID != y.ID || x.Name != y.Name || x.Args != y.Args {
				t.Fatalf("message %d from the end, block %d changed", k, j)
			}
			if x.Text != y.Text {
				if x.Kind != chat.ToolResult || y.Text != Placeholder(x.Name) {
					t.Fatalf("message %d from the end, block %d: %q became %q", k, j, x.Text, y.Text)
				}
				micro++
			}
		}
	}
	if rep.Summarized == 0 && micro != rep.Micro {
		t.Errorf("%d results micro-compacted, report says %d", micro, rep.Micro)
	}
	// Removed is a subsequence of the input, in order.
	j := 0
	for i := range rep.Removed {
		for j < len(in) && !sameMessage(&in[j], &rep.Removed[i]) {
			j++
		}
		if j == len(in) {
			t.Fatalf("removed message %d is not an input message in order", i)
		}
		j++
	}
}

// checkPairs checks that every tool call and result paired in the input (call before
// result, same id) are either both in the output, call before result, or both gone.
func checkPairs(t testing.TB, in, out []chat.Message) {
	t.Helper()
	paired := map[string]bool{}
	seen := map[string]bool{}
	for i := range in {
		for _, b := range in[i].Blocks {
			if b.Kind == chat.ToolResult && seen[b.ID] {
				paired[b.ID] = true
			}
		}
		for _, b := range in[i].Blocks {
			if b.Kind == chat.ToolCall {
				seen[b.ID] = true
			}
		}
	}
	calls, results := map[string]int{}, map[string]int{}
	for i := range out {
		for _, b := range out[i].Blocks {
			if b.Kind == chat.ToolResult && paired[b.ID] {
				if _, ok := calls[b.ID]; !ok {
					t.Fatalf("output message %d answers call %q, which is not before it", i, b.ID)
				}
				results[b.ID]++
			}
		}
		for _, b := range out[i].Blocks {
			if b.Kind == chat.ToolCall && paired[b.ID] {
				calls[b.ID]++
			}
		}
	}
	for id := range calls {
		if results[id] == 0 {
			t.Fatalf("call %q lost its result", id)
		}
	}
}

func sameMessage(a, b *chat.Message) bool {
	x, err1 := chat.Encode([]chat.Message{*a}, chat.Anthropic)
	y, err2 := chat.Encode([]chat.Message{*b}, chat.Anthropic)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}
