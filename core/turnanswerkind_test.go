package core_test

import (
	"context"
	"testing"

	"github.com/memcore/memcore/core"
)

// Two turns share the question's words; only one says when. With the answer-kind lift
// the dated one ranks first; without it the other (newer, and with the words twice) does.
func TestSearchTurns_answerKind(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		name   string
		weight float64
		want   string
	}{
		{"the turn holding a time ranks first", 0.5, "科技论坛定在下周四下午两点。"},
		{"off: ranked by BM25 alone", 0, "科技论坛很棒，科技论坛的嘉宾很多。"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sc := core.DefaultScoring()
			sc.TurnAnswerKind = tt.weight
			sc.TurnFeedback = 0
			eng, err := core.Open(ctx, core.Options{Scoring: &sc})
			if err != nil {
				t.Fatal(err)
			}
			defer eng.Close()
			ns, _ := eng.Namespace("default")
			for _, s := range []struct{ id, text string }{
				{"a", "科技论坛定在下周四下午两点。"},
				{"b", "科技论坛很棒，科技论坛的嘉宾很多。"},
			} {
				if _, err := ns.AppendTurns(ctx, s.id, []core.TurnInput{{Role: "user", Content: s.text}}); err != nil {
					t.Fatal(err)
				}
			}
			hits, err := ns.SearchTurns(ctx, "科技论坛什么时候开？", core.SearchTurnsOptions{Limit: 2})
			if err != nil {
				t.Fatal(err)
			}
			if len(hits) != 2 {
				t.Fatalf("got %d hits, want 2", len(hits))
			}
			if got := hits[0].Turn.Content; got != tt.want {
				t.Fatalf("first hit %q (%.3f; second %.3f), want %q", got, hits[0].Score, hits[1].Score, tt.want)
			}
		})
	}
}
