package store

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/memcore/memcore/core/internal/record"
)

// TestCounters_migrationCountsOldRows: a file of schema 7 with memories (one superseded,
// one expired, two types) and turns in two sessions gets its counters from its rows
// when opened: stats after the migration say what a scan of the rows says.
func TestCounters_migrationCountsOldRows(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	d := openAt(t, path, countersSchema-1)
	now := time.Now().UTC().Truncate(time.Millisecond)
	past := now.Add(-time.Hour)
	err := d.Tx(func() error {
		for i := range 5 {
			m := testMemory(fmt.Sprintf("01MIGR%020d", i), fmt.Sprintf("memory %d", i))
			switch i {
			case 1:
				m.SupersededBy = "01MIGR00000000000000000000"
			case 2:
				m.ExpiresAt = &past
			case 3, 4:
				m.Type = "fact"
			}
			if err := d.InsertMemory(m, FTSDoc{Content: m.Content}); err != nil {
				return err
			}
		}
		for i, s := range []string{"s1", "s1", "s2"} {
			tr := &record.Turn{ID: fmt.Sprintf("t%d", i), SessionID: s, Seq: int64(i + 1), Role: "user", Content: "hi", CreatedAt: now}
			if err := d.InsertTurn("default", tr, TurnDoc{Content: "hi"}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	d, err = Open(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	st, err := d.Stats("default", now)
	if err != nil {
		t.Fatal(err)
	}
	want := Stats{Memories: 3, Expired: 1, Superseded: 1, ByType: map[string]int64{"note": 1, "fact": 2}, Turns: 3, Sessions: 2, Schema: SchemaVersion}
	st.DBBytes = 0
	if fmt.Sprint(st) != fmt.Sprint(want) {
		t.Errorf("stats after migration = %+v, want %+v", st, want)
	}
}
