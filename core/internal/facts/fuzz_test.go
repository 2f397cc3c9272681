package facts

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzExtract: any text, cut into messages of any roles, never panics, and what comes back
// is within the caps: at most MaxFacts facts a message, of known types, non-empty valid
// content of at most MaxContentRunes characters, confidence in 0..1, and evidence that
// points, sorted and without repeats, at user or assistant messages the call read; every
// message is read or counted unread. The literal prefilters change nothing.
func FuzzExtract(f *testing.F) {
	for _, c := range loadLabelled(f) {
		var parts []string
		for _, m := range c.Messages {
			parts = append(parts, m.Content)
		}
		f.Add(strings.Join(parts, "\x1e"), uint16(0b0101010101), uint8(1))
	}
	f.Add("I prefer tabs\x1eok\x1e以后都用中文\x1e好\x1eI'm a nurse\x1efine\x1e"+strings.Repeat("我喜欢", 300), uint16(0), uint8(0))
	f.Add(strings.Repeat("I like \"x ", 200), uint16(0xffff), uint8(6))
	f.Add(strings.Repeat("\x1e", 40)+"My name is A", uint16(0), uint8(2))
	f.Fuzz(func(t *testing.T, text string, roles uint16, minMsgs uint8) {
		parts := strings.Split(text, "\x1e")
		msgs := make([]Message, len(parts))
		for i, p := range parts {
			msgs[i] = Message{Role: []string{"user", "assistant", "tool", "system"}[(roles>>(i%8*2))&3], Text: p}
		}
		o := Options{MinMessages: int(minMsgs % 8)}
		r := Extract(msgs, o)
		prefilter = false
		unfiltered := Extract(msgs, o)
		prefilter = true
		if fmt.Sprint(r) != fmt.Sprint(unfiltered) {
			t.Fatalf("the prefilter changed the result:\n with    %+v\n without %+v", r, unfiltered)
		}
		check(t, r.Facts, DefaultMaxFacts*len(msgs), func(i int) bool {
			return slices.Contains(r.Read, i) && (msgs[i].Role == "user" || msgs[i].Role == "assistant")
		})
		if r.Reason != ReasonTooFewMessages && len(r.Read)+r.Unread != len(msgs) {
			t.Fatalf("read %d + unread %d of %d messages", len(r.Read), r.Unread, len(msgs))
		}
		perMessage := map[int]int{}
		for _, f := range r.Facts {
			perMessage[f.Evidence[0]]++
		}
		for i, n := range perMessage {
			if n > DefaultMaxFacts {
				t.Fatalf("message %d gave %d facts", i, n)
			}
		}
		if (len(r.Facts) == 0) != (r.Reason != "") {
			t.Fatalf("facts %d, reason %q", len(r.Facts), r.Reason)
		}
		for _, m := range LLMInput(msgs, o) {
			if msgs[m.Index].Role != "user" || utf8.RuneCountInString(m.Text) < MinLLMRunes {
				t.Fatalf("LLM input %+v", m)
			}
		}
	})
}

// FuzzParseLLM: any answer never panics, and the facts are valid and within the caps.
func FuzzParseLLM(f *testing.F) {
	f.Add(`[{"type":"preference","content":"tea","evidence":[1]}]`)
	f.Add("```json\n{\"memories\":[{\"type\":\"rule\",\"content\":\"x\",\"confidence\":\"2\"}]}\n```")
	f.Add(`[[[[{"content":{}}]]]] [{"type":"note","content":"a","evidence":[1e400,-1,0.5]}]`)
	in := []Indexed{{Index: 1}, {Index: 3}}
	f.Fuzz(func(t *testing.T, answer string) {
		got, err := ParseLLM(answer, in, 5)
		if err != nil {
			return
		}
		check(t, got, 5, func(i int) bool { return i == 1 || i == 3 })
	})
}

func check(t *testing.T, facts []Fact, maxFacts int, validIndex func(int) bool) {
	t.Helper()
	if len(facts) > maxFacts {
		t.Fatalf("%d facts, cap %d", len(facts), maxFacts)
	}
	for _, f := range facts {
		b, _ := json.Marshal(f)
		switch {
		case !slices.Contains(Types, f.Type):
			t.Fatalf("type %q: %s", f.Type, b)
		case strings.TrimSpace(f.Content) == "" || !utf8.ValidString(f.Content) || utf8.RuneCountInString(f.Content) > MaxContentRunes:
			t.Fatalf("content: %s", b)
		case f.Confidence < 0 || f.Confidence > 1:
			t.Fatalf("confidence: %s", b)
		case len(f.Evidence) == 0 || !slices.IsSorted(f.Evidence) || len(slices.Compact(slices.Clone(f.Evidence))) != len(f.Evidence):
			t.Fatalf("evidence: %s", b)
		}
		for _, i := range f.Evidence {
			if !validIndex(i) {
				t.Fatalf("evidence %d is not a readable message: %s", i, b)
			}
		}
	}
}
