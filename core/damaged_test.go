package core_test

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ncruces/go-sqlite3"

	"github.com/memcore/memcore/core"
)

// Damaged and hostile files (issue 14, item 3; docs/RELIABILITY.md "Damaged and hostile
// files"): each damage is given to open (as the file), to restore (as snapshot bytes)
// and — for exports — to import. Every call must return (a hang fails the test binary at
// go test's -timeout, with every goroutine's stack; no wall-clock deadline here) without a panic,
// refuse with storage / invalid_argument / unsupported and a message that names what is
// wrong, and leave the damaged file's bytes as they were. Open checks the schema (cheap)
// and not every page, so a flipped byte inside a table's page may open: then every read
// must succeed or fail with storage, and still nothing is written to the file.

// healthyFile builds a memcore file with memories and turns (so the FTS tables have
// pages) and returns its bytes.
func healthyFile(t *testing.T) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "healthy.db")
	ctx := context.Background()
	e, err := core.Open(ctx, core.Options{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	ns, _ := e.Namespace("default")
	var in []core.MemoryInput
	for i := range 300 {
		in = append(in, core.MemoryInput{Content: fmt.Sprintf("memory %d: the user keeps bees in Lisbon and writes Go on day %d", i, i*7919%365)})
	}
	if _, err := ns.Remember(ctx, in...); err != nil {
		t.Fatal(err)
	}
	var turns []core.TurnInput
	for i := range 200 {
		turns = append(turns, core.TurnInput{Role: core.RoleUser, Content: fmt.Sprintf("turn %d about the beehive and the garden", i)})
	}
	if _, err := ns.AppendTurns(ctx, "s1", turns); err != nil {
		t.Fatal(err)
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// modifiedFile returns the bytes of good after sql ran on a copy of it.
func modifiedFile(t *testing.T, good []byte, sql string) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "mod.db")
	if err := os.WriteFile(path, good, 0o600); err != nil {
		t.Fatal(err)
	}
	conn, err := sqlite3.Open("file:" + path)
	if err != nil {
		t.Fatal(err)
	}
	if err := conn.Exec(sql); err != nil {
		t.Fatal(err)
	}
	conn.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// rootPage returns the 1-based root page of table name in the database bytes db.
func rootPage(t *testing.T, db []byte, name string) int {
	t.Helper()
	path := filepath.Join(t.TempDir(), "root.db")
	if err := os.WriteFile(path, db, 0o600); err != nil {
		t.Fatal(err)
	}
	conn, err := sqlite3.Open("file:" + path + "?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	s, _, err := conn.Prepare(`SELECT rootpage FROM sqlite_schema WHERE name = ?`)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	s.BindText(1, name)
	if !s.Step() {
		t.Fatalf("no table %q", name)
	}
	return s.ColumnInt(0)
}

// damage is one damaged database file.
type damage struct {
	name string
	data []byte
	// open is what open must do: "refuse" (with openWant in the message), or "either"
	// (the damage is inside a page open does not read: it may open).
	open     string
	openWant string
	// restoreWant is in restore's error (invalid_argument on data, or unsupported).
	restoreWant string
}

func damages(t *testing.T, good []byte) []damage {
	const page = 4096
	flip := func(off int, x byte) []byte {
		b := append([]byte(nil), good...)
		b[off] ^= x
		return b
	}
	put32 := func(off int, v uint32) []byte {
		b := append([]byte(nil), good...)
		binary.BigEndian.PutUint32(b[off:], v)
		return b
	}
	fill := func(from, to int, v byte) []byte {
		b := append([]byte(nil), good...)
		for i := from; i < to; i++ {
			b[i] = v
		}
		return b
	}
	ftsData := rootPage(t, good, "memories_fts_data")
	turnsIdx := rootPage(t, good, "turns_fts_idx")
	memories := rootPage(t, good, "memories")
	hugeCount := put32(28, 0x7fffff00) // valid-for (92) still equals the change counter (24)
	d := []damage{
		{name: "truncated_in_header", data: good[:50], open: "refuse", openWant: "malformed", restoreWant: "too short"},
		{name: "truncated_after_header", data: good[:100], open: "refuse", openWant: "", restoreWant: "truncated"},
		{name: "truncated_first_page", data: good[:page], open: "either", restoreWant: "truncated"},
		{name: "truncated_half", data: good[:len(good)/2/page*page], open: "either", restoreWant: "truncated"},
		{name: "truncated_last_byte", data: good[:len(good)-1], open: "either", restoreWant: "truncated"},
		{name: "header_magic", data: flip(0, 0x20), open: "refuse", openWant: "not a database", restoreWant: "not an SQLite database"},
		{name: "header_page_size", data: flip(16, 0xff), open: "refuse", openWant: "", restoreWant: "page size"},
		{name: "header_write_version", data: put32(18, 0x09090000|uint32(binary.BigEndian.Uint16(good[20:]))), open: "refuse", openWant: "", restoreWant: ""},
		{name: "header_payload_fraction", data: flip(21, 0x01), open: "refuse", openWant: "", restoreWant: ""},
		{name: "header_schema_format", data: put32(44, 9), open: "refuse", openWant: "", restoreWant: ""},
		{name: "header_text_encoding", data: put32(56, 7), open: "refuse", openWant: "", restoreWant: ""},
		{name: "header_page_count_huge", data: hugeCount, open: "either", restoreWant: ""},
		{name: "header_user_version_zero", data: put32(60, 0), open: "refuse", openWant: "schema version 0", restoreWant: "no schema"},
		{name: "header_user_version_one", data: put32(60, 1), open: "refuse", openWant: "schema version 1", restoreWant: "schema version 1"},
		{name: "header_user_version_newer", data: put32(60, 999), open: "refuse", openWant: "newer memcore", restoreWant: "newer memcore"},
		{name: "header_application_id", data: put32(68, 0x12345678), open: "refuse", openWant: "application_id is 0x12345678", restoreWant: "not a memcore one"},
		{name: "page_type_memories", data: flip((memories-1)*page, 0xff), open: "either", restoreWant: "damaged"},
		{name: "page_zeroed_memories", data: fill((memories-1)*page, memories*page, 0), open: "either", restoreWant: "damaged"},
		{name: "page_garbage_middle", data: fill(len(good)/2/page*page, len(good)/2/page*page+page, 0x5a), open: "either", restoreWant: "damaged"},
		{name: "fts_data_page_garbage", data: fill(ftsData*page-1500, ftsData*page-8, 0xa5), open: "either", restoreWant: "damaged"},
		{name: "fts_idx_page_type", data: flip((turnsIdx-1)*page, 0xff), open: "either", restoreWant: "damaged"},
		{name: "schema_page_garbage", data: fill(100, page, 0x33), open: "refuse", openWant: "malformed", restoreWant: "damaged"},
		{name: "extra_trigger", data: modifiedFile(t, good, `CREATE TRIGGER steal AFTER INSERT ON memories BEGIN UPDATE memories SET content = 'pwned'; END;`), open: "refuse", openWant: `trigger "steal"`, restoreWant: `trigger "steal"`},
		{name: "extra_view", data: modifiedFile(t, good, `CREATE VIEW secrets AS SELECT content FROM memories`), open: "refuse", openWant: `view "secrets"`, restoreWant: `view "secrets"`},
		{name: "extra_table", data: modifiedFile(t, good, `CREATE TABLE mine (x)`), open: "refuse", openWant: `table "mine"`, restoreWant: `table "mine"`},
		{name: "dropped_index", data: modifiedFile(t, good, `DROP INDEX memories_ns_type_id`), open: "refuse", openWant: `lacks index "memories_ns_type_id"`, restoreWant: `lacks index`},
		{name: "trigger_replaced", data: modifiedFile(t, good, fmt.Sprintf(`PRAGMA application_id=%d`, 0x6d656d63)+`; DROP TRIGGER IF EXISTS memories_ai; CREATE TRIGGER memories_ai AFTER INSERT ON memories BEGIN DELETE FROM memories; END;`), open: "refuse", openWant: "memories_ai", restoreWant: "memories_ai"},
	}
	return d
}

func TestDamagedFiles_openRestore(t *testing.T) {
	good := healthyFile(t)
	for _, d := range damages(t, good) {
		t.Run(d.name, func(t *testing.T) {
			ctx := context.Background()
			path := filepath.Join(t.TempDir(), "damaged.db")
			if err := os.WriteFile(path, d.data, 0o600); err != nil {
				t.Fatal(err)
			}
			before := sha256.Sum256(d.data)

			// Open, and when it opens, read (peek: a recall that counts accesses writes).
			{
				e, err := core.Open(ctx, core.Options{Path: path})
				if err != nil {
					if c := code(err); c != core.CodeStorage && c != core.CodeUnsupported {
						t.Errorf("open: %v, want storage or unsupported", err)
					}
					if !strings.Contains(err.Error(), d.openWant) || !strings.Contains(err.Error(), "damaged.db") {
						t.Errorf("open: %v, want %q and the file's name in it", err, d.openWant)
					}
					t.Logf("open: %v", err)
					return
				}
				if d.open == "refuse" {
					t.Errorf("open accepted it")
				}
				ns, _ := e.Namespace("default")
				var errsSeen []string
				for what, op := range map[string]func() error{
					"stats":  func() error { _, err := ns.Stats(ctx); return err },
					"list":   func() error { _, err := ns.List(ctx, core.ListOptions{Limit: 1000}); return err },
					"recall": func() error { _, err := ns.Recall(ctx, "bees Lisbon", core.RecallOptions{Peek: true}); return err },
					"turns":  func() error { _, err := ns.SearchTurns(ctx, "beehive", core.SearchTurnsOptions{}); return err },
				} {
					if err := op(); err != nil {
						if code(err) != core.CodeStorage {
							t.Errorf("%s on the opened damaged file: %v, want storage", what, err)
						}
						errsSeen = append(errsSeen, what+": "+err.Error())
					}
				}
				t.Logf("opened; reads: %d failed %v", len(errsSeen), errsSeen)
				e.Close()
			}
			after, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if sha256.Sum256(after) != before {
				t.Errorf("the damaged file was written to (%d bytes before, %d after)", len(d.data), len(after))
			}

			// Restore the same bytes into a healthy in-memory engine.
			{
				e, err := core.Open(ctx, core.Options{})
				if err != nil {
					t.Fatal(err)
				}
				defer e.Close()
				ns, _ := e.Namespace("default")
				if _, err := ns.Remember(ctx, core.MemoryInput{Content: "the engine's own memory"}); err != nil {
					t.Fatal(err)
				}
				err = e.Restore(ctx, d.data)
				if err == nil {
					if d.name != "header_page_count_huge" {
						t.Fatalf("restore accepted it")
					}
					return
				}
				var me *core.Error
				if c := code(err); c != core.CodeInvalidArgument && c != core.CodeUnsupported {
					t.Errorf("restore: %v, want invalid_argument or unsupported", err)
				} else if ok := asError(err, &me); ok && c == core.CodeInvalidArgument && me.Field != "data" {
					t.Errorf("restore: field %q, want data", me.Field)
				}
				if !strings.Contains(err.Error(), d.restoreWant) {
					t.Errorf("restore: %v, want %q in it", err, d.restoreWant)
				}
				t.Logf("restore: %v", err)
				if st, err := ns.Stats(ctx); err != nil || st.Memories != 1 {
					t.Errorf("after a refused restore: %v memories, %v; want 1", st, err)
				}
			}
			if sha256.Sum256(d.data) != before {
				t.Errorf("restore changed the bytes it was given")
			}
		})
	}
}

func asError(err error, target **core.Error) bool {
	e, ok := err.(*core.Error)
	if ok {
		*target = e
	}
	return ok
}

// TestDamagedFiles_import gives import damaged copies of a JSON Lines export: each is
// refused with invalid_argument (or unsupported, for a newer format) on data or one of
// its lines, and the database that imports is left as it was.
func TestDamagedFiles_import(t *testing.T) {
	ctx := context.Background()
	src, err := core.Open(ctx, core.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	sns, _ := src.Namespace("default")
	for i := range 40 {
		if _, err := sns.Remember(ctx, core.MemoryInput{Content: fmt.Sprintf("exported memory %d about bees", i), Tags: []string{"t"}}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := sns.AppendTurns(ctx, "s1", []core.TurnInput{{Role: core.RoleUser, Content: "a turn"}}); err != nil {
		t.Fatal(err)
	}
	exp, err := sns.Export(ctx, core.ExportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	good := exp.Data
	lines := strings.SplitAfter(strings.TrimSuffix(good, "\n"), "\n")
	mid := strings.Index(good, "exported memory 20")
	flip := func(off int) string { b := []byte(good); b[off] ^= 0x01; return string(b) }
	for _, tc := range []struct {
		name, data string
		code       core.Code
		want       string // in the message
	}{
		{"cut_mid_line", good[:len(good)/2], core.CodeInvalidArgument, "line"},
		{"cut_in_header", good[:20], core.CodeInvalidArgument, "line 1"},
		{"cut_at_line_end", strings.Join(lines[:len(lines)-3], ""), core.CodeInvalidArgument, "cut short"},
		{"cut_last_byte_of_value", good[:len(good)-3], core.CodeInvalidArgument, "line"},
		{"flipped_letter_in_content", flip(mid + 2), core.CodeInvalidArgument, "SHA-256"},
		{"flipped_digit_in_importance", strings.Replace(good, `"importance":0.5`, `"importance":0.4`, 1), core.CodeInvalidArgument, "SHA-256"},
		{"flipped_quote", flip(mid - 1), core.CodeInvalidArgument, "line"},
		{"nul_byte", good[:mid] + "\x00" + good[mid+1:], core.CodeInvalidArgument, ""},
		{"invalid_utf8", good[:mid] + "\xff\xfe" + good[mid+2:], core.CodeInvalidArgument, "UTF-8"},
		{"header_removed", strings.Join(lines[1:], ""), core.CodeInvalidArgument, "header"},
		{"header_twice", lines[0] + good, core.CodeInvalidArgument, "header"},
		{"newer_format", strings.Replace(good, `"version":`+itoa(core.ExportVersion), `"version":99`, 1), core.CodeUnsupported, "newer memcore"},
		{"random_bytes", string(randomText(4096)), core.CodeInvalidArgument, ""},
		{"lines_swapped_with_other_export", lines[0] + strings.Replace(strings.Join(lines[1:], ""), "exported memory 3 ", "exported memory 9 ", 1), core.CodeInvalidArgument, "SHA-256"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dst, err := core.Open(ctx, core.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer dst.Close()
			ns, _ := dst.Namespace("default")
			if _, err := ns.Remember(ctx, core.MemoryInput{Content: "already here"}); err != nil {
				t.Fatal(err)
			}
			{
				_, err = ns.Import(ctx, core.ImportOptions{Data: tc.data})
			}
			var me *core.Error
			if !asError(err, &me) || me.Code != tc.code || !strings.HasPrefix(me.Field, "data") || !strings.Contains(me.Message, tc.want) {
				t.Fatalf("import: %v, want %s on data… with %q", err, tc.code, tc.want)
			}
			t.Logf("import: %v", err)
			if st, err := ns.Stats(ctx); err != nil || st.Memories != 1 || st.Turns != 0 {
				t.Errorf("after a refused import: %+v, %v; want 1 memory, 0 turns", st, err)
			}
		})
	}
	t.Run("whole_export_and_crlf_import", func(t *testing.T) {
		for _, data := range []string{good, strings.ReplaceAll(good, "\n", "\r\n"), good + "\n\n"} {
			dst, err := core.Open(ctx, core.Options{})
			if err != nil {
				t.Fatal(err)
			}
			ns, _ := dst.Namespace("default")
			if _, err := ns.Import(ctx, core.ImportOptions{Data: data}); err != nil {
				t.Fatalf("import of a sound export: %v", err)
			}
			if st, _ := ns.Stats(ctx); st.Memories != 40 {
				t.Errorf("%d memories imported, want 40", st.Memories)
			}
			dst.Close()
		}
	})
}

func randomText(n int) []byte {
	b := make([]byte, n)
	x := uint64(88172645463325252)
	for i := range b {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		b[i] = byte(x)
	}
	return b
}
