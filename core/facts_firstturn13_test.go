package core_test

import (
	"context"
	"slices"
	"testing"

	"github.com/memcore/memcore/core"
)

// TestExtractFacts_firstTurn (thirteenth round, issue 9 item 1): a new user's agent that
// calls extractFacts after the first message stores that message's facts (the gate was
// six messages: it got []), and calling after every message — the whole conversation so
// far, commit and a session — stores what one call at the end stores, in each language.
func TestExtractFacts_firstTurn(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name  string
		conv  []string
		first []string // stored by the call after the first message
	}{
		{"en", []string{
			"user", "My daughter Lily is allergic to peanuts.",
			"assistant", "Noted — I'll keep that in mind.",
			"user", "I work as a nurse in Leeds.",
			"assistant", "Thanks for telling me.",
			"user", "From now on, always answer in English please.",
		}, []string{"User's daughter Lily is allergic to peanuts"}},
		{"zh", []string{
			"user", "我对花生过敏，帮我记一下",
			"assistant", "好的，记下了。",
			"user", "我叫王磊，在杭州做前端开发",
			"assistant", "你好王磊！",
			"user", "以后回答都用中文。",
		}, []string{"用户对花生过敏"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, ns, _ := cxOpen(t, core.Options{})
			var turnByTurn []*core.Memory
			for end := 1; end <= len(tc.conv)/2; end++ {
				r, err := ns.ExtractFacts(ctx, cxChat(tc.conv[:2*end]...), core.ExtractOptions{Commit: true, SessionID: "t"})
				if err != nil {
					t.Fatal(err)
				}
				if r.Reason == core.ReasonTooFewMessages || r.Read != 1 || r.Known != end-1 {
					t.Fatalf("after message %d: reason %q, read %d, known %d", end, r.Reason, r.Read, r.Known)
				}
				if end == 1 && !slices.Equal(contentsOf(r.Memories), tc.first) {
					t.Errorf("the first message stored %q, want %q", contentsOf(r.Memories), tc.first)
				}
				turnByTurn = append(turnByTurn, r.Memories...)
			}
			once, _ := e.Namespace("once")
			r, err := once.ExtractFacts(ctx, cxChat(tc.conv...), core.ExtractOptions{Commit: true, SessionID: "t"})
			if err != nil {
				t.Fatal(err)
			}
			if got, want := contentsOf(turnByTurn), contentsOf(r.Memories); !slices.Equal(got, want) || len(want) < 3 {
				t.Errorf("after every message stored %q, once at the end %q", got, want)
			}
		})
	}
}
