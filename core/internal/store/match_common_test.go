package store

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/memcore/memcore/core/internal/record"
)

// TestMatchMemoriesNewest_cases: with more matches than scan, only the newest scan of
// the namespace are ranked (an older, better-scoring match is passed over); with fewer,
// every match is ranked as MatchMemories ranks it; other namespaces' and filtered-out
// rows neither appear nor use up the scan.
func TestMatchMemoriesNewest_cases(t *testing.T) {
	d, err := Open(context.Background(), ":memory:", Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	n := 0
	insert := func(ns, typ, content string) string {
		n++
		id := fmt.Sprintf("%s%05d", ns, n)
		m := testMemory(id, content)
		m.Namespace, m.Type = ns, typ
		if err := d.InsertMemory(m, FTSDoc{Content: content}); err != nil {
			t.Fatal(err)
		}
		return id
	}
	long := "the " + strings.Repeat("filler ", 40)
	// Oldest: the best BM25 match of "the" in namespace a (short document).
	best := insert("a", "fact", "the the")
	for range 30 {
		insert("a", "fact", long)
	}
	// Newer than all of a's: b's rows and a's rows of another type, which must not
	// count toward a's scan.
	for range 20 {
		insert("b", "fact", "the the")
		insert("a", "note", "the the")
	}
	f := Filter{Now: time.Now(), Types: []string{"fact"}}
	w := Weights{1, 1, 1}
	ids := func(c []Candidate) []string {
		var out []string
		for _, x := range c {
			out = append(out, x.Memory.ID)
		}
		return out
	}
	for _, tc := range []struct {
		name     string
		scan     int
		wantBest bool
		wantN    int
	}{
		{"scan smaller than the matches ranks the newest only", 10, false, 5},
		{"scan equal to the matches ranks them all", 31, true, 5},
		{"scan larger than the matches ranks them all", 100, true, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := d.MatchMemoriesNewest("a", `"the"`, f, w, 5, tc.scan)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != tc.wantN {
				t.Fatalf("%d matches %v, want %d", len(got), ids(got), tc.wantN)
			}
			for _, c := range got {
				if c.Memory.Namespace != "a" || c.Memory.Type != "fact" {
					t.Errorf("got %s (%s, %s), outside the namespace or filter", c.Memory.ID, c.Memory.Namespace, c.Memory.Type)
				}
			}
			if (got[0].Memory.ID == best) != tc.wantBest {
				t.Errorf("first %s, best-scoring old match %s: want it first = %v", got[0].Memory.ID, best, tc.wantBest)
			}
			if !tc.wantBest {
				// Ranked among the newest 10 only: a00022…a00031 are the 10 newest facts of a.
				for _, c := range got {
					if c.Memory.ID < "a00022" {
						t.Errorf("got %s, older than the newest %d matches", c.Memory.ID, tc.scan)
					}
				}
			}
			all, err := d.MatchMemories("a", `"the"`, f, w, 5)
			if err != nil {
				t.Fatal(err)
			}
			if tc.wantBest && fmt.Sprint(ids(all)) != fmt.Sprint(ids(got)) {
				t.Errorf("got %v, MatchMemories %v: want the same when every match is ranked", ids(got), ids(all))
			}
		})
	}
	if _, err := d.MatchMemoriesNewest("a", `"the"`, f, w, 5, 0); err == nil {
		t.Error("scan 0: no error")
	}
	if got, err := d.MatchMemoriesNewest("c", `"the"`, f, w, 5, 10); err != nil || len(got) != 0 {
		t.Errorf("empty namespace: %v, %v; want nothing", ids(got), err)
	}
}

// TestMatchTurnsNewest_cases: as for memories, the scan counts only the turns of the
// namespace and session asked for, ranks the newest scan of them, and ranks every match
// (as MatchTurnsRanked) when fewer match.
func TestMatchTurnsNewest_cases(t *testing.T) {
	d, err := Open(context.Background(), ":memory:", Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	seq := 0
	insert := func(ns, session, content string) string {
		seq++
		tr := &record.Turn{ID: fmt.Sprintf("t%05d", seq), SessionID: session, Seq: int64(seq),
			Role: "user", Content: content, CreatedAt: time.Now()}
		if err := d.InsertTurn(ns, tr, TurnDoc{Content: content}); err != nil {
			t.Fatal(err)
		}
		return tr.ID
	}
	best := insert("a", "s1", "the the")
	for range 30 {
		insert("a", "s1", "the "+strings.Repeat("filler ", 40))
	}
	for range 20 { // newer, but of another namespace or session
		insert("b", "s1", "the the")
		insert("a", "s2", "the the")
	}
	for _, tc := range []struct {
		name     string
		scan     int
		wantBest bool
	}{
		{"scan smaller than the matches ranks the newest only", 10, false},
		{"scan larger than the matches ranks them all", 100, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := d.MatchTurnsNewest("a", `"the"`, "s1", 1, 5, tc.scan)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 5 {
				t.Fatalf("%d matches, want 5", len(got))
			}
			for _, h := range got {
				if h.Turn.SessionID != "s1" || h.Turn.ID < "t00001" || h.Turn.ID > "t00031" {
					t.Errorf("got %s of session %s: outside namespace a, session s1", h.Turn.ID, h.Turn.SessionID)
				}
				if !tc.wantBest && h.Turn.ID < "t00022" {
					t.Errorf("got %s, older than the newest %d matches", h.Turn.ID, tc.scan)
				}
			}
			if (got[0].Turn.ID == best) != tc.wantBest {
				t.Errorf("first %s, best old match %s: want it first = %v", got[0].Turn.ID, best, tc.wantBest)
			}
		})
	}
	if _, err := d.MatchTurnsNewest("a", `"the"`, "", 1, 5, 0); err == nil {
		t.Error("scan 0: no error")
	}
}
