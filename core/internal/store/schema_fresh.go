package store

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
)

// A new database does not replay the migrations one by one: it runs schema_fresh.sql, the
// schema the migrations produce, written as one CREATE statement per table, index and
// virtual table (columns that later migrations added with ALTER TABLE are in the CREATE
// TABLE), then only the migrations newer than that file. The result is the same database
// (TestFreshSchema_sameAsMigrations compares them), built with fewer statements and without
// ALTER TABLE, each of which makes SQLite rewrite and re-read the whole schema: half the time
// of a fresh open natively, and in wasm fewer of SQLite's functions to compile before the
// first request is answered (the first visit of a browser, a cold start in Node).
//
// The file is generated from a database migrated step by step (UPDATE_GOLDEN=1 go test
// ./core/internal/store -run TestFreshSchema_golden); its first line names the schema
// version it stands for. A migration appended after it still runs, after the script.

//go:embed schema_fresh.sql
var freshSQL string

// freshSchema returns the schema version schema_fresh.sql creates and its SQL, or 0 when
// the file is missing or its header is not "-- memcore schema version N".
func freshSchema() (int, string) {
	first, _, _ := strings.Cut(freshSQL, "\n")
	n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(first), freshHeader))
	if err != nil || !strings.HasPrefix(first, freshHeader) || n <= 0 || n > len(migrations) {
		return 0, ""
	}
	return n, freshSQL
}

const freshHeader = "-- memcore schema version "

// createFresh creates the schema of a new, empty database up to version target inside the
// caller's transaction and returns the version reached: schema_fresh.sql when it is not
// newer than target, then the migrations after it.
func (d *DB) createFresh(target int) (int, error) {
	v := 0
	if n, sql := freshSchema(); n > 0 && n <= target {
		if err := d.conn.Exec(sql); err != nil {
			return 0, fmt.Errorf("schema version %d (schema_fresh.sql): %w", n, err)
		}
		v = n
	}
	for ; v < target; v++ {
		if err := d.conn.Exec(migrations[v]); err != nil {
			return v, fmt.Errorf("migration %d: %w", v+1, err)
		}
	}
	return v, nil
}
