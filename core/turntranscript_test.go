package core_test

import (
	"context"
	"testing"

	"github.com/memcore/memcore/core"
)

// A query that is a stretch of dialogue: the user talks about fishing at the lake, the
// assistant answers with advice whose words (breathing, piano, recital) match another
// memory on more words. Searched as a transcript, the asker's words count fully and the
// assistant's half, so the lake memory ranks first; the same words on one line (no
// transcript) put the recital memory first. The recital memory is found either way: the
// others' words are weighted down, not dropped.
func TestSearchTurns_transcript(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	memories := []string{
		"Bart went fishing at the lake with grandpa.",
		"Bart did breathing exercises before his piano recital.",
		"Bart baked cookies with his sister.",
		"Bart visited the zoo and saw the elephants.",
		"Bart painted a picture of his dog.",
	}
	ids := map[string]string{}
	for i, m := range memories {
		out, err := ns.AppendTurns(ctx, string(rune('a'+i)), []core.TurnInput{{Role: "user", Content: m}})
		if err != nil {
			t.Fatal(err)
		}
		ids[out[0].ID] = m
	}
	for _, tt := range []struct {
		name, query, first string
	}{
		{"transcript", "Bart: Fishing today!\nAssistant: Lovely. Slow breathing helps, like before a piano recital.\nBart: The lake was so calm.",
			memories[0]},
		{"one line", "Bart: Fishing today! Assistant: Lovely. Slow breathing helps, like before a piano recital. Bart: The lake was so calm.",
			memories[1]},
	} {
		t.Run(tt.name, func(t *testing.T) {
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
			found := false
			for _, g := range got {
				found = found || g == memories[1]
			}
			if !found {
				t.Fatalf("searchTurns ranks %q, want the recital memory among them", got)
			}
		})
	}
}
