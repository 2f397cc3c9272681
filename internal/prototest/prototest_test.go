package prototest

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

func decoded(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := decodeJSON([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestLookup_cases(t *testing.T) {
	v := decoded(t, `{"a":[{"b":1},{"b":{"c":"x"}}],"n":null,"k.x":2}`)
	for _, tc := range []struct {
		path string
		want string // JSON, or "error"
	}{
		{"", `{"a":[{"b":1},{"b":{"c":"x"}}],"n":null,"k.x":2}`},
		{"a[0].b", "1"},
		{"a[1].b.c", `"x"`},
		{"n", "null"},
		{"a[2]", "error"},
		{"a.b", "error"},
		{"missing", "error"},
		{"a[0].b.c", "error"},
		{"a[x]", "error"},
	} {
		got, err := lookup(v, tc.path)
		if tc.want == "error" {
			if err == nil {
				t.Errorf("lookup(%q) = %v, want an error", tc.path, got)
			}
			continue
		}
		if err != nil || !jsonEqual(got, decoded(t, tc.want), true) {
			t.Errorf("lookup(%q) = %v, %v; want %s", tc.path, got, err, tc.want)
		}
	}
}

func TestExpand_cases(t *testing.T) {
	results := []any{decoded(t, `{"memories":[{"id":"A1","n":2.5}]}`), decoded(t, `{"nextCursor":"C"}`)}
	for _, tc := range []struct{ in, want string }{
		{`{"id":$1.memories[0].id}`, `{"id":"A1"}`},
		{`[$1.memories[0].n,$2.nextCursor]`, `[2.5,"C"]`},
		{`{"m":$1.memories}`, `{"m":[{"id":"A1","n":2.5}]}`},
		{`no refs`, `no refs`},
		{`$3.x`, "error"},
		{`$1.nope`, "error"},
	} {
		got, err := expand(tc.in, results)
		if tc.want == "error" {
			if err == nil {
				t.Errorf("expand(%q) = %q, want an error", tc.in, got)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("expand(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

func TestJSONEqual_numbers(t *testing.T) {
	a, b := json.Number("1.0"), json.Number("1")
	if !jsonEqual(a, b, false) || jsonEqual(a, b, true) {
		t.Error("1.0 and 1: equal by value, not as tokens")
	}
	if jsonEqual(json.Number("1"), "1", false) {
		t.Error("a number equals a string")
	}
}

func TestCheckResponse_cases(t *testing.T) {
	for _, tc := range []struct {
		resp string
		ok   bool
	}{
		{`{"id":1,"ok":true,"result":{}}`, true},
		{`{"id":null,"ok":false,"error":{"code":"not_found","message":"m","field":"id"}}`, true},
		{`{"id":null,"ok":false,"error":{"code":"internal","message":"m"}}`, true},
		{`{"ok":true,"result":{}}`, false},                                    // no id
		{`{"id":1,"ok":"true","result":{}}`, false},                           // ok not a bool
		{`{"id":1,"ok":true}`, false},                                         // no result
		{`{"id":1,"ok":true,"result":[]}`, false},                             // result not an object
		{`{"id":1,"ok":true,"result":{},"error":{}}`, false},                  // both
		{`{"id":1,"ok":false,"error":{"code":"oops","message":"m"}}`, false},  // code outside the set
		{`{"id":1,"ok":false,"error":{"code":"closed","message":""}}`, false}, // no message
		{`{"id":1,"ok":false,"error":{"code":"closed","message":"m","field":""}}`, false},
		{`{"id":1,"ok":false,"error":{"code":"closed","message":"m","x":1}}`, false},
		{`{"id":1,"ok":false,"result":{},"error":{"code":"closed","message":"m"}}`, false},
		{`{"id":1,"ok":true,"result":{},"extra":1}`, false},
		{`{"id":1,"ok":true,"result":{}} {}`, false},
		{`[]`, false}, {``, false},
	} {
		if err := CheckResponse([]byte(tc.resp)); (err == nil) != tc.ok {
			t.Errorf("CheckResponse(%s) = %v, want ok %v", tc.resp, err, tc.ok)
		}
	}
}

// TestCases_wellFormed checks the table itself: unique op/what names, requests that
// refer only to earlier steps, and codes from the closed set.
func TestCases_wellFormed(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range Cases() {
		if seen[c.Name] || !strings.Contains(c.Name, "/") {
			t.Errorf("case name %q is a duplicate or not op/what", c.Name)
		}
		seen[c.Name] = true
		if len(c.Steps) == 0 {
			t.Errorf("%s has no steps", c.Name)
		}
		for i, s := range c.Steps {
			if s.Code != "" && !contains(AllCodes, s.Code) {
				t.Errorf("%s step %d expects unknown code %q", c.Name, i+1, s.Code)
			}
			if s.Code == "" && s.Field != "" {
				t.Errorf("%s step %d expects a field without an error", c.Name, i+1)
			}
			for _, m := range refRE.FindAllStringSubmatch(s.Req, -1) {
				if n, _ := strconv.Atoi(m[1]); n < 1 || n > i {
					t.Errorf("%s step %d refers to step %d, which is not an earlier one", c.Name, i+1, n)
				}
			}
		}
	}
	if missing := MissingCodes(); len(missing) > 0 {
		t.Errorf("no case expects %v", missing)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
