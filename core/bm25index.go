package core

import (
	"fmt"

	"github.com/memcore/memcore/core/internal/store"
)

// Recall's in-memory index (issue 15, items 1 and 2: recall per call).
//
// BM25 computed in Go (bm25go.go) still asked FTS5 for every match of the query: an
// unranked MATCH, in the wasm builds 2–2.5× a whole recall of sqlite-wasm's. For a
// namespace alone in the database and at most bm25IndexMaxRows memories, the engine keeps
// instead, in Go memory, what that path read per match: each memory's indexed terms
// (postings: term → rows, with the term's count per column), its length in tokens, and
// the fields recall's usual filter and its scoring read (expiry, supersession, id,
// importance, times, access count). A recall then asks SQLite only for FTS5's totals
// (one row) and, afterwards, the hits' whole rows (fillHits): no MATCH at all.
//
// The scores are the Go path's, so FTS5's to the bit: the same formula (nsScorer), N and
// the token total from FTS5's averages record read at each recall, each term's document
// frequency the length of its postings (every row of the namespace, which is every row
// of the table, as FTS5 counts), each row's frequencies summed column by column in the
// same order. Ties go in rowid order, as the ranked statement returns them. A query of
// stopwords only ranks the newest max(commonQueryScan, 10·pool) passing matches, as
// store.MatchMemoryScoresNewest does: the same hits as before, without asking FTS5.
//
// The index follows every write: store.MemoryWrites lists the rows this connection
// wrote (SQLite's update hook) and reports a reset when another connection committed
// (data_version), after a restore or a bulk write; the listed rows are read again and
// patched in, a reset rebuilds. Inside a transaction (rows may roll back) and for
// filters other than expiry and supersession the Go path (matchLexicalGo) runs instead.
// One namespace is indexed at a time: the index serves only a namespace alone in the
// database, and at most bm25IndexMaxRows rows (docs/SCORING.md gives its bytes; its
// layout is bm25index_layout.go's, its build bm25index_build.go's).

// memIndex is the in-memory index of one namespace's memories.
type memIndex struct {
	ns       string
	bad      bool // a row cannot be indexed (a term counted past 65535): not used until a write
	rows     []idxRow
	free     []int32              // slots of rows that left
	slot     map[int64]int32      // rowid → slot
	dict     map[string]int32     // stem → term
	post     [][]uint32           // by term: the rows holding it (slot<<8 | counts' code), in no order
	tmax     [][3]uint16          // by term: its largest count per column in any row (a bound)
	big      map[uint64][3]uint16 // counts too large for a code, by slot and term (bm25index_layout.go)
	hit      []int32              // scratch, by slot: 1 + the row's place among a query's matches
	freq     []float64            // scratch: the matches' weighted term frequencies
	seen     []int32              // scratch: the matched slots
	cutTerms int                  // queries' terms that added no new rows (maxScoreCut), for tests
	noCut    bool                 // tests and benchmarks: never cut
	// whole holds the whole rows of hits recall read (bm25index_hits.go), by rowid.
	whole map[int64]*Memory
}

// idxRow is one memory in the index; rowid 0 marks a free slot.
type idxRow struct {
	f          store.ScoreFields
	expiresMS  int64
	hasExpires bool
	superseded bool
	dl         int32
	terms      []uint32 // its distinct terms (id<<8 | counts' code), in the order of docTerms
}

func (r *idxRow) live(f store.Filter) bool {
	return (f.IncludeExpired || !r.hasExpires || r.expiresMS > f.Now.UnixMilli()) && (f.IncludeSuperseded || !r.superseded)
}

// matchLexicalIndex is matchLexical for a namespace the in-memory index serves; ok is
// false when it does not (then nothing was done).
func (e *Engine) matchLexicalIndex(ns string, tokens []string, st store.BM25Stats, f store.Filter, w store.Weights, pool int) (_ []store.Candidate, ok bool, err error) {
	if e.bm25go.inFTS5 || e.bm25go.noIndex || st.Rows <= 0 || st.Rows != st.TableRows || st.Rows > bm25IndexMaxRows || !f.OnlyExpiry() {
		return nil, false, nil
	}
	x, err := e.syncIndex(ns, int(st.Rows))
	if err != nil || x == nil {
		return nil, false, err
	}
	e.bm25go.synced = true // bm25index_hits.go
	tot, err := e.db.MemoryFTSTotals()
	if err != nil {
		return nil, true, err
	}
	if tot.Rows <= 0 || tot.Tokens <= 0 {
		return nil, false, nil // the Go path lets FTS5 say what is wrong
	}
	c, err := x.match(ns, tokens, f, [3]float64{w.Title, w.Subject, w.Content}, pool, tot)
	return c, true, err
}

// syncIndex brings the index of ns (of about rows memories) up to date with the
// database and returns it; nil when it cannot serve now (inside a transaction, or a row
// it cannot hold).
func (e *Engine) syncIndex(ns string, rows int) (*memIndex, error) {
	rowids, reset, ok, err := e.db.MemoryWrites()
	if err != nil || !ok {
		return nil, err
	}
	x := e.bm25go.idx
	if reset || x == nil || x.ns != ns || (x.bad && len(rowids) > 0) {
		e.bm25go.idx = nil
		var err error
		x, err = e.buildIndex(ns, rows) // bm25index_build.go
		if err != nil && !x.bad {
			return nil, err
		}
		e.bm25go.idx = x
	} else {
		for _, rowid := range rowids {
			if err := e.indexPatch(x, rowid); err != nil {
				e.bm25go.idx = nil // rebuilt at the next recall
				return nil, err
			}
			if x.bad {
				break
			}
		}
	}
	if x.bad {
		return nil, nil
	}
	return x, nil
}

// bm25IndexMaxRows is the largest namespace (memories in memories_fts) the in-memory
// index serves. The layout and build hold 100,000 memories (docs/SCORING.md gives its
// bytes and its build's time, docs/BENCHMARKS.md its recalls in Node beside sqlite-wasm:
// p95 0.53x sqlite-wasm's), but there the first recall builds for 6.6 s in Node on a
// quiet machine (16-32 s under load; again after any reset, such as another
// connection's commit) and the process peaks ~90 MiB higher (347-363 MiB against the
// 250 MB of issue 15 item 4). So the engine serves up to 20,000 — a build of about a
// second, a few MB — and larger namespaces take FTS5's ranked path, as before.
const bm25IndexMaxRows = 20000

// idxScratchMax bounds the weighted frequencies (memIndex.freq, 8 bytes each) a recall
// leaves allocated for the next.
const idxScratchMax = 1 << 19

// errIndexHold stops a build: a row holds a term more than 65,535 times in one column,
// or the index would need 2^24 slots or terms (bm25index_layout.go).
var errIndexHold = fmt.Errorf("a row the in-memory index cannot hold")
