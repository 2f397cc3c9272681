package prototest

import (
	"fmt"
	"slices"
)

// The operations of RunModel on memories: each sends its request(s), checks the result
// against the model and applies it to the model. model_steps_conv.go has those on turns,
// documents and scratchpads, model_steps_db.go those on the whole database and the reads
// across a namespace.

func (m *fullModel) apply(o ModelOp) {
	n := m.ns[o.NS]
	switch o.Kind {
	case "remember":
		m.remember(n, o)
	case "update":
		m.update(n, o)
	case "forget":
		m.forget(n, o)
	case "forgetFilter":
		m.forgetFilter(n, o)
	case "recall":
		m.recall(n, o)
	case "list":
		m.listTagged(n, o)
	case "appendTurns":
		m.appendTurns(n, o)
	case "searchTurns":
		m.searchTurns(n, o)
	case "compact":
		m.compact(n, o)
	case "extractFacts":
		m.extractFacts(n, o)
	case "documents.set", "documents.delete":
		m.document(n, o)
	case "scratchpad.set", "scratchpad.delete":
		m.scratchpad(n, o)
	case "snapshot":
		res := m.must(nil, "snapshot", nil)
		s := &fmSnapshot{data: res["data"].(string)}
		for _, x := range m.ns {
			s.ns = append(s.ns, x.clone())
		}
		m.snap = s
	case "restore":
		m.restore(n)
	case "reopen":
		if err := m.conn.Close(); err != nil {
			m.fail("close: %v", err)
		}
		m.conn = m.host.Open(m.name)
		m.verifyAll()
	case "stats":
		m.stats(n)
	case "export":
		m.export(n)
	case "buildContext":
		m.buildContext(n, o)
	case "consolidate":
		res := m.must(n, "consolidate", map[string]any{"steps": []string{"fold"}})
		if f := fmInt(fmObj(res["fold"])["folded"]); f != 0 {
			m.fail("consolidate folded %d memories of %s, whose contents all differ", f, n.name)
		}
	default:
		m.fail("unknown operation %q", o.Kind)
	}
}

func (m *fullModel) newMem(o ModelOp, i int) (*fmMem, map[string]any) {
	x := &fmMem{tok: m.token(), shared: fmShared[(o.B+i)%len(fmShared)], tag: fmt.Sprint("t", (o.C+i)%2)}
	x.content = "note " + x.tok + " about " + x.shared
	return x, map[string]any{"type": []string{"note", "fact"}[(o.A+i)%2], "content": x.content, "tags": []string{x.tag}}
}

func (m *fullModel) remember(n *fmNS, o ModelOp) {
	if o.A%5 == 1 { // a batch of two
		a, ina := m.newMem(o, 0)
		b, inb := m.newMem(o, 1)
		res := m.must(n, "remember", map[string]any{"memories": []any{ina, inb}})
		recs := fmList(res["memories"])
		if len(recs) != 2 {
			m.fail("a batch of 2 stored %d", len(recs))
		}
		for i, x := range []*fmMem{a, b} {
			m.stored(n, x, fmObj(recs[i]))
		}
		return
	}
	x, in := m.newMem(o, 0)
	var cur *fmMem
	if o.A%4 == 0 {
		x.key = fmt.Sprint("k", o.B%3)
		in["key"] = x.key
		cur = n.mems[n.keys[x.key]]
	}
	stale := false
	if cur != nil && o.C%3 != 0 {
		stale = o.C%3 == 2
		in["expectVersion"] = cur.version + map[bool]int{true: 1}[stale]
	}
	res, code := m.call(n, "remember", map[string]any{"memory": in})
	switch {
	case stale:
		if code != Conflict {
			m.fail("remember with a stale expectVersion on key %s of %s: %q", x.key, n.name, code)
		}
		return
	case code != "":
		m.fail("remember %v in %s: %s", in, n.name, code)
	}
	rec := fmObj(fmList(res["memories"])[0])
	if cur != nil {
		if rec["id"] != cur.id || fmInt(rec["version"]) != cur.version+1 {
			m.fail("upsert of key %s in %s gave %v, model %+v", x.key, n.name, rec, *cur)
		}
		x.id, x.version = cur.id, cur.version
	}
	m.stored(n, x, rec)
}

// stored checks a stored record against x and adds x to the model.
func (m *fullModel) stored(n *fmNS, x *fmMem, rec map[string]any) {
	if sval(rec["content"]) != x.content || sval(rec["namespace"]) != n.name {
		m.fail("stored %v, model %+v in %s", rec, *x, n.name)
	}
	x.id, x.version = sval(rec["id"]), fmInt(rec["version"])
	if _, other := m.owner(x.id); other != nil && other != n {
		m.fail("%s stored id %s, which %s has", n.name, x.id, other.name)
	}
	n.mems[x.id] = x
	if x.key != "" {
		n.keys[x.key] = x.id
	}
}

// owner finds the namespace that has memory id.
func (m *fullModel) owner(id string) (*fmMem, *fmNS) {
	for _, n := range m.ns {
		if x := n.mems[id]; x != nil {
			return x, n
		}
	}
	return nil, nil
}

// foreign returns a memory id of another namespace than n, or "".
func (m *fullModel) foreign(n *fmNS, r int) string {
	for i := range m.ns {
		o := m.ns[(r+i)%len(m.ns)]
		if o != n {
			if ids := o.memIDs(nil); len(ids) > 0 {
				return ids[r%len(ids)]
			}
		}
	}
	return ""
}

func (m *fullModel) update(n *fmNS, o ModelOp) {
	if o.B%7 == 0 { // another namespace's memory: not there
		if id := m.foreign(n, o.A); id != "" {
			if _, code := m.call(n, "update", map[string]any{"id": id, "patch": map[string]any{"importance": 0.1}}); code != NotFound {
				m.fail("%s updated %s of another namespace: %q", n.name, id, code)
			}
			for _, op := range []string{"get", "history"} {
				if _, code := m.call(n, op, map[string]any{"id": id}); code != NotFound {
					m.fail("%s: %s of %s of another namespace: %q", n.name, op, id, code)
				}
			}
		}
		return
	}
	ids := n.memIDs(nil)
	if len(ids) == 0 {
		return
	}
	x := n.mems[ids[o.A%len(ids)]]
	args := map[string]any{"id": x.id}
	patch := map[string]any{}
	var tok string
	if o.B%2 == 0 {
		tok = m.token()
		patch["content"] = "note " + tok + " about " + x.shared
	} else {
		patch["importance"] = float64(o.B%10) / 10
	}
	args["patch"] = patch
	ev := o.C % 3 // 0: no expectVersion, 1: the stored version, 2: a stale one
	if ev > 0 {
		args["expectVersion"] = x.version + ev - 1
	}
	res, code := m.call(n, "update", args)
	if ev == 2 {
		if code != Conflict {
			m.fail("update of %s with a stale expectVersion: %q", x.id, code)
		}
		return
	}
	if code != "" {
		m.fail("update %v: %s", args, code)
	}
	rec := fmObj(res["memory"])
	if tok != "" {
		x.tok, x.content = tok, patch["content"].(string)
	}
	x.version++
	if fmInt(rec["version"]) != x.version || sval(rec["content"]) != x.content {
		m.fail("update gave %v, model %+v", rec, *x)
	}
}

func (m *fullModel) forget(n *fmNS, o ModelOp) {
	purge := o.B%2 == 0
	if o.C%6 == 0 {
		if id := m.foreign(n, o.A); id != "" {
			if _, code := m.call(n, "forget", map[string]any{"id": id, "purge": purge}); code != NotFound {
				m.fail("%s forgot %s of another namespace: %q", n.name, id, code)
			}
		}
		return
	}
	ids := n.memIDs(nil)
	if len(ids) == 0 {
		return
	}
	pick := []string{ids[o.A%len(ids)]}
	args := map[string]any{"id": pick[0], "purge": purge}
	if o.C%3 == 1 && len(ids) > 1 {
		pick = append(pick, ids[(o.A+1)%len(ids)])
		args = map[string]any{"ids": pick, "purge": purge}
	}
	res := m.must(n, "forget", args)
	if fmInt(res["forgotten"]) != len(pick) {
		m.fail("forget %v: %v", pick, res)
	}
	for _, id := range pick {
		n.forgetID(id)
		if _, code := m.call(n, "get", map[string]any{"id": id}); code != NotFound {
			m.fail("get after forget of %s: %q", id, code)
		}
	}
}

func (m *fullModel) forgetFilter(n *fmNS, o ModelOp) {
	tag := fmt.Sprint("t", o.A%2)
	want := n.memIDs(func(x *fmMem) bool { return x.tag == tag })
	res := m.must(n, "forget", map[string]any{"filter": map[string]any{"tags": []string{tag}}, "purge": o.B%2 == 0})
	var got []string
	for _, id := range fmList(res["ids"]) {
		got = append(got, sval(id))
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		m.fail("forget by tag %s in %s forgot %v, model %v", tag, n.name, got, want)
	}
	for _, id := range want {
		n.forgetID(id)
	}
}

// hitIDs returns the memory ids of recall hits, and fails on a hit of another namespace.
func (m *fullModel) hitIDs(n *fmNS, what string, hits []any) []string {
	var out []string
	for _, h := range hits {
		mem := fmObj(fmObj(h)["memory"])
		id := sval(mem["id"])
		if n.mems[id] == nil || sval(mem["namespace"]) != n.name {
			_, other := m.owner(id)
			m.fail("%s in %s found %s (namespace %q, model's owner %v), which it does not have", what, n.name, id, mem["namespace"], other)
		}
		out = append(out, id)
	}
	return out
}

func (m *fullModel) recall(n *fmNS, o ModelOp) {
	peek := o.C%2 == 0
	ids := n.memIDs(nil)
	if o.B%2 == 0 && len(ids) > 0 {
		x := n.mems[ids[o.A%len(ids)]]
		got := m.hitIDs(n, "recall "+x.tok, fmList(m.must(n, "recall", map[string]any{"query": x.tok, "peek": peek})["hits"]))
		if !slices.Contains(got, x.id) {
			m.fail("recall %q in %s missed %s", x.tok, n.name, x.id)
		}
		return
	}
	m.recallShared(n, fmShared[o.A%len(fmShared)], peek)
}

// recallShared recalls a word every namespace uses: the hits are exactly the namespace's
// memories with it.
func (m *fullModel) recallShared(n *fmNS, word string, peek bool) {
	want := n.memIDs(func(x *fmMem) bool { return x.shared == word })
	if len(want) > 100 {
		return
	}
	got := m.hitIDs(n, "recall "+word, fmList(m.must(n, "recall", map[string]any{"query": word, "peek": peek, "limit": 100})["hits"]))
	slices.Sort(got)
	if !slices.Equal(got, want) {
		m.fail("recall %q in %s found %v, model %v", word, n.name, got, want)
	}
}

func (m *fullModel) listTagged(n *fmNS, o ModelOp) {
	tag := fmt.Sprint("t", o.A%2)
	want := n.memIDs(func(x *fmMem) bool { return x.tag == tag })
	var got []string
	for _, r := range fmList(m.must(n, "list", map[string]any{"tags": []string{tag}, "limit": 1000})["memories"]) {
		got = append(got, sval(fmObj(r)["id"]))
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		m.fail("list tag %s in %s: %v, model %v", tag, n.name, got, want)
	}
}
