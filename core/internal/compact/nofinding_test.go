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
		// A new user's conversation (issue 9): "Good to know." was recalled for "What do you
		// know about me?", and "好的，已记下。" / "好的，会注意。" listed as an episode's facts.
		{"ack_good_to_know", "Good to know.", true},
		{"ack_understood", "Understood.", true},
		{"ack_anytime", "Anytime!", true},
		{"ack_will_do", "Will do.", true},
		{"ack_zh_already_noted", "好的，已记下。", true},
		{"ack_zh_will_heed", "好的，会注意。", true},
		{"ack_zh_will_remember", "好的，我会记住的。", true},
		// The ninth pass: reactions, sign-offs and the demo's canned reply were recalled
		// turns and episode facts.
		{"reaction", "That sounds like a busy household.", true},
		{"reaction_what_a", "What a lovely idea!", true},
		{"meet_you", "Nice to meet you too, Marco!", true},
		{"sign_off", "lol ok thanks, that's all for now", true},
		{"canned_no_llm", "Without an LLM this demo only remembers: it cannot translate, summarise or write. Connect one in Settings.", true},
		{"reaction_then_content", "That sounds like a busy household. Lily's nut allergy is noted.", false},
		{"evaluation_with_subject", "That is the root cause.", false},
		{"its_hard_to_say", "It's hard to say without the logs.", false},
		{"introduction_is_a_fact", "I'm Marco, nice to meet you.", false},
		{"good_then_content", "Good to know the flight is at 9.", false},
		{"zh_heed_then_content", "好的，会注意少放辣。", false},
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
