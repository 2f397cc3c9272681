package store

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/ncruces/go-sqlite3"
)

// TestMatchMemories_noReprepare: recall's statements run from the cache as prepared. A
// bound LIMIT over the FTS5 table made SQLite re-prepare the statement at every recall
// (parsing and planning it again: ~0.15 ms natively, more in wasm).
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
	}
	for sql, s := range d.stmts {
		if n := s.Status(sqlite3.STMTSTATUS_REPREPARE, false); n > 0 {
			t.Errorf("re-prepared %d times: %.100s", n, sql)
		}
	}
}
