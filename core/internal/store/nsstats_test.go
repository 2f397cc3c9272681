package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/memcore/memcore/core/internal/record"
)

// TestFTSStats_followsWrites: after random inserts, re-indexing updates and deletes of
// memories in three namespaces and of turns in two, fts_stats holds exactly each
// namespace's rows and tokens as FTS5's docsize records count them.
func TestFTSStats_followsWrites(t *testing.T) {
	d, err := Open(context.Background(), ":memory:", Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	rng := rand.New(rand.NewPCG(1, 2))
	var live []*struct{ ns, id string }
	words := []string{"apple", "pear", "running", "北京", "deploy", "a", "the"}
	doc := func() FTSDoc {
		var c string
		for range 1 + rng.IntN(20) {
			c += words[rng.IntN(len(words))] + " "
		}
		return FTSDoc{Title: words[rng.IntN(len(words))], Content: c}
	}
	for i := range 400 {
		switch r := rng.IntN(10); {
		case r < 5 || len(live) == 0:
			m := testMemory(fmt.Sprintf("01M%023d", i), "x")
			m.Namespace = []string{"default", "b", "团队"}[rng.IntN(3)]
			if err := d.InsertMemory(m, doc()); err != nil {
				t.Fatal(err)
			}
			live = append(live, &struct{ ns, id string }{m.Namespace, m.ID})
		case r < 8:
			x := live[rng.IntN(len(live))]
			m := testMemory(x.id, "y")
			m.Namespace = x.ns
			dd := doc()
			if err := d.UpdateMemory(m, &dd); err != nil {
				t.Fatal(err)
			}
		default:
			j := rng.IntN(len(live))
			if ok, err := d.DeleteMemory(live[j].ns, live[j].id); err != nil || !ok {
				t.Fatal(ok, err)
			}
			live = append(live[:j], live[j+1:]...)
		}
	}
	// Turns: appended, and deleted (which re-indexes the next turn of the session).
	var turns []*struct{ ns, id string }
	for i := range 200 {
		if rng.IntN(3) > 0 || len(turns) == 0 {
			ns := []string{"default", "b"}[rng.IntN(2)]
			tr := &record.Turn{ID: fmt.Sprintf("t%05d", i), SessionID: "s", Seq: int64(i + 1), Role: []string{"user", "assistant"}[rng.IntN(2)],
				Content: "x", CreatedAt: time.Now()}
			dd := doc()
			if err := d.InsertTurn(ns, tr, TurnDoc{Content: dd.Content, Context: dd.Title}); err != nil {
				t.Fatal(err)
			}
			turns = append(turns, &struct{ ns, id string }{ns, tr.ID})
			continue
		}
		j := rng.IntN(len(turns))
		ok, err := d.DeleteTurn(turns[j].ns, turns[j].id, func(prev, t *record.Turn) TurnDoc { return TurnDoc{Content: "again " + t.Content} })
		if err != nil || !ok {
			t.Fatal(ok, err)
		}
		turns = append(turns[:j], turns[j+1:]...)
	}
	if diff, err := d.CheckFTSStats(); err != nil || diff != "" {
		t.Fatalf("%v %s", err, diff)
	}
	if st, err := d.TurnBM25Stats("b"); err != nil || st.Rows == 0 || st.TableRows != int64(len(turns)) {
		t.Fatalf("turn stats of b: %+v, %v (%d turns)", st, err, len(turns))
	}
	st, err := d.MemoryBM25Stats("b")
	if err != nil || st.Rows == 0 || st.Tokens < st.Rows || st.TableRows != int64(len(live)) {
		t.Fatalf("stats of b: %+v, %v (%d rows in all)", st, err, len(live))
	}
}

// TestFTSStats_migrationFillsThem: a database of the schema before fts_stats, with
// memories in two namespaces, gets their statistics when it is migrated.
func TestFTSStats_migrationFillsThem(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	d := openAt(t, path, ftsStatsVersion-1)
	for i, ns := range []string{"default", "b", "b"} {
		m := testMemory(fmt.Sprintf("01OLD%021d", i), "old words here")
		m.Namespace = ns
		if err := insertAny(d, m, FTSDoc{Title: "title", Content: "old words here and more"}); err != nil {
			t.Fatal(err)
		}
	}
	d.Close()
	d, err := Open(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if diff, err := d.CheckFTSStats(); err != nil || diff != "" {
		t.Fatalf("%v %s", err, diff)
	}
	if st, err := d.MemoryBM25Stats("b"); err != nil || st != (BM25Stats{Rows: 2, Tokens: 12, TableRows: 3}) {
		t.Fatalf("stats of b: %+v, %v", st, err)
	}
}

// TestMatchMemories_bm25IsTableWide documents the leak per-namespace BM25 (core/nsbm25.go)
// exists for: FTS5's bm25, which MatchMemories ranks by, takes its statistics from the
// whole table, so memories added to namespace b change the scores of namespace a's.
func TestMatchMemories_bm25IsTableWide(t *testing.T) {
	d, err := Open(context.Background(), ":memory:", Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	add := func(ns string, i int, c string) {
		m := testMemory(fmt.Sprintf("01%s%022d", ns, i), c)
		m.Namespace = ns
		if err := d.InsertMemory(m, FTSDoc{Content: c}); err != nil {
			t.Fatal(err)
		}
	}
	for i, c := range []string{"running shoes", "a marathon in spring", "berlin office", "running late"} {
		add("aa", i, c)
	}
	f := Filter{Now: testMemory("x", "x").CreatedAt}
	score := func() float64 {
		got, err := d.MatchMemories("aa", `"running"`, f, Weights{1, 1, 1}, 10)
		if err != nil || len(got) != 2 {
			t.Fatalf("%d matches, %v", len(got), err)
		}
		return got[0].BM25
	}
	before := score()
	for i := range 50 {
		add("bb", i, "running every day")
	}
	if after := score(); after == before {
		t.Fatalf("FTS5's score of a memory of aa did not change (%v) when bb grew: is bm25 per namespace now? Then core/nsbm25.go can go", before)
	}
}

// putVarint appends v as an SQLite varint (the encoding of FTS5's docsize records).
func putVarint(b []byte, v uint64) []byte {
	if v > 0x00ffffffffffffff {
		var tail [9]byte
		tail[8] = byte(v)
		v >>= 8
		for i := 7; i >= 0; i-- {
			tail[i] = byte(v&0x7f) | 0x80
			v >>= 7
		}
		return append(b, tail[:]...)
	}
	var tmp [9]byte
	n := 0
	for {
		tmp[n] = byte(v&0x7f) | 0x80
		n++
		v >>= 7
		if v == 0 {
			break
		}
	}
	tmp[0] &= 0x7f
	for i := n - 1; i >= 0; i-- {
		b = append(b, tmp[i])
	}
	return b
}

// FuzzFTSLen: ftsLen decodes any sequence of varints to their sum, and any bytes at all
// (a damaged record) without panicking.
func FuzzFTSLen(f *testing.F) {
	f.Add(uint64(3), uint64(200), uint64(1<<40), []byte{0x81})
	f.Add(uint64(0), uint64(127), uint64(128), []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, a, b, c uint64, junk []byte) {
		a, b, c = a%(1<<20), b%(1<<30), c%(1<<40) // token counts, summed without overflow
		rec := putVarint(putVarint(putVarint(nil, a), b), c)
		if got := ftsLen(rec); got != int64(a+b+c) {
			t.Fatalf("ftsLen(% x) = %d, want %d", rec, got, a+b+c)
		}
		ftsLen(junk)
	})
}
