package store

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

func TestCheckExisting_cases(t *testing.T) {
	for _, tc := range []struct {
		name, sql string
		damaged   bool
	}{
		{"healthy", ``, false},
		{"older_version_is_fine", ``, false},
		{"extra_trigger", `CREATE TRIGGER t AFTER INSERT ON memories BEGIN DELETE FROM memories; END;`, true},
		{"extra_view", `CREATE VIEW v AS SELECT 1`, true},
		{"extra_index", `CREATE INDEX mine ON memories(content)`, true},
		{"wrong_user_version", `PRAGMA user_version = 2`, true},
		{"no_user_version", `PRAGMA user_version = 0`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "d.db")
			var d *DB
			if tc.name == "older_version_is_fine" {
				d = openAt(t, path, 2)
			} else {
				d = withMemories(t, path, 3)
			}
			if tc.sql != "" {
				if err := d.conn.Exec(tc.sql); err != nil {
					t.Fatal(err)
				}
			}
			err := d.checkExisting()
			d.Close()
			if tc.damaged != errors.Is(err, ErrDamaged) {
				t.Fatalf("checkExisting = %v, want damaged %v", err, tc.damaged)
			}
			_, err = Open(context.Background(), path, Options{})
			if tc.damaged != errors.Is(err, ErrDamaged) {
				t.Fatalf("Open = %v, want damaged %v", err, tc.damaged)
			}
		})
	}
}

// TestCheckExisting_cost logs what the schema check adds to an open: the first open of a
// process reads the embedded reference schema (schema_ref.go), later ones only read
// sqlite_schema. Figures for docs/RELIABILITY.md; nothing is asserted about time.
func TestCheckExisting_cost(t *testing.T) {
	path := filepath.Join(t.TempDir(), "d.db")
	withMemories(t, path, 1000).Close()
	references = sync.Map{} // as in a fresh process
	d, err := Open(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	references = sync.Map{}
	start := time.Now()
	if err := d.checkExisting(); err != nil {
		t.Fatal(err)
	}
	first := time.Since(start)
	const n = 50
	start = time.Now()
	for range n {
		if err := d.checkExisting(); err != nil {
			t.Fatal(err)
		}
	}
	later := time.Since(start) / n
	start = time.Now()
	for range n {
		e, err := Open(context.Background(), path, Options{})
		if err != nil {
			t.Fatal(err)
		}
		e.Close()
	}
	open := time.Since(start) / n
	t.Logf("schema check at open: first in a process %v (reference schema read), then %v; a whole open+close of a 1,000-memory file %v", first, later, open)
}

// TestCheckExisting_migratedFileReopens: a file made by an older schema version, migrated
// to this one step by step (ALTER TABLE leaves its own CREATE text in sqlite_schema), opens
// again, although a new file of this version is made from schema_fresh.sql's statements.
func TestCheckExisting_migratedFileReopens(t *testing.T) {
	for v := 1; v < SchemaVersion; v++ {
		path := filepath.Join(t.TempDir(), "old.db")
		openAt(t, path, v).Close()
		for i := 0; i < 2; i++ {
			d, err := Open(context.Background(), path, Options{})
			if err != nil {
				t.Fatalf("from version %d, open %d: %v", v, i+1, err)
			}
			d.Close()
		}
	}
}
