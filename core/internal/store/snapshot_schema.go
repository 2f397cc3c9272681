// Checking a restored snapshot's content (moved from snapshot.go): SQLite's integrity and
// foreign key checks, and its schema against the reference schema of its version.

package store

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/ncruces/go-sqlite3"
)

// checkIntegrity runs SQLite's integrity and foreign key checks.
func (d *DB) checkIntegrity() error {
	const show = 3
	rows, err := d.QueryStrings(`PRAGMA integrity_check(10)`)
	if err != nil {
		return sqliteSays(err, "SQLite's integrity check cannot read it")
	}
	if len(rows) != 1 || rows[0] != "ok" {
		n := len(rows)
		if n > show {
			rows = append(rows[:show], "…")
		}
		return badSnapshot("it is damaged: SQLite's integrity check found %d problem(s): %s", n, strings.Join(rows, "; "))
	}
	rows, err = d.QueryStrings(`SELECT "table" || ' row ' || rowid FROM pragma_foreign_key_check`)
	if err != nil {
		return sqliteSays(err, "SQLite's foreign key check cannot read it")
	}
	if len(rows) > 0 {
		return badSnapshot("it is damaged: %d row(s) refer to rows that do not exist (%s)", len(rows), rows[0])
	}
	return nil
}

// schemaObject is one row of sqlite_schema.
type schemaObject struct {
	typ, name, table, sql string
	shadow                bool // an FTS5 shadow table: its SQL is FTS5's, not memcore's
}

// references caches the schema of each version, as the migrations make it.
var references sync.Map // int → []schemaObject

// checkSchema compares the database's schema with the one the migrations make at version
// v: the same tables, indexes, triggers and views, made by the same statements. So a
// database that carries memcore's application_id but was altered or assembled by hand —
// a missing index, an extra trigger that would run on every write — is refused before
// anything runs on it. The statements of FTS5's own tables are not compared: they are
// SQLite's business, and may differ between SQLite versions.
func (d *DB) checkSchema(v int) error {
	got, err := d.schema(false)
	if err != nil {
		return sqliteSays(err, "SQLite cannot read its schema")
	}
	want, err := referenceSchema(v)
	if err != nil {
		return err
	}
	wantBy := map[string]schemaObject{}
	for _, o := range want {
		wantBy[o.name] = o
	}
	for _, o := range got {
		w, ok := wantBy[o.name]
		switch {
		case !ok:
			return badSnapshot("its schema has %s %q, which memcore's schema version %d does not", o.typ, o.name, v)
		case w.typ != o.typ || w.table != o.table:
			return badSnapshot("its %s %q is not memcore's %s %q of schema version %d", o.typ, o.name, w.typ, w.name, v)
		case !w.shadow && normalizeSQL(w.sql) != normalizeSQL(o.sql):
			return badSnapshot("its %s %q is not defined as in memcore's schema version %d", o.typ, o.name, v)
		}
		delete(wantBy, o.name)
	}
	for _, o := range want {
		if _, missing := wantBy[o.name]; missing {
			return badSnapshot("its schema lacks %s %q of memcore's schema version %d", o.typ, o.name, v)
		}
	}
	return nil
}

// schema reads sqlite_schema, leaving out SQLite's statistics tables (which ANALYZE and
// PRAGMA optimize may create in any database).
//
// withShadow marks FTS5's shadow tables (from pragma_table_list, which reads every
// table's definition: the reference schema needs it, a checked database does not, as
// only the reference's mark is compared).
func (d *DB) schema(withShadow bool) ([]schemaObject, error) {
	var shadows []string
	if withShadow {
		var err error
		shadows, err = d.QueryStrings(`SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'shadow'`)
		if err != nil {
			return nil, err
		}
	}
	s, _, err := d.conn.Prepare(`SELECT type, name, tbl_name, coalesce(sql, '')
		FROM sqlite_schema WHERE name NOT LIKE 'sqlite\_stat%' ESCAPE '\' ORDER BY name`)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	var out []schemaObject
	for s.Step() {
		name := s.ColumnText(1)
		out = append(out, schemaObject{typ: s.ColumnText(0), name: name, table: s.ColumnText(2),
			sql: s.ColumnText(3), shadow: slices.Contains(shadows, name)})
	}
	return out, s.Err()
}

// referenceSchema returns the schema the migrations make at version v.
func referenceSchema(v int) ([]schemaObject, error) {
	if o, ok := references.Load(v); ok {
		return o.([]schemaObject), nil
	}
	if o, ok := embeddedReference(v); ok { // schema_ref.go: no database built
		references.Store(v, o)
		return o, nil
	}
	o, err := buildReference(v)
	if err != nil {
		return nil, err
	}
	references.Store(v, o)
	return o, nil
}

// buildReference builds the schema of version v in a new in-memory database, as the
// migrations (and schema_fresh.sql) make it.
func buildReference(v int) ([]schemaObject, error) {
	conn, err := sqlite3.Open("file::memory:")
	if err != nil {
		return nil, err
	}
	ref := &DB{conn: conn, stmts: map[string]*sqlite3.Stmt{}, path: ":memory:"}
	defer ref.Close()
	if err := ref.migrateTo(v, false); err != nil {
		return nil, fmt.Errorf("building schema version %d: %w", v, err)
	}
	return ref.schema(true)
}

// normalizeSQL collapses runs of white space, so that re-indenting a migration's text is
// not a schema change.
func normalizeSQL(s string) string { return strings.Join(strings.Fields(s), " ") }
