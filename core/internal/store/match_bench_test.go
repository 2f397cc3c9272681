package store

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"
)

// The benchmarks below split recall's SQLite query (MatchMemories) natively: the whole
// query, its FTS5 part ranked with bm25() as MatchMemories ranks it, the same FTS5 match
// unranked, and preparing the whole query (which a bound LIMIT made SQLite redo on every
// call). docs/WASM.md ("where a call's time goes") cites them: ranking is most of
// the query, which the js build then runs ~15× slower as wasm2go's Go compiled to wasm.
//
//	go test ./core/internal/store -run '^$' -bench MatchMemories_

const benchQuery = `"uses" OR "python"`

// benchDB is a :memory: store of 1,000 seven-word memories drawn from a 30-word
// vocabulary (a seeded PRNG): the query above matches about 380 of them.
func benchDB(b *testing.B) *DB {
	b.Helper()
	d, err := Open(context.Background(), ":memory:", Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { d.Close() })
	r := rand.New(rand.NewSource(1))
	words := strings.Fields(`prefers dislikes uses python scripts dark mode rust tooling green tea
		morning meetings vim hiking jazz sqlite bread bikes reports tests chess lessons keyboards
		alice bob team project weekends work`)
	for i := range 1000 {
		var c strings.Builder
		for range 7 {
			c.WriteString(words[r.Intn(len(words))] + " ")
		}
		m := testMemory(fmt.Sprintf("m%05d", i), c.String())
		m.Namespace = "default"
		if err := d.InsertMemory(m, FTSDoc{Content: c.String()}); err != nil {
			b.Fatal(err)
		}
	}
	return d
}

func BenchmarkMatchMemories_full(b *testing.B) {
	d := benchDB(b)
	f := Filter{Now: time.Now()}
	for b.Loop() {
		got, err := d.MatchMemories("default", benchQuery, f, Weights{1, 1, 1}, 50)
		if err != nil || len(got) != 50 {
			b.Fatalf("%d matches, %v", len(got), err)
		}
	}
}

func BenchmarkMatchMemories_ftsRanked(b *testing.B) {
	benchRows(b, fmt.Sprintf(`SELECT rowid, -bm25(memories_fts, 1, 1, 1) AS r FROM memories_fts
		WHERE memories_fts MATCH ? ORDER BY r DESC LIMIT %d`, matchHeadroom*50))
}

func BenchmarkMatchMemories_ftsUnranked(b *testing.B) {
	benchRows(b, `SELECT rowid FROM memories_fts WHERE memories_fts MATCH ?`)
}

func benchRows(b *testing.B, sql string) {
	d := benchDB(b)
	for b.Loop() {
		s, err := d.prepare(sql)
		if err != nil {
			b.Fatal(err)
		}
		if err := bind(s, benchQuery); err != nil {
			b.Fatal(err)
		}
		n := 0
		for s.Step() {
			n++
		}
		s.Reset()
		if err := s.Err(); err != nil || n < matchHeadroom*50 {
			b.Fatalf("%d rows, %v", n, err)
		}
	}
}

func BenchmarkMatchMemories_prepare(b *testing.B) {
	d := benchDB(b)
	sql := fmt.Sprintf(`WITH top AS (
		SELECT rowid, -bm25(memories_fts, ?, ?, ?) AS r FROM memories_fts
		WHERE memories_fts MATCH ? ORDER BY r DESC LIMIT %d)
		SELECT %s, top.r FROM top CROSS JOIN memories m ON m.rowid = top.rowid
		WHERE %s ORDER BY top.r DESC LIMIT 50`, matchHeadroom*50, memCols, filterSQL)
	for b.Loop() {
		s, _, err := d.conn.Prepare(sql)
		if err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}
