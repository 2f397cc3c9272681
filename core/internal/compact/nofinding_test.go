package compact

import (
	"strings"
	"testing"
)

func TestNoFinding_case(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     bool
	}{
		{"ack_en", "Got it.", true},
		{"ack_zh", "好的，记下了。", true},
		{"ack_and_lead_in", "Got it. This reminds me of:", true},
		{"ack_and_lead_in_zh", "好的，记下了。这让我想起：", true},
		{"lead_in", "Here is what I remember:", true},
		{"no_answer_en", "I don't remember anything about that yet.", true},
		{"no_answer_zh", "我还不记得这方面的事。", true},
		{"short_content", "moss-lantern-42", false},
		{"ack_then_content", "Sure, it's moss-lantern-42", false},
		{"ack_sentence_then_content", "Got it. Your flight is JL 61 on Friday.", false},
		{"finding", "The root cause was a full disk.", false},
		{"empty", "  ", false},
		{"long", "Got it. " + strings.Repeat("Thanks! ", 30), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := NoFinding(tc.in); got != tc.want {
				t.Fatalf("NoFinding(%q) = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
}
