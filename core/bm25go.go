package core

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/memcore/memcore/core/internal/store"
	"github.com/memcore/memcore/core/internal/text"
)

// BM25 computed in Go for a namespace alone in the database (issue 15, recall per call).
//
// FTS5's ranked query (`ORDER BY -bm25(…)`) was most of a recall: bm25() reads each
// match's column sizes from %_docsize and, once per query and term, walks the term's
// whole doclist to count the rows that hold it — all of it SQLite's C translated to Go
// by wasm2go and compiled to wasm again in the js build, where the same ranked query
// costs 5–6× what sqlite-wasm's does (docs/BENCHMARKS.md, "Issue 15, third round").
// FTS5's unranked MATCH is a fraction of that. So recall asks FTS5 only for the matching
// rows (store.MatchAllMemories: every match, with whether it passes the filter) and
// scores them here with FTS5's own formula (nsScorer, nsbm25.go) and FTS5's own inputs:
// N and the total token count from FTS5's averages record (store.MemoryFTSTotals; not
// fts_stats, which counts what is live where FTS5's totals keep counting rows after
// deletes), each term's document frequency counted over the matches (the OR of the
// query's terms returns every row that holds any of them, which is what FTS5 counts),
// and each row's term frequencies and length from its indexed tokens (ftsDoc). The
// scores are FTS5's to the bit and the order is the ranked statement's (score, then
// rowid), so the candidates are the same (TestBM25Go_sameAsFTS5).
//
// Tokenizing a row (ftsDoc: normalisation, the tokenizer, the stemmer) is what costs in
// Go, so each row's terms are kept (bm25GoState.docs) under the row's text itself: a
// recall tokenizes only rows it has not seen in that form, and an edited row is a new key.
//
// It reads every match, so its cost grows with the matches where the ranked query joins
// only the best pool·4 rows; above bm25GoMaxRows rows in the namespace recall ranks in
// FTS5 as before. Queries of stopwords only (which match nearly every row) and a
// database shared by several namespaces (rescored per namespace, nsbm25.go) keep their
// own paths.
//
// Outside a transaction and for recall's usual filter (expiry and supersession), the
// in-memory index (bm25index.go) serves the same namespaces, and larger ones up to
// bm25IndexMaxRows, without asking FTS5 for the matches at all; this path remains for
// the other filters and inside transactions.

// bm25GoMaxRows is the largest namespace (memories in memories_fts) whose recall scores
// BM25 in Go: the largest measured (docs/BENCHMARKS.md, "Issue 15, third round": in Node,
// CPU per recall 0.8× FTS5's ranking at 1k memories, 0.9× at 10k). A variable only so
// that TestBM25Index_randomOpsLarge can test a namespace above it without building
// 10,000 memories in `make test`; nothing else sets it.
var bm25GoMaxRows int64 = 10000

// bm25GoCacheBytes bounds the text kept as keys of bm25GoState.docs; past it the cache
// starts again empty.
const bm25GoCacheBytes = 8 << 20

// bm25GoState is the engine's state for BM25 in Go; the engine's lock guards it.
type bm25GoState struct {
	// inFTS5 makes recall rank in FTS5 even where it would score BM25 in Go; tests set
	// it to compare the two.
	inFTS5 bool
	// noIndex makes recall skip the in-memory index (bm25index.go) and ask FTS5 for the
	// matches; tests set it to compare the two.
	noIndex bool
	idx     *memIndex            // the in-memory index of one namespace, or nil
	synced  bool                 // this recall's candidates came from idx, just synced
	docs    map[string]*docTerms // by the row's text (docKey)
	bytes   int                  // the keys' length in all
	key     []byte               // scratch for docKey
}

// docTerms is one row's indexed tokens as BM25 needs them: its length in tokens and its
// distinct stems with their count per column.
type docTerms struct {
	dl    int
	terms []docTerm
}

type docTerm struct {
	stem string
	n    [3]int // occurrences in title, subject, content
}

// useBM25Go says whether recall of tokens in a namespace with statistics st scores BM25
// in Go: the namespace holds every row of memories_fts (so FTS5's statistics are its
// own), at most bm25GoMaxRows of them, and the query is not of stopwords only.
func (e *Engine) useBM25Go(st store.BM25Stats, tokens []string) bool {
	return !e.bm25go.inFTS5 && st.Rows > 0 && st.Rows == st.TableRows && st.Rows <= bm25GoMaxRows && !text.CommonOnly(tokens)
}

// matchLexicalGo returns the best pool memories of ns matching tokens (FTS5 expression
// match) and passing f, by BM25 with weights w, best first, partial (Recall reads its
// hits whole with fillHits).
func (e *Engine) matchLexicalGo(ns, match string, tokens []string, f store.Filter, w store.Weights, pool int) ([]store.Candidate, error) {
	weights := [3]float64{w.Title, w.Subject, w.Content}
	stems := make([]string, len(tokens))
	for i, t := range tokens {
		stems[i] = text.Stem(t)
	}
	np := len(tokens)
	var (
		rows []store.ScoreFields // the passing rows
		freq []float64           // rows[r]'s term frequencies at freq[r*np:]
		dl   []int
	)
	df := make([]int64, np)
	err := e.db.MatchAllMemories(ns, match, f, func(row *store.MatchedRow) error {
		d, err := e.bm25go.terms(&row.Text)
		if err != nil {
			return fmt.Errorf("memory row %d: %w", row.Rowid, err)
		}
		at := len(freq)
		if row.Pass {
			rows, dl = append(rows, row.Fields()), append(dl, d.dl)
			freq = append(freq, make([]float64, np)...)
		}
		for i, q := range stems {
			for _, dt := range d.terms {
				if dt.stem != q {
					continue
				}
				df[i]++ // the row holds the term (a stem is in d.terms only if it occurs)
				if row.Pass {
					// FTS5 adds a column's weight once per occurrence, column by
					// column: so here, for the same sum to the bit.
					for col := range 3 {
						for range dt.n[col] {
							freq[at+i] += weights[col]
						}
					}
				}
				break // d.terms holds each stem once
			}
		}
		return nil
	})
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	tot, err := e.db.MemoryFTSTotals()
	if err != nil {
		return nil, err
	}
	if tot.Rows <= 0 || tot.Tokens <= 0 {
		// FTS5's averages record says the table is empty while rows matched: bm25()
		// would report the index as corrupt; let FTS5 rank and say so.
		return e.matchLexicalFTS(ns, match, tokens, f, w, pool, false)
	}
	sc := newNSScorer(tokens, df, store.BM25Stats{Rows: tot.Rows, Tokens: tot.Tokens, TableRows: tot.Rows}, weights[:])
	type scored struct {
		r    int
		bm25 float64
	}
	out := make([]scored, len(rows))
	for r := range rows {
		out[r] = scored{r, sc.scoreFreq(freq[r*np:(r+1)*np], dl[r])}
	}
	// Best first; ties in rowid order, as the ranked statement returns them (its sorter
	// keeps the order in which FTS5 produced the rows).
	slices.SortStableFunc(out, func(a, b scored) int {
		switch {
		case a.bm25 > b.bm25:
			return -1
		case a.bm25 < b.bm25:
			return 1
		}
		return 0
	})
	cands := make([]store.Candidate, min(len(out), pool))
	for i := range cands {
		cands[i] = rows[out[i].r].Candidate(ns)
		cands[i].BM25 = out[i].bm25
	}
	return cands, nil
}

// terms returns the indexed terms of the row whose text is t, from the cache or by
// tokenizing it as the row was indexed (ftsDoc).
func (s *bm25GoState) terms(t *store.MatchedText) (*docTerms, error) {
	return s.termsOf(t, true)
}

// termsOf is terms, keeping what it tokenizes in the cache only when keep: a build of
// the in-memory index reads every row once, and caching them all would hold each row's
// terms twice (at 100,000 memories the cache's values alone ran to tens of MB).
func (s *bm25GoState) termsOf(t *store.MatchedText, keep bool) (*docTerms, error) {
	// The key is each field's length (+1; 0: NULL) and bytes: fields are told apart
	// whatever they hold.
	k := s.key[:0]
	for _, b := range [][]byte{t.Title, t.Content, t.Subject, t.Predicate, t.Tags, t.Card} {
		if b == nil {
			k = binary.AppendUvarint(k, 0)
			continue
		}
		k = binary.AppendUvarint(k, uint64(len(b))+1)
		k = append(k, b...)
	}
	s.key = k
	if d, ok := s.docs[string(k)]; ok {
		return d, nil
	}
	m := &Memory{Title: string(t.Title), Content: string(t.Content), Subject: string(t.Subject), Predicate: string(t.Predicate)}
	if len(t.Tags) > 0 && string(t.Tags) != "[]" {
		if err := json.Unmarshal(t.Tags, &m.Tags); err != nil {
			return nil, fmt.Errorf("tags: %w", err)
		}
	}
	if t.Card != nil {
		m.Card = new(Card)
		if err := json.Unmarshal(t.Card, m.Card); err != nil {
			return nil, fmt.Errorf("card: %w", err)
		}
	}
	doc := ftsDoc(m)
	d := &docTerms{}
	for col, s := range []string{doc.Title, doc.Subject, doc.Content} {
		for _, tok := range strings.Fields(s) {
			d.dl++
			st := text.Stem(tok)
			i := slices.IndexFunc(d.terms, func(x docTerm) bool { return x.stem == st })
			if i < 0 {
				i = len(d.terms)
				d.terms = append(d.terms, docTerm{stem: st})
			}
			d.terms[i].n[col]++
		}
	}
	if !keep {
		return d, nil
	}
	if s.docs == nil || s.bytes+len(k) > bm25GoCacheBytes {
		s.docs, s.bytes = map[string]*docTerms{}, 0
	}
	s.docs[string(k)] = d
	s.bytes += len(k)
	return d, nil
}
