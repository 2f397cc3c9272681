package core_test

import (
	"context"
	"slices"
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

// A turn is not found by the words of an acknowledgement or a lead-in it follows: the web
// demo's "Here is what I remember:" made every question after it a hit for "what do you
// remember about me", recalled as "(conversation …, user) Who is Leo?".
func TestSearchTurns_noContextFromAcknowledgements(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	if _, err := ns.AppendTurns(ctx, "s", []core.TurnInput{
		{Role: "user", Content: "What do you know about me?"},
		{Role: "assistant", Content: "Here is what I remember:"},
		{Role: "user", Content: "Who is Leo?"},
		{Role: "assistant", Content: "Leo is your brother; you climb together on Saturdays."},
		{Role: "user", Content: "Great, thanks!"},
	}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, q string
		want    []string
	}{
		{"after_lead_in", "remember", []string{"Here is what I remember:"}},
		{"after_answer", "climb Saturdays", []string{"Leo is your brother; you climb together on Saturdays.", "Great, thanks!"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			hits, err := ns.SearchTurns(ctx, tc.q, core.SearchTurnsOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, h := range hits {
				got = append(got, h.Turn.Content)
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("SearchTurns(%q) = %q, want %q", tc.q, got, tc.want)
			}
		})
	}
}
