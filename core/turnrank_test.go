package core_test

import (
	"context"
	"testing"

	"github.com/memcore/memcore/core"
)

// Two conversations both mention a neighbourhood; only one also talks about the forum.
// A question about both finds the neighbourhood of the forum's conversation first with
// the session boost, and the other (newer) one first without it.
func TestSearchTurns_sessionBoost(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		name  string
		boost float64
		want  string
	}{
		{"boost lifts the session that matches the other part", 0.4, "a"},
		{"no boost ranks turns on their own", 0, "b"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sc := core.DefaultScoring()
			sc.TurnSessionBoost = tt.boost
			eng, err := core.Open(ctx, core.Options{Scoring: &sc})
			if err != nil {
				t.Fatal(err)
			}
			defer eng.Close()
			ns, _ := eng.Namespace("default")
			for _, s := range []struct{ id, text string }{
				{"a", "我住的小区叫绿洲家园。"},
				{"a", "金融科技论坛的规模是三千人。"},
				{"b", "我住的小区叫阳光小区。"},
				{"b", "今天天气不错。"},
			} {
				if _, err := ns.AppendTurns(ctx, s.id, []core.TurnInput{{Role: "user", Content: s.text}}); err != nil {
					t.Fatal(err)
				}
			}
			hits, err := ns.SearchTurns(ctx, "我住的小区叫什么？金融科技论坛的规模呢？", core.SearchTurnsOptions{Limit: 3})
			if err != nil {
				t.Fatal(err)
			}
			if len(hits) < 3 {
				t.Fatalf("got %d hits, want 3", len(hits))
			}
			// hits[0] is the forum turn (the most words); then the two neighbourhoods.
			if got := hits[1].Turn.SessionID; got != tt.want {
				t.Fatalf("second hit from session %q (%q), want %q", got, hits[1].Turn.Content, tt.want)
			}
			// Within one session there is nothing to lift: same order as without boost.
			one, err := ns.SearchTurns(ctx, "小区", core.SearchTurnsOptions{SessionID: "b"})
			if err != nil || len(one) != 1 || one[0].Turn.SessionID != "b" {
				t.Fatalf("search in session b = %+v, %v", one, err)
			}
		})
	}
}
