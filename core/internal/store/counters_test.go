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

// TestOpen_inMemoryDatabasesArePrivate: every ":memory:" open is its own database in
// memdb (memdb.go), as file::memory: was — a second open sees nothing of the first —
// and a failed transaction leaves nothing behind (memdb's in-memory journal).
func TestOpen_inMemoryDatabasesArePrivate(t *testing.T) {
	ctx := context.Background()
	a, err := Open(ctx, ":memory:", Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if err := a.InsertMemory(testMemory("01PRIV0000000000000000000A", "only in a"), FTSDoc{Content: "only in a"}); err != nil {
		t.Fatal(err)
	}
	b, err := Open(ctx, ":memory:", Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if m, err := b.GetMemory("default", "01PRIV0000000000000000000A"); err != nil || m != nil {
		t.Fatalf("a second in-memory database sees the first's memory: %v, %v", m, err)
	}
	mode, err := a.QueryStrings(`PRAGMA journal_mode`)
	if err != nil || len(mode) != 1 || mode[0] != "memory" {
		t.Errorf("journal_mode = %v, %v; want memory", mode, err)
	}
	err = a.Tx(func() error {
		if err := a.InsertMemory(testMemory("01PRIV0000000000000000000B", "rolled back"), FTSDoc{Content: "rolled back"}); err != nil {
			return err
		}
		return fmt.Errorf("fail on purpose")
	})
	if err == nil {
		t.Fatal("the transaction did not fail")
	}
	if m, err := a.GetMemory("default", "01PRIV0000000000000000000B"); err != nil || m != nil {
		t.Fatalf("a rolled-back memory is there: %v, %v", m, err)
	}
	if st, err := a.Stats("default", time.Now()); err != nil || st.Memories != 1 {
		t.Fatalf("stats after the rollback: %+v, %v", st, err)
	}
}
