package store

import (
	"github.com/ncruces/go-sqlite3"
)

// Watching the memories table for recall's in-memory index (core/bm25index.go, issue 15).
//
// The engine keeps, for a namespace alone in the database, the postings and scoring
// fields of its memories in Go memory, so that a recall asks SQLite for no MATCH. That
// copy must follow every write to the memories table whatever wrote it: the engine's own
// statements (remember, update, forget, supersede, expiry, import, restore, lifecycle,
// history undo, heat), a foreign-key cascade or trigger, or another connection to the
// same file. SQLite's update hook reports each row this connection inserts, updates or
// deletes in a rowid table, triggers and cascades included; PRAGMA data_version moves
// when another connection commits. A rolled-back transaction reports no undo, but its
// rows were reported when they were written, and they are read again only outside a
// transaction (MemoryWrites refuses inside one), when they hold what was committed.
// The update hook misses two kinds of deletes — the truncate optimisation (DELETE
// without WHERE) and REPLACE conflicts — which no statement of memcore's on memories
// uses; the backup API (Restore) reports nothing either, so Restore resets the watch.

// memWatchMax is how many distinct rows may wait before the watch gives up listing them
// and reports a reset instead (a bulk write: rebuilding is then cheaper than patching).
const memWatchMax = 4096

// memWatch is the state of MemoryWrites; the DB's user (the engine's lock) guards it.
type memWatch struct {
	hooked      bool
	dataVersion int64
	dirty       map[int64]struct{}
	overflow    bool // more than memWatchMax rows, or Restore: start again
}

// MemoryWrites returns the rowids of the memories this connection wrote since the last
// call (inserted, updated or deleted; each once, in no order), or reset when the caller
// must assume every row changed: at the first call, after another connection
// committed, after Restore, after a bulk write. ok is false inside a transaction, where
// rows may yet roll back: then the caller must not read them into anything kept, and
// the rows stay listed for the next call.
func (d *DB) MemoryWrites() (rowids []int64, reset, ok bool, err error) {
	if d.inTx || !d.conn.GetAutocommit() {
		return nil, false, false, nil
	}
	w := &d.mw
	if !w.hooked {
		w.hooked, w.overflow = true, true
		d.conn.UpdateHook(func(_ sqlite3.AuthorizerActionCode, schema, table string, rowid int64) {
			if table != "memories" || schema != "main" || w.overflow {
				return
			}
			if w.dirty == nil {
				w.dirty = map[int64]struct{}{}
			}
			w.dirty[rowid] = struct{}{}
			if len(w.dirty) > memWatchMax {
				w.overflow, w.dirty = true, nil
			}
		})
	}
	dv, err := d.pragmaInt("data_version")
	if err != nil {
		return nil, false, false, err
	}
	if dv != w.dataVersion || w.overflow {
		w.dataVersion, w.overflow, w.dirty = dv, false, nil
		return nil, true, true, nil
	}
	for r := range w.dirty {
		rowids = append(rowids, r)
	}
	w.dirty = nil
	return rowids, false, true, nil
}

// resetMemWatch makes the next MemoryWrites report a reset and hook the connection
// again: Restore replaced the pages under the connection without reporting rows, and an
// in-memory database's restore swaps in another connection, which has no hook yet.
func (d *DB) resetMemWatch() { d.mw = memWatch{overflow: true} }

// IndexRow is one memory as recall's in-memory index keeps it: what BM25 in Go, recall's
// expiry and supersession filter and its scoring read. Text is valid only during the
// callback it is given to.
type IndexRow struct {
	Fields     ScoreFields
	Namespace  string
	ExpiresMS  int64
	HasExpires bool
	Superseded bool
	Text       MatchedText
}

// Live says whether the row passes recall's usual filter (f with OnlyExpiry true): not
// expired at f.Now unless f.IncludeExpired, not superseded unless f.IncludeSuperseded —
// what MatchAllMemories' short expression tests.
func (r *IndexRow) Live(f Filter) bool {
	return (f.IncludeExpired || !r.HasExpires || r.ExpiresMS > ms(f.Now)) && (f.IncludeSuperseded || !r.Superseded)
}

// OnlyExpiry says whether f tests nothing but expiry and supersession (and the
// namespace): the filter recall's in-memory index can apply itself (IndexRow.Live).
func (f Filter) OnlyExpiry() bool { return simpleFilter(f) }

const indexRowCols = scoreCols + `, m.expires_at, m.superseded_by IS NOT NULL,
	m.title, m.content, m.subject, m.predicate, m.tags, m.card`

// ScanIndexRows calls each for every memory of namespace ns, in rowid order.
func (d *DB) ScanIndexRows(ns string, each func(r *IndexRow) error) error {
	return d.indexRows(`SELECT `+indexRowCols+` FROM memories m WHERE m.namespace = ? ORDER BY m.rowid`, ns, each)
}

// IndexRowByRowid calls each with the memory of rowid, if there is one, and says
// whether there was.
func (d *DB) IndexRowByRowid(rowid int64, each func(r *IndexRow) error) (bool, error) {
	found := false
	err := d.indexRows(`SELECT `+indexRowCols+` FROM memories m WHERE m.rowid = ?`, rowid, func(r *IndexRow) error {
		found = true
		return each(r)
	})
	return found, err
}

func (d *DB) indexRows(sql string, arg any, each func(r *IndexRow) error) error {
	s, err := d.prepare(sql)
	if err != nil {
		return err
	}
	defer s.Reset()
	if err := bind(s, arg); err != nil {
		return err
	}
	for s.Step() {
		const o = scoreColCount
		r := IndexRow{Namespace: s.ColumnText(2), Superseded: s.ColumnBool(o + 1),
			Fields: ScoreFields{Rowid: s.ColumnInt64(0), ID: s.ColumnText(1), Importance: s.ColumnFloat(3),
				UpdatedMS: s.ColumnInt64(4), AccessCount: s.ColumnInt64(6)},
			Text: MatchedText{Title: s.ColumnRawText(o + 2), Content: s.ColumnRawText(o + 3), Subject: s.ColumnRawText(o + 4),
				Predicate: s.ColumnRawText(o + 5), Tags: s.ColumnRawText(o + 6), Card: s.ColumnRawText(o + 7)}}
		if s.ColumnType(5) != sqlite3.NULL {
			r.Fields.LastAccessMS, r.Fields.HasLastAccess = s.ColumnInt64(5), true
		}
		if s.ColumnType(o) != sqlite3.NULL {
			r.ExpiresMS, r.HasExpires = s.ColumnInt64(o), true
		}
		if err := each(&r); err != nil {
			return err
		}
	}
	return s.Err()
}

// MemoryWritesPending says whether this connection wrote memories rows since the last
// MemoryWrites (or the watch must reset): what recall's cache of hit rows checks before
// it answers (core/bm25index_hits.go).
func (d *DB) MemoryWritesPending() bool { return !d.mw.hooked || d.mw.overflow || len(d.mw.dirty) > 0 }
