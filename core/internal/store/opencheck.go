package store

import (
	"errors"
	"fmt"
)

// ErrDamaged is the failure of an open whose file says it is a memcore database but is
// not one as memcore made it: a schema version that does not match its tables, or a
// schema with objects memcore's has not (a trigger or a view someone added would run on
// the engine's writes and reads), or lacking some. Nothing is written to such a file.
var ErrDamaged = errors.New("not a sound memcore database")

// checkExisting checks, before anything is written, a file that already holds a memcore
// database: its schema objects must be exactly those of its schema version (checkSchema,
// the check restore makes). It reads sqlite_schema only, so it costs the same for a
// file of any size (docs/RELIABILITY.md has the figure); the pages of the tables are not
// read here: SQLite's integrity_check runs on restore, where the bytes come from
// elsewhere, not on every open. A fresh or empty file passes, and so does a file that
// is not memcore's or is newer (migrateTo refuses those, saying why).
func (d *DB) checkExisting() error {
	v, err := d.Version()
	if err != nil {
		return err
	}
	app, err := d.pragmaInt("application_id")
	if err != nil {
		return err
	}
	if app != applicationID || v > SchemaVersion {
		return nil
	}
	if v <= 0 {
		if d.hasTables() {
			// Migrating it would run memcore's CREATE statements over tables already there.
			return fmt.Errorf("%w: it carries memcore's application_id and tables but schema version %d", ErrDamaged, v)
		}
		return nil
	}
	if err := d.checkSchema(v); err != nil {
		var se *SnapshotError
		if errors.As(err, &se) {
			return fmt.Errorf("%w: %s", ErrDamaged, se.Reason)
		}
		return err
	}
	return nil
}
