package prototest

import (
	"encoding/json"
	"slices"
	"strings"
)

// RunModel's operations on the whole database (restore) and its reads of everything a
// namespace holds (stats, export, buildContext).

func (m *fullModel) restore(n *fmNS) {
	if m.snap == nil {
		return
	}
	res := m.must(n, "restore", map[string]any{"data": m.snap.data})
	m.ns = nil
	for _, x := range m.snap.ns {
		m.ns = append(m.ns, x.clone())
	}
	if got, want := fmInt(res["memories"]), len(m.ns[slices.IndexFunc(m.ns, func(x *fmNS) bool { return x.name == n.name })].mems); got != want {
		m.fail("restore counts %d memories in %s, model %d", got, n.name, want)
	}
	m.verifyAll()
}

func (m *fullModel) stats(n *fmNS) {
	res := m.must(n, "stats", nil)
	turns := len(n.allTurns())
	byType := map[string]int{}
	for _, v := range fmObj(res["byType"]) {
		byType["all"] += fmInt(v)
	}
	if fmInt(res["memories"]) != len(n.mems) || fmInt(res["turns"]) != turns || byType["all"] != len(n.mems) ||
		sval(res["namespace"]) != n.name {
		m.fail("stats of %s: %v; model: %d memories, %d turns", n.name, res, len(n.mems), turns)
	}
}

func (m *fullModel) export(n *fmNS) {
	res := m.must(n, "export", map[string]any{"namespaces": []string{n.name}})
	live := map[string]bool{}
	turns, pads := 0, 0
	docs := map[string]string{}
	for i, line := range strings.Split(strings.TrimSpace(sval(res["data"])), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			m.fail("export line %d: %v", i, err)
		}
		if rec["kind"] == "header" {
			continue
		}
		if sval(rec["namespace"]) != n.name {
			m.fail("export of %s holds a %s of namespace %q", n.name, rec["kind"], rec["namespace"])
		}
		switch rec["kind"] {
		case "memory":
			if mem := fmObj(rec["memory"]); mem != nil {
				live[sval(mem["id"])] = true
			}
		case "turn":
			turns++
		case "scratchpad":
			pads++
		case "document":
			d := fmObj(rec["document"])
			docs[sval(d["name"])] = sval(d["content"])
		}
	}
	if !slices.Equal(slices.Sorted(func(yield func(string) bool) {
		for id := range live {
			if !yield(id) {
				return
			}
		}
	}), n.memIDs(nil)) {
		m.fail("export of %s holds the live memories %v, model %v", n.name, live, n.memIDs(nil))
	}
	wantPads := 0
	for _, p := range n.pads {
		wantPads += len(p)
	}
	if turns != len(n.allTurns()) || pads != wantPads {
		m.fail("export of %s: %d turns, %d scratchpad entries; model %d, %d", n.name, turns, pads, len(n.allTurns()), wantPads)
	}
	for name, content := range n.docs {
		if docs[name] != content {
			m.fail("export of %s: document %s is %q, model %q", n.name, name, docs[name], content)
		}
	}
}

func (m *fullModel) buildContext(n *fmNS, o ModelOp) {
	ids := n.memIDs(nil)
	query, want := fmShared[o.A%len(fmShared)], ""
	if o.B%2 == 0 && len(ids) > 0 {
		x := n.mems[ids[o.A%len(ids)]]
		query, want = x.tok, x.id
	}
	res := m.must(n, "buildContext", map[string]any{"sessionId": "b" + m.token(), "budgetTokens": 8000,
		"messages": []any{map[string]any{"role": "user", "content": query}}})
	var got []string
	for _, r := range fmList(res["recalled"]) {
		id := sval(r)
		if n.mems[id] == nil {
			m.fail("buildContext %q in %s recalled %s, which it does not have", query, n.name, id)
		}
		got = append(got, id)
	}
	if want != "" && !slices.Contains(got, want) {
		m.fail("buildContext %q in %s did not recall %s: %v", query, n.name, want, got)
	}
	all := n.allTurns()
	for _, it := range fmList(res["recalledItems"]) {
		item := fmObj(it)
		if item["kind"] == "turn" {
			if _, ok := all[sval(item["id"])]; !ok {
				m.fail("buildContext in %s recalled turn %v, which it does not have", n.name, item)
			}
		}
	}
}
