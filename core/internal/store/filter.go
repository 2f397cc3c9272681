package store

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/memcore/memcore/core/internal/record"
)

// Filter selects memories of one namespace. Empty slices and nil pointers mean "any".
type Filter struct {
	Types             []string
	Tags              []string // any of
	Tier              string
	CreatedAfter      *time.Time // inclusive
	CreatedBefore     *time.Time // exclusive
	Now               time.Time  // for expiry
	IncludeExpired    bool
	IncludeSuperseded bool
	// Metadata, a JSON object, matches the memories whose metadata has each of its
	// top-level keys with an equal value (same JSON type and value); "" means any.
	Metadata string
}

// filterSQL is the WHERE clause every memory query shares; filterArgs binds it. The JSON
// arrays let one static statement take any number of types and tags.
const filterSQL = ` m.namespace = ?
	AND (? IS NULL OR m.type IN (SELECT value FROM json_each(?)))
	AND (? IS NULL OR EXISTS (SELECT 1 FROM json_each(m.tags) t
		WHERE t.value IN (SELECT value FROM json_each(?))))
	AND (? = '' OR m.tier = ?)
	AND (? IS NULL OR m.created_at >= ?)
	AND (? IS NULL OR m.created_at < ?)
	AND (? OR m.expires_at IS NULL OR m.expires_at > ?)
	AND (? OR m.superseded_by IS NULL)
	AND (? IS NULL OR NOT EXISTS (SELECT 1 FROM json_each(?) f WHERE NOT EXISTS (
		SELECT 1 FROM json_each(m.metadata) g
		WHERE g.key = f.key AND g.type = f.type AND g.value IS f.value))) `

// filterArgs returns the arguments of filterSQL in placeholder order; a value tested
// twice ("IS NULL OR …") is passed twice.
func filterArgs(ns string, f Filter) []any {
	types, tags := jsonList(f.Types), jsonList(f.Tags)
	after, before := msp(f.CreatedAfter), msp(f.CreatedBefore)
	var meta any
	if f.Metadata != "" {
		meta = f.Metadata
	}
	return []any{ns, types, types, tags, tags, f.Tier, f.Tier, after, after, before, before,
		f.IncludeExpired, ms(f.Now), f.IncludeSuperseded, meta, meta}
}

func jsonList(v []string) any {
	if len(v) == 0 {
		return nil
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// ListMemories returns the memories matching f, newest first, at most limit, starting
// after the id cursor (exclusive; "" starts at the newest).
func (d *DB) ListMemories(ns string, f Filter, cursor string, limit int) ([]*record.Memory, error) {
	s, err := d.prepare(`SELECT ` + memCols + ` FROM memories m WHERE ` + filterSQL +
		` AND (? = '' OR m.id < ?) ORDER BY m.id DESC LIMIT ?`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	args := append(filterArgs(ns, f), cursor, cursor, limit)
	if err := bind(s, args...); err != nil {
		return nil, err
	}
	var out []*record.Memory
	for s.Step() {
		m, err := scanMemory(s, 0)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, s.Err()
}

// MatchingIDs returns the ids of every memory matching f (for forget by filter).
func (d *DB) MatchingIDs(ns string, f Filter) ([]string, error) {
	s, err := d.prepare(`SELECT m.id FROM memories m WHERE ` + filterSQL + ` ORDER BY m.id`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, filterArgs(ns, f)...); err != nil {
		return nil, err
	}
	var out []string
	for s.Step() {
		out = append(out, s.ColumnText(0))
	}
	return out, s.Err()
}

// Weights are the BM25 column weights of memories_fts (title, subject, content).
type Weights struct{ Title, Subject, Content float64 }

// Candidate is a memory that matched an FTS query, with FTS5's bm25 (lower is better;
// negated here so that higher is better).
type Candidate struct {
	Memory *record.Memory
	BM25   float64
	// Rowid and Partial: a candidate of MatchMemoryScores has only what recall scores
	// with (id, namespace, importance, updatedAt, lastAccessedAt, accessCount) until
	// MemoryByRowid reads the rest.
	Rowid   int64
	Partial bool
}

// MatchMemories runs the FTS5 expression match (built from quoted tokens only) against
// the namespace's memories passing f, best BM25 first, at most limit.
//
// It first ranks inside FTS5 alone and joins only the best matchHeadroom·limit rows to
// their memories: joining every match to its row and sorting whole rows is what makes a
// common word slow at 100k memories. Those rows hold the true best `limit` whenever at
// least `limit` of them pass the filters (every row outside scores lower); otherwise —
// another namespace or the filters took most of them — the full query runs.
func (d *DB) MatchMemories(ns, match string, f Filter, w Weights, limit int) ([]Candidate, error) {
	return d.matchRanked(false, ns, match, f, w, limit)
}

// MatchMemoryScores is MatchMemories with partial candidates (Candidate.Partial): the
// same rows in the same order, each with only the columns recall scores with. Recall
// reads the pool's rows this way and whole rows for the hits it keeps (issue 15: reading
// and decoding 22 columns of every pool row was about half of recall's SQLite VM steps,
// and a pool is 5× the hits).
func (d *DB) MatchMemoryScores(ns, match string, f Filter, w Weights, limit int) ([]Candidate, error) {
	return d.matchRanked(true, ns, match, f, w, limit)
}

func (d *DB) matchRanked(partial bool, ns, match string, f Filter, w Weights, limit int) ([]Candidate, error) {
	head := matchHeadroom * limit
	cols := candCols(partial)
	// CROSS JOIN keeps the ranked FTS rows as the outer loop: with a plain JOIN the
	// planner may scan the memories table instead.
	out, err := d.matchMemories(partial, `WITH top AS (
		SELECT rowid, -bm25(memories_fts, ?, ?, ?) AS r FROM memories_fts
		WHERE memories_fts MATCH ? ORDER BY r DESC LIMIT `+fmt.Sprint(head)+`)
		SELECT `+cols+`, top.r FROM top CROSS JOIN memories m ON m.rowid = top.rowid
		WHERE `+filterSQL+` ORDER BY top.r DESC LIMIT `+fmt.Sprint(limit), ns, match, f, w)
	if err != nil || len(out) >= limit {
		return out, err
	}
	n, err := d.countMatches("memories_fts", match, head)
	if err != nil || n < head {
		return out, err // the head held every match: nothing was cut off
	}
	return d.matchMemories(partial, `SELECT `+cols+`, -bm25(memories_fts, ?, ?, ?) AS r
		FROM memories_fts CROSS JOIN memories m ON m.rowid = memories_fts.rowid
		WHERE memories_fts MATCH ? AND `+filterSQL+` ORDER BY r DESC LIMIT `+fmt.Sprint(limit), ns, match, f, w)
}

// matchHeadroom is how many times the wanted rows are ranked inside FTS5 before the
// join (see MatchMemories).
const matchHeadroom = 4

// matchMemories runs one of MatchMemories' statements. Their LIMITs are written into the
// SQL, not bound: a bound LIMIT over the FTS5 table makes SQLite re-prepare the statement
// at every execution (the planner looks at the value), which cost ~0.15 ms natively and
// more in wasm per recall (docs/WASM.md). One cached statement per limit.
func (d *DB) matchMemories(partial bool, sql, ns, match string, f Filter, w Weights) ([]Candidate, error) {
	return d.candidates(partial, sql, append([]any{w.Title, w.Subject, w.Content, match}, filterArgs(ns, f)...)...)
}

// scoreCols are the columns of a partial candidate (MatchMemoryScores).
const scoreCols = `m.rowid, m.id, m.namespace, m.importance, m.updated_at, m.last_accessed_at, m.access_count`

// scoreColCount is the number of columns in scoreCols.
const scoreColCount = 7

func candCols(partial bool) string {
	if partial {
		return scoreCols
	}
	return memCols
}

// candidates runs a statement that selects memCols (scoreCols when partial) and then a
// score, bound to args.
func (d *DB) candidates(partial bool, sql string, args ...any) ([]Candidate, error) {
	s, err := d.prepare(sql)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, args...); err != nil {
		return nil, err
	}
	var out []Candidate
	for s.Step() {
		if partial {
			m := &record.Memory{ID: s.ColumnText(1), Namespace: s.ColumnText(2), Importance: s.ColumnFloat(3),
				UpdatedAt: fromMS(s.ColumnInt64(4)), LastAccessedAt: nullTime(s, 5), AccessCount: s.ColumnInt64(6)}
			out = append(out, Candidate{Memory: m, BM25: s.ColumnFloat(scoreColCount), Rowid: s.ColumnInt64(0), Partial: true})
			continue
		}
		m, err := scanMemory(s, 0)
		if err != nil {
			return nil, err
		}
		out = append(out, Candidate{Memory: m, BM25: s.ColumnFloat(memColCount)})
	}
	return out, s.Err()
}

// MemoryByRowid returns the whole memory of a partial candidate (nil when it is gone).
func (d *DB) MemoryByRowid(rowid int64) (*record.Memory, error) {
	s, err := d.prepare(`SELECT ` + memCols + ` FROM memories m WHERE m.rowid = ?`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, rowid); err != nil {
		return nil, err
	}
	if !s.Step() {
		return nil, s.Err()
	}
	return scanMemory(s, 0)
}

// countMatches counts the rows of the full-text table fts (memories_fts, turns_fts)
// matching match, up to max. It runs rarely (a ranked head that was cut off), so its
// bound LIMIT, which makes SQLite prepare the statement again, costs little.
func (d *DB) countMatches(fts, match string, max int) (int, error) {
	n, err := d.queryInt(`SELECT count(*) FROM (SELECT 1 FROM `+fts+` WHERE `+fts+` MATCH ? LIMIT ?)`, match, max)
	return int(n), err
}
