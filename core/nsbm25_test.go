package core_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"github.com/memcore/memcore/core"
)

// nsMemories are namespace A's memories in the BM25 tests: English words in every form
// (Porter stems them), CJK text, titles, subjects and tags (the weighted columns).
var nsMemories = []map[string]any{
	{"content": "The user is running a marathon in Berlin next spring", "title": "Marathon plans"},
	{"content": "Runs every morning before work; running shoes are worn out", "tags": []string{"running", "health"}},
	{"content": "用户喜欢用 Python 写脚本，周末跑步", "subject": "user", "predicate": "hobby"},
	{"content": "Deploys the atlas service with helm; deployment runs nightly"},
	{"content": "Berlin office moved; the team meets on Wednesdays", "title": "Office"},
	{"content": "The user's daughter Lily is allergic to peanuts and runs track"},
	{"content": "python scripts generate the weekly report for the marathon club", "type": "fact"},
}

// nsQueries exercise single and several terms, stemming, weighted columns and CJK.
var nsQueries = []string{"running", "run marathon berlin", "python 脚本", "跑步", "deployment helm", "allergies peanut runs", "weekly report office", "the user"}

// recallScores recalls query in ns of e with explain and returns id → bm25, and the ids
// in order.
func recallScores(t *testing.T, e *core.Engine, ns, query string) (map[string]float64, []string) {
	t.Helper()
	b, _ := json.Marshal(map[string]any{"namespace": ns, "query": query, "explain": true, "peek": true, "limit": 50})
	resp := e.Call(context.Background(), []byte(`{"v":1,"op":"recall","args":`+string(b)+`}`))
	var r struct {
		OK     bool
		Result struct {
			Hits []struct {
				Memory     struct{ ID, Content string }
				Components struct{ BM25 float64 }
			}
		}
	}
	if err := json.Unmarshal(resp, &r); err != nil || !r.OK {
		t.Fatalf("recall %q: %s", query, resp)
	}
	out := map[string]float64{}
	var order []string
	for _, h := range r.Result.Hits {
		out[h.Memory.Content] = h.Components.BM25
		order = append(order, h.Memory.Content)
	}
	return out, order
}

func rememberAll(t *testing.T, e *core.Engine, ns string, mems []map[string]any) {
	t.Helper()
	b, _ := json.Marshal(map[string]any{"namespace": ns, "memories": mems})
	if resp := e.Call(context.Background(), []byte(`{"v":1,"op":"remember","args":`+string(b)+`}`)); !json.Valid(resp) || string(resp[:30]) == "" || !containsOK(resp) {
		t.Fatalf("remember: %s", resp)
	}
}

func containsOK(resp []byte) bool {
	var r struct{ OK bool }
	return json.Unmarshal(resp, &r) == nil && r.OK
}

// floodMemories are namespace B's: many memories sharing A's words.
func floodMemories(n int) []map[string]any {
	var out []map[string]any
	for i := range n {
		out = append(out, map[string]any{"content": fmt.Sprintf("running marathon berlin python deployment %d the user runs 跑步 脚本 weekly", i),
			"title": "running notes"})
	}
	return out
}

// TestNSBM25_scoresAsIfAlone: namespace A's recall scores in a database shared with a
// namespace full of A's words are exactly (to 1e-9) FTS5's own scores in a database
// holding A alone, hit for hit and in the same order: the per-namespace scorer is FTS5's
// bm25 with the namespace's statistics (stemming, weighted columns, CJK, IDF floor).
func TestNSBM25_scoresAsIfAlone(t *testing.T) {
	alone := openMem(t, core.Options{})
	rememberAll(t, alone, "a", nsMemories)
	shared := openMem(t, core.Options{})
	rememberAll(t, shared, "b", floodMemories(300))
	rememberAll(t, shared, "a", nsMemories)
	rememberAll(t, shared, "c", floodMemories(20))
	for _, q := range nsQueries {
		want, wantOrder := recallScores(t, alone, "a", q)
		got, gotOrder := recallScores(t, shared, "a", q)
		if len(want) == 0 || len(got) != len(want) {
			t.Errorf("%q: %d hits shared, %d alone", q, len(got), len(want))
			continue
		}
		for c, w := range want {
			if g, ok := got[c]; !ok || math.Abs(g-w) > 1e-9*math.Abs(w) {
				t.Errorf("%q: %q scores %v shared, %v alone", q, c, g, w)
			}
		}
		if fmt.Sprint(gotOrder) != fmt.Sprint(wantOrder) {
			t.Errorf("%q: order %v shared, %v alone", q, gotOrder, wantOrder)
		}
	}
}

// TestNSBM25_noLeak: adding 500 memories with A's words to namespace B changes neither
// A's scores nor A's ranking (store's TestMatchMemories_bm25IsTableWide shows that FTS5's
// own scores did change).
func TestNSBM25_noLeak(t *testing.T) {
	e := openMem(t, core.Options{})
	rememberAll(t, e, "a", nsMemories)
	rememberAll(t, e, "b", []map[string]any{{"content": "something else entirely"}})
	before := map[string]map[string]float64{}
	for _, q := range nsQueries {
		before[q], _ = recallScores(t, e, "a", q)
	}
	rememberAll(t, e, "b", floodMemories(500))
	for _, q := range nsQueries {
		after, _ := recallScores(t, e, "a", q)
		if len(after) != len(before[q]) {
			t.Errorf("%q: %d hits before B grew, %d after", q, len(before[q]), len(after))
		}
		for c, w := range before[q] {
			if g := after[c]; math.Abs(g-w) > 1e-9*math.Abs(w) {
				t.Errorf("%q: %q scored %v before B grew, %v after", q, c, w, g)
			}
		}
	}
}

// appendConv appends a conversation (alternating user and assistant turns, several
// sessions) to ns.
func appendConv(t *testing.T, e *core.Engine, ns string, sessions map[string][]string) {
	t.Helper()
	for s, lines := range sessions {
		var turns []map[string]any
		for i, l := range lines {
			turns = append(turns, map[string]any{"role": []string{"user", "assistant"}[i%2], "content": l})
		}
		b, _ := json.Marshal(map[string]any{"namespace": ns, "sessionId": s, "turns": turns})
		if resp := e.Call(context.Background(), []byte(`{"v":1,"op":"appendTurns","args":`+string(b)+`}`)); !containsOK(resp) {
			t.Fatalf("appendTurns: %s", resp)
		}
	}
}

func searchScores(t *testing.T, e *core.Engine, ns, query string) (map[string]float64, []string) {
	t.Helper()
	b, _ := json.Marshal(map[string]any{"namespace": ns, "query": query, "limit": 50})
	resp := e.Call(context.Background(), []byte(`{"v":1,"op":"searchTurns","args":`+string(b)+`}`))
	var r struct {
		OK     bool
		Result struct {
			Hits []struct {
				Turn  struct{ Content string }
				Score float64
			}
		}
	}
	if err := json.Unmarshal(resp, &r); err != nil || !r.OK {
		t.Fatalf("searchTurns %q: %s", query, resp)
	}
	out := map[string]float64{}
	var order []string
	for _, h := range r.Result.Hits {
		out[h.Turn.Content] = h.Score
		order = append(order, h.Turn.Content)
	}
	return out, order
}

var nsConv = map[string][]string{
	"s1": {"Where is the marathon this year?", "It runs through Berlin in the spring", "Do I need new running shoes?", "Yes, yours are worn out"},
	"s2": {"用户喜欢用 Python 写脚本吗？", "是的，周末也跑步", "Deploy atlas tonight", "Deployment runs nightly with helm"},
	"s3": {"My daughter is allergic to peanuts", "Noted: peanut allergy", "The weekly report is generated by python scripts"},
}

// TestNSBM25_turnsScoreAsIfAlone: searchTurns in a namespace beside another full of its
// words scores (to 1e-9) and orders its turns as in a database holding it alone — the
// context column and the session boost included — and the other namespace growing
// changes nothing.
func TestNSBM25_turnsScoreAsIfAlone(t *testing.T) {
	alone := openMem(t, core.Options{})
	appendConv(t, alone, "a", nsConv)
	shared := openMem(t, core.Options{})
	flood := map[string][]string{}
	for i := range 40 {
		flood[fmt.Sprint("f", i)] = []string{"running marathon berlin python deployment the user runs", "跑步 脚本 weekly report peanuts"}
	}
	appendConv(t, shared, "b", flood)
	appendConv(t, shared, "a", nsConv)
	before := map[string]map[string]float64{}
	found := 0
	for _, q := range nsQueries {
		want, wantOrder := searchScores(t, alone, "a", q)
		got, gotOrder := searchScores(t, shared, "a", q)
		before[q] = got
		if len(got) != len(want) {
			t.Errorf("%q: %d hits shared, %d alone", q, len(got), len(want))
			continue
		}
		found += len(want)
		for c, w := range want {
			if g, ok := got[c]; !ok || math.Abs(g-w) > 1e-9*math.Abs(w) {
				t.Errorf("%q: %q scores %v shared, %v alone", q, c, g, w)
			}
		}
		if fmt.Sprint(gotOrder) != fmt.Sprint(wantOrder) {
			t.Errorf("%q: order %v shared, %v alone", q, gotOrder, wantOrder)
		}
	}
	if found < 15 {
		t.Fatalf("only %d hits in all: the queries test little", found)
	}
	appendConv(t, shared, "b", map[string][]string{"more": {"running running marathon python", "berlin deployment report"}})
	for _, q := range nsQueries {
		after, _ := searchScores(t, shared, "a", q)
		for c, w := range before[q] {
			if g := after[c]; math.Abs(g-w) > 1e-9*math.Abs(w) {
				t.Errorf("%q: %q scored %v before b grew, %v after", q, c, w, g)
			}
		}
	}
}
