package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ncruces/go-sqlite3"

	"github.com/memcore/memcore/core/internal/record"
)

// openAt creates a memcore file at path with the schema of version v only, the way an
// older memcore left it.
func openAt(t *testing.T, path string, v int) *DB {
	t.Helper()
	// Open registers FTS5 as an auto extension, which the raw connection below needs.
	d, err := Open(context.Background(), ":memory:", Options{})
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	conn, err := sqlite3.Open("file:" + path)
	if err != nil {
		t.Fatal(err)
	}
	d = &DB{conn: conn, stmts: map[string]*sqlite3.Stmt{}, path: path}
	if err := d.configure(Options{}); err != nil {
		t.Fatal(err)
	}
	if err := d.migrateTo(v, false); err != nil {
		t.Fatal(err)
	}
	if got, _ := d.Version(); got != v {
		t.Fatalf("built schema version %d, want %d", got, v)
	}
	return d
}

func testMemory(id, content string) *record.Memory {
	now := time.UnixMilli(1700000000000).UTC()
	return &record.Memory{ID: id, Namespace: "default", Type: "note", Content: content,
		Tags: []string{"old"}, Importance: 0.5, Confidence: 1, Tier: "permanent",
		CreatedAt: now, UpdatedAt: now, Version: 1}
}

func TestMigrate_fromEveryOldVersion(t *testing.T) {
	for v := 1; v < SchemaVersion; v++ {
		t.Run(fmt.Sprintf("v%d", v), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "old.db")
			d := openAt(t, path, v)
			m := testMemory("01OLDMEMORY000000000000000", "written by an old memcore about zebras")
			if err := d.Tx(func() error {
				if err := insertAny(d, m, FTSDoc{Content: "written by an old memcore about zebras"}); err != nil {
					return err
				}
				return d.AddHistory("create", m.CreatedAt, m)
			}); err != nil {
				t.Fatal(err)
			}
			if err := d.Close(); err != nil {
				t.Fatal(err)
			}

			d, err := Open(context.Background(), path, Options{})
			if err != nil {
				t.Fatalf("reopen: %v", err)
			}
			defer d.Close()
			if got, err := d.Version(); err != nil || got != SchemaVersion {
				t.Fatalf("version after migration = %d (%v), want %d", got, err, SchemaVersion)
			}
			got, err := d.GetMemory("default", m.ID)
			if err != nil || got == nil {
				t.Fatalf("the old memory is gone: %v", err)
			}
			if got.Content != m.Content || got.Tags[0] != "old" {
				t.Errorf("old memory changed: %+v", got)
			}
			cands, err := d.MatchMemories("default", `"zebras"`, Filter{Now: time.Now(), IncludeExpired: true}, Weights{1, 1, 1}, 10)
			if err != nil || len(cands) != 1 {
				t.Errorf("the old memory's index entry: %v %v", cands, err)
			}
			if h, err := d.History("default", m.ID); err != nil || len(h) != 1 {
				t.Errorf("history: %v %v", h, err)
			}
			// The tables of later versions exist and work.
			for _, table := range []string{"turns", "turns_fts", "memory_vectors"} {
				n, err := d.QueryStrings(`SELECT count(*) FROM sqlite_schema WHERE name = ?`, table)
				if err != nil || n[0] != "1" {
					t.Errorf("table %s after migration: %v %v", table, n, err)
				}
			}
			tr := &record.Turn{ID: "01TURN0000000000000000000A", SessionID: "s", Seq: 1, Role: "user", Content: "hello", CreatedAt: time.Now()}
			if err := d.InsertTurn("default", tr, TurnDoc{Content: "hello"}); err != nil {
				t.Errorf("insert a turn: %v", err)
			}
			if seq, err := d.LastSeq("default", "s"); err != nil || seq != 1 {
				t.Errorf("LastSeq = %d, %v", seq, err)
			}
		})
	}
}

func TestMigrate_failedMigrationKeepsOldVersion(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	d := openAt(t, path, 1)
	m := testMemory("01OLDMEMORY000000000000000", "still here")
	if err := insertAny(d, m, FTSDoc{Content: "still"}); err != nil {
		t.Fatal(err)
	}
	// Something took the name migration 2 needs: it must fail as a whole.
	if err := d.conn.Exec(`CREATE TABLE turns_fts (x)`); err != nil {
		t.Fatal(err)
	}
	d.Close()
	if _, err := Open(context.Background(), path, Options{}); err == nil {
		t.Fatal("opening with a failing migration succeeded")
	}
	d = openAt(t, path, 1)
	defer d.Close()
	if got, err := d.QueryStrings(`SELECT content FROM memories WHERE id = ?`, m.ID); err != nil || len(got) != 1 || got[0] != m.Content {
		t.Errorf("the memory is gone after a failed migration: %v %v", got, err)
	}
	if n, _ := d.QueryStrings(`SELECT count(*) FROM sqlite_schema WHERE name = 'turns'`); n[0] != "0" {
		t.Errorf("a failed migration left part of its tables")
	}
}

func TestOpen_newerSchemaRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new.db")
	d, err := Open(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.QueryStrings(`PRAGMA user_version = 99`); err != nil {
		t.Fatal(err)
	}
	d.Close()
	for _, ro := range []bool{false, true} {
		_, err = Open(context.Background(), path, Options{ReadOnly: ro})
		if !errors.Is(err, ErrNewerSchema) {
			t.Errorf("ReadOnly %v: err = %v, want ErrNewerSchema", ro, err)
		}
	}
	// Refusing did not touch the file.
	conn, _ := sqlite3.Open("file:" + path + "?mode=ro")
	defer conn.Close()
	s, _, _ := conn.Prepare(`PRAGMA user_version`)
	defer s.Close()
	if s.Step(); s.ColumnInt(0) != 99 {
		t.Errorf("user_version = %d after a refused open", s.ColumnInt(0))
	}
}

func TestOpen_notMemcoreRefused(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup string
	}{
		{"other_tables", `CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('x');`},
		{"other_application_id", `PRAGMA application_id = 1234;`},
		{"empty_table", `CREATE TABLE t (x);`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "other.db")
			conn, err := sqlite3.Open("file:" + path)
			if err != nil {
				t.Fatal(err)
			}
			if err := conn.Exec(tc.setup); err != nil {
				t.Fatal(err)
			}
			conn.Close()
			before, _ := os.ReadFile(path)
			_, err = Open(context.Background(), path, Options{})
			if !errors.Is(err, ErrNotMemcore) {
				t.Errorf("err = %v, want ErrNotMemcore", err)
			}
			after, _ := os.ReadFile(path)
			if string(before) != string(after) {
				t.Errorf("a refused open changed the file")
			}
		})
	}
}

func TestOpen_cases(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.db")
	os.WriteFile(garbage, []byte("this is not an SQLite file, just some text that is long enough to have a header"), 0o600)
	empty := filepath.Join(dir, "empty.db")
	os.WriteFile(empty, nil, 0o600)
	for _, tc := range []struct {
		name string
		path string
		o    Options
		ok   bool
	}{
		{"memory", ":memory:", Options{}, true},
		{"empty_path", "", Options{}, true},
		{"new_file", filepath.Join(dir, "new.db"), Options{}, true},
		{"empty_file", empty, Options{}, true},
		{"odd_name", filepath.Join(dir, "a?b#c%d.db"), Options{}, true},
		{"directory", dir, Options{}, false},
		{"missing_dir", filepath.Join(dir, "no", "such", "dir.db"), Options{}, false},
		{"garbage", garbage, Options{}, false},
		{"read_only_missing", filepath.Join(dir, "missing.db"), Options{ReadOnly: true}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Open(context.Background(), tc.path, tc.o)
			if (err == nil) != tc.ok {
				t.Fatalf("Open(%q) err = %v, want ok %v", tc.path, err, tc.ok)
			}
			if err != nil {
				return
			}
			defer d.Close()
			if v, _ := d.Version(); v != SchemaVersion {
				t.Errorf("version = %d, want %d", v, SchemaVersion)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "a?b#c%d.db")); err != nil {
		t.Errorf("a name with URI characters was not used as is: %v", err)
	}
}

func TestOpen_readOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ro.db")
	d, err := Open(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	d, err = Open(context.Background(), path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	err = d.Tx(func() error { return d.InsertMemory(testMemory("01X", "x"), FTSDoc{Content: "x"}) })
	if err == nil {
		t.Error("a read-only database took a write")
	}

	old := filepath.Join(t.TempDir(), "old.db")
	openAt(t, old, 1).Close()
	if _, err := Open(context.Background(), old, Options{ReadOnly: true}); err == nil {
		t.Error("a read-only open of an old schema succeeded without migrating")
	}
}
