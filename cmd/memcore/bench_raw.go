package main

// memcore bench, the raw FTS5 baseline: what a user would use instead of memcore.

import (
	"slices"
	"strings"
	"unicode"

	"github.com/ncruces/go-sqlite3"
	"github.com/ncruces/go-sqlite3/ext/fts5"

	"github.com/memcore/memcore/core"
)

// rawFTS is what a user would write without memcore: one FTS5 table with the default
// tokenizer (unicode61), the memory's text as its only column, queries as an OR of the
// query's words, ranked by FTS5's bm25.
type rawFTS struct {
	conn   *sqlite3.Conn
	insert func([]core.MemoryInput) error
	query  *sqlite3.Stmt
}

func openRaw(path string) (*rawFTS, error) {
	conn, err := sqlite3.Open("file:" + path)
	if err != nil {
		return nil, err
	}
	r := &rawFTS{conn: conn}
	// The same durability and page cache as memcore's file databases, so that the
	// comparison is of the indexing and querying, not of the pragmas.
	err = conn.Exec(`PRAGMA journal_mode=DELETE; PRAGMA synchronous=FULL; PRAGMA cache_size=-8192;`)
	if err == nil {
		err = conn.Exec(`CREATE VIRTUAL TABLE t USING fts5(content)`)
		if err != nil && strings.Contains(err.Error(), "no such module") {
			// fts5 is registered for every connection once memcore has opened one; a
			// baseline opened first registers it itself.
			if err = fts5.Register(conn); err == nil {
				err = conn.Exec(`CREATE VIRTUAL TABLE t USING fts5(content)`)
			}
		}
	}
	var ins *sqlite3.Stmt
	if err == nil {
		ins, _, err = conn.Prepare(`INSERT INTO t(content) VALUES (?)`)
	}
	if err == nil {
		r.query, _, err = conn.Prepare(`SELECT rowid, content FROM t WHERE t MATCH ? ORDER BY rank LIMIT 10`)
	}
	if err != nil {
		conn.Close()
		return nil, err
	}
	r.insert = func(ms []core.MemoryInput) (err error) {
		if err := conn.Exec(`BEGIN IMMEDIATE`); err != nil {
			return err
		}
		defer func() {
			if err != nil {
				conn.Exec(`ROLLBACK`)
			}
		}()
		for _, m := range ms {
			ins.BindText(1, m.Content)
			if err := ins.Exec(); err != nil {
				return err
			}
			ins.Reset()
		}
		return conn.Exec(`COMMIT`)
	}
	return r, nil
}

// search runs q as the OR of its words and returns the number of rows and the first
// row's content (it reads each row's content, as an application would).
func (r *rawFTS) search(q string) (n int, top string, err error) {
	expr := rawMatch(q)
	if expr == "" {
		return 0, "", nil
	}
	s := r.query
	defer s.Reset()
	if err := s.BindText(1, expr); err != nil {
		return 0, "", err
	}
	for s.Step() {
		c := s.ColumnText(1)
		if n == 0 {
			top = c
		}
		n++
	}
	return n, top, s.Err()
}

func (r *rawFTS) close() {
	r.query.Close()
	r.conn.Close()
}

// rawStopwords are the English function words a careful user drops from an OR query
// (memcore drops the same and more); without it "the" would match every memory.
var rawStopwords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an and are at be by did do does for from how i in
		is it of on or s the to was what when where which who whom why with you your`) {
		m[w] = true
	}
	return m
}()

// rawMatch splits q into words the way unicode61 does (letters and digits; a run of
// Chinese characters is one word), lowercases them, drops stopwords and quotes each.
func rawMatch(q string) string {
	words := strings.FieldsFunc(strings.ToLower(q), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsNumber(r)
	})
	var terms []string
	for _, w := range words {
		if !rawStopwords[w] && !slices.Contains(terms, `"`+w+`"`) {
			terms = append(terms, `"`+w+`"`)
		}
	}
	return strings.Join(terms, " OR ")
}
