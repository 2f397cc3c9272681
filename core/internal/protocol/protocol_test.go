package protocol

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/memcore/memcore/core/internal/errs"
)

type (
	embedded struct {
		Namespace *string `json:"namespace,omitempty"`
	}
	Options struct {
		Limit int      `json:"limit,omitempty"`
		Types []string `json:"types,omitempty"`
	}
	item struct {
		Content    string     `json:"content"`
		Importance *float64   `json:"importance,omitempty"`
		At         *time.Time `json:"at,omitempty"`
		Tags       *[]string  `json:"tags,omitempty"`
		Skipped    string     `json:"-"`
	}
	testArgs struct {
		embedded
		Options
		Item    *item           `json:"item,omitempty"`
		Items   []item          `json:"items,omitempty"`
		Flag    bool            `json:"flag,omitempty"`
		Small   int8            `json:"small,omitempty"`
		Count   uint            `json:"count,omitempty"`
		Meta    map[string]int  `json:"meta,omitempty"`
		Raw     json.RawMessage `json:"raw,omitempty"`
		NoTag   string
		private string
	}
)

func TestDecode_valid(t *testing.T) {
	var a testArgs
	err := Decode(json.RawMessage(`{"namespace":"n","limit":3,"types":["a"],"item":{"content":"c","importance":0.5,
		"at":"2024-01-02T03:04:05.678Z","tags":["x"]},"items":[{"content":"d"}],"flag":true,"small":-8,"count":9,
		"meta":{"k":1},"raw":{"any":[1,"x"]},"NoTag":"y"}`), &a)
	if err != nil {
		t.Fatal(err)
	}
	if *a.Namespace != "n" || a.Limit != 3 || a.Types[0] != "a" || a.Item.Content != "c" || *a.Item.Importance != 0.5 ||
		a.Item.At.Nanosecond() != 678000000 || (*a.Item.Tags)[0] != "x" || a.Items[0].Content != "d" || !a.Flag ||
		a.Small != -8 || a.Count != 9 || a.Meta["k"] != 1 || string(a.Raw) != `{"any":[1,"x"]}` || a.NoTag != "y" {
		t.Errorf("decoded %+v", a)
	}
	for _, empty := range []string{"", "null", "{}", `{"namespace":null,"item":null}`} {
		var a testArgs
		if err := Decode(json.RawMessage(empty), &a); err != nil {
			t.Errorf("Decode(%q) = %v", empty, err)
		}
	}
}

func TestDecode_errorsNameTheField(t *testing.T) {
	for _, tc := range []struct {
		name, args, field, msg string
	}{
		{"unknown_top", `{"bogus":1}`, "bogus", "unknown field"},
		{"unknown_nested", `{"item":{"content":"x","bogus":1}}`, "item.bogus", "unknown field"},
		{"unknown_in_array", `{"items":[{"content":"x"},{"content":"y","bogus":1}]}`, "items[1].bogus", "unknown field"},
		{"wrong_case", `{"Limit":3}`, "Limit", `did you mean "limit"`},
		{"wrong_case_nested", `{"item":{"Content":"x"}}`, "item.Content", `did you mean "content"`},
		{"embedded_go_name", `{"Options":{"limit":1}}`, "Options", "unknown field"},
		{"embedded_promoted_type", `{"namespace":5}`, "namespace", "expected a string"},
		{"embedded_struct_type", `{"limit":"x"}`, "limit", "expected an integer"},
		{"embedded_slice_elem", `{"types":["a",5]}`, "types[1]", "expected a string"},
		{"skipped_field", `{"item":{"content":"x","Skipped":"y"}}`, "item.Skipped", "unknown field"},
		{"private_field", `{"private":"y"}`, "private", "unknown field"},
		{"string_for_number", `{"item":{"content":"x","importance":"high"}}`, "item.importance", "expected a number"},
		{"number_out_of_range", `{"item":{"content":"x","importance":1e999}}`, "item.importance", "in range"},
		{"float_for_int", `{"limit":1.5}`, "limit", "integer"},
		{"int_overflow", `{"small":300}`, "small", "in range"},
		{"negative_uint", `{"count":-1}`, "count", "non-negative"},
		{"bool", `{"flag":"true"}`, "flag", "true or false"},
		{"array_for_object", `{"item":[]}`, "item", "expected an object"},
		{"object_for_array", `{"items":{}}`, "items", "expected an array"},
		{"time_not_string", `{"item":{"content":"x","at":5}}`, "item.at", "RFC 3339"},
		{"time_malformed", `{"item":{"content":"x","at":"yesterday"}}`, "item.at", "RFC 3339"},
		{"time_in_array", `{"items":[{"content":"x","at":"2024-13-01T00:00:00Z"}]}`, "items[0].at", "RFC 3339"},
		{"map_value", `{"meta":{"k":"v"}}`, "meta.k", "expected an integer"},
		{"pointer_slice", `{"item":{"content":"x","tags":[1]}}`, "item.tags[0]", "expected a string"},
		{"not_object", `[1]`, "args", "JSON object"},
		{"string", `"x"`, "args", "JSON object"},
		{"malformed", `{"limit":}`, "args", "malformed"},
		{"truncated", `{"limit":1`, "args", "malformed"},
		{"trailing", `{"limit":1} {}`, "args", "after"},
		{"invalid_utf8", "{\"item\":{\"content\":\"\xff\"}}", "args", "UTF-8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var a testArgs
			err := Decode(json.RawMessage(tc.args), &a)
			var e *errs.Error
			if !errors.As(err, &e) || e.Code != errs.InvalidArgument {
				t.Fatalf("Decode(%s) = %v, want invalid_argument", tc.args, err)
			}
			if e.Field != tc.field {
				t.Errorf("field = %q, want %q (%s)", e.Field, tc.field, e.Message)
			}
			if !strings.Contains(e.Message, tc.msg) {
				t.Errorf("message %q does not say %q", e.Message, tc.msg)
			}
		})
	}
}

// testMux has ops that echo, fail, panic and return what JSON cannot encode.
func testMux(max int) *Mux {
	m := NewMux(max)
	m.Handle("echo", func(ctx context.Context, raw json.RawMessage) (any, error) {
		var a struct {
			Say string `json:"say"`
		}
		if err := Decode(raw, &a); err != nil {
			return nil, err
		}
		return map[string]string{"said": a.Say}, nil
	})
	m.Handle("fail", func(ctx context.Context, raw json.RawMessage) (any, error) {
		return nil, errs.New(errs.NotFound, "id", "nothing here")
	})
	m.Handle("plainError", func(ctx context.Context, raw json.RawMessage) (any, error) {
		return nil, errors.New("an error that is not an *errs.Error")
	})
	m.Handle("panic", func(ctx context.Context, raw json.RawMessage) (any, error) {
		var p *struct{ x int }
		return p.x, nil // nil dereference
	})
	m.Handle("unencodable", func(ctx context.Context, raw json.RawMessage) (any, error) {
		return map[string]any{"ch": make(chan int)}, nil
	})
	return m
}

type response struct {
	ID     json.RawMessage `json:"id"`
	OK     *bool           `json:"ok"`
	Result map[string]any  `json:"result"`
	Error  *errs.Error     `json:"error"`
}

func serve(t *testing.T, m *Mux, req string) response {
	t.Helper()
	out := m.Serve(context.Background(), []byte(req))
	var r response
	dec := json.NewDecoder(strings.NewReader(string(out)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil || r.OK == nil || r.ID == nil {
		t.Fatalf("Serve(%s) = %s: not a response (%v)", req, out, err)
	}
	if *r.OK != (r.Error == nil) || (*r.OK && r.Result == nil) {
		t.Fatalf("Serve(%s) = %s: ok does not match result/error", req, out)
	}
	return r
}

func TestMux_serve(t *testing.T) {
	m := testMux(1 << 10)
	for _, tc := range []struct {
		name, req string
		code      errs.Code
		field     string
		id        string
	}{
		{name: "ok", req: `{"v":1,"id":1,"op":"echo","args":{"say":"hi"}}`, id: "1"},
		{name: "id_string", req: `{"v":1,"id":"abc","op":"echo"}`, id: `"abc"`},
		{name: "id_null", req: `{"v":1,"id":null,"op":"echo"}`, id: "null"},
		{name: "id_absent", req: `{"v":1,"op":"echo"}`, id: "null"},
		{name: "id_negative_float", req: `{"v":1,"id":-1.5e-3,"op":"echo"}`, id: "-1.5e-3"},
		{name: "id_huge", req: `{"v":1,"id":123456789012345678901234567890,"op":"echo"}`, id: "123456789012345678901234567890"},
		{name: "id_object", req: `{"v":1,"id":{},"op":"echo"}`, code: errs.InvalidArgument, field: "id", id: "null"},
		{name: "id_array", req: `{"v":1,"id":[],"op":"echo"}`, code: errs.InvalidArgument, field: "id", id: "null"},
		{name: "id_bool", req: `{"v":1,"id":false,"op":"echo"}`, code: errs.InvalidArgument, field: "id", id: "null"},
		{name: "unknown_op", req: `{"v":1,"id":2,"op":"nope"}`, code: errs.Unsupported, field: "op", id: "2"},
		{name: "empty_op", req: `{"v":1,"id":2}`, code: errs.Unsupported, field: "op", id: "2"},
		{name: "op_case", req: `{"v":1,"op":"Echo"}`, code: errs.Unsupported, field: "op", id: "null"},
		{name: "v_2", req: `{"v":2,"id":3,"op":"echo"}`, code: errs.Unsupported, field: "v", id: "3"},
		{name: "v_0", req: `{"v":0,"op":"echo"}`, code: errs.Unsupported, field: "v", id: "null"},
		{name: "v_missing", req: `{"op":"echo"}`, code: errs.Unsupported, field: "v", id: "null"},
		{name: "v_string", req: `{"v":"1","id":4,"op":"echo"}`, code: errs.InvalidArgument, field: "v", id: "4"},
		{name: "v_float", req: `{"v":1.0,"id":4,"op":"echo"}`, code: errs.InvalidArgument, field: "v", id: "4"},
		{name: "envelope_unknown_field", req: `{"v":1,"id":5,"op":"echo","extra":1}`, code: errs.InvalidArgument, field: "extra", id: "5"},
		{name: "envelope_wrong_case", req: `{"v":1,"id":5,"OP":"echo"}`, code: errs.InvalidArgument, field: "OP", id: "5"},
		{name: "malformed", req: `{"v":1,"id":6,"op":"echo"`, code: errs.InvalidArgument, field: "", id: "null"},
		{name: "empty", req: ``, code: errs.InvalidArgument, field: "", id: "null"},
		{name: "not_object", req: `[]`, code: errs.InvalidArgument, field: "", id: "null"},
		{name: "trailing", req: `{"v":1,"op":"echo"}{}`, code: errs.InvalidArgument, field: "", id: "null"},
		{name: "invalid_utf8", req: "{\"v\":1,\"id\":7,\"op\":\"echo\",\"args\":{\"say\":\"\xc0\"}}", code: errs.InvalidArgument, field: "", id: "null"},
		{name: "args_error", req: `{"v":1,"id":8,"op":"echo","args":{"say":1}}`, code: errs.InvalidArgument, field: "say", id: "8"},
		{name: "args_not_object", req: `{"v":1,"id":8,"op":"echo","args":[]}`, code: errs.InvalidArgument, field: "args", id: "8"},
		{name: "handler_error", req: `{"v":1,"id":9,"op":"fail"}`, code: errs.NotFound, field: "id", id: "9"},
		{name: "plain_error_is_internal", req: `{"v":1,"id":10,"op":"plainError"}`, code: errs.Internal, id: "10"},
		{name: "panic_is_internal", req: `{"v":1,"id":11,"op":"panic"}`, code: errs.Internal, id: "11"},
		{name: "unencodable_is_internal", req: `{"v":1,"id":12,"op":"unencodable"}`, code: errs.Internal, id: "12"},
		{name: "too_large", req: `{"v":1,"id":13,"op":"echo","args":{"say":"` + strings.Repeat("x", 1<<10) + `"}}`, code: errs.TooLarge, id: "null"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := serve(t, m, tc.req)
			if tc.code == "" && r.Error != nil {
				t.Fatalf("error %+v", r.Error)
			}
			if tc.code != "" {
				if r.Error == nil || r.Error.Code != tc.code || r.Error.Field != tc.field {
					t.Fatalf("error = %+v, want code %s field %q", r.Error, tc.code, tc.field)
				}
				if r.Error.Message == "" {
					t.Error("error without a message")
				}
			}
			if string(r.ID) != tc.id {
				t.Errorf("id = %s, want %s", r.ID, tc.id)
			}
		})
	}
}

func TestMux_panicMessageNamesOp(t *testing.T) {
	r := serve(t, testMux(1<<10), `{"v":1,"op":"panic"}`)
	if !strings.Contains(r.Error.Message, "panic") || !strings.Contains(r.Error.Message, "panic in panic") {
		t.Errorf("message %q", r.Error.Message)
	}
	// The mux still serves after a panic.
	if r := serve(t, testMux(1<<10), `{"v":1,"op":"echo","args":{"say":"ok"}}`); r.Result["said"] != "ok" {
		t.Errorf("after a panic: %+v", r)
	}
}

func TestMux_ops(t *testing.T) {
	got := testMux(1).Ops()
	want := []string{"echo", "fail", "panic", "plainError", "unencodable"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("Ops() = %v, want %v (sorted)", got, want)
	}
}

func TestEncode_nilIDIsNull(t *testing.T) {
	if got := string(Encode(Response{OK: true, Result: map[string]int{}})); got != `{"id":null,"ok":true,"result":{}}` {
		t.Errorf("Encode = %s", got)
	}
}
