package core_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
)

// readsChat is six messages of a session, three of them with facts.
const readsChat = `[{"role":"user","content":"I'm Priya, a pharmacist in Leeds."},{"role":"assistant","content":"Got it."},
{"role":"user","content":"My daughter Lily is allergic to peanuts."},{"role":"assistant","content":"Noted."},
{"role":"user","content":"I use Obsidian for notes."},{"role":"assistant","content":"Nice."}]`

// TestExportImport_readMarks: extraction's read marks travel with an export, so that after
// export → import into a fresh database, extractFacts of the same session with commit
// does not read the old messages again (before format 2 it read all six and stored their
// facts a second time); an export of the import has the same read lines.
func TestExportImport_readMarks(t *testing.T) {
	ctx := context.Background()
	_, src, _ := cxOpen(t, core.Options{})
	res, err := src.ExtractFacts(ctx, json.RawMessage(readsChat), core.ExtractOptions{Commit: true, SessionID: "s1"})
	if err != nil || res.Read != 6 || len(res.Memories) == 0 {
		t.Fatalf("first read: %+v, %v", res, err)
	}
	body, r := exportLines(t, src, core.ExportOptions{})
	if r.Counts["read"] != 6 || !strings.Contains(r.Data, `"version":`+itoa(core.ExportVersion)) {
		t.Fatalf("counts %v; header %q", r.Counts, strings.SplitN(r.Data, "\n", 2)[0])
	}
	for _, tc := range []struct {
		name       string
		data       string
		known      int
		newFacts   bool
		wantImport int
	}{
		{"withMarks", r.Data, 6, false, 6},
		{"withoutMarks", withoutReads(t, r.Data), 0, true, 0}, // a version 1 export: no marks
	} {
		_, dst, _ := cxOpen(t, core.Options{})
		rep, err := dst.Import(ctx, core.ImportOptions{Data: tc.data})
		if err != nil || rep.Imported["read"] != tc.wantImport {
			t.Fatalf("%s: import %+v, %v", tc.name, rep, err)
		}
		again, err := dst.ExtractFacts(ctx, json.RawMessage(readsChat), core.ExtractOptions{Commit: true, SessionID: "s1"})
		if err != nil || again.Known != tc.known || (len(again.Facts) > 0) != tc.newFacts {
			t.Errorf("%s: extract after import: known %d read %d facts %d, %v; want known %d", tc.name, again.Known, again.Read, len(again.Facts), err, tc.known)
		}
		if tc.name == "withMarks" {
			if body2, _ := exportLines(t, dst, core.ExportOptions{}); body2 != body {
				t.Errorf("export of the import differs:\n%s\nwant\n%s", body2, body)
			}
			// Imported twice: the marks are there already, skipped.
			if rep, err := dst.Import(ctx, core.ImportOptions{Data: tc.data}); err != nil || rep.Skipped["read"] != 6 || rep.Imported["read"] != 0 {
				t.Errorf("second import: %+v, %v", rep, err)
			}
		}
	}
}

// withoutReads is data with its read lines and its header's count and checksum removed,
// as a version 1 export is.
func withoutReads(t *testing.T, data string) string {
	t.Helper()
	var out []string
	for i, l := range strings.Split(strings.TrimSpace(data), "\n") {
		if i == 0 {
			var h map[string]any
			if err := json.Unmarshal([]byte(l), &h); err != nil {
				t.Fatal(err)
			}
			hd := h["header"].(map[string]any)
			hd["version"] = 1
			delete(hd, "lines")
			delete(hd, "sha256")
			b, _ := json.Marshal(h)
			l = string(b)
		} else if strings.HasPrefix(l, `{"kind":"read"`) {
			continue
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n") + "\n"
}

// TestImport_readLineChecked: a read line with a bad hash or no session is refused with
// the line's field, before anything is written.
func TestImport_readLineChecked(t *testing.T) {
	ctx := context.Background()
	_, src, _ := cxOpen(t, core.Options{})
	_, r := exportLines(t, src, core.ExportOptions{})
	head := strings.SplitN(withoutReads(t, r.Data), "\n", 2)[0] + "\n"
	for _, tc := range []struct{ name, line, field string }{
		{"shortHash", `{"kind":"read","namespace":"default","read":{"sessionId":"s1","msgHash":"abc","readAt":"2026-01-01T00:00:00Z"}}`, "data[1].read.msgHash"},
		{"upperHash", `{"kind":"read","namespace":"default","read":{"sessionId":"s1","msgHash":"` + strings.Repeat("A", 32) + `","readAt":"2026-01-01T00:00:00Z"}}`, "data[1].read.msgHash"},
		{"noSession", `{"kind":"read","namespace":"default","read":{"sessionId":"","msgHash":"` + strings.Repeat("a", 32) + `","readAt":"2026-01-01T00:00:00Z"}}`, "data[1].read.sessionId"},
		{"wrongCarrier", `{"kind":"read","namespace":"default","turn":{"id":"t1"}}`, "data[1]."},
	} {
		_, dst, _ := cxOpen(t, core.Options{})
		_, err := dst.Import(ctx, core.ImportOptions{Data: head + tc.line + "\n"})
		e, ok := err.(*core.Error)
		if !ok || e.Code != core.CodeInvalidArgument || !strings.HasPrefix(e.Field, tc.field) {
			t.Errorf("%s: %v, want invalid_argument on %s", tc.name, err, tc.field)
		}
	}
}
