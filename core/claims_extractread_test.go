package core_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
)

// The claim (FACTS.md "What is read", issue 9 item 2): nothing is skipped silently —
// read + unread + known is the number of messages given once the gate is passed, and
// with commit and a sessionId the session's next calls read what a call had no room for,
// until every message is known. Checked on random conversations long enough to pass the
// per-call budget (24,000 characters), with system, tool-call and tool messages, passed
// whole or in growing prefixes, with and without commit.

// readConv is a random conversation of n messages; some are long (pasted text).
func readConv(r *rand.Rand, n int) []map[string]any {
	var out []map[string]any
	out = append(out, map[string]any{"role": "system", "content": "You are a helpful assistant."})
	for i := range n {
		size := 20 + r.IntN(200)
		if r.IntN(4) == 0 {
			size = 2000 + r.IntN(4000)
		}
		body := fmt.Sprintf("message %d: I prefer green tea in the morning. ", i) + strings.Repeat("words ", size/6)
		switch {
		case i%7 == 5:
			id := fmt.Sprintf("call_%d", i)
			out = append(out,
				map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{map[string]any{"id": id, "type": "function",
					"function": map[string]any{"name": "lookup", "arguments": "{}"}}}},
				map[string]any{"role": "tool", "tool_call_id": id, "content": body})
		case i%2 == 0:
			out = append(out, map[string]any{"role": "user", "content": body})
		default:
			out = append(out, map[string]any{"role": "assistant", "content": body})
		}
	}
	return out
}

func TestClaimsExtractRead_nothingSkippedSilently(t *testing.T) {
	ctx := context.Background()
	for seed := range uint64(6) {
		for _, commit := range []bool{false, true} {
			t.Run(fmt.Sprintf("seed%d/commit=%v", seed, commit), func(t *testing.T) {
				r := rand.New(rand.NewPCG(seed, 9))
				e := openMem(t, core.Options{})
				ns, _ := e.Namespace("default")
				conv := readConv(r, 30+r.IntN(40))
				sawUnread := false
				// Odd seeds: growing prefixes (a host calling after every few turns);
				// even seeds: the whole conversation from the first call. Then the whole
				// again, until nothing is left unread.
				var ends []int
				for end := 3; seed%2 == 1 && end < len(conv); end += 1 + r.IntN(8) {
					ends = append(ends, end)
				}
				for range 6 {
					ends = append(ends, len(conv))
				}
				var last *core.ExtractResult
				for _, end := range ends {
					raw, _ := json.Marshal(conv[:end])
					res, err := ns.ExtractFacts(ctx, raw, core.ExtractOptions{Commit: commit, SessionID: "s1"})
					if err != nil {
						t.Fatal(err)
					}
					if res.Reason == "too_few_messages" {
						if res.Read+res.Unread+res.Known != 0 {
							t.Errorf("%d messages: the gate held, yet read %d unread %d known %d", end, res.Read, res.Unread, res.Known)
						}
						continue
					}
					if got := res.Read + res.Unread + res.Known; got != end {
						t.Errorf("%d messages given: read %d + unread %d + known %d = %d", end, res.Read, res.Unread, res.Known, got)
					}
					if !commit && res.Known != 0 {
						t.Errorf("without commit nothing is marked, yet known %d", res.Known)
					}
					sawUnread = sawUnread || res.Unread > 0
					last = res
				}
				if seed%2 == 0 && !sawUnread {
					t.Fatal("no call ran out of room: the conversation is too short to test unread")
				}
				if commit && (last.Known != len(conv) || last.Unread != 0) {
					t.Errorf("after the whole conversation again and again: known %d of %d, unread %d", last.Known, len(conv), last.Unread)
				}
			})
		}
	}
}
