// Package prototest is the protocol conformance suite: one table of request/response
// cases run against any transport.
//
// The same cases run natively (core.Engine.Call, from core's tests) and against the wasm
// builds (from wasm's tests, under wazero), so the transports cannot drift apart. A case
// is a sequence of steps on one fresh, empty engine; a step is one request and what its
// response must be. Requests may use values of earlier responses: in a request (or in the
// expected value of a check), $N.path stands for the JSON value at path in the result of
// step N (1-based) of the same case (a check may name its own step), e.g.
//
//	{"v":1,"op":"get","args":{"id":$1.memories[0].id}}
//
// Paths are dotted keys with [i] indexes ("hits[0].memory.id"); "" is the result itself.
//
// Every response of every step, whatever the case expects, must also be a well-formed
// envelope: a JSON object with an id, ok:true and a result, or ok:false and an error
// whose code is in the closed set and whose message is not empty.
package prototest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"testing"
)

// Caller sends one encoded request to an engine and returns the encoded response.
type Caller func(req []byte) []byte

// Conn is one open engine as the suite sees it.
type Conn struct {
	// Call answers one request.
	Call Caller
	// Close closes the engine; every later Call must fail with code closed. A nil Close
	// skips the cases that need it. Run does not close engines itself: open should
	// arrange that (t.Cleanup) for the engines it returns.
	Close func() error
}

// The error codes of the protocol. The set is closed.
const (
	InvalidArgument = "invalid_argument"
	NotFound        = "not_found"
	Conflict        = "conflict"
	TooLarge        = "too_large"
	Closed          = "closed"
	Unsupported     = "unsupported"
	Storage         = "storage"
	Internal        = "internal"
)

// AllCodes is the closed set of error codes.
var AllCodes = []string{InvalidArgument, NotFound, Conflict, TooLarge, Closed, Unsupported, Storage, Internal}

// NativeOnlyCodes are the codes no request can provoke on a healthy engine over a
// transport: storage (a broken file, a cancelled request) and internal (a bug). Each
// transport's own tests cover them where they can.
var NativeOnlyCodes = []string{Storage, Internal}

// Case is one scenario, run on a fresh engine.
type Case struct {
	Name  string
	Steps []Step
}

// AnyField, as Step.Field, accepts whatever field the error names.
const AnyField = "*"

// Step is one request and what its response must be.
type Step struct {
	// Req is the request, JSON with $N.path references (see the package comment).
	Req string
	// Raw, when not nil, is sent as is instead of Req (bytes that are not JSON, or not
	// UTF-8).
	Raw []byte
	// CloseFirst closes the engine before the request is sent.
	CloseFirst bool
	// Code is the expected error code; "" expects ok:true.
	Code string
	// Field is the error's expected field when Code is set: "" expects none, AnyField
	// accepts any.
	Field string
	// ID, when not "", is the JSON the response's id must be, token for token ("7",
	// `"a"`, "null").
	ID string
	// Check are assertions on the response, run in order.
	Check []Check
}

// Run runs every case of the suite, each as a subtest on an engine from open (which must
// return a fresh, empty one each call), then checks that the suite covers every op the
// engine's hello lists and every code but NativeOnlyCodes.
func Run(t *testing.T, open func(t *testing.T) Conn) {
	t.Helper()
	for _, c := range Cases() {
		t.Run(c.Name, func(t *testing.T) { runCase(t, c, open(t)) })
	}
	t.Run("coverage", func(t *testing.T) {
		conn := open(t)
		r, err := decodeResponse(conn.Call([]byte(`{"v":1,"op":"hello"}`)))
		if err != nil || !r.OK {
			t.Fatalf("hello failed: %v %s", err, r.Raw)
		}
		var ops []string
		if err := json.Unmarshal(mustMarshal(r.Body["result"].(map[string]any)["ops"]), &ops); err != nil {
			t.Fatalf("hello ops: %v", err)
		}
		covered := Ops()
		for _, op := range ops {
			if !slices.Contains(covered, op) {
				t.Errorf("op %q is not called successfully by any case", op)
			}
		}
		if missing := MissingCodes(); len(missing) > 0 {
			t.Errorf("no case expects the codes %v", missing)
		}
	})
}

// Ops returns the ops that some case calls and expects to succeed, sorted.
func Ops() []string {
	var out []string
	for _, c := range Cases() {
		for _, s := range c.Steps {
			if s.Code != "" || s.Raw != nil {
				continue
			}
			if m := opRE.FindStringSubmatch(s.Req); m != nil && !slices.Contains(out, m[1]) {
				out = append(out, m[1])
			}
		}
	}
	slices.Sort(out)
	return out
}

// ErrorOps returns, for each op, the error codes some case expects from it.
func ErrorOps() map[string][]string {
	out := map[string][]string{}
	for _, c := range Cases() {
		for _, s := range c.Steps {
			if s.Code == "" {
				continue
			}
			op := ""
			if m := opRE.FindStringSubmatch(s.Req); m != nil {
				op = m[1]
			}
			if !slices.Contains(out[op], s.Code) {
				out[op] = append(out[op], s.Code)
			}
		}
	}
	return out
}

// MissingCodes returns the codes, other than NativeOnlyCodes, that no case expects.
func MissingCodes() []string {
	seen := map[string]bool{}
	for _, codes := range ErrorOps() {
		for _, c := range codes {
			seen[c] = true
		}
	}
	var out []string
	for _, c := range AllCodes {
		if !seen[c] && !slices.Contains(NativeOnlyCodes, c) {
			out = append(out, c)
		}
	}
	return out
}

var opRE = regexp.MustCompile(`"op"\s*:\s*"([^"]*)"`)

func runCase(t *testing.T, c Case, conn Conn) {
	t.Helper()
	var results []any
	for i, st := range c.Steps {
		n := i + 1
		if st.CloseFirst {
			if conn.Close == nil {
				t.Skip("the transport cannot close an engine")
			}
			if err := conn.Close(); err != nil {
				t.Fatalf("step %d: close: %v", n, err)
			}
		}
		req := st.Raw
		if req == nil {
			s, err := expand(st.Req, results)
			if err != nil {
				t.Fatalf("step %d: %v", n, err)
			}
			req = []byte(s)
		}
		out := conn.Call(req)
		r, err := decodeResponse(out)
		if err != nil {
			t.Fatalf("step %d: malformed response: %v\nrequest:  %s\nresponse: %s", n, err, short(req), short(out))
		}
		results = append(results, r.Body["result"])
		r.prev = results // checks may refer to this step's result too
		fail := func(format string, args ...any) {
			t.Fatalf("step %d: %s\nrequest:  %s\nresponse: %s", n, fmt.Sprintf(format, args...), short(req), short(out))
		}
		switch {
		case st.Code == "" && !r.OK:
			fail("want ok, got error %s (field %q)", r.Code, r.Field)
		case st.Code != "" && r.OK:
			fail("want error %s, got ok", st.Code)
		case st.Code != "" && r.Code != st.Code:
			fail("want error %s, got %s (field %q)", st.Code, r.Code, r.Field)
		case st.Code != "" && st.Field != AnyField && r.Field != st.Field:
			fail("want error field %q, got %q", st.Field, r.Field)
		}
		if st.ID != "" {
			var want any
			if err := decodeJSON([]byte(st.ID), &want); err != nil {
				t.Fatalf("step %d: bad expected id %s: %v", n, st.ID, err)
			}
			if !jsonEqual(r.Body["id"], want, true) {
				fail("want id %s, got %s", st.ID, mustMarshal(r.Body["id"]))
			}
		}
		for _, ch := range st.Check {
			if err := ch(r); err != nil {
				t.Errorf("step %d: %v\nrequest:  %s\nresponse: %s", n, err, short(req), short(out))
			}
		}
		if t.Failed() {
			t.FailNow() // later steps build on this one
		}
	}
}

// Resp is one decoded response, as checks see it.
type Resp struct {
	Raw   []byte
	Body  map[string]any // the whole envelope; numbers are json.Number
	OK    bool
	Code  string // of the error, when not OK
	Field string
	prev  []any // results of the earlier steps
}

// Get returns the value at path in the result.
func (r *Resp) Get(path string) (any, error) { return lookup(r.Body["result"], path) }

// Expand replaces the $N.path references of s with the JSON of earlier results.
func (r *Resp) Expand(s string) (string, error) { return expand(s, r.prev) }

func decodeResponse(b []byte) (*Resp, error) {
	r := &Resp{Raw: b}
	var body any
	if err := decodeJSON(b, &body); err != nil {
		return r, err
	}
	m, ok := body.(map[string]any)
	if !ok {
		return r, fmt.Errorf("not a JSON object")
	}
	r.Body = m
	for k := range m {
		if !slices.Contains([]string{"id", "ok", "result", "error"}, k) {
			return r, fmt.Errorf("unexpected key %q", k)
		}
	}
	if _, ok := m["id"]; !ok {
		return r, fmt.Errorf("no id")
	}
	if r.OK, ok = m["ok"].(bool); !ok {
		return r, fmt.Errorf("ok is not a boolean")
	}
	if r.OK {
		if _, ok := m["error"]; ok {
			return r, fmt.Errorf("ok:true with an error")
		}
		if _, ok := m["result"].(map[string]any); !ok {
			return r, fmt.Errorf("ok:true without a result object")
		}
		return r, nil
	}
	if _, ok := m["result"]; ok {
		return r, fmt.Errorf("ok:false with a result")
	}
	e, ok := m["error"].(map[string]any)
	if !ok {
		return r, fmt.Errorf("ok:false without an error object")
	}
	for k := range e {
		if !slices.Contains([]string{"code", "message", "field"}, k) {
			return r, fmt.Errorf("unexpected error key %q", k)
		}
	}
	r.Code, _ = e["code"].(string)
	if !slices.Contains(AllCodes, r.Code) {
		return r, fmt.Errorf("error code %q is not one of %v", e["code"], AllCodes)
	}
	if msg, _ := e["message"].(string); msg == "" {
		return r, fmt.Errorf("error without a message")
	}
	if f, ok := e["field"]; ok {
		if r.Field, ok = f.(string); !ok || r.Field == "" {
			return r, fmt.Errorf("error field %v is not a non-empty string", f)
		}
	}
	return r, nil
}

// decodeJSON decodes one JSON value, keeping numbers as json.Number and refusing
// trailing data.
func decodeJSON(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("data after the JSON value")
	}
	if _, err := dec.Token(); err == nil {
		return fmt.Errorf("data after the JSON value")
	}
	return nil
}

func mustMarshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// short returns b, cut to a readable length for failure messages.
func short(b []byte) string {
	const max = 600
	if len(b) > max {
		return fmt.Sprintf("%s… (%d bytes)", b[:max], len(b))
	}
	return string(b)
}

// CheckResponse returns what is wrong with one encoded response, whatever the request:
// it must be a JSON object with an id, and either ok:true with a result object, or
// ok:false with an error whose code is in the closed set and whose message is not empty.
// Fuzzers of every transport use it.
func CheckResponse(resp []byte) error {
	_, err := decodeResponse(resp)
	return err
}

// ErrorCode returns the error code of a well-formed response ("" when it is ok).
func ErrorCode(resp []byte) string {
	r, err := decodeResponse(resp)
	if err != nil {
		return ""
	}
	return r.Code
}
