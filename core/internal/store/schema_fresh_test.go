package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ncruces/go-sqlite3"
)

// stepByStep builds a file database of schema version target the old way: migration 1,
// then every later migration in its own transaction (ALTER TABLE and all).
func stepByStep(t *testing.T, target int) *DB {
	t.Helper()
	d := openAt(t, filepath.Join(t.TempDir(), "steps.db"), 1)
	if err := d.migrateTo(target, false); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// dumpFresh writes what schema_fresh.sql holds for d's schema: each table, index and
// virtual table's CREATE statement as SQLite keeps it (sqlite_schema.sql, which ALTER TABLE
// ADD COLUMN rewrites), in creation order, without the tables FTS5 creates for its virtual
// tables, then each FTS5 table's configuration (its _config rows but the version) as the
// INSERT that sets it.
func dumpFresh(t *testing.T, d *DB, version int) string {
	t.Helper()
	vtabs, err := d.QueryStrings(`SELECT name FROM sqlite_schema WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%' ORDER BY rowid`)
	if err != nil {
		t.Fatal(err)
	}
	shadow := map[string]bool{}
	for _, v := range vtabs {
		for _, s := range []string{"_data", "_idx", "_content", "_docsize", "_config"} {
			shadow[v+s] = true
		}
	}
	names, err := d.QueryStrings(`SELECT name FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid`)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s%d\n", freshHeader, version)
	b.WriteString("-- Generated from a database migrated step by step: UPDATE_GOLDEN=1 go test ./core/internal/store -run TestFreshSchema_golden\n")
	for _, n := range names {
		if shadow[n] {
			continue
		}
		sql, err := d.QueryStrings(`SELECT sql FROM sqlite_schema WHERE name = ?`, n)
		if err != nil || len(sql) != 1 {
			t.Fatalf("sql of %s: %v %v", n, sql, err)
		}
		b.WriteString(sql[0] + ";\n")
	}
	for _, v := range vtabs {
		rows, err := d.QueryStrings(fmt.Sprintf(`SELECT quote(k) || ', ' || quote(v) FROM %q WHERE k <> 'version' ORDER BY k`, v+"_config"))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			fmt.Fprintf(&b, "INSERT INTO %s(%s, rank) VALUES (%s);\n", v, v, r)
		}
	}
	return b.String()
}

// TestFreshSchema_golden: schema_fresh.sql is what the migrations build at the version it
// names. UPDATE_GOLDEN=1 writes it from the current migrations.
func TestFreshSchema_golden(t *testing.T) {
	if os.Getenv("UPDATE_GOLDEN") != "" {
		got := dumpFresh(t, stepByStep(t, SchemaVersion), SchemaVersion)
		if err := os.WriteFile("schema_fresh.sql", []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote schema_fresh.sql for schema version %d", SchemaVersion)
		return
	}
	n, sql := freshSchema()
	if n == 0 {
		t.Fatal("schema_fresh.sql has no valid header: regenerate it with UPDATE_GOLDEN=1")
	}
	if n < SchemaVersion {
		// Still correct (the newer migrations run after it), only slower to open.
		t.Logf("schema_fresh.sql is version %d, the migrations %d: UPDATE_GOLDEN=1 go test ./core/internal/store -run TestFreshSchema_golden", n, SchemaVersion)
	}
	if got := dumpFresh(t, stepByStep(t, n), n); got != sql {
		t.Errorf("schema_fresh.sql differs from what migrations 1..%d build; regenerate with UPDATE_GOLDEN=1\n--- built:\n%s", n, got)
	}
}

// schemaRows lists everything that makes two schemas the same database: every entry of
// sqlite_schema (FTS5's own tables included), the pragmas the migrations set, each table's
// row count and each FTS5 table's configuration.
func schemaRows(t *testing.T, d *DB) []string {
	t.Helper()
	out, err := d.QueryStrings(`SELECT type || ' ' || name || ' ON ' || tbl_name || ': ' || ifnull(sql, '(implicit)') FROM sqlite_schema ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"user_version", "application_id", "foreign_keys"} {
		v, err := d.pragmaInt(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("pragma %s = %d", p, v))
	}
	tables, err := d.QueryStrings(`SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range tables {
		if strings.HasSuffix(tb, "_config") {
			rows, err := d.QueryStrings(fmt.Sprintf(`SELECT k || '=' || v FROM %q ORDER BY k`, tb))
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, tb+": "+strings.Join(rows, ", "))
			continue
		}
		n, err := d.QueryStrings(fmt.Sprintf(`SELECT count(*) FROM %q`, tb))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, tb+" rows: "+n[0])
	}
	return out
}

// TestFreshSchema_sameAsMigrations: a new database opened through schema_fresh.sql (the
// path every Open of a new file or ':memory:' takes) is the database the migrations build
// one by one, to the current version, and both work the same for a write and a search.
func TestFreshSchema_sameAsMigrations(t *testing.T) {
	for _, tc := range []struct{ name, path string }{
		{"memory", ":memory:"},
		{"file", filepath.Join(t.TempDir(), "fresh.db")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fresh, err := Open(context.Background(), tc.path, Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer fresh.Close()
			steps := stepByStep(t, SchemaVersion)
			a, b := schemaRows(t, fresh), schemaRows(t, steps)
			if strings.Join(a, "\n") != strings.Join(b, "\n") {
				t.Fatalf("fresh schema differs from the migrations':\n--- fresh\n%s\n--- step by step\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
			}
			for _, d := range []*DB{fresh, steps} {
				m := testMemory("01FRESHSCHEMA0000000000000", "a fresh schema stores zebras")
				if err := d.Tx(func() error { return insertAny(d, m, FTSDoc{Content: m.Content}) }); err != nil {
					t.Fatal(err)
				}
				hits, err := d.QueryStrings(`SELECT rowid FROM memories_fts WHERE memories_fts MATCH 'zebras'`)
				if err != nil || len(hits) != 1 {
					t.Fatalf("search after a write: %v, %v", hits, err)
				}
			}
		})
	}
}

// TestFreshSchema_olderTarget: building an old version (what openAt does for the migration
// tests) does not use schema_fresh.sql when it is newer than the target.
func TestFreshSchema_olderTarget(t *testing.T) {
	n, _ := freshSchema()
	if n < 2 {
		t.Skip("schema_fresh.sql is version", n)
	}
	d := openAt(t, filepath.Join(t.TempDir(), "old.db"), n-1)
	defer d.Close()
	if v, _ := d.Version(); v != n-1 {
		t.Fatalf("version %d, want %d", v, n-1)
	}
	if got, want := dumpFresh(t, d, n-1), dumpFresh(t, stepByStep(t, n-1), n-1); got != want {
		t.Fatalf("an old version built with the fresh path:\n%s\nwant\n%s", got, want)
	}
}

// BenchmarkOpen_new: opening a new ':memory:' database, through schema_fresh.sql (what Open
// does) and by replaying every migration in one transaction (what it did before):
// go test ./core/internal/store -run '^$' -bench Open_new -benchtime 200x
func BenchmarkOpen_new(b *testing.B) {
	b.Run("schema_fresh", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			d, err := Open(context.Background(), ":memory:", Options{})
			if err != nil {
				b.Fatal(err)
			}
			d.Close()
		}
	})
	b.Run("migrations", func(b *testing.B) {
		// Open registers FTS5 as an auto extension, which the raw connections need.
		if d, err := Open(context.Background(), ":memory:", Options{}); err == nil {
			d.Close()
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			conn, err := sqlite3.Open("file::memory:")
			if err != nil {
				b.Fatal(err)
			}
			d := &DB{conn: conn, stmts: map[string]*sqlite3.Stmt{}, path: ":memory:"}
			if err := d.configure(Options{}); err != nil {
				b.Fatal(err)
			}
			if err := d.Tx(func() error {
				for _, m := range migrations {
					if err := d.conn.Exec(m); err != nil {
						return err
					}
				}
				return d.conn.Exec(fmt.Sprintf("PRAGMA user_version=%d; PRAGMA application_id=%d;", SchemaVersion, applicationID))
			}); err != nil {
				b.Fatal(err)
			}
			d.Close()
		}
	})
}
