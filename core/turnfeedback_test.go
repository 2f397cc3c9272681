package core_test

import (
	"context"
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
)

// A question names one side of a fact (the phone number) and asks for another (the
// height): the height turn shares no word with the question except 身高, which three
// other people's heights share too. With feedback the best hit (婶婶's phone) lends its
// subject 婶婶 to the re-scoring and 婶婶's height reaches the top two; without it, the
// other people's heights rank first.
func TestSearchTurns_feedback(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		name     string
		feedback float64
		wantTop2 bool
	}{
		{"feedback brings the subject of the best hit", 0.3, true},
		{"no feedback ranks the question's words only", 0, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sc := core.DefaultScoring()
			sc.TurnFeedback = tt.feedback
			sc.TurnSessionBoost = 0
			eng, err := core.Open(ctx, core.Options{Scoring: &sc})
			if err != nil {
				t.Fatal(err)
			}
			defer eng.Close()
			ns, _ := eng.Namespace("default")
			for _, text := range []string{
				"我婶婶的身高只有153厘米。",
				"我婶婶的电话号码是15346637805。",
				"我表哥的身高是180厘米，挺高的。",
				"我同事的身高是175厘米左右吧。",
				"我上司的身高是166厘米。",
				"今天的天气真不错。",
			} {
				if _, err := ns.AppendTurns(ctx, "s", []core.TurnInput{{Role: "user", Content: text}}); err != nil {
					t.Fatal(err)
				}
			}
			hits, err := ns.SearchTurns(ctx, "那个电话是15346637805的人，他身高是多少来着？", core.SearchTurnsOptions{Limit: 5})
			if err != nil {
				t.Fatal(err)
			}
			if len(hits) < 2 || hits[0].Turn.Content != "我婶婶的电话号码是15346637805。" {
				t.Fatalf("hits %+v, want the phone turn first", hits)
			}
			got := hits[1].Turn.Content == "我婶婶的身高只有153厘米。"
			if got != tt.wantTop2 {
				t.Errorf("second hit %q; 婶婶's height second = %v, want %v", hits[1].Turn.Content, got, tt.wantTop2)
			}
			for i := 1; i < len(hits); i++ {
				if hits[i].Score > hits[i-1].Score {
					t.Fatalf("hits not sorted by score: %v then %v", hits[i-1].Score, hits[i].Score)
				}
			}
		})
	}
}

// A common-words query is ranked by recency alone (recall_common.go): feedback leaves it
// as it is, as it leaves a query whose best hit holds no word the query lacks, and an
// English query the lexicon adds no CJK term to (see withTurnFeedback).
func TestSearchTurns_feedbackLeavesCommonQueries(t *testing.T) {
	ctx := context.Background()
	search := func(feedback float64, q string) []string {
		sc := core.DefaultScoring()
		sc.TurnFeedback = feedback
		eng, err := core.Open(ctx, core.Options{Scoring: &sc})
		if err != nil {
			t.Fatal(err)
		}
		defer eng.Close()
		ns, _ := eng.Namespace("default")
		for _, text := range []string{"you are who you are", "who are you", "are you there", "电话", "你好",
			"database cron", "database migration", "the database backup runs nightly on cron"} {
			if _, err := ns.AppendTurns(ctx, "s", []core.TurnInput{{Role: "user", Content: text}}); err != nil {
				t.Fatal(err)
			}
		}
		hits, err := ns.SearchTurns(ctx, q, core.SearchTurnsOptions{Limit: 5})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, h := range hits {
			out = append(out, h.Turn.Content)
		}
		return out
	}
	for _, q := range []string{"who are you", "电话", "nightly backup database"} {
		with, without := search(0.3, q), search(0, q)
		if len(with) == 0 || strings.Join(with, "|") != strings.Join(without, "|") {
			t.Errorf("%q: with feedback %q, without %q", q, with, without)
		}
	}
}
