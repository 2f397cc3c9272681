package prototest

import (
	"slices"
	"sort"
)

// What RunModel compares with the model after each step (checkNS) and in full
// (verifyAll).

// checkNS compares the namespace's memories — every one, with its version and content —
// with the model: one list.
func (m *fullModel) checkNS(i int) {
	n := m.ns[i]
	res := m.must(n, "list", map[string]any{"includeSuperseded": true, "includeExpired": true, "limit": 1000})
	recs := fmList(res["memories"])
	if len(recs) != len(n.mems) {
		var got []string
		for _, r := range recs {
			got = append(got, sval(fmObj(r)["id"]))
		}
		sort.Strings(got)
		m.fail("%s lists %d memories, the model has %d: %v, model %v", n.name, len(recs), len(n.mems), got, n.memIDs(nil))
	}
	for _, r := range recs {
		rec := fmObj(r)
		x := n.mems[sval(rec["id"])]
		if x == nil {
			m.fail("%s lists %s, which the model does not have (namespace %q)", n.name, rec["id"], rec["namespace"])
		}
		if fmInt(rec["version"]) != x.version || sval(rec["content"]) != x.content || sval(rec["namespace"]) != n.name ||
			sval(rec["supersededBy"]) != "" {
			m.fail("%s lists %v, model %+v", n.name, rec, *x)
		}
	}
}

// verifyAll compares every namespace in full: memories, counts, recall by each memory's
// own word (a sample of about 8 a namespace, another each time) and by the shared words,
// turns (a sample: searchTurns by a turn's own word, and by a shared word), documents,
// scratchpads and the namespace's export.
func (m *fullModel) verifyAll() {
	for i, n := range m.ns {
		m.checkNS(i)
		m.stats(n)
		ids := n.memIDs(nil)
		for j, id := range ids {
			if len(ids) > 8 && (j+m.step)%(len(ids)/8+1) != 0 {
				continue // a sample, another at each verification
			}
			x := n.mems[id]
			got := m.hitIDs(n, "recall "+x.tok, fmList(m.must(n, "recall", map[string]any{"query": x.tok, "peek": true})["hits"]))
			if !slices.Contains(got, id) {
				m.fail("recall %q in %s missed %s", x.tok, n.name, id)
			}
		}
		for _, w := range fmShared {
			m.recallShared(n, w, true)
		}
		var turns []fmTurn
		for _, s := range n.sessions() {
			turns = append(turns, n.turns[s]...)
		}
		for j, t := range turns {
			if len(turns) > 5 && (j+m.step)%(len(turns)/5+1) != 0 {
				continue
			}
			if got := m.searchTurnsFor(n, t.tok, 10); !slices.Contains(got, t.id) {
				m.fail("searchTurns %q in %s missed turn %s: %v", t.tok, n.name, t.id, got)
			}
		}
		m.searchTurnsFor(n, fmShared[(m.step/m.cfg.VerifyEvery+i)%len(fmShared)], 50)
		for _, name := range []string{"IDENTITY", "SOUL"} {
			res, code := m.call(n, "documents.get", map[string]any{"name": name})
			want, had := n.docs[name]
			got := sval(fmObj(res["document"])["content"])
			if res != nil && got == "" {
				got = sval(res["content"])
			}
			if (code == "") != had || (had && got != want) || (code != "" && code != NotFound) {
				m.fail("documents.get %s in %s: %q %v; model %q (has it: %v)", name, n.name, code, res, want, had)
			}
		}
		for s, p := range n.pads {
			entries := fmList(m.must(n, "scratchpad.list", map[string]any{"sessionId": s})["entries"])
			got := map[string]string{}
			for _, e := range entries {
				got[sval(fmObj(e)["key"])] = sval(fmObj(e)["value"])
			}
			if len(got) != len(p) {
				m.fail("scratchpad of %s/%s: %v, model %v", n.name, s, got, p)
			}
			for k, v := range p {
				if got[k] != v {
					m.fail("scratchpad of %s/%s: %v, model %v", n.name, s, got, p)
				}
			}
		}
		m.export(n)
	}
}
