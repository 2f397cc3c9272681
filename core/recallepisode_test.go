package core_test

import (
	"context"
	"math"
	"testing"

	"github.com/memcore/memcore/core"
)

// An episode note shares a stray word with many questions; it used to score 0.86 on a
// question it has nothing to do with ("sounds", from the assistant's "Theo sounds
// great."), as high as a memory that answers its question, because relevance is
// bm25 / best bm25 and a lone match is the best. Recall's scores are now scaled by how
// much of the question the best hit holds (core/recallcoverage.go).
func TestRecall_episodeNoteUnrelated(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	if _, err := ns.AppendTurns(ctx, "s1", []core.TurnInput{
		{Role: core.RoleUser, Content: "I'm a retired history teacher and I volunteer at the library on Tuesdays."},
		{Role: core.RoleAssistant, Content: "That sounds lovely! What do you do there?"},
		{Role: core.RoleUser, Content: "I help kids with reading. My grandson Theo is 8 and he loves football."},
		{Role: core.RoleAssistant, Content: "Theo sounds great. Anything else I should know?"},
		{Role: core.RoleUser, Content: "My left knee is bad, so I can't kneel in the garden anymore. I grow tomatoes and roses."},
		{Role: core.RoleAssistant, Content: "Raised beds could help your knee."},
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := ns.EndSession(ctx, "s1"); err != nil {
		t.Fatal(err)
	}
	rememberContents(t, ns, "User's grandson Theo is 8 and loves football", "User has a bad left knee", "User grows tomatoes and roses")
	recall := func(q string) []core.Hit {
		t.Helper()
		hits, err := ns.Recall(ctx, q, core.RecallOptions{Explain: true})
		if err != nil {
			t.Fatal(err)
		}
		return hits
	}
	unrelated := recall("What sounds good for dinner tonight?")
	if len(unrelated) != 1 || len(unrelated[0].Memory.Tags) == 0 || unrelated[0].Memory.Tags[0] != "episode" {
		t.Fatalf("the setup changed: want the episode note alone, got %d hits", len(unrelated))
	}
	if s := unrelated[0].Score; s > 0.3 {
		t.Errorf("the note found by one word of four scores %.3f, want ≤ 0.3", s)
	}
	if c := unrelated[0].Components.Coverage; c != 0.25 {
		t.Errorf("coverage %.3f, want 0.25 (sounds of sounds, good, dinner, tonight)", c)
	}
	for _, tt := range []struct{ name, query, want string }{
		{"grow", "what do I grow?", "User grows tomatoes and roses"},
		{"grandson", "How old is Theo?", "User's grandson Theo is 8 and loves football"},
		{"knee", "Tell me about my knee", "User has a bad left knee"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			hits := recall(tt.query)
			if len(hits) == 0 || hits[0].Memory.Content != tt.want {
				t.Fatalf("recall(%q): want %q first", tt.query, tt.want)
			}
			if hits[0].Score <= unrelated[0].Score {
				t.Errorf("%q scores %.3f, not above the unrelated note's %.3f", tt.want, hits[0].Score, unrelated[0].Score)
			}
			for i := 1; i < len(hits); i++ {
				if hits[i].Score > hits[i-1].Score {
					t.Errorf("hit %d scores above hit %d", i, i-1)
				}
			}
		})
	}
}

// A Chinese question's coverage counts its characters: "我儿子喜欢什么？" asks about 儿, 子,
// 喜, 欢 and the English memory holds 儿子 (the lexicon's "son"), so half of it, where
// counting its terms (儿子, 子喜, 喜, 喜欢, 欢: a pair straddles two words) made it 0.2.
func TestRecall_coverageCountsChineseWords(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	rememberContents(t, ns, "User's son Leo is 9 and obsessed with chess", "用户的女儿对芒果过敏，吃了会起疹子", "用户下周五下午三点带朵朵去看牙医")
	for _, tt := range []struct {
		query string
		want  float64
	}{
		{"我儿子喜欢什么？", 0.5},
		{"我女儿对什么过敏？", 1},
		{"朵朵什么时候看牙医？", 4.0 / 6}, // 朵, 看, 牙, 医 of 朵, 时, 候, 看, 牙, 医
	} {
		hits, err := ns.Recall(ctx, tt.query, core.RecallOptions{Explain: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) == 0 || math.Abs(hits[0].Components.Coverage-tt.want) > 1e-9 {
			t.Errorf("recall(%q): %d hits, want coverage %v", tt.query, len(hits), tt.want)
		} else {
			t.Logf("%s: %.3f %s", tt.query, hits[0].Score, hits[0].Memory.Content)
		}
	}
}
