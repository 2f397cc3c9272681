package facts

import (
	"reflect"
	"testing"
)

// TestBeforeNeeded_sameResult: on the dev and retired conversations (the gate off: most
// are two to four messages long) cut after each of their first messages (what was said before the cut given as Options.Before, as the
// engine gives a session's stored turns), with the first 0–3 messages of the rest known,
// Extract gives the same result with and without Before whenever BeforeNeeded says it
// is not needed — so the engine may skip reading the session's turns then. Cuts where
// Before changes the result must exist, or the test could not fail.
func TestBeforeNeeded_sameResult(t *testing.T) {
	checked, changed, cases := 0, 0, 0
	for _, c := range loadLabelled(t) {
		if c.Split != "dev" && c.Split != "retired" {
			continue
		}
		var msgs []Message
		for _, m := range c.Messages {
			msgs = append(msgs, Message{Role: m.Role, Text: m.Content})
		}
		if len(msgs) < 3 {
			continue
		}
		cases++
		for cut := 1; cut < len(msgs) && cut <= 3; cut++ {
			before, rest := msgs[:cut], msgs[cut:]
			for k := 0; k <= 3; k++ {
				known := make([]bool, len(rest))
				for i := 0; i < k && i < len(rest); i++ {
					known[i] = true
				}
				with := Extract(rest, Options{MinMessages: 1, Known: known, Before: before})
				without := Extract(rest, Options{MinMessages: 1, Known: known})
				same := reflect.DeepEqual(with, without)
				if !same {
					changed++
				}
				if !BeforeNeeded(rest, known) {
					checked++
					if !same {
						t.Errorf("%s cut %d known %d: Before changed the result though not needed:\n%+v\n%+v",
							c.Name, cut, k, with.Facts, without.Facts)
					}
				}
			}
		}
	}
	if checked == 0 || changed == 0 {
		t.Fatalf("nothing checked (%d cuts not needing Before, %d where Before mattered)", checked, changed)
	}
	t.Logf("%d cases: %d cuts not needing Before, %d where Before changed the result", cases, checked, changed)
}

// TestBeforeNeeded_cases: which first messages may need the turns before the call.
func TestBeforeNeeded_cases(t *testing.T) {
	u := func(s string) Message { return Message{Role: "user", Text: s} }
	a := func(s string) Message { return Message{Role: "assistant", Text: s} }
	sys := Message{Role: "system", Text: "be brief"}
	for _, c := range []struct {
		name  string
		msgs  []Message
		known []bool
		want  bool
	}{
		{"user first", []Message{u("x"), a("y"), u("z")}, nil, true},
		{"user first, known", []Message{u("x"), a("y"), u("z")}, []bool{true}, false},
		{"answer to the first", []Message{a("where?"), u("Boulder"), a("ok")}, nil, true},
		{"answer to the first, known", []Message{a("where?"), u("Boulder"), a("ok")}, []bool{false, true}, false},
		{"system first", []Message{sys, a("where?"), u("Boulder")}, []bool{true}, true},
		{"third spoken", []Message{a("hi"), a("where?"), u("Boulder")}, nil, false},
		{"two users", []Message{u("x"), u("y")}, []bool{true}, false},
		{"none", nil, nil, false},
	} {
		if got := BeforeNeeded(c.msgs, c.known); got != c.want {
			t.Errorf("%s: BeforeNeeded = %v, want %v", c.name, got, c.want)
		}
	}
}
