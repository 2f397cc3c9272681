package host

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
)

// call sends op with args to db through CallBytes and decodes the response.
func callBytes(t *testing.T, h *Host, db int64, op string, args any, in []byte) (map[string]any, []byte) {
	t.Helper()
	req, err := json.Marshal(map[string]any{"v": 1, "id": 1, "db": db, "op": op, "args": args})
	if err != nil {
		t.Fatal(err)
	}
	resp, out := h.CallBytes(context.Background(), req, in)
	var r map[string]any
	if err := json.Unmarshal(resp, &r); err != nil {
		t.Fatalf("%s: response is not JSON: %s", op, resp)
	}
	return r, out
}

func openMemory(t *testing.T, h *Host) int64 {
	t.Helper()
	r, _ := callBytes(t, h, 0, "open", map[string]any{"path": ":memory:"}, nil)
	if r["ok"] != true {
		t.Fatalf("open: %v", r)
	}
	return int64(r["result"].(map[string]any)["db"].(float64))
}

func errOf(r map[string]any) (code, field string) {
	e, _ := r["error"].(map[string]any)
	code, _ = e["code"].(string)
	field, _ = e["field"].(string)
	return code, field
}

func TestCallBytes_roundTrip(t *testing.T) {
	h := New()
	a, b := openMemory(t, h), openMemory(t, h)
	if r, _ := callBytes(t, h, a, "remember", map[string]any{"memory": map[string]any{"content": "the sky over Lisbon is blue"}}, nil); r["ok"] != true {
		t.Fatalf("remember: %v", r)
	}
	r, snap := callBytes(t, h, a, "snapshot", map[string]any{"binary": true}, nil)
	if r["ok"] != true {
		t.Fatalf("snapshot: %v", r)
	}
	res := r["result"].(map[string]any)
	if _, has := res["data"]; has {
		t.Errorf("a binary snapshot's result has data (base64): %v", res)
	}
	if res["binary"] != true || int(res["bytes"].(float64)) != len(snap) || len(snap) == 0 {
		t.Fatalf("snapshot result %v with %d bytes", res, len(snap))
	}
	if !bytes.HasPrefix(snap, []byte("SQLite format 3\x00")) {
		t.Fatalf("the bytes are not an SQLite file: %q", snap[:16])
	}
	// The JSON snapshot of the same database has the same bytes.
	rj, out := callBytes(t, h, a, "snapshot", map[string]any{}, nil)
	var viaJSON struct {
		Result struct{ Data []byte } `json:"result"`
	}
	raw, _ := json.Marshal(rj)
	if err := json.Unmarshal(raw, &viaJSON); err != nil || out != nil || !bytes.Equal(viaJSON.Result.Data, snap) {
		t.Fatalf("JSON snapshot differs from the binary one (err %v, out %d bytes)", err, len(out))
	}
	r, _ = callBytes(t, h, b, "restore", map[string]any{"binary": true}, snap)
	if r["ok"] != true || r["result"].(map[string]any)["memories"].(float64) != 1 {
		t.Fatalf("restore: %v", r)
	}
	_, again := callBytes(t, h, b, "snapshot", map[string]any{"binary": true}, nil)
	if len(again) == 0 {
		t.Fatal("no snapshot after restore")
	}
}

func TestCallBytes_refused(t *testing.T) {
	h := New()
	db := openMemory(t, h)
	_, snap := callBytes(t, h, db, "snapshot", map[string]any{"binary": true}, nil)
	damaged := bytes.Clone(snap)
	copy(damaged, "not an sqlite!!")
	for _, c := range []struct {
		name        string
		args        map[string]any
		in          []byte
		code, field string
	}{
		{"damaged", map[string]any{"binary": true}, damaged, "invalid_argument", "data"},
		{"noBytes", map[string]any{"binary": true}, nil, "invalid_argument", "data"},
		{"dataAndBinary", map[string]any{"binary": true, "data": "AAAA"}, snap, "invalid_argument", "data"},
		{"binaryNotBool", map[string]any{"binary": "yes"}, snap, "invalid_argument", "binary"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, _ := callBytes(t, h, db, "restore", c.args, c.in)
			if code, field := errOf(r); code != c.code || field != c.field {
				t.Fatalf("got %v, want %s on %s", r, c.code, c.field)
			}
		})
	}
}

// Through Call alone (the JSON protocol of wasip1 and native hosts) binary is refused.
func TestCall_binaryUnsupported(t *testing.T) {
	h := New()
	db := openMemory(t, h)
	for _, op := range []string{"snapshot", "restore"} {
		req, _ := json.Marshal(map[string]any{"v": 1, "id": 1, "db": db, "op": op, "args": map[string]any{"binary": true}})
		var r map[string]any
		if err := json.Unmarshal(h.Call(context.Background(), req), &r); err != nil {
			t.Fatal(err)
		}
		if code, field := errOf(r); code != "unsupported" || field != "binary" {
			t.Errorf("%s: got %v, want unsupported on binary", op, r)
		}
	}
}

// limits.maxRequestBytes bounds the bytes of a binary request as it bounds its JSON.
func TestCallBytes_tooLarge(t *testing.T) {
	h := New()
	big := openMemory(t, h)
	_, snap := callBytes(t, h, big, "snapshot", map[string]any{"binary": true}, nil)
	r, _ := callBytes(t, h, 0, "open", map[string]any{"path": ":memory:", "limits": map[string]any{"maxRequestBytes": len(snap) - 1}}, nil)
	if r["ok"] != true {
		t.Fatalf("open: %v", r)
	}
	small := int64(r["result"].(map[string]any)["db"].(float64))
	r, _ = callBytes(t, h, small, "restore", map[string]any{"binary": true}, snap)
	if code, field := errOf(r); code != "too_large" || field != "data" {
		t.Fatalf("restore: got %v, want too_large on data", r)
	}
	r, out := callBytes(t, h, small, "snapshot", map[string]any{"binary": true}, nil)
	if code, _ := errOf(r); code != "too_large" || out != nil {
		t.Fatalf("snapshot: got %v with %d bytes, want too_large", r, len(out))
	}
}
