package prototest

import (
	"fmt"
	"slices"
	"strings"
)

// RunModel's operations on turns (appendTurns, searchTurns, compact), extraction,
// documents and scratchpads.

func (m *fullModel) appendTurns(n *fmNS, o ModelOp) {
	session := fmt.Sprint("s", o.A%3)
	var in []any
	var add []fmTurn
	for i := range 1 + o.B%3 {
		t := fmTurn{tok: m.token(), shared: fmShared[(o.C+i)%len(fmShared)]}
		in = append(in, map[string]any{"role": []string{"user", "assistant"}[(o.C+i)%2], "content": "turn " + t.tok + " on " + t.shared})
		add = append(add, t)
	}
	res := m.must(n, "appendTurns", map[string]any{"sessionId": session, "turns": in})
	got := fmList(res["turns"])
	if len(got) != len(add) {
		m.fail("appendTurns stored %d of %d", len(got), len(add))
	}
	for i, r := range got {
		rec := fmObj(r)
		if seq := fmInt(rec["seq"]); seq != len(n.turns[session])+1 {
			m.fail("turn %d of %s/%s has seq %d, model %d", i, n.name, session, seq, len(n.turns[session])+1)
		}
		add[i].id = sval(rec["id"])
		n.turns[session] = append(n.turns[session], add[i])
	}
}

// searchTurnsFor searches the namespace's turns for query; every hit must be a turn of n.
func (m *fullModel) searchTurnsFor(n *fmNS, query string, limit int) []string {
	all := n.allTurns()
	var out []string
	for _, h := range fmList(m.must(n, "searchTurns", map[string]any{"query": query, "limit": limit})["hits"]) {
		id := sval(fmObj(fmObj(h)["turn"])["id"])
		if _, ok := all[id]; !ok {
			m.fail("searchTurns %q in %s found turn %s, which it does not have", query, n.name, id)
		}
		out = append(out, id)
	}
	return out
}

func (m *fullModel) searchTurns(n *fmNS, o ModelOp) {
	sessions := n.sessions()
	if o.B%2 == 0 || len(sessions) == 0 {
		m.searchTurnsFor(n, fmShared[o.A%len(fmShared)], 50)
		return
	}
	ts := n.turns[sessions[o.A%len(sessions)]]
	t := ts[o.C%len(ts)]
	if got := m.searchTurnsFor(n, t.tok, 10); !slices.Contains(got, t.id) {
		m.fail("searchTurns %q in %s missed turn %s: %v", t.tok, n.name, t.id, got)
	}
}

func (m *fullModel) compact(n *fmNS, o ModelOp) {
	session := "c" + m.token()
	var msgs []any
	var toks []string
	for i := range 16 {
		tok := m.token()
		toks = append(toks, tok)
		msgs = append(msgs, map[string]any{"role": []string{"user", "assistant"}[i%2],
			"content": "message " + tok + " " + strings.Repeat("and some more words to make it long ", 4)})
	}
	args := map[string]any{"messages": msgs, "force": true, "maxTokens": 200}
	if o.A%2 == 0 {
		args["sessionId"] = session
	}
	res := m.must(n, "compact", args)
	stored := fmInt(fmObj(res["report"])["storedTurns"])
	if args["sessionId"] == nil {
		if stored != 0 {
			m.fail("compact without a session stored %d turns", stored)
		}
		return
	}
	// What compaction took out of the context is appended to the session: the oldest
	// messages, in order.
	for i := range stored {
		t := fmTurn{tok: toks[i]}
		hits := fmList(m.must(n, "searchTurns", map[string]any{"query": t.tok, "sessionId": session, "limit": 5})["hits"])
		if len(hits) == 0 {
			m.fail("compact stored %d turns of %s but %q finds none", stored, session, t.tok)
		}
		turn := fmObj(fmObj(hits[0])["turn"])
		if fmInt(turn["seq"]) != i+1 {
			m.fail("compact stored message %d of %s as turn %v", i, session, turn)
		}
		t.id = sval(turn["id"])
		n.turns[session] = append(n.turns[session], t)
	}
}

func (m *fullModel) extractFacts(n *fmNS, o ModelOp) {
	tok := m.token()
	msgs := []any{map[string]any{"role": "user", "content": "From now on, always answer in " + tok + " please."}}
	for i := range 5 {
		msgs = append(msgs, map[string]any{"role": []string{"assistant", "user"}[i%2], "content": "ok"})
	}
	args := map[string]any{"messages": msgs, "commit": o.A%3 != 0, "sessionId": "x" + tok, "date": "2026-01-02"}
	res := m.must(n, "extractFacts", args)
	recs := fmList(res["memories"])
	if args["commit"] == false {
		if len(recs) != 0 {
			m.fail("extractFacts without commit stored %d memories", len(recs))
		}
		return
	}
	if len(recs) != 1 || len(fmList(res["superseded"])) != 0 {
		m.fail("extractFacts of one rule stored %v", res)
	}
	rec := fmObj(recs[0])
	x := &fmMem{tok: tok, tag: "extracted", content: sval(rec["content"])}
	if !strings.Contains(x.content, tok) {
		m.fail("extractFacts stored %q, which lacks %s", x.content, tok)
	}
	m.stored(n, x, rec)
}

func (m *fullModel) document(n *fmNS, o ModelOp) {
	name := []string{"IDENTITY", "SOUL"}[o.A%2]
	if o.Kind == "documents.set" {
		content := "document " + m.token() + " of " + n.name
		m.must(n, "documents.set", map[string]any{"name": name, "content": content})
		n.docs[name] = content
		return
	}
	_, code := m.call(n, "documents.delete", map[string]any{"name": name})
	_, had := n.docs[name]
	if (code == "") != had || (code != "" && code != NotFound) {
		m.fail("documents.delete %s in %s: %q, model has it: %v", name, n.name, code, had)
	}
	delete(n.docs, name)
}

func (m *fullModel) scratchpad(n *fmNS, o ModelOp) {
	session, key := fmt.Sprint("s", o.A%3), fmt.Sprint("k", o.B%4)
	if n.pads[session] == nil {
		n.pads[session] = map[string]string{}
	}
	if o.Kind == "scratchpad.set" {
		v := "value " + m.token()
		m.must(n, "scratchpad.set", map[string]any{"sessionId": session, "key": key, "value": v})
		n.pads[session][key] = v
		return
	}
	_, code := m.call(n, "scratchpad.delete", map[string]any{"sessionId": session, "key": key})
	_, had := n.pads[session][key]
	if (code == "") != had || (code != "" && code != NotFound) {
		m.fail("scratchpad.delete %s/%s in %s: %q, model has it: %v", session, key, n.name, code, had)
	}
	delete(n.pads[session], key)
}
