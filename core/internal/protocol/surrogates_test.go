package protocol

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/memcore/memcore/core/internal/errs"
)

func TestDecode_loneSurrogates(t *testing.T) {
	for _, tc := range []struct {
		name, args string
		field      string // "" : accepted
	}{
		{"pair_ok", `{"item":{"content":"\ud83d\ude00"}}`, ""},
		{"pair_upper_ok", `{"item":{"content":"a\uD83D\uDE00b"}}`, ""},
		{"bmp_escape_ok", `{"item":{"content":"\u4e2d\u00e9"}}`, ""},
		{"escaped_backslash_ok", `{"item":{"content":"\\ud800"}}`, ""},
		{"lone_high", `{"item":{"content":"\ud800"}}`, "item.content"},
		{"lone_high_end", `{"item":{"content":"abc\uDBFF"}}`, "item.content"},
		{"lone_low", `{"item":{"content":"\udc00x"}}`, "item.content"},
		{"high_then_text", `{"item":{"content":"\ud800\u0041"}}`, "item.content"},
		{"reversed_pair", `{"item":{"content":"\ude00\ud83d"}}`, "item.content"},
		{"in_array", `{"types":["a","\ud800"]}`, "types[1]"},
		{"in_array_of_objects", `{"items":[{"content":"x"},{"content":"\udfff"}]}`, "items[1].content"},
		{"in_raw", `{"raw":{"k":[1,"\ud800"]}}`, "raw.k[1]"},
		{"in_key", `{"meta":{"\ud800":1}}`, "meta.\ufffd"},
		{"namespace", `{"namespace":"\udabc"}`, "namespace"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var a testArgs
			err := Decode(json.RawMessage(tc.args), &a)
			if tc.field == "" {
				if err != nil {
					t.Fatalf("Decode(%s) = %v, want ok", tc.args, err)
				}
				return
			}
			var e *errs.Error
			if !errors.As(err, &e) || e.Code != errs.InvalidArgument || e.Field != tc.field {
				t.Fatalf("Decode(%s) = %v, want invalid_argument on %q", tc.args, err, tc.field)
			}
		})
	}
}

func TestDecode_integersPast2to53(t *testing.T) {
	type args struct {
		N int64  `json:"n"`
		U uint64 `json:"u"`
	}
	for _, tc := range []struct {
		in    string
		field string
	}{
		{`{"n":9007199254740991}`, ""},
		{`{"n":-9007199254740991}`, ""},
		{`{"n":9007199254740992}`, "n"},
		{`{"n":-9007199254740993}`, "n"},
		{`{"u":9007199254740992}`, "u"},
	} {
		var a args
		err := Decode(json.RawMessage(tc.in), &a)
		var e *errs.Error
		switch {
		case tc.field == "" && err != nil:
			t.Errorf("Decode(%s) = %v, want ok", tc.in, err)
		case tc.field != "" && (!errors.As(err, &e) || e.Field != tc.field || e.Code != errs.InvalidArgument):
			t.Errorf("Decode(%s) = %v, want invalid_argument on %s", tc.in, err, tc.field)
		}
	}
}

func FuzzLoneSurrogate(f *testing.F) {
	for _, s := range []string{`"\ud800"`, `"\ud83d\ude00"`, `"\\ud800"`, `"\u12"`, `"\ud800\u"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, s []byte) {
		loneSurrogate(s) // must not panic on any bytes
		_ = checkSurrogates(s, "x")
	})
}
