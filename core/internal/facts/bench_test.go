package facts

import (
	"strings"
	"testing"
)

// BenchmarkExtract_conversation: a 20-message conversation, both languages.
func BenchmarkExtract_conversation(b *testing.B) {
	var msgs []Message
	for _, c := range loadLabelled(b)[:40] {
		for _, m := range c.Messages {
			msgs = append(msgs, Message{Role: m.Role, Text: m.Content})
		}
	}
	msgs = msgs[len(msgs)-DefaultWindow:]
	for b.Loop() {
		Extract(msgs, Options{})
	}
}

// BenchmarkExtract_adversarial: the read budget full of near-cues for the
// backtracking patterns ("我喜欢我喜欢…"), the worst shape measured.
func BenchmarkExtract_adversarial(b *testing.B) {
	var sb strings.Builder
	for range 100 {
		sb.WriteString(strings.Repeat("我喜欢", 133) + "\n")
	}
	msgs := make([]Message, DefaultWindow)
	for i := range msgs {
		msgs[i] = Message{Role: "user", Text: sb.String()}
	}
	for b.Loop() {
		Extract(msgs, Options{})
	}
}
