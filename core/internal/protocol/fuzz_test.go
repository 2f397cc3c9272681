package protocol

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/memcore/memcore/core/internal/errs"
)

// FuzzDecode checks that Decode never panics, fails only with invalid_argument, and is
// never more lenient than encoding/json.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"namespace":"n","limit":3,"types":["a"],"item":{"content":"c","importance":0.5,"at":"2024-01-02T03:04:05Z","tags":["x"]}}`,
		`{"items":[{"content":"d"},{"content":"e","bogus":1}]}`, `{"Limit":1}`, `{"meta":{"a":1}}`, `{"raw":[1,{"x":null}]}`,
		`{"small":127,"count":0,"flag":false}`, `null`, ``, `[]`, `{"item":{"at":"2024-02-30T00:00:00Z"}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var a testArgs
		err := Decode(json.RawMessage(data), &a)
		if err != nil {
			var e *errs.Error
			if !errors.As(err, &e) || e.Code != errs.InvalidArgument || e.Message == "" {
				t.Fatalf("Decode(%q) = %v, want an invalid_argument *errs.Error", data, err)
			}
			return
		}
		if len(data) > 0 && string(data) != "null" {
			var b testArgs
			if err := json.Unmarshal(data, &b); err != nil {
				t.Fatalf("Decode accepted %q, which encoding/json refuses: %v", data, err)
			}
		}
	})
}

// FuzzServe checks that Mux.Serve answers any bytes with one well-formed response.
func FuzzServe(f *testing.F) {
	for _, s := range []string{
		`{"v":1,"id":1,"op":"echo","args":{"say":"hi"}}`, `{"v":1,"op":"panic"}`, `{"v":2,"op":"echo"}`,
		`{"v":1,"id":{},"op":"echo"}`, `{"v":1,"op":"unencodable"}`, `{"v":1,"op":"fail","db":1}`, `x`,
	} {
		f.Add([]byte(s))
	}
	m := testMux(1 << 12)
	f.Fuzz(func(t *testing.T, req []byte) {
		out := m.Serve(context.Background(), req)
		var r struct {
			ID    json.RawMessage `json:"id"`
			OK    *bool           `json:"ok"`
			Error *errs.Error     `json:"error"`
		}
		if err := json.Unmarshal(out, &r); err != nil || r.OK == nil || r.ID == nil || *r.OK != (r.Error == nil) {
			t.Fatalf("Serve(%q) = %s: not a response (%v)", req, out, err)
		}
		if r.Error != nil && r.Error.Code == "" {
			t.Fatalf("Serve(%q) = %s: error without a code", req, out)
		}
		if !validID(r.ID) {
			t.Fatalf("Serve(%q) = %s: echoed an invalid id", req, out)
		}
	})
}
