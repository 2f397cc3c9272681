package core_test

import (
	"context"
	"slices"
	"testing"

	"github.com/memcore/memcore/core"
)

// fxQA is a conversation whose facts need the turn before: two short answers to the
// assistant's questions (messages 2 and 6) and a payload handed over after a bare request
// (message 10), which yields nothing.
var fxQA = []string{
	"user", "I need a weekend hike idea",
	"assistant", "Sure! Where are you based?",
	"user", "near Boulder",
	"assistant", "Nice, lots of options.",
	"user", "thanks",
	"assistant", "Any allergies I should know about for snacks?",
	"user", "peanuts",
	"assistant", "Noted.",
	"user", "translate this to German please",
	"assistant", "Sure, send it over.",
	"user", "I have two brothers and I live by the sea.",
	"assistant", "Here you go.",
}

// contentsOf are the stored memories' contents, sorted.
func contentsOf(ms []*core.Memory) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Content)
	}
	slices.Sort(out)
	return out
}

// TestExtractFacts_turnBefore: through the engine, with commit and a session, calling
// after every turn with the whole conversation stores what one call at the end stores —
// the answers with their questions' slots, nothing of the payload — although the
// questions were read (known) by earlier calls. A host passing only the new messages
// loses the question of an answer that opens its call (docs/FACTS.md, "What is read").
func TestExtractFacts_turnBefore(t *testing.T) {
	ctx := context.Background()
	e, ns, _ := cxOpen(t, core.Options{})
	want := []string{"User is allergic to peanuts", "User lives near Boulder"}

	var turnByTurn []*core.Memory
	for end := 6; end <= len(fxQA)/2; end += 2 {
		r, err := ns.ExtractFacts(ctx, cxChat(fxQA[:2*end]...), core.ExtractOptions{Commit: true, SessionID: "t"})
		if err != nil {
			t.Fatal(err)
		}
		turnByTurn = append(turnByTurn, r.Memories...)
	}
	if got := contentsOf(turnByTurn); !slices.Equal(got, want) {
		t.Errorf("turn by turn stored %q, want %q", got, want)
	}

	once, _ := e.Namespace("once")
	r, err := once.ExtractFacts(ctx, cxChat(fxQA...), core.ExtractOptions{Commit: true, SessionID: "t"})
	if err != nil {
		t.Fatal(err)
	}
	if got := contentsOf(r.Memories); !slices.Equal(got, want) {
		t.Errorf("once stored %q, want %q", got, want)
	}

	// Only the new messages, six at a time: "peanuts" opens the second call, its
	// question was the first call's last message, and it is read alone.
	parts, _ := e.Namespace("parts")
	var split []*core.Memory
	for _, p := range [][]string{fxQA[:12], fxQA[12:]} {
		r, err := parts.ExtractFacts(ctx, cxChat(p...), core.ExtractOptions{Commit: true, SessionID: "t"})
		if err != nil {
			t.Fatal(err)
		}
		split = append(split, r.Memories...)
	}
	if got := contentsOf(split); !slices.Equal(got, []string{"User lives near Boulder"}) {
		t.Errorf("only new messages stored %q", got)
	}
}
