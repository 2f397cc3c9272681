package core

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"testing"
	"time"
)

// statsByScan is Stats the way it was counted before schema 8's counters: by visiting
// every memory and turn of the namespace. TestCounters_matchScan holds the counters to it.
func statsByScan(t *testing.T, e *Engine, ns string, now time.Time) map[string]int64 {
	t.Helper()
	out := map[string]int64{}
	q := func(key, sql string, args ...any) {
		rows, err := e.db.QueryStrings(sql, args...)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			var kv []any
			if err := json.Unmarshal([]byte(r), &kv); err != nil {
				t.Fatal(err)
			}
			for i := 1; i < len(kv); i++ {
				if n := int64(kv[i].(float64)); n != 0 {
					k := key + strconv.Itoa(i)
					if s, ok := kv[0].(string); ok {
						k += ":" + s
					}
					out[k] += n
				}
			}
		}
	}
	q("memories", `SELECT json_array(type,
		sum(superseded_by IS NULL AND (expires_at IS NULL OR expires_at > ?1)),
		sum(superseded_by IS NULL AND expires_at IS NOT NULL AND expires_at <= ?1),
		sum(superseded_by IS NOT NULL))
		FROM memories WHERE namespace = ?2 GROUP BY type`, now.UnixMilli(), ns)
	q("turns", `SELECT json_array(NULL, count(*), count(DISTINCT session_id)) FROM turns WHERE namespace = ?`, ns)
	return out
}

// statsByCounters is Stats (the counters) in statsByScan's shape.
func statsByCounters(t *testing.T, e *Engine, ns string, now time.Time) map[string]int64 {
	t.Helper()
	var s storeStats
	err := e.do(context.Background(), func() (err error) {
		st, err := e.db.Stats(ns, now)
		s = storeStats{st.ByType, st.Expired, st.Superseded, st.Memories, st.Turns, st.Sessions}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	var live int64
	for typ, n := range s.byType {
		out["memories1:"+typ] = n
		live += n
	}
	if live != s.memories {
		t.Errorf("memories %d, sum of byType %d", s.memories, live)
	}
	// Expired and superseded per type are not in Stats; compare their totals.
	add := func(k string, n int64) {
		if n != 0 {
			out[k] = n
		}
	}
	add("expired", s.expired)
	add("superseded", s.superseded)
	add("turns1", s.turns)
	add("turns2", s.sessions)
	return out
}

type storeStats struct {
	byType                                         map[string]int64
	expired, superseded, memories, turns, sessions int64
}

// foldScan folds statsByScan's per-type expired and superseded into totals, as Stats
// reports them.
func foldScan(m map[string]int64) map[string]int64 {
	out := map[string]int64{}
	for k, n := range m {
		switch {
		case len(k) > 10 && k[:10] == "memories2:":
			out["expired"] += n
		case len(k) > 10 && k[:10] == "memories3:":
			out["superseded"] += n
		default:
			out[k] = n
		}
	}
	return out
}

// TestCounters_matchScan: after every kind of write — remember (plain, superseding,
// keyed upserts that retype), update, forget, purge with turns, quota eviction, import,
// consolidate's sweep, restore, a batch that fails and rolls back — the counters of
// schema 8 give the same stats as counting the rows, in each of two namespaces, at
// times before and after memories expire.
func TestCounters_matchScan(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	e, err := Open(ctx, Options{Path: ":memory:", Clock: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	call := func(op string, args any) map[string]any {
		t.Helper()
		req, _ := json.Marshal(map[string]any{"v": 1, "id": 1, "op": op, "args": args})
		var res map[string]any
		if err := json.Unmarshal(e.Call(ctx, req), &res); err != nil {
			t.Fatal(err)
		}
		r, _ := res["result"].(map[string]any)
		if res["ok"] != true {
			if op != "remember" || args.(map[string]any)["memories"] == nil || len(args.(map[string]any)["memories"].([]map[string]any)) != 2 {
				t.Fatalf("%s: %v", op, res["error"])
			}
			r = map[string]any{"error": res["error"]}
		}
		return r
	}
	check := func(step string) {
		t.Helper()
		for _, ns := range []string{"default", "other"} {
			for _, at := range []time.Time{now, now.Add(2 * 24 * time.Hour), now.Add(400 * 24 * time.Hour)} {
				want, got := foldScan(statsByScan(t, e, ns, at)), statsByCounters(t, e, ns, at)
				if fmt.Sprint(want) != fmt.Sprint(got) {
					t.Fatalf("%s, namespace %s at %s:\ncounters %v\nscan     %v", step, ns, at.Format(time.DateOnly), got, want)
				}
			}
		}
	}
	check("empty")
	var ids []string
	for i, m := range call("remember", map[string]any{"memories": []map[string]any{
		{"content": "plain note one"},
		{"type": "fact", "content": "lives in Berlin", "subject": "user", "predicate": "lives in"},
		{"type": "fact", "content": "lives in Lisbon", "subject": "user", "predicate": "lives in"}, // supersedes the one before
		{"type": "preference", "content": "likes tea", "tier": "transient"},
		{"type": "rule", "content": "keyed rule", "key": "k1"},
		{"type": "note", "content": "explicit expiry", "expiresAt": now.Add(time.Hour).Format(time.RFC3339)},
	}})["memories"].([]any) {
		ids = append(ids, m.(map[string]any)["id"].(string))
		_ = i
	}
	check("remember")
	call("remember", map[string]any{"namespace": "other", "memories": []map[string]any{
		{"type": "skill", "content": "other namespace"}, {"content": "second of other", "tier": "short"}}})
	check("remember other namespace")
	call("remember", map[string]any{"memory": map[string]any{"type": "profile", "content": "keyed again, retyped", "key": "k1"}})
	check("keyed upsert")
	call("update", map[string]any{"id": ids[0], "patch": map[string]any{"type": "error"}})
	check("update type")
	call("update", map[string]any{"id": ids[1], "patch": map[string]any{"content": "lived in Berlin"}})
	check("update a superseded memory's content")
	if r := call("remember", map[string]any{"memories": []map[string]any{{"content": "fine"}, {"content": ""}}}); r["error"] == nil {
		t.Fatal("a batch with an empty content was stored")
	}
	check("failed batch")
	call("appendTurns", map[string]any{"sessionId": "s1", "turns": []map[string]any{{"role": "user", "content": "hello"}, {"role": "assistant", "content": "hi"}}})
	call("appendTurns", map[string]any{"sessionId": "s2", "turns": []map[string]any{{"role": "user", "content": "again"}}})
	call("appendTurns", map[string]any{"namespace": "other", "sessionId": "s1", "turns": []map[string]any{{"role": "user", "content": "elsewhere"}}})
	check("appendTurns")
	call("forget", map[string]any{"id": ids[3]})
	check("forget")
	call("forget", map[string]any{"filter": map[string]any{"types": []string{"fact"}}, "purge": true})
	check("forget by filter, purge")
	// Purge with alsoTurns deletes a session's only turn: the session is no longer counted.
	sess := call("searchTurns", map[string]any{"query": "again"})
	if hits, _ := sess["hits"].([]any); len(hits) > 0 {
		tid := hits[0].(map[string]any)["turn"].(map[string]any)["id"].(string)
		r := call("remember", map[string]any{"memory": map[string]any{"content": "learned again", "source": map[string]any{"sessionId": "s2", "turnIds": []string{tid}}}})
		id := r["memories"].([]any)[0].(map[string]any)["id"].(string)
		call("forget", map[string]any{"id": id, "purge": true, "alsoTurns": true})
		check("purge alsoTurns")
	} else {
		t.Fatalf("searchTurns found no turn: %v", sess)
	}
	call("quota.set", map[string]any{"namespace": "other", "quota": map[string]any{"maxMemories": 2, "onExceed": "evict"}})
	call("remember", map[string]any{"namespace": "other", "memories": []map[string]any{{"content": "third of other"}}})
	check("quota eviction")
	snap := call("snapshot", map[string]any{})
	call("remember", map[string]any{"memories": []map[string]any{{"content": "after the snapshot"}}})
	check("after the snapshot")
	if r := call("restore", map[string]any{"data": snap["data"]}); r["memories"] == nil {
		t.Fatalf("restore: %v", r)
	}
	check("restore")
	now = now.Add(60 * 24 * time.Hour) // past the transient, short and long tiers and the grace
	call("consolidate", map[string]any{})
	check("consolidate 60 days on")
	call("remember", map[string]any{"memories": []map[string]any{{"type": "fact", "content": "new fact", "subject": "user", "predicate": "works at"}}})
	check("remember after the sweep")
}
