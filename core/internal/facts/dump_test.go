package facts

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestDump_extract writes, when MEMCORE_FACTS_DUMP names a file, every labelled
// conversation's whole Extract results as JSON lines: read whole (message cache off),
// read message by message (Known), with the gate off (MinMessages 1), with every message
// given as the assistant's, and through the message cache cold then warm; then the fuzz
// seeds' shapes. A change to extraction's machinery must leave this file byte for byte
// the same: run it before and after (`MEMCORE_FACTS_DUMP=/tmp/a.jsonl go test
// ./core/internal/facts -run TestDump_extract`) and compare with cmp. Without the
// variable it only checks that a dump can be made of the first case.
func TestDump_extract(t *testing.T) {
	path := os.Getenv("MEMCORE_FACTS_DUMP")
	cases := loadLabelled(t)
	if path == "" {
		cases = cases[:1]
	}
	var sb strings.Builder
	enc := json.NewEncoder(&sb)
	put := func(name, mode string, r Result) {
		if err := enc.Encode(struct {
			Name, Mode string
			R          Result
		}{name, mode, r}); err != nil {
			t.Fatal(err)
		}
	}
	defer setMsgCache(msgCacheOn())
	for _, c := range cases {
		msgs := make([]Message, len(c.Messages))
		asst := make([]Message, len(c.Messages))
		for i, m := range c.Messages {
			msgs[i] = Message{Role: m.Role, Text: m.Content}
			asst[i] = Message{Role: "assistant", Text: m.Content}
		}
		setMsgCache(false)
		put(c.Name, "whole", Extract(msgs, Options{}))
		put(c.Name, "nogate", Extract(msgs, Options{MinMessages: 1}))
		put(c.Name, "assistant", Extract(asst, Options{MinMessages: 1}))
		known := make([]bool, len(msgs))
		for i := range msgs {
			put(c.Name, "turn", Extract(msgs[:i+1], Options{MinMessages: 1, Known: known[:i]}))
			known[i] = true
		}
		setMsgCache(true)
		put(c.Name, "cache-cold", Extract(msgs, Options{MinMessages: 1, Scope: "dump"}))
		put(c.Name, "cache-warm", Extract(msgs, Options{MinMessages: 1, Scope: "dump"}))
	}
	if path == "" {
		if sb.Len() == 0 {
			t.Fatal("empty dump")
		}
		return
	}
	setMsgCache(false)
	for i, s := range []string{
		"I prefer tabs\x1eok\x1e以后都用中文\x1e好\x1eI'm a nurse\x1efine\x1e" + strings.Repeat("我喜欢", 300),
		strings.Repeat("I like \"x ", 200),
		strings.Repeat("\x1e", 40) + "My name is A",
	} {
		var msgs []Message
		for _, p := range strings.Split(s, "\x1e") {
			msgs = append(msgs, Message{Role: "user", Text: p})
		}
		put("seed", string(rune('0'+i)), Extract(msgs, Options{MinMessages: 1}))
	}
	if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
