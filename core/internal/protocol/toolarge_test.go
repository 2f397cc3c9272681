package protocol

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/memcore/memcore/core/internal/errs"
)

// A request over the limit is refused before it is decoded; its error names the
// argument and what to do for the ops that carry one large argument (restore, import),
// the op for the others, and nothing for an op the mux does not serve.
func TestMux_tooLargeNamesTheOpAndWhatToDo(t *testing.T) {
	m := testMux(1 << 10)
	for _, op := range []string{"restore", "import"} {
		m.Handle(op, func(ctx context.Context, raw json.RawMessage) (any, error) { return map[string]string{"ran": op}, nil })
	}
	big := strings.Repeat("A", 2<<10)
	for _, tc := range []struct {
		name, req, field string
		says             []string
	}{
		{"restore", `{"v":1,"id":1,"op":"restore","args":{"data":"` + big + `"}}`, "data",
			[]string{"the whole restore request", "at most ¾", "binary transport", "limits.maxRequestBytes"}},
		{"restore_spaced", `{ "v": 1, "op" : "restore", "args": {"data": "` + big + `"}}`, "data", []string{"the whole restore request"}},
		{"import", `{"v":1,"id":2,"op":"import","args":{"format":"jsonl","data":"` + big + `"}}`, "data",
			[]string{"the whole import request", "one namespace at a time", "memcore import"}},
		{"other_op", `{"v":1,"op":"echo","args":{"say":"` + big + `"}}`, "", []string{"the whole echo request"}},
		{"op_after_args", `{"v":1,"args":{"data":"` + big + `"},"op":"restore"}`, "", []string{"request is 2"}},
		{"unknown_op", `{"v":1,"op":"nope","args":{"data":"` + big + `"}}`, "", []string{"request is 2"}},
		{"op_not_a_string", `{"v":1,"op":7,"args":{"data":"` + big + `"}}`, "", []string{"request is 2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := serve(t, m, tc.req)
			if r.Error == nil || r.Error.Code != errs.TooLarge || r.Error.Field != tc.field {
				t.Fatalf("error = %+v, want too_large on %q", r.Error, tc.field)
			}
			for _, s := range append(tc.says, "the limit is 1024") {
				if !strings.Contains(r.Error.Message, s) {
					t.Errorf("message %q does not say %q", r.Error.Message, s)
				}
			}
			if tc.field == "" && strings.Contains(r.Error.Message, "binary transport") {
				t.Errorf("message %q gives a restore's advice", r.Error.Message)
			}
		})
	}
	// Under the limit the same op runs.
	if r := serve(t, m, `{"v":1,"op":"restore","args":{"data":"AAAA"}}`); r.Error != nil {
		t.Fatalf("small restore: %+v", r.Error)
	}
}
