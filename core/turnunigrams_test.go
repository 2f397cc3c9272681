package core_test

import (
	"context"
	"testing"

	"github.com/memcore/memcore/core"
)

// A long Chinese query's single characters are many, and a memory that shares a dozen
// of them in another order (no word in common) outranks, on unigrams alone, the memory
// that shares the query's words (熊猫, 放风, 风筝). Weighted down as a long query's are
// (text.UnigramWeight), they no longer do; a question of few characters still counts
// each character fully, so there the scattered memory keeps its place above the one that
// shares a single word.
func TestSearchTurns_longChineseQueryUnigrams(t *testing.T) {
	ctx := context.Background()
	memories := []string{
		"熊猫放风筝",        // the query's words
		"淋筝妈晚园视电天冰业写去", // twelve of the query's characters, none of its words
		"Bart在海边捡贝壳。",  // unrelated
		"Lisa学会了弹钢琴。",  // unrelated
		"爷爷种的西红柿熟了。",   // unrelated
	}
	for _, tt := range []struct {
		name, query, first string
	}{
		{"long query: the words win", "今天我跟妈妈去公园放风筝，天气特别好，后来我们还吃了冰淇淋，晚上回家写完作业以后看了一会儿电视，明天想去动物园看熊猫", memories[0]},
		{"short query: every character counts", "放风筝，妈，晚，视，电，冰，淋，去，园，天", memories[1]},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sc := core.DefaultScoring()
			sc.TurnSessionBoost, sc.TurnFeedback = 0, 0
			_, ns, _ := cxOpen(t, core.Options{Scoring: &sc})
			ids := map[string]string{}
			for i, m := range memories {
				out, err := ns.AppendTurns(ctx, string(rune('a'+i)), []core.TurnInput{{Role: "user", Content: m}})
				if err != nil {
					t.Fatal(err)
				}
				ids[out[0].ID] = m
			}
			hits, err := ns.SearchTurns(ctx, tt.query, core.SearchTurnsOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, h := range hits {
				got = append(got, ids[h.Turn.ID])
			}
			if len(got) < 2 || got[0] != tt.first {
				t.Fatalf("searchTurns ranks %q, want %q first", got, tt.first)
			}
		})
	}
}

// recall weights a long Chinese query's unigrams as searchTurns does: the same memories
// and queries as above, recalled as memories.
func TestRecall_longChineseQueryUnigrams(t *testing.T) {
	ctx := context.Background()
	memories := []string{"熊猫放风筝", "淋筝妈晚园视电天冰业写去", "Bart在海边捡贝壳。", "Lisa学会了弹钢琴。", "爷爷种的西红柿熟了。"}
	for _, tt := range []struct {
		name, query, first string
	}{
		{"long query: the words win", "今天我跟妈妈去公园放风筝，天气特别好，后来我们还吃了冰淇淋，晚上回家写完作业以后看了一会儿电视，明天想去动物园看熊猫", memories[0]},
		{"short query: every character counts", "放风筝，妈，晚，视，电，冰，淋，去，园，天", memories[1]},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, ns, _ := cxOpen(t, core.Options{})
			for _, m := range memories {
				if _, err := ns.Remember(ctx, core.MemoryInput{Content: m}); err != nil {
					t.Fatal(err)
				}
			}
			hits, err := ns.Recall(ctx, tt.query, core.RecallOptions{Peek: true})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, h := range hits {
				got = append(got, h.Memory.Content)
			}
			if len(got) < 2 || got[0] != tt.first {
				t.Fatalf("recall ranks %q, want %q first", got, tt.first)
			}
		})
	}
}
