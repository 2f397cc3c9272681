package core_test

import (
	"context"
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
)

// A file that is not an export (a CSV, prose, a JSON array) is refused in the file's terms:
// which line, and what an import is, not the protocol decoder's "args must be…".
func TestImport_notJSONLinesMessage(t *testing.T) {
	for _, tc := range []struct{ name, data, field string }{
		{"prose", "not json at all\n", "data[0]"},
		{"json_array", `[{"kind":"header"}]`, "data[0]"},
		{"csv_after_blank", "\nid,content\n", "data[1]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, ns, _ := cxOpen(t, core.Options{})
			_, err := ns.Import(context.Background(), core.ImportOptions{Data: tc.data})
			cxErr(t, err, core.CodeInvalidArgument, tc.field)
			msg := err.(*core.Error).Message
			if strings.Contains(msg, "args") || !strings.Contains(msg, "JSON Lines") {
				t.Errorf("message %q: want the file's terms (JSON Lines), not the protocol's args", msg)
			}
		})
	}
}
