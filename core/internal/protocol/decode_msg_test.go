package protocol

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/memcore/memcore/core/internal/errs"
)

// A JavaScript developer reads e.message first: a wrong type names the option in it
// ("limit: expected an integer, got 0.5"), not only in e.field (issue 9, a new user's
// buildContext and recall).
func TestDecode_messageStartsWithField(t *testing.T) {
	for _, tc := range []struct{ name, args, want string }{
		{"string_for_int", `{"limit":"x"}`, "limit: expected an integer, got a string"},
		{"fraction_for_int", `{"limit":0.5}`, "limit: expected an integer, got 0.5"},
		{"int_overflow", `{"small":300}`, "small: expected an integer in range, got 300"},
		{"string_for_array", `{"types":"a"}`, "types: expected an array, got a string"},
		{"time", `{"item":{"content":"x","at":"yesterday"}}`, `item.at: "yesterday" is not an RFC 3339 time like 2006-01-02T15:04:05Z`},
		{"past_2_53", `{"limit":9007199254740993}`, "limit: 9007199254740993 is past 2^53"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var a testArgs
			var e *errs.Error
			if err := Decode(json.RawMessage(tc.args), &a); !errors.As(err, &e) {
				t.Fatalf("Decode(%s) = %v, want an *errs.Error", tc.args, err)
			}
			if len(e.Message) < len(tc.want) || e.Message[:len(tc.want)] != tc.want {
				t.Errorf("message %q, want it to start %q", e.Message, tc.want)
			}
		})
	}
}
