package prototest

import (
	"encoding/json"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
)

// RunLifecycleModel checks the memory lifecycle against a simple in-memory model: a
// randomised sequence of remember (with keys, strategies and subject/predicate
// conflicts), update (with strategies and stale versions), forget (with and without
// purge), consolidate (dry run, fold) and quotas (refusal and eviction) goes to the
// engine over conn, the model predicts each result, and every few steps every memory
// of the namespace — its version, content, key, supersededBy, its history and whether
// recall finds it — is compared with the model. The same sequence (seed) runs natively
// and through wazero.
func RunLifecycleModel(t *testing.T, conn Conn, seed uint64, steps int) {
	m := &model{t: t, conn: conn, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), mems: map[string]*mmem{}}
	for i := range steps {
		m.step = i
		switch r := m.rng.IntN(100); {
		case r < 45:
			m.remember()
		case r < 65:
			m.update()
		case r < 75:
			m.forget()
		case r < 83:
			m.consolidate()
		case r < 90:
			m.setQuota()
		default:
			m.verify()
		}
		if t.Failed() {
			t.Fatalf("seed %d: the engine left the model at step %d", seed, i)
		}
	}
	m.verify()
}

// mmem is the model of one memory.
type mmem struct {
	id, typ, content, subject, predicate, key, supersededBy, updatedAt string
	tok                                                                string // a word only this memory's content has ("" for duplicates)
	version                                                            int
	importance                                                         float64
	permanent                                                          bool
}

type model struct {
	t     *testing.T
	conn  Conn
	rng   *rand.Rand
	mems  map[string]*mmem
	step  int
	seq   int
	quota *struct {
		max   int
		evict bool
	}
}

var (
	modelTypes      = []string{"note", "fact", "preference", "profile"}
	modelSubjects   = []string{"user", "User", "team"}
	modelPredicates = []string{"", "", "location", "employer"}
	modelKeys       = []string{"", "", "", "k.diet", "k.city"}
	modelDups       = []string{"Likes green tea in the morning", "likes GREEN tea in the morning", "likes green  tea in the morning"}
)

// call sends op with args and returns the result, or the error code ("" when ok).
func (m *model) call(op string, args any) (map[string]any, string) {
	m.t.Helper()
	b, _ := json.Marshal(args)
	resp := m.conn.Call([]byte(`{"v":1,"op":"` + op + `","args":` + string(b) + `}`))
	var r struct {
		OK     bool           `json:"ok"`
		Result map[string]any `json:"result"`
		Error  struct{ Code, Message string }
	}
	if err := json.Unmarshal(resp, &r); err != nil {
		m.t.Fatalf("step %d: %s: %s", m.step, op, resp)
	}
	if !r.OK {
		return nil, r.Error.Code
	}
	return r.Result, ""
}

func (m *model) must(op string, args any) map[string]any {
	m.t.Helper()
	res, code := m.call(op, args)
	if code != "" {
		m.t.Fatalf("step %d: %s %v failed: %s", m.step, op, args, code)
	}
	return res
}

func (m *model) pick(list []string) string { return list[m.rng.IntN(len(list))] }

// token returns a word no other memory has.
func (m *model) token() string {
	m.seq++
	var b []byte
	for n := m.seq; n > 0; n /= 26 {
		b = append(b, byte('a'+n%26))
	}
	return "zq" + string(b) + "x"
}

func (m *model) ids(f func(*mmem) bool) []string {
	var out []string
	for id, x := range m.mems {
		if f(x) {
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

func (m *model) byKey(k string) *mmem {
	for _, x := range m.mems {
		if k != "" && x.key == k {
			return x
		}
	}
	return nil
}

func sval(v any) string { s, _ := v.(string); return s }

func (m *model) sync(x *mmem, rec map[string]any) {
	x.updatedAt = sval(rec["updatedAt"])
	x.version = int(rec["version"].(float64))
	x.importance = rec["importance"].(float64)
}

// supersede applies the rule to the model: live memories with x's subject (case-folded)
// and predicate are superseded by x. It returns the ids, sorted.
func (m *model) supersede(x *mmem) []string {
	if x.predicate == "" || x.supersededBy != "" {
		return nil
	}
	var out []string
	for _, o := range m.mems {
		if o != x && o.supersededBy == "" && o.predicate == x.predicate && strings.EqualFold(o.subject, x.subject) {
			o.supersededBy = x.id
			o.version++
			out = append(out, o.id)
		}
	}
	sort.Strings(out)
	return out
}

func supersededIDs(res map[string]any) []string {
	var out []string
	list, _ := res["superseded"].([]any)
	for _, s := range list {
		out = append(out, sval(s.(map[string]any)["id"]))
	}
	sort.Strings(out)
	return out
}

// verify compares every memory of the namespace with the model.
func (m *model) verify() {
	m.refresh()
	res := m.must("list", map[string]any{"includeSuperseded": true, "includeExpired": true, "limit": 1000})
	got := map[string]map[string]any{}
	for _, r := range res["memories"].([]any) {
		rec := r.(map[string]any)
		got[sval(rec["id"])] = rec
	}
	if len(got) != len(m.mems) {
		m.t.Errorf("step %d: the engine has %d memories, the model %d", m.step, len(got), len(m.mems))
	}
	for id, x := range m.mems {
		rec := got[id]
		if rec == nil {
			m.t.Errorf("step %d: %s is missing", m.step, id)
			continue
		}
		if int(rec["version"].(float64)) != x.version || sval(rec["content"]) != x.content || sval(rec["key"]) != x.key ||
			sval(rec["supersededBy"]) != x.supersededBy || sval(rec["predicate"]) != x.predicate {
			m.t.Errorf("step %d: %s is %v, model %+v", m.step, id, rec, x)
		}
		h := m.must("history", map[string]any{"id": id})["history"].([]any)
		if len(h) != x.version {
			m.t.Errorf("step %d: %s has %d history entries at version %d", m.step, id, len(h), x.version)
		}
		for i, e := range h {
			if v := int(e.(map[string]any)["version"].(float64)); v != i+1 {
				m.t.Errorf("step %d: %s history[%d] is version %d", m.step, id, i, v)
			}
		}
		if last := h[len(h)-1].(map[string]any)["memory"].(map[string]any); sval(last["content"]) != x.content {
			m.t.Errorf("step %d: %s last history state %q, model %q", m.step, id, last["content"], x.content)
		}
		if x.tok != "" {
			hits := m.must("recall", map[string]any{"query": x.tok, "peek": true})["hits"].([]any)
			found := false
			for _, hh := range hits {
				found = found || sval(hh.(map[string]any)["memory"].(map[string]any)["id"]) == id
			}
			if found != (x.supersededBy == "") {
				m.t.Errorf("step %d: recall %q finds %s: %v, superseded by %q", m.step, x.tok, id, found, x.supersededBy)
			}
		}
	}
}

// explain logs the engine's and the model's view of memories, after a mismatch.
func (m *model) explain(ids ...string) {
	for _, id := range ids {
		rec, _ := m.call("get", map[string]any{"id": id})
		m.t.Logf("engine %s: %v", id, rec)
		if x := m.mems[id]; x != nil {
			m.t.Logf("model  %s: %+v", id, *x)
		}
	}
}
