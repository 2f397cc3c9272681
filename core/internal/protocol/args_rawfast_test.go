package protocol

import (
	"encoding/json"
	"reflect"
	"testing"
)

// argsRawShape is argsShape without the raw pointer: the shape of extractFacts' args,
// which decodeWithoutRaw takes.
type argsRawShape struct {
	argsEmbedded
	Messages json.RawMessage `json:"messages"`
	argsRest
}

// rawFastCases are, besides argsCases, args the fast path must refuse or decode as
// decodeStrict does: raw JSON with quotes and brackets, keys given twice, keys that are
// a field's name only case-insensitively or once unescaped.
var rawFastCases = []string{
	`{"messages":[{"role":"user","content":"a \"quoted\" {x: [1]}"}],"limit":2,"namespace":"n","opts":{"budget":3}}`,
	`{"messages":null}`,
	`{"namespace":"a","namespace":"b","messages":[]}`,
	`{"meta":{"a":1},"meta":{"b":2},"messages":[]}`,
	`{"messages":[],"COMMIT":true}`,
	`{"messages":[],"\u006cimit":4}`,
}

// TestDecodeWithoutRaw_sameAsStrict: with the fast path, decodeArgs gives decodeStrict's
// value and error on every case, and the path is taken for plain args.
func TestDecodeWithoutRaw_sameAsStrict(t *testing.T) {
	for _, c := range append(rawFastCases, argsCases...) {
		if d := strictMismatch[argsRawShape]([]byte(c)); d != "" {
			t.Error(d)
		}
	}
	data := []byte(rawFastCases[0])
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		t.Fatal(err)
	}
	var a argsRawShape
	if !decodeWithoutRaw(data, top, &a, jsonFields(reflect.TypeFor[argsRawShape]())) || a.Limit != 2 || string(a.Messages) != string(top["messages"]) {
		t.Errorf("fast path not taken or wrong: %+v", a)
	}
	if rawPaths(reflect.TypeFor[argsShape]()) != nil {
		t.Error("a *json.RawMessage field must keep the decoder's path")
	}
}

// TestTopMembers_case: the members of a valid object, strings and nesting skipped.
func TestTopMembers_case(t *testing.T) {
	for c, want := range map[string]int{
		`{}`: 0, `{"a":1}`: 1, `{"a":{"b":2,"c":3},"d":[{"e":4}]}`: 2,
		`{"a:b":"c:d","\":":"\\"}`: 2, `{"a":1,"a":2}`: 2,
	} {
		if got := topMembers([]byte(c)); got != want {
			t.Errorf("%s: %d, want %d", c, got, want)
		}
	}
}

// FuzzDecodeWithoutRaw: decodeArgs with the fast path and decodeStrict agree on any input.
func FuzzDecodeWithoutRaw(f *testing.F) {
	for _, c := range argsCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if d := strictMismatch[argsRawShape](data); d != "" {
			t.Fatal(d)
		}
	})
}
