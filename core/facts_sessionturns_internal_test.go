package core

import (
	"context"
	"slices"
	"testing"

	"github.com/memcore/memcore/core/internal/facts"
)

// qaTurns is a conversation whose facts need the turn before (as core_test's fxQA): two
// answers to the assistant's questions, and a payload after a bare request.
var qaTurns = []TurnInput{
	{Role: "user", Content: "I need a weekend hike idea"},
	{Role: "assistant", Content: "Sure! Where are you based?"},
	{Role: "user", Content: "near Boulder"},
	{Role: "assistant", Content: "Nice, lots of options."},
	{Role: "user", Content: "thanks"},
	{Role: "assistant", Content: "Any allergies I should know about for snacks?"},
	{Role: "user", Content: "peanuts"},
	{Role: "assistant", Content: "Noted."},
	{Role: "user", Content: "translate this to German please"},
	{Role: "assistant", Content: "Sure, send it over."},
	{Role: "user", Content: "I have two brothers and I live by the sea."},
	{Role: "assistant", Content: "Here you go."},
}

func qaJSON(t testing.TB, ts []TurnInput) []byte {
	t.Helper()
	var b []byte
	b = append(b, '[')
	for i, x := range ts {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"role":"`+x.Role+`","content":`+quoteJSON(x.Content)+`}`...)
	}
	return append(b, ']')
}

func quoteJSON(s string) string {
	out := []byte{'"'}
	for _, r := range s {
		switch r {
		case '"', '\\':
			out = append(out, '\\', byte(r))
		default:
			out = append(out, string(r)...)
		}
	}
	return string(append(out, '"'))
}

// stored is what a namespace's memories say, with the contents of their source turns:
// the turn ids of a memory are looked up lazily (sessionTurns), so they are checked too.
func stored(t *testing.T, n *Namespace) []string {
	t.Helper()
	ms, err := n.List(context.Background(), ListOptions{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range ms.Memories {
		s := m.Content + " <-"
		if m.Source != nil {
			for _, id := range m.Source.TurnIDs {
				var tu *Turn
				if err := n.e.do(context.Background(), func() (err error) {
					got, err := n.e.db.TurnsMatching(n.name, []string{id}, nil)
					if len(got) > 0 {
						tu = &got[0]
					}
					return err
				}); err != nil || tu == nil {
					t.Fatalf("turn %s of %q: %v", id, m.Content, err)
				}
				s += " " + tu.Content
			}
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

// TestSessionTurns_turnByTurnEqualsOnce: a host that logs its turns and calls
// extractFacts with commit and a session after every turn with the whole conversation,
// or with only the new messages, stores what one call at the end stores — the same
// memories with the same source turns — with the message cache on and off, although the
// session's turns are now read only when a first message is new or there is something
// to commit (sessionTurns). In "halves", "peanuts" opens the second call: its question
// is only in the stored turns.
func TestSessionTurns_turnByTurnEqualsOnce(t *testing.T) {
	ctx := context.Background()
	defer facts.SetMsgCache(true)
	want := []string{"User is allergic to peanuts <- peanuts", "User lives near Boulder <- near Boulder"}
	modes := []struct {
		name  string
		ends  []int // the calls: each logs the turns up to its end, then extracts
		whole bool  // each call gives the conversation so far, else its new turns only
	}{
		{"once", []int{12}, true},
		{"whole", []int{6, 8, 10, 12}, true},
		{"halves", []int{6, 12}, false},
	}
	for _, cache := range []bool{true, false} {
		facts.SetMsgCache(cache)
		e, err := Open(ctx, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range modes {
			n, _ := e.Namespace(m.name)
			from := 0
			for _, end := range m.ends {
				if _, err := n.AppendTurns(ctx, "s", qaTurns[from:end]); err != nil {
					t.Fatal(err)
				}
				in := qaTurns[from:end]
				if m.whole {
					in = qaTurns[:end]
				}
				if _, err := n.ExtractFacts(ctx, qaJSON(t, in), ExtractOptions{Commit: true, SessionID: "s"}); err != nil {
					t.Fatal(err)
				}
				from = end
			}
			if got := stored(t, n); !slices.Equal(got, want) {
				t.Errorf("cache %v, %s: stored %q, want %q", cache, m.name, got, want)
			}
		}
		e.Close()
	}
}

// TestSessionTurns_purgeLeavesNothing: after forget with purge and alsoTurns deleted the
// assistant's question from the session, the next call — which gets its turn before from
// the stored turns — no longer sees it: nothing of the session's turns is kept between
// calls (sessionTurns lives for one call). Without the purge the same calls keep the
// answer, so the test can fail.
func TestSessionTurns_purgeLeavesNothing(t *testing.T) {
	ctx := context.Background()
	e, err := Open(ctx, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	for _, purge := range []bool{false, true} {
		n, _ := e.Namespace(map[bool]string{false: "kept", true: "purged"}[purge])
		logged, err := n.AppendTurns(ctx, "s", qaTurns[:6])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := n.ExtractFacts(ctx, qaJSON(t, qaTurns[:6]), ExtractOptions{Commit: true, SessionID: "s"}); err != nil {
			t.Fatal(err)
		}
		if purge {
			q := logged[5] // "Any allergies I should know about for snacks?"
			r, err := n.Remember(ctx, MemoryInput{Type: TypeNote, Content: "asked about snack allergies",
				Source: &Source{SessionID: "s", TurnIDs: []string{q.ID}}})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := n.Forget(ctx, ForgetOptions{ID: r[0].ID, Purge: true, AlsoTurns: true}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := n.AppendTurns(ctx, "s", qaTurns[6:12]); err != nil {
			t.Fatal(err)
		}
		r, err := n.ExtractFacts(ctx, qaJSON(t, qaTurns[6:12]), ExtractOptions{Commit: true, SessionID: "s"})
		if err != nil {
			t.Fatal(err)
		}
		got := contents(r.Memories)
		if wantPeanuts := !purge; slices.Contains(got, "User is allergic to peanuts") != wantPeanuts {
			t.Errorf("purge %v: stored %q, peanuts expected: %v", purge, got, wantPeanuts)
		}
	}
}

func contents(ms []*Memory) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Content)
	}
	return out
}
