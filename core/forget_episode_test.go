package core_test

import (
	"context"
	"testing"
	"time"

	"github.com/memcore/memcore/core"
)

// TestForget_purgeAlsoTurnsSkipsEpisodeMemoriesItRemoved: a purge with alsoTurns deletes
// the episodes of the purged turns' sessions with their memories; when the filter (or the
// ids) also selected such an episode memory, the forget must not fail with not_found on
// it half way — it did, and a retention policy (forget everything older than a date, with
// its turns) could never run once a session had ended (the soak, docs/RELIABILITY.md).
func TestForget_purgeAlsoTurnsSkipsEpisodeMemoriesItRemoved(t *testing.T) {
	for _, tc := range []struct {
		name  string
		byIDs bool
	}{{"filter", false}, {"ids", true}} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			e, err := core.Open(ctx, core.Options{Path: ":memory:"})
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			ns, _ := e.Namespace("default")
			turns, err := ns.AppendTurns(ctx, "s1", []core.TurnInput{
				{Role: "user", Content: "I live in Lisbon and prefer Python for scripts."},
				{Role: "assistant", Content: "Noted."},
			})
			if err != nil {
				t.Fatal(err)
			}
			note, err := ns.Remember(ctx, core.MemoryInput{Content: "the user lives in Lisbon",
				Source: &core.Source{SessionID: "s1", TurnIDs: []string{turns[0].ID, turns[1].ID}}})
			if err != nil {
				t.Fatal(err)
			}
			end, err := ns.EndSession(ctx, "s1")
			if err != nil {
				t.Fatal(err)
			}
			if end.Episode == nil || end.Episode.MemoryID == "" {
				t.Fatalf("endSession made no episode memory: %+v", end.Episode)
			}
			o := core.ForgetOptions{Purge: true, AlsoTurns: true}
			if tc.byIDs {
				o.IDs = []string{note[0].ID, end.Episode.MemoryID}
			} else {
				future := time.Now().Add(time.Hour)
				o.Filter = &core.Filter{CreatedBefore: &future}
			}
			res, err := ns.Forget(ctx, o)
			if err != nil {
				t.Fatalf("forget: %v", err)
			}
			if res.Receipt.Turns != 2 || res.Receipt.Episodes != 1 || len(res.Receipt.EpisodeMemories) != 1 {
				t.Errorf("receipt = %+v", res.Receipt)
			}
			st, err := ns.Stats(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if st.Memories != 0 || st.Turns != 0 {
				t.Errorf("after the forget: %d memories, %d turns", st.Memories, st.Turns)
			}
		})
	}
}
