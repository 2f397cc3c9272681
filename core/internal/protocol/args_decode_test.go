package protocol

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"
)

// argsEmbedded and argsShape have the kinds of field an op's args have: an embedded
// struct, a pointer, raw JSON (as extractFacts' messages), a nested struct, a map, a
// time, numbers and a raw pointer.
type argsEmbedded struct {
	Namespace *string `json:"namespace,omitempty"`
}

type argsShape struct {
	argsEmbedded
	Messages json.RawMessage  `json:"messages"`
	Extra    *json.RawMessage `json:"extra"`
	argsRest
}

// argsRest are the fields after the raw ones, embedded as extractFacts' ExtractOptions
// are: both argsShape and argsRawShape have them.
type argsRest struct {
	Commit bool           `json:"commit"`
	Limit  int            `json:"limit"`
	Weight float64        `json:"weight"`
	At     time.Time      `json:"at"`
	Tags   []string       `json:"tags"`
	Meta   map[string]any `json:"meta"`
	Opts   struct {
		Budget int `json:"budget"`
	} `json:"opts"`
}

// argsCases are args, valid and not, that decodeArgs must treat exactly as decodeStrict.
var argsCases = []string{
	`{"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":[{"type":"text","text":"x"}]}],"commit":true}`,
	`{"messages":"not checked here","extra":{"a":[1,2]},"namespace":"n"}`,
	`{"messages":null,"limit":3,"weight":0.5,"at":"2024-01-02T03:04:05Z","tags":["a"],"meta":{"k":1},"opts":{"budget":9}}`,
	`{"messages":[],"limit":"3"}`,
	`{"messages":[],"limit":1.5}`,
	`{"messages":[],"limit":9007199254740993}`,
	`{"messages":[],"at":"yesterday"}`,
	`{"messages":[],"Limit":3}`,
	`{"messages":[],"bogus":1}`,
	`{"messages":[],"opts":{"budget":"x"}}`,
	`{"messages":[],"opts":{"nope":1}}`,
	`{"messages":[],"tags":[1]}`,
	`{"messages":[1,2],"messages":{"a":1}}`,
	`{"limit":"x","limit":2,"messages":[]}`,
	`{"limit":2,"limit":"x","messages":[]}`,
	`{"opts":{"budget":1},"opts":{"budget":"x"}}`,
	`{"messages":[}`,
	`{"messages":[]} trailing`,
	`{"messages":[]}{}`,
	`{"messages":["\ud800"]}`,
	`{}`, `{`, ` {"commit":false} `,
}

// strictMismatch decodes data with decodeStrict and with decodeArgs, each into a fresh T,
// and says how the values or the errors (code, field, message) differ; "" when they agree.
// Every comparison of the fast paths with decodeStrict goes through it.
func strictMismatch[T any](data []byte) string {
	var a, b T
	errA := decodeStrict(data, &a, "args")
	errB := decodeArgs(data, &b, "args")
	if fmt.Sprint(errA) == fmt.Sprint(errB) && reflect.DeepEqual(a, b) {
		return ""
	}
	return fmt.Sprintf("%q:\n strict %+v %v\n fast   %+v %v", data, a, errA, b, errB)
}

// TestDecodeArgs_sameAsStrict: the same value and the same error (code, field, message)
// as decodeStrict for every case.
func TestDecodeArgs_sameAsStrict(t *testing.T) {
	for _, c := range argsCases {
		if d := strictMismatch[argsShape]([]byte(c)); d != "" {
			t.Error(d)
		}
	}
}

// FuzzDecodeArgs: decodeArgs and decodeStrict agree on any input.
func FuzzDecodeArgs(f *testing.F) {
	for _, c := range argsCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if d := strictMismatch[argsShape](data); d != "" {
			t.Fatal(d)
		}
	})
}
