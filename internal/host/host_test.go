package host_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
	"github.com/memcore/memcore/internal/host"
	"github.com/memcore/memcore/internal/prototest"
)

func call(t *testing.T, h *host.Host, req string) (map[string]any, []byte) {
	t.Helper()
	out := h.Call(context.Background(), []byte(req))
	var m map[string]any
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatalf("%s → %s: %v", req, out, err)
	}
	return m, out
}

func wantOK(t *testing.T, h *host.Host, req string) map[string]any {
	t.Helper()
	m, out := call(t, h, req)
	if m["ok"] != true {
		t.Fatalf("%s → %s, want ok", req, out)
	}
	return m["result"].(map[string]any)
}

func wantErr(t *testing.T, h *host.Host, req, code, field string) {
	t.Helper()
	m, out := call(t, h, req)
	e, _ := m["error"].(map[string]any)
	if m["ok"] != false || e == nil || e["code"] != code || (e["field"] == nil) != (field == "") || (field != "" && e["field"] != field) {
		t.Fatalf("%s → %s, want %s (field %q)", req, out, code, field)
	}
}

func openDB(t *testing.T, h *host.Host, args string) string {
	t.Helper()
	r := wantOK(t, h, `{"v":1,"op":"open","args":`+args+`}`)
	if r["version"] != core.Version {
		t.Fatalf("open answered %v", r)
	}
	return strconv.FormatFloat(r["db"].(float64), 'f', -1, 64)
}

// withDB adds "db" to a request's envelope (what the JS shim does for every request).
func withDB(req []byte, db string) []byte {
	t := bytes.TrimLeft(req, " \t\r\n")
	if len(t) == 0 || t[0] != '{' {
		return req
	}
	f := `{"db":` + db
	if r := bytes.TrimLeft(t[1:], " \t\r\n"); len(r) > 0 && r[0] != '}' {
		f += ","
	}
	return append([]byte(f), t[1:]...)
}

// TestConformance runs the protocol suite through the host natively: the host's routing
// must not change any answer of an engine (the wasm tests run the same over wazero).
func TestConformance(t *testing.T) {
	h := host.New()
	prototest.Run(t, func(t *testing.T) prototest.Conn {
		db := openDB(t, h, `{"path":""}`)
		closeDB := func() error {
			if out := h.Call(context.Background(), []byte(`{"v":1,"op":"close","db":`+db+`}`)); !bytes.Contains(out, []byte(`"ok":true`)) {
				return errors.New(string(out))
			}
			return nil
		}
		t.Cleanup(func() { closeDB() })
		return prototest.Conn{
			Call:  func(req []byte) []byte { return h.Call(context.Background(), withDB(req, db)) },
			Close: closeDB,
		}
	})
}

func TestRouting(t *testing.T) {
	h := host.New()
	a, b := openDB(t, h, `{"path":""}`), openDB(t, h, `{"path":""}`)
	if a == b {
		t.Fatalf("two opens gave one handle %s", a)
	}
	wantOK(t, h, `{"v":1,"db":`+a+`,"op":"remember","args":{"memory":{"content":"only in a"}}}`)
	if r := wantOK(t, h, `{"v":1,"db":`+b+`,"op":"stats"}`); r["memories"] != float64(0) {
		t.Fatalf("database b sees a's memory: %v", r)
	}
	wantErr(t, h, `{"v":1,"op":"stats"}`, "invalid_argument", "db")
	wantErr(t, h, `{"v":1,"db":99,"op":"stats"}`, "closed", "db")
	wantErr(t, h, `{"v":1,"db":`+a+`,"op":"nope"}`, "unsupported", "op")
	wantErr(t, h, `{"v":2,"db":`+a+`,"op":"stats"}`, "unsupported", "v")
	wantErr(t, h, `{"v":1,"op":"open","args":{"path":"","bogus":true}}`, "invalid_argument", "bogus")
	wantErr(t, h, `{"v":1,"op":"open","args":{"version":"9.9.9"}}`, "unsupported", "version")
	if r := wantOK(t, h, `{"v":1,"db":`+a+`,"op":"close"}`); r["closed"] != true {
		t.Fatalf("close answered %v", r)
	}
	if r := wantOK(t, h, `{"v":1,"db":`+a+`,"op":"close"}`); r["closed"] != false {
		t.Fatalf("second close answered %v", r)
	}
	wantErr(t, h, `{"v":1,"db":`+a+`,"op":"stats"}`, "closed", "")
	wantOK(t, h, `{"v":1,"db":`+b+`,"op":"stats"}`)
}

// TestEmbed checks the embed callback's round trip at the host: the payload the host
// gets and the checks on its reply, through the Options.Embed the host gives the engine.
func TestEmbed(t *testing.T) {
	var embed func(context.Context, []string) ([][]float32, error)
	var gotDB int64
	var gotKind, gotPayload, reply string
	var replyErr error
	h := host.New()
	h.Open = func(ctx context.Context, o core.Options) (*core.Engine, error) {
		embed = o.Embed
		return core.Open(ctx, o)
	}
	wantErr(t, h, `{"v":1,"op":"open","args":{"embed":true}}`, "unsupported", "embed") // no Callback yet
	h.Callback = func(ctx context.Context, db int64, kind string, payload []byte) ([]byte, error) {
		gotDB, gotKind, gotPayload = db, kind, string(payload)
		return []byte(reply), replyErr
	}
	openDB(t, h, `{"path":""}`)
	if embed != nil {
		t.Fatal("an open without embed got an embedder")
	}
	db := openDB(t, h, `{"path":"","embed":true}`)
	if embed == nil {
		t.Fatal("an open with embed got no embedder")
	}
	reply = `{"vectors":[[1,0],[0,1.5]]}`
	vecs, err := embed(context.Background(), []string{"a", "日本"})
	if err != nil || len(vecs) != 2 || vecs[1][1] != 1.5 {
		t.Fatalf("embed = %v, %v", vecs, err)
	}
	if strconv.FormatInt(gotDB, 10) != db || gotKind != host.KindEmbed || gotPayload != `{"texts":["a","日本"]}` {
		t.Fatalf("callback got (%d, %q, %s)", gotDB, gotKind, gotPayload)
	}
	for _, c := range []struct{ reply, want string }{
		{`{"error":{"message":"no model"}}`, "no model"},
		{`{"vectors":[[1,0]]}`, "1 vectors for 2 texts"},
		{`{"vectors":[[1,0],[1]]}`, "vector 1 has 1 dimensions"},
		{`{"vectors":[[],[]]}`, "empty vector"},
		{`{"vectors":[[1,"x"],[1,2]]}`, "not {"},
		{`{"vectors":[[1e39,0],[1,2]]}`, "not {"},
		{`oops`, "not {"},
	} {
		reply = c.reply
		if _, err := embed(context.Background(), []string{"a", "b"}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("reply %s: err %v, want it to mention %q", c.reply, err, c.want)
		}
	}
	replyErr = errors.New("the page went away")
	if _, err := embed(context.Background(), []string{"a"}); err == nil || !strings.Contains(err.Error(), "the page went away") {
		t.Errorf("a failing callback gave %v", err)
	}
	gotKind = ""
	if v, err := embed(context.Background(), nil); err != nil || v != nil || gotKind != "" {
		t.Errorf("embedding no texts called the host or failed: %v %v", v, err)
	}
}

// TestPanic: a panic while serving a request is an internal error, not the end of the
// instance.
func TestPanic(t *testing.T) {
	h := host.New()
	h.Open = func(context.Context, core.Options) (*core.Engine, error) { panic("boom") }
	wantErr(t, h, `{"v":1,"id":5,"op":"open","args":{}}`, "internal", "")
	h.Open = core.Open
	openDB(t, h, `{"path":""}`)
}
