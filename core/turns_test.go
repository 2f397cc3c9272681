package core_test

import (
	"context"
	"testing"

	"github.com/memcore/memcore/core"
)

func TestSearchTurns_replyContext(t *testing.T) {
	ctx := context.Background()
	eng, err := core.Open(ctx, core.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	ns, _ := eng.Namespace("default")
	turns, err := ns.AppendTurns(ctx, "s", []core.TurnInput{
		{Role: "user", Content: "Which city is the conference in?"},
		{Role: "assistant", Content: "It is in Lisbon, in May."},
		{Role: "assistant", Content: "I booked the flights too."}, // same role: no reply context
	})
	if err != nil {
		t.Fatal(err)
	}
	hits, err := ns.SearchTurns(ctx, "conference city", core.SearchTurnsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []int64
	for _, h := range hits {
		got = append(got, h.Turn.Seq)
	}
	// The question ranks first on its own words; the answer is found by the words of the
	// turn it replies to; the third turn replies to nobody's words.
	if len(got) != 2 || got[0] != turns[0].Seq || got[1] != turns[1].Seq {
		t.Fatalf("searchTurns(conference city) seqs = %v, want [1 2]", got)
	}
	// Context spans calls: a turn appended later replies to the session's last turn.
	if _, err := ns.AppendTurns(ctx, "s", []core.TurnInput{{Role: "user", Content: "Great, thanks!"}}); err != nil {
		t.Fatal(err)
	}
	hits, err = ns.SearchTurns(ctx, "flights", core.SearchTurnsOptions{})
	if err != nil || len(hits) != 2 || hits[1].Turn.Seq != 4 {
		t.Fatalf("searchTurns(flights) = %+v, %v; want the booking turn and the reply to it", hits, err)
	}
}
