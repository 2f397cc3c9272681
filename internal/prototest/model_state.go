package prototest

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
)

// The state of RunModel's model (model_run.go): what each namespace must show.

// fmFail aborts a model run at its first difference (ReplayModel recovers it).
type fmFail string

// fmShared are the words every namespace's memories and turns draw from, so that a
// recall, search or count that crosses namespaces finds something it must not.
var fmShared = []string{"coffee", "garden", "python", "deploy", "北京", "周三"}

type fullModel struct {
	host ModelHost
	cfg  ModelConfig
	name string
	conn Conn
	step int
	seq  int
	ns   []*fmNS
	snap *fmSnapshot
}

// fmSnapshot is a snapshot's bytes and the model when it was taken.
type fmSnapshot struct {
	data string
	ns   []*fmNS
}

// fmNS is one namespace as the model sees it.
type fmNS struct {
	name  string
	mems  map[string]*fmMem
	keys  map[string]string            // key → memory id
	turns map[string][]fmTurn          // session → turns, in order
	docs  map[string]string            // IDENTITY, SOUL → content
	pads  map[string]map[string]string // session → key → value
}

type fmMem struct {
	id, content, tok, shared, tag, key string
	version                            int
}

type fmTurn struct{ id, tok, shared string }

func newFullModel(host ModelHost, cfg ModelConfig, name string) *fullModel {
	m := &fullModel{host: host, cfg: cfg, name: name}
	for i := range cfg.Namespaces {
		n := "default"
		switch {
		case i == 1:
			n = "团队"
		case i > 1:
			n = fmt.Sprintf("ns-%02d", i)
		}
		m.ns = append(m.ns, &fmNS{name: n, mems: map[string]*fmMem{}, keys: map[string]string{},
			turns: map[string][]fmTurn{}, docs: map[string]string{}, pads: map[string]map[string]string{}})
	}
	m.conn = host.Open(name)
	return m
}

func (n *fmNS) clone() *fmNS {
	c := &fmNS{name: n.name, mems: map[string]*fmMem{}, keys: maps.Clone(n.keys),
		turns: map[string][]fmTurn{}, docs: maps.Clone(n.docs), pads: map[string]map[string]string{}}
	for id, x := range n.mems {
		y := *x
		c.mems[id] = &y
	}
	for s, t := range n.turns {
		c.turns[s] = slices.Clone(t)
	}
	for s, p := range n.pads {
		c.pads[s] = maps.Clone(p)
	}
	return c
}

// fail stops the run with a difference.
func (m *fullModel) fail(format string, args ...any) {
	panic(fmFail(fmt.Sprintf(format, args...)))
}

// call sends op with args in namespace ns and returns the result, or the error code.
func (m *fullModel) call(ns *fmNS, op string, args map[string]any) (map[string]any, string) {
	if args == nil {
		args = map[string]any{}
	}
	if ns != nil {
		args["namespace"] = ns.name
	}
	b, err := json.Marshal(args)
	if err != nil {
		m.fail("%s: %v", op, err)
	}
	resp := m.conn.Call([]byte(`{"v":1,"op":"` + op + `","args":` + string(b) + `}`))
	var r struct {
		OK     bool           `json:"ok"`
		Result map[string]any `json:"result"`
		Error  struct{ Code, Message string }
	}
	if err := json.Unmarshal(resp, &r); err != nil {
		m.fail("%s: not a response: %.300s", op, resp)
	}
	if !r.OK {
		if r.Error.Code == Internal || r.Error.Code == Storage {
			m.fail("%s %.300s: %s %s", op, b, r.Error.Code, r.Error.Message)
		}
		return nil, r.Error.Code
	}
	return r.Result, ""
}

func (m *fullModel) must(ns *fmNS, op string, args map[string]any) map[string]any {
	res, code := m.call(ns, op, args)
	if code != "" {
		b, _ := json.Marshal(args)
		m.fail("%s %.300s failed: %s", op, b, code)
	}
	return res
}

// token returns a word nothing else in the run has.
func (m *fullModel) token() string {
	m.seq++
	var b []byte
	for n := m.seq; n > 0; n /= 26 {
		b = append(b, byte('a'+n%26))
	}
	return "zq" + string(b) + "x"
}

// memIDs returns the ids of a namespace's memories, sorted (a stable order to pick from).
func (n *fmNS) memIDs(f func(*fmMem) bool) []string {
	var out []string
	for id, x := range n.mems {
		if f == nil || f(x) {
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

// sessions returns a namespace's sessions with turns, sorted.
func (n *fmNS) sessions() []string {
	return slices.Sorted(maps.Keys(n.turns))
}

// allTurns returns every turn of a namespace by id.
func (n *fmNS) allTurns() map[string]fmTurn {
	out := map[string]fmTurn{}
	for _, ts := range n.turns {
		for _, t := range ts {
			out[t.id] = t
		}
	}
	return out
}

// forgetID removes a memory (and its key) from the model.
func (n *fmNS) forgetID(id string) {
	if x := n.mems[id]; x != nil && x.key != "" {
		delete(n.keys, x.key)
	}
	delete(n.mems, id)
}

func fmInt(v any) int { f, _ := v.(float64); return int(f) }

func fmList(v any) []any { l, _ := v.([]any); return l }

func fmObj(v any) map[string]any { o, _ := v.(map[string]any); return o }
