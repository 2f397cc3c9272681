package prototest

import (
	"encoding/json"
	"slices"
	"sort"
	"strings"
	"time"
)

// The operations of the lifecycle model check (model.go): each sends one request and
// predicts its result.

func (m *model) remember() {
	in := map[string]any{"type": m.pick(modelTypes)}
	tok := ""
	if m.rng.IntN(5) == 0 {
		in["content"] = m.pick(modelDups)
		in["type"] = "note"
	} else {
		tok = m.token()
		in["content"] = "memory " + tok + " says something"
	}
	if p := m.pick(modelPredicates); p != "" {
		in["subject"], in["predicate"] = m.pick(modelSubjects), p
	}
	key := m.pick(modelKeys)
	strategy := m.pick([]string{"", "overwrite", "append", "merge"})
	if key != "" {
		in["key"] = key
		if strategy != "" {
			in["strategy"] = strategy
		}
	}
	cur := m.byKey(key)
	if cur != nil && m.rng.IntN(3) == 0 {
		ev := cur.version
		if m.rng.IntN(2) == 0 {
			ev++ // stale
		}
		in["expectVersion"] = ev
	}
	res, code := m.call("remember", map[string]any{"memory": in})
	switch {
	case cur != nil && in["expectVersion"] != nil && in["expectVersion"] != cur.version:
		if code != Conflict {
			m.t.Errorf("step %d: stale expectVersion on key %s: %q", m.step, key, code)
		}
		return
	case code == TooLarge && m.quota != nil && !m.quota.evict:
		if cur != nil || len(m.mems) < m.quota.max {
			m.t.Errorf("step %d: refused under the quota (%d < %d)", m.step, len(m.mems), m.quota.max)
		}
		return
	case code == TooLarge && m.quota != nil:
		// Eviction could not make room: only permanent memories are left to evict.
		if n := len(m.ids(func(x *mmem) bool { return !x.permanent })); cur != nil || n >= len(m.mems)+1-m.quota.max {
			m.t.Errorf("step %d: eviction refused with %d evictable memories", m.step, n)
		}
		return
	case code != "":
		m.t.Errorf("step %d: remember %v: %s", m.step, in, code)
		return
	}
	rec := res["memories"].([]any)[0].(map[string]any)
	var x *mmem
	if cur != nil {
		x = cur
		if up, _ := res["upserted"].([]any); len(up) != 1 || up[0] != x.id {
			m.t.Errorf("step %d: upsert of %s reported %v", m.step, key, res["upserted"])
		}
		content := in["content"].(string)
		if strategy == "append" {
			content = x.content + "\n(" + time.Now().UTC().Format(time.DateOnly) + ") " + content
		}
		if strings.Contains(content, "\n(") && sval(rec["content"]) != content {
			// Midnight between the call and now: take the engine's date.
			content = sval(rec["content"])
		}
		x.content, x.supersededBy = content, ""
		if tok != "" || strategy != "append" {
			x.tok = tok // an appended duplicate keeps the old word in the content
		}
		if p, ok := in["predicate"]; ok {
			x.subject, x.predicate = in["subject"].(string), p.(string)
		}
		if t := in["type"].(string); t != "" {
			x.typ = t
		}
	} else {
		x = &mmem{id: sval(rec["id"]), typ: in["type"].(string), content: in["content"].(string), key: key, tok: tok}
		if p, ok := in["predicate"]; ok {
			x.subject, x.predicate = in["subject"].(string), p.(string)
		}
		x.permanent = x.typ == "preference" || x.typ == "profile"
		m.mems[x.id] = x
	}
	m.sync(x, rec)
	if m.quota != nil && !m.quota.evict && len(m.mems) > m.quota.max {
		m.t.Errorf("step %d: %d memories stored under a quota of %d", m.step, len(m.mems), m.quota.max)
	}
	if sval(rec["content"]) != x.content || sval(rec["id"]) != x.id {
		m.t.Errorf("step %d: remember returned %v, model has %+v", m.step, rec, x)
	}
	if want, got := m.supersede(x), supersededIDs(res); !slices.Equal(want, got) {
		m.t.Errorf("step %d: superseded %v, model %v", m.step, got, want)
		m.explain(append(want, got...)...)
	}
	m.evicted(res, x.id)
}

// evicted checks and applies what a quota with eviction removed.
func (m *model) evicted(res map[string]any, fresh string) {
	ev, _ := res["evicted"].([]any)
	for _, e := range ev {
		id := sval(e)
		x := m.mems[id]
		switch {
		case x == nil:
			m.t.Errorf("step %d: evicted %s, which the model does not have", m.step, id)
		case x.permanent || id == fresh:
			m.t.Errorf("step %d: evicted %s (permanent %v, just stored %v)", m.step, id, x.permanent, id == fresh)
		}
		delete(m.mems, id)
	}
	if m.quota != nil && m.quota.evict && len(m.mems) > m.quota.max {
		m.t.Errorf("step %d: %d memories under a quota of %d after eviction", m.step, len(m.mems), m.quota.max)
	}
	if len(ev) > 0 && (m.quota == nil || !m.quota.evict) {
		m.t.Errorf("step %d: evicted %v without an evicting quota", m.step, ev)
	}
}

func (m *model) update() {
	ids := m.ids(func(*mmem) bool { return true })
	if len(ids) == 0 {
		return
	}
	x := m.mems[m.pick(ids)]
	args := map[string]any{"id": x.id}
	patch := map[string]any{}
	tok := ""
	strategy := m.pick([]string{"", "overwrite", "append", "merge"})
	if strategy != "" {
		args["strategy"] = strategy
	}
	switch m.rng.IntN(3) {
	case 0:
		tok = m.token()
		patch["content"] = "updated " + tok + " text"
	case 1:
		patch["importance"] = float64(m.rng.IntN(10)) / 10
	default:
		patch["subject"], patch["predicate"] = m.pick(modelSubjects), m.pick(modelPredicates[2:])
	}
	args["patch"] = patch
	stale := m.rng.IntN(4) == 0
	if stale {
		args["expectVersion"] = x.version + 1
	}
	res, code := m.call("update", args)
	if stale {
		if code != Conflict {
			m.t.Errorf("step %d: stale update: %q", m.step, code)
		}
		return
	}
	if code != "" {
		m.t.Errorf("step %d: update %v: %s", m.step, args, code)
		return
	}
	rec := res["memory"].(map[string]any)
	if c, ok := patch["content"].(string); ok {
		if strategy == "append" {
			x.content = sval(rec["content"])
			if !strings.HasSuffix(x.content, ") "+c) {
				m.t.Errorf("step %d: append gave %q", m.step, x.content)
			}
		} else {
			x.content = c
		}
		x.tok = tok
	}
	oldSubj, oldPred := x.subject, x.predicate
	if p, ok := patch["predicate"]; ok {
		x.subject, x.predicate = patch["subject"].(string), p.(string)
	}
	m.sync(x, rec)
	var want []string
	if x.subject != oldSubj || x.predicate != oldPred {
		want = m.supersede(x)
	}
	if got := supersededIDs(res); !slices.Equal(want, got) {
		m.t.Errorf("step %d: update superseded %v, model %v", m.step, got, want)
		m.explain(append(append(want, got...), x.id)...)
	}
}

func (m *model) forget() {
	ids := m.ids(func(*mmem) bool { return true })
	if len(ids) == 0 {
		return
	}
	id := m.pick(ids)
	purge := m.rng.IntN(2) == 0
	res := m.must("forget", map[string]any{"id": id, "purge": purge})
	if res["forgotten"].(float64) != 1 {
		m.t.Errorf("step %d: forget %s: %v", m.step, id, res)
	}
	delete(m.mems, id)
	if _, code := m.call("get", map[string]any{"id": id}); code != NotFound {
		m.t.Errorf("step %d: get after forget: %q", m.step, code)
	}
	h, code := m.call("history", map[string]any{"id": id})
	switch {
	case purge && code != NotFound:
		m.t.Errorf("step %d: history after purge: %q", m.step, code)
	case !purge && code == "":
		list := h["history"].([]any)
		if last := list[len(list)-1].(map[string]any); last["op"] != "forget" {
			m.t.Errorf("step %d: last history entry %v", m.step, last["op"])
		}
	case !purge:
		m.t.Errorf("step %d: history after forget: %q", m.step, code)
	}
}

func (m *model) consolidate() {
	if m.rng.IntN(2) == 0 {
		before := m.must("list", map[string]any{"includeSuperseded": true, "limit": 1000})
		m.must("consolidate", map[string]any{"dryRun": true})
		after := m.must("list", map[string]any{"includeSuperseded": true, "limit": 1000})
		a, _ := json.Marshal(before)
		b, _ := json.Marshal(after)
		if string(a) != string(b) {
			m.t.Errorf("step %d: a dry run changed the memories", m.step)
		}
		return
	}
	// Fold, predicted by the model from the engine's updatedAt values (a supersession
	// moves them without saying so in its result).
	m.refresh()
	groups := map[string][]*mmem{}
	for _, x := range m.mems {
		if x.supersededBy == "" {
			k := x.typ + "\x00" + foldKey(x.content)
			groups[k] = append(groups[k], x)
		}
	}
	folded := 0
	for _, g := range groups {
		if len(g) < 2 {
			continue
		}
		at := func(x *mmem) time.Time {
			t, err := time.Parse(time.RFC3339Nano, x.updatedAt)
			if err != nil {
				m.t.Fatalf("step %d: updatedAt %q: %v", m.step, x.updatedAt, err)
			}
			return t
		}
		sort.Slice(g, func(i, j int) bool {
			if c := at(g[i]).Compare(at(g[j])); c != 0 {
				return c > 0
			}
			return g[i].id > g[j].id
		})
		best := g[0].importance
		for _, o := range g[1:] {
			o.supersededBy = g[0].id
			o.version++
			best = max(best, o.importance)
			folded++
		}
		if best > g[0].importance {
			g[0].importance = best
			g[0].version++
		}
	}
	res := m.must("consolidate", map[string]any{"steps": []string{"fold"}})
	if got := int(res["fold"].(map[string]any)["folded"].(float64)); got != folded {
		m.t.Errorf("step %d: folded %d, model %d", m.step, got, folded)
	}
	m.verify() // which memory of each set stayed
}

// refresh reads back updatedAt of every memory (a fold or supersede changed some).
func (m *model) refresh() {
	res := m.must("list", map[string]any{"includeSuperseded": true, "includeExpired": true, "limit": 1000})
	for _, r := range res["memories"].([]any) {
		rec := r.(map[string]any)
		if x := m.mems[sval(rec["id"])]; x != nil {
			x.updatedAt = sval(rec["updatedAt"])
		}
	}
}

func foldKey(content string) string {
	s := strings.ToLower(strings.Join(strings.Fields(content), " "))
	if r := []rune(s); len(r) > 80 {
		s = string(r[:80])
	}
	return s
}

func (m *model) setQuota() {
	switch m.rng.IntN(3) {
	case 0:
		m.must("quota.set", map[string]any{"quota": nil})
		m.quota = nil
	default:
		q := &struct {
			max   int
			evict bool
		}{max: len(m.mems) + m.rng.IntN(4), evict: m.rng.IntN(2) == 0}
		onExceed := "error"
		if q.evict {
			onExceed = "evict"
		}
		m.must("quota.set", map[string]any{"quota": map[string]any{"maxMemories": q.max, "onExceed": onExceed}})
		m.quota = q
	}
}
