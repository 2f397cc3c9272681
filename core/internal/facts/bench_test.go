package facts

import (
	"strings"
	"testing"
)

// BenchmarkExtract_conversation: a 40-message conversation, both languages, read whole
// every call (the cache of messages read by earlier calls off)
// (js/bench/extract.mjs times the same one in Node). cpu-ns/op is the process's CPU time
// a call (the garbage collector's included), which a busy machine inflates less than
// the wall time.
func BenchmarkExtract_conversation(b *testing.B) {
	setMsgCache(false) // extraction itself, not the cache of messages read before (msgcache.go)
	defer setMsgCache(true)
	benchConversation(b)
}

// BenchmarkExtract_repeated: the same calls with the cache of messages read by earlier
// calls (msgcache.go) on, as a host calling after every turn without committing has it.
func BenchmarkExtract_repeated(b *testing.B) {
	setMsgCache(true)
	benchConversation(b)
}

func benchConversation(b *testing.B) {
	var msgs []Message
	for _, c := range loadLabelled(b) {
		for _, m := range c.Messages {
			if m.Role == "user" || m.Role == "assistant" {
				msgs = append(msgs, Message{Role: m.Role, Text: m.Content})
			}
		}
		if len(msgs) >= 40 {
			break
		}
	}
	msgs = msgs[:40]
	Extract(msgs, Options{}) // the patterns compile on first use
	c0 := cpuNanos()
	for b.Loop() {
		Extract(msgs, Options{})
	}
	b.ReportMetric(float64(cpuNanos()-c0)/float64(b.N), "cpu-ns/op")
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
