package store

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/ncruces/go-sqlite3"

	"github.com/memcore/memcore/core/internal/record"
)

// TestMatchMemories_noReprepare: the statements of recall and of the turn search run
// from the cache as prepared. A bound LIMIT over an FTS5 table made SQLite re-prepare the
// statement at every call (parsing and planning it again: ~0.15 ms natively, more in
// wasm).
func TestMatchMemories_noReprepare(t *testing.T) {
	d, err := Open(context.Background(), ":memory:", Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for i := range 30 {
		c := fmt.Sprintf("apple pear %d", i)
		if err := d.InsertMemory(testMemory(fmt.Sprintf("m%03d", i), c), FTSDoc{Content: c}); err != nil {
			t.Fatal(err)
		}
		tr := &record.Turn{ID: fmt.Sprintf("t%03d", i), SessionID: "s", Seq: int64(i + 1), Role: "user", Content: c, CreatedAt: time.Now()}
		if err := d.InsertTurn("default", tr, TurnDoc{Content: c}); err != nil {
			t.Fatal(err)
		}
	}
	f := Filter{Now: time.Now()}
	for i, q := range []string{`"apple"`, `"pear"`, `"apple" OR "pear"`, `"apple"`} {
		got, err := d.MatchMemories("default", q, f, Weights{1, 1, 1}, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 10 {
			t.Fatalf("query %d: %d matches, want 10", i, len(got))
		}
		// The common-word path (scan 20 of 30: the floor and the ranked rows past it).
		if newest, err := d.MatchMemoriesNewest("default", q, f, Weights{1, 1, 1}, 10, 20); err != nil || len(newest) != 10 {
			t.Fatalf("query %d, newest: %d matches, %v", i, len(newest), err)
		}
		for _, session := range []string{"", "s"} {
			if newest, err := d.MatchTurnsNewest("default", q, session, 0.5, 10, 20); err != nil || len(newest) != 10 {
				t.Fatalf("query %d, session %q, newest turns: %d, %v", i, session, len(newest), err)
			}
			turns, err := d.MatchTurnsRanked("default", q, session, 0.5, 10)
			if err != nil {
				t.Fatal(err)
			}
			all, err := d.MatchTurns("default", q, session, 0.5, 10)
			if err != nil {
				t.Fatal(err)
			}
			if len(turns) != 10 || len(all) != 10 {
				t.Fatalf("query %d, session %q: %d and %d turns, want 10", i, session, len(turns), len(all))
			}
		}
	}
	for sql, s := range d.stmts {
		if n := s.Status(sqlite3.STMTSTATUS_REPREPARE, false); n > 0 {
			t.Errorf("re-prepared %d times: %.100s", n, sql)
		}
	}
}
