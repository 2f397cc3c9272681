package core

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/memcore/memcore/core/internal/store"
	"github.com/memcore/memcore/core/internal/text"
)

// Building the in-memory index from every row (the first recall, or after a reset).
//
// A build reads each memory once and tokenizes it as it was indexed (ftsDoc). Going
// through bm25GoState.terms — the Go path's per-row tokenizing, each token stemmed, its
// stem searched among the row's by string — cost ~340 µs of CPU a memory in the js build
// (Node runs it on Liftoff), so the first recall at 100,000 memories ran to tens of
// seconds; 60 % of it was the stemmer and string compares. A build instead keeps, while
// it runs, each distinct token's term id (idxBuild.ids): a token is stemmed and looked up
// in the dictionary once per build, not once per occurrence, and a row's terms are
// counted by id. The terms, their order (first occurrence: title, subject, content) and
// counts are the same as docTerms' (TestBM25Index_buildSameAsTerms).

// idxBuild is the scratch of one build.
type idxBuild struct {
	ids  map[string]int32 // token → term id in the index's dictionary
	df   []int32          // by term id: the rows holding it so far
	row  []buildTerm      // the row being added: its terms in order of first occurrence
	cols [3][]string      // scratch for the row's tokens, by column
	memo Memory           // scratch for the row's fields
}

type buildTerm struct {
	id int32
	n  [3]int
}

// buildIndex reads every row of ns (about rows of them) into a new index, in two
// passes that leave no garbage of postings: the first reads the rows, each with its
// terms and counts, and counts each term's rows; the second lays every posting list
// out in one array, each list sized to its rows (later rows append past its end into
// an array of its own), and fills them in slot order. The rows' table and the rowid map
// are sized beforehand. Each row's text is read in place, from SQLite's buffer.
func (e *Engine) buildIndex(ns string, rows int) (*memIndex, error) {
	rows = max(rows, 0)
	x := &memIndex{ns: ns, slot: make(map[int64]int32, rows), dict: map[string]int32{},
		rows: make([]idxRow, 0, rows), hit: make([]int32, 0, rows)}
	b := &idxBuild{ids: map[string]int32{}}
	err := e.db.ScanIndexRows(ns, func(r *store.IndexRow) error {
		if r.Namespace != x.ns {
			return nil
		}
		return x.addBuilt(b, r)
	})
	if err != nil {
		return x, err
	}
	total := 0
	for _, n := range b.df {
		total += int(n)
	}
	all := make([]uint32, total)
	at := 0
	for id, n := range b.df {
		x.post[id] = all[at : at : at+int(n)]
		at += int(n)
	}
	for s := range x.rows {
		for _, v := range x.rows[s].terms {
			id := v >> 8
			x.post[id] = append(x.post[id], uint32(s)<<8|v&0xFF)
		}
	}
	return x, nil
}

// termID returns the id of stem st in x's dictionary, adding it (a copy: st may be a
// view of SQLite's buffer).
func (x *memIndex) termID(b *idxBuild, st string) int32 {
	id, ok := x.dict[st]
	if !ok {
		id = int32(len(x.post))
		x.dict[strings.Clone(st)] = id
		x.post = append(x.post, nil)
		x.tmax = append(x.tmax, [3]uint16{})
		b.df = append(b.df, 0)
	}
	return id
}

// addBuilt adds row r (of x's namespace, not yet in x) to x during a build: its terms
// and counts, not yet its postings (buildIndex lays them out).
func (x *memIndex) addBuilt(b *idxBuild, r *store.IndexRow) error {
	m := &b.memo
	*m = Memory{Title: view(r.Text.Title), Content: view(r.Text.Content), Subject: view(r.Text.Subject), Predicate: view(r.Text.Predicate)}
	if len(r.Text.Tags) > 0 && string(r.Text.Tags) != "[]" {
		if err := json.Unmarshal(r.Text.Tags, &m.Tags); err != nil {
			return fmt.Errorf("memory row %d: tags: %w", r.Fields.Rowid, err)
		}
	}
	if r.Text.Card != nil {
		m.Card = new(Card)
		if err := json.Unmarshal(r.Text.Card, m.Card); err != nil {
			return fmt.Errorf("memory row %d: card: %w", r.Fields.Rowid, err)
		}
	}
	if len(x.post) >= tfMaxID-1<<16 || len(x.rows) >= tfMaxID {
		x.bad = true
		return errIndexHold
	}
	b.row = b.row[:0]
	dl := 0
	b.ftsColumns(m)
	for col, toks := range b.cols {
		for _, tok := range toks {
			if !plainToken(tok) {
				// What strings.Fields would make of it in docTerms (a token the
				// tokenizer left whitespace in, which it does not): each piece.
				for _, p := range strings.Fields(tok) {
					dl++
					b.count(x, p, col)
				}
				continue
			}
			dl++
			b.count(x, tok, col)
		}
	}
	s := int32(len(x.rows))
	row := idxRow{f: r.Fields, expiresMS: r.ExpiresMS, hasExpires: r.HasExpires, superseded: r.Superseded,
		dl: int32(dl), terms: make([]uint32, len(b.row))}
	for k, t := range b.row {
		var n [3]uint16
		for c, v := range t.n {
			if !fitsCount(v) {
				x.bad = true
				return errIndexHold
			}
			n[c] = uint16(v)
			x.tmax[t.id][c] = max(x.tmax[t.id][c], n[c])
		}
		_, row.terms[k] = x.pair(s, uint32(t.id), n)
		b.df[t.id]++
	}
	x.rows = append(x.rows, row)
	x.hit = append(x.hit, 0)
	x.slot[r.Fields.Rowid] = s
	return nil
}

// view is b as a string without a copy: valid only while b is (here, until the scan's
// next row), so nothing of it may be kept (termID and count keep copies).
func view(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// count counts one occurrence of token tok in column col of the row being built.
func (b *idxBuild) count(x *memIndex, tok string, col int) {
	id, ok := b.ids[tok]
	if !ok {
		id = x.termID(b, text.Stem(tok))
		b.ids[strings.Clone(tok)] = id
	}
	for k := range b.row {
		if b.row[k].id == id {
			b.row[k].n[col]++
			return
		}
	}
	b.row = append(b.row, buildTerm{id: id})
	b.row[len(b.row)-1].n[col]++
}

// ftsColumns puts in b.cols the tokens of m's three indexed columns (title, subject,
// content) as ftsDoc joins them.
func (b *idxBuild) ftsColumns(m *Memory) {
	b.cols[0] = text.AppendTokens(b.cols[0][:0], m.Title)
	subj := text.AppendTokens(b.cols[1][:0], m.Subject)
	subj = text.AppendTokens(subj, m.Predicate)
	for _, t := range m.Tags {
		subj = text.AppendTokens(subj, t)
	}
	content := text.AppendTokens(b.cols[2][:0], m.Content)
	if k := m.Card; k != nil {
		subj = text.AppendTokens(subj, k.Person)
		subj = text.AppendTokens(subj, k.Relationship)
		content = text.AppendTokens(content, k.Backstory)
	}
	b.cols[1], b.cols[2] = subj, content
}

// plainToken says whether tok is one field for strings.Fields: not empty, no space.
func plainToken(tok string) bool {
	if tok == "" {
		return false
	}
	for i := 0; i < len(tok); i++ {
		c := tok[i]
		if c >= utf8.RuneSelf {
			return !strings.ContainsFunc(tok, unicode.IsSpace)
		}
		if c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' {
			return false
		}
	}
	return true
}
