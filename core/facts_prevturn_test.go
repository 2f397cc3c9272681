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
// loses the question of an answer that opens its call, unless it logs its turns in the
// session (docs/FACTS.md, "What is read").
func TestExtractFacts_turnBefore(t *testing.T) {
	ctx := context.Background()
	e, ns, _ := cxOpen(t, core.Options{})
	want := []string{"User is allergic to peanuts", "User lives near Boulder"}

	var turnByTurn []*core.Memory
	for end := 1; end <= len(fxQA)/2; end++ { // after every message, from the first
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

	// The same calls by a host that logs its turns in the session: the stored turns
	// before the second call's messages give "peanuts" its question.
	logged, _ := e.Namespace("logged")
	var withTurns []*core.Memory
	for _, p := range [][]string{fxQA[:12], fxQA[12:]} {
		var in []core.TurnInput
		for i := 0; i < len(p); i += 2 {
			in = append(in, core.TurnInput{Role: p[i], Content: p[i+1]})
		}
		if _, err := logged.AppendTurns(ctx, "t", in); err != nil {
			t.Fatal(err)
		}
		r, err := logged.ExtractFacts(ctx, cxChat(p...), core.ExtractOptions{Commit: true, SessionID: "t"})
		if err != nil {
			t.Fatal(err)
		}
		withTurns = append(withTurns, r.Memories...)
	}
	if got := contentsOf(withTurns); !slices.Equal(got, want) {
		t.Errorf("only new messages, turns logged: stored %q, want %q", got, want)
	}
	// Messages that are not all the session's last turns (a system prompt first) get
	// none of the stored turns: "peanuts" is read alone again.
	mismatch, _ := e.Namespace("mismatch")
	var in []core.TurnInput
	for i := 0; i < len(fxQA); i += 2 {
		in = append(in, core.TurnInput{Role: fxQA[i], Content: fxQA[i+1]})
	}
	if _, err := mismatch.AppendTurns(ctx, "t", in); err != nil {
		t.Fatal(err)
	}
	r, err = mismatch.ExtractFacts(ctx, cxChat(append([]string{"system", "be brief"}, fxQA[12:]...)...),
		core.ExtractOptions{Commit: true, SessionID: "t"})
	if err != nil || len(r.Facts) != 0 || r.Read != 7 {
		t.Errorf("not only the session's turns: %+v %v", r, err)
	}
}
