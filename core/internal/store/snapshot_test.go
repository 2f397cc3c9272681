package store

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ncruces/go-sqlite3"
)

const maxSnap = 1 << 30

// withMemories opens a database at path (":memory:" for one in memory) holding n
// memories whose content mentions "zebra i", closed when the test ends.
func withMemories(t *testing.T, path string, n int) *DB {
	t.Helper()
	d, err := Open(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	addMemories(t, d, "zebra", n)
	return d
}

func addMemories(t *testing.T, d *DB, word string, n int) {
	t.Helper()
	err := d.Tx(func() error {
		for i := range n {
			id := fmt.Sprintf("01%s%020d", strings.ToUpper(word[:4]), i)
			c := fmt.Sprintf("memory %d about a %s", i, word)
			m := testMemory(id, c)
			if err := insertAny(d, m, FTSDoc{Content: c}); err != nil {
				return err
			}
			if err := d.AddHistory("create", m.CreatedAt, m); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// count returns how many memories match word.
func count(t *testing.T, d *DB, word string) int {
	t.Helper()
	c, err := d.MatchMemories("default", `"`+word+`"`, Filter{Now: time.Now(), IncludeExpired: true}, Weights{1, 1, 1}, 10000)
	if err != nil {
		t.Fatalf("match %q: %v", word, err)
	}
	n, err := d.QueryStrings(`SELECT count(*) FROM memories WHERE content LIKE ?`, "%"+word+"%")
	if err != nil {
		t.Fatal(err)
	}
	if n[0] != fmt.Sprint(len(c)) {
		t.Errorf("%s: %s rows but %d index entries", word, n[0], len(c))
	}
	return len(c)
}

func snapshot(t *testing.T, d *DB) []byte {
	t.Helper()
	b, info, err := d.Snapshot(maxSnap)
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(b)) != info.Bytes || info.Schema != SchemaVersion {
		t.Fatalf("snapshot info %+v for %d bytes", info, len(b))
	}
	return b
}

func TestSnapshot_roundTrip(t *testing.T) {
	for _, from := range []string{"memory", "file"} {
		for _, to := range []string{"memory", "file"} {
			t.Run(from+"_to_"+to, func(t *testing.T) {
				path := func(kind, name string) string {
					if kind == "memory" {
						return ":memory:"
					}
					return filepath.Join(t.TempDir(), name)
				}
				src := withMemories(t, path(from, "src.db"), 50)
				data := snapshot(t, src)
				if _, err := checkHeader(data, maxSnap); err != nil {
					t.Fatalf("a snapshot fails the header check: %v", err)
				}
				dstPath := path(to, "dst.db")
				dst, err := Open(context.Background(), dstPath, Options{})
				if err != nil {
					t.Fatal(err)
				}
				defer func() { dst.Close() }()
				addMemories(t, dst, "lion", 3)
				count(t, dst, "lion") // the statement cache holds statements now
				info, err := dst.Restore(context.Background(), data, maxSnap)
				if err != nil {
					t.Fatal(err)
				}
				if info.FromSchema != SchemaVersion || info.Bytes != int64(len(data)) {
					t.Errorf("info = %+v", info)
				}
				if n := count(t, dst, "zebra"); n != 50 {
					t.Errorf("%d zebras after restore, want 50", n)
				}
				if n := count(t, dst, "lion"); n != 0 {
					t.Errorf("%d lions after restore, want 0: the old content survived", n)
				}
				addMemories(t, dst, "tiger", 2)
				if n := count(t, dst, "tiger"); n != 2 {
					t.Errorf("writing after a restore: %d tigers", n)
				}
				if ok, _ := dst.QueryStrings(`PRAGMA integrity_check`); ok[0] != "ok" {
					t.Errorf("integrity after restore: %v", ok)
				}
				if to == "file" {
					if err := dst.Close(); err != nil {
						t.Fatal(err)
					}
					dst, err = Open(context.Background(), dstPath, Options{})
					if err != nil {
						t.Fatalf("reopening the restored file: %v", err)
					}
					if n := count(t, dst, "zebra"); n != 50 {
						t.Errorf("%d zebras in the reopened file", n)
					}
					if jm, _ := dst.QueryStrings(`PRAGMA journal_mode`); jm[0] != "delete" {
						t.Errorf("journal mode %v after restore", jm)
					}
				}
			})
		}
	}
}

func TestSnapshot_consistentWhileAnotherConnectionWrites(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.db")
	d := withMemories(t, path, 10)
	other, err := Open(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	data := snapshot(t, d)
	addMemories(t, other, "lion", 5)
	m, err := Open(context.Background(), ":memory:", Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if _, err := m.Restore(context.Background(), data, maxSnap); err != nil {
		t.Fatal(err)
	}
	if count(t, m, "zebra") != 10 || count(t, m, "lion") != 0 {
		t.Error("the snapshot is not the database as it was")
	}
	if n := count(t, d, "lion"); n != 5 {
		t.Errorf("the first connection sees %d lions after the other wrote 5", n)
	}
}

func TestCheckHeader_cases(t *testing.T) {
	good := snapshot(t, withMemories(t, ":memory:", 5))
	mod := func(f func(b []byte) []byte) []byte { return f(append([]byte(nil), good...)) }
	for _, tc := range []struct {
		name string
		data []byte
		want string // in the error; "" is no error
	}{
		{"good", good, ""},
		{"empty", nil, "empty"},
		{"short", good[:50], "too short"},
		{"text", []byte(strings.Repeat("not a database ", 40)), "not an SQLite database"},
		{"page_size_odd", mod(func(b []byte) []byte { binary.BigEndian.PutUint16(b[16:], 1000); return b }), "page size 1000"},
		{"page_size_small", mod(func(b []byte) []byte { binary.BigEndian.PutUint16(b[16:], 256); return b }), "page size 256"},
		{"format_version", mod(func(b []byte) []byte { b[18] = 3; return b }), "file format"},
		{"fractions", mod(func(b []byte) []byte { b[21] = 65; return b }), "payload fractions"},
		{"reserved", mod(func(b []byte) []byte { b[20] = 200; b[16], b[17] = 2, 0; return b[:512*(len(b)/512)] }), "reserved"},
		{"truncated_mid_page", good[:len(good)-100], "not a whole number"},
		{"truncated_page", good[:len(good)-4096], "header says"},
		{"padded", append(append([]byte(nil), good...), make([]byte, 4096)...), "header says"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := checkHeader(tc.data, maxSnap)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("err = %v", err)
			case tc.want == "":
			case err == nil:
				t.Fatalf("accepted, want %q", tc.want)
			case !strings.Contains(err.Error(), tc.want):
				t.Errorf("err = %v, want %q in it", err, tc.want)
			}
			var se *SnapshotError
			if err != nil && !errors.As(err, &se) {
				t.Errorf("err is %T, want *SnapshotError", err)
			}
		})
	}
	var tl *TooLargeError
	if _, err := checkHeader(good, int64(len(good)-1)); !errors.As(err, &tl) {
		t.Errorf("over the limit: %v", err)
	}
}

// rawDB runs sql on a fresh in-memory SQLite database (not memcore's) and returns its
// snapshot.
func rawDB(t *testing.T, sql string) []byte {
	t.Helper()
	d := &DB{stmts: map[string]*sqlite3.Stmt{}, path: ":memory:"}
	var err error
	if d.conn, err = sqlite3.Open("file::memory:"); err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := d.conn.Exec(sql); err != nil {
		t.Fatal(err)
	}
	return snapshot2(t, d)
}

// snapshot2 is snapshot for databases of any schema version.
func snapshot2(t *testing.T, d *DB) []byte {
	t.Helper()
	b, _, err := d.Snapshot(maxSnap)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// modified returns a snapshot of a memcore database with 5 memories after sql ran on it.
func modified(t *testing.T, sql string) []byte {
	t.Helper()
	d := withMemories(t, ":memory:", 5)
	if err := d.conn.Exec(sql); err != nil {
		t.Fatal(err)
	}
	return snapshot2(t, d)
}

func TestRestore_refusesAndKeepsContent(t *testing.T) {
	good := snapshot(t, withMemories(t, ":memory:", 20))
	pageSize := 4096
	flip := func(off int) []byte {
		b := append([]byte(nil), good...)
		b[off] ^= 0xff
		return b
	}
	for _, tc := range []struct {
		name  string
		data  []byte
		want  string // in the error
		newer bool
	}{
		{"empty", nil, "empty", false},
		{"truncated", good[:len(good)/2], "truncated", false},
		{"truncated_to_pages", good[:pageSize*2], "truncated", false},
		{"random", randomBytes(len(good)), "not an SQLite database", false},
		{"random_after_header", append(append([]byte(nil), good[:100]...), randomBytes(len(good)-100)...), "", false},
		{"page_type_flipped", flip(pageSize), "", false},
		{"root_page_flipped", flip(pageSize + 8), "", false},
		{"page_zeroed", func() []byte {
			b := append([]byte(nil), good...)
			clear(b[2*pageSize : 3*pageSize])
			return b
		}(), "", false},
		{"other_program", rawDB(t, `CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('x');`), "not a memcore one", false},
		{"other_application_id", rawDB(t, `PRAGMA application_id = 1234; CREATE TABLE t (x);`), "not a memcore one", false},
		{"memcore_id_no_schema", rawDB(t, fmt.Sprintf(`PRAGMA application_id = %d; CREATE TABLE t (x);`, applicationID)), "no schema", false},
		{"newer", modified(t, `PRAGMA user_version = 99`), "newer memcore", true},
		{"extra_trigger", modified(t, `CREATE TRIGGER wipe AFTER INSERT ON memories BEGIN DELETE FROM memories; END;`), `trigger "wipe"`, false},
		{"extra_table", modified(t, `CREATE TABLE mine (x)`), `table "mine"`, false},
		{"dropped_index", modified(t, `DROP INDEX memories_ns_type_id`), `lacks index "memories_ns_type_id"`, false},
		{"changed_index", modified(t, `DROP INDEX memories_ns_type_id; CREATE INDEX memories_ns_type_id ON memories(type)`), `not defined as`, false},
		{"dangling_vector", modified(t, `PRAGMA foreign_keys=OFF; INSERT INTO memory_vectors VALUES (999, 1, x'00000000')`), "refer to rows that do not exist", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, kind := range []string{"memory", "file"} {
				path := ":memory:"
				if kind == "file" {
					path = filepath.Join(t.TempDir(), "d.db")
				}
				d := withMemories(t, path, 0)
				addMemories(t, d, "lion", 7)
				before := snapshot(t, d)
				_, err := d.Restore(context.Background(), tc.data, maxSnap)
				var se *SnapshotError
				switch {
				case err == nil:
					t.Fatalf("%s: restored", kind)
				case tc.newer && !errors.Is(err, ErrNewerSchema):
					t.Errorf("%s: err = %v, want ErrNewerSchema", kind, err)
				case !tc.newer && !errors.As(err, &se):
					t.Errorf("%s: err = %v (%T), want a *SnapshotError", kind, err, err)
				case !strings.Contains(err.Error(), tc.want):
					t.Errorf("%s: err = %v, want %q in it", kind, err, tc.want)
				}
				t.Logf("%s: %v", kind, err)
				if n := count(t, d, "lion"); n != 7 {
					t.Errorf("%s: %d lions after a refused restore, want 7", kind, n)
				}
				if after := snapshot(t, d); string(after) != string(before) {
					t.Errorf("%s: a refused restore changed the database", kind)
				}
			}
		})
	}
}

// TestRestore_flippedBytes flips one byte at many places of a snapshot: each flip is
// either refused as a *SnapshotError or gives a database that passes SQLite's checks;
// none may fail otherwise, panic or leave the database unusable. It logs how many flips
// were refused, accepted with the same rows (the byte was in unused space) and accepted
// with a changed value (undetectable: SQLite pages carry no checksum).
func TestRestore_flippedBytes(t *testing.T) {
	src := withMemories(t, ":memory:", 120)
	good, want := snapshot(t, src), dump(t, src)
	d := withMemories(t, ":memory:", 0)
	var refused, same, changed int
	step := 499
	if testing.Short() {
		step = 2003
	}
	for off := 0; off < len(good); off += step {
		b := append([]byte(nil), good...)
		b[off] ^= 0x5a
		_, err := d.Restore(context.Background(), b, maxSnap)
		var se *SnapshotError
		switch {
		case err == nil:
			if ok, err := d.QueryStrings(`PRAGMA integrity_check`); err != nil || ok[0] != "ok" {
				t.Errorf("flip at %d: accepted a database that fails integrity_check: %v %v", off, ok, err)
			}
			if dump(t, d) == want {
				same++
			} else {
				changed++
			}
		case errors.As(err, &se):
			refused++
		default:
			t.Errorf("flip at %d: %v (%T), want a *SnapshotError or success", off, err, err)
		}
		if _, err := d.QueryStrings(`SELECT count(*) FROM memories`); err != nil {
			t.Fatalf("flip at %d: the database is unusable after: %v", off, err)
		}
	}
	t.Logf("%d bytes, one flip every %d bytes: %d refused, %d accepted unchanged (unused space), %d accepted with a changed value",
		len(good), step, refused, same, changed)
}

// dump returns every row of the memcore tables as text.
func dump(t *testing.T, d *DB) string {
	t.Helper()
	var b strings.Builder
	for _, table := range []string{"memories", "memory_history", "turns", "memory_vectors"} {
		cols, err := d.QueryStrings(`SELECT 'quote(' || name || ')' FROM pragma_table_info(?)`, table)
		if err != nil {
			t.Fatal(err)
		}
		rows, err := d.QueryStrings(`SELECT ` + strings.Join(cols, "||','||") + ` FROM ` + table + ` ORDER BY rowid`)
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString(table + "\n" + strings.Join(rows, "\n") + "\n")
	}
	return b.String()
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	x := uint64(0x9e3779b97f4a7c15)
	for i := range b {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		b[i] = byte(x)
	}
	return b
}

func TestRestore_olderSchemaIsMigrated(t *testing.T) {
	for v := 1; v < SchemaVersion; v++ {
		t.Run(fmt.Sprintf("v%d", v), func(t *testing.T) {
			old := openAt(t, filepath.Join(t.TempDir(), "old.db"), v)
			defer old.Close()
			addMemories(t, old, "zebra", 4)
			data := snapshot2(t, old)
			for _, kind := range []string{"memory", "file"} {
				path := ":memory:"
				if kind == "file" {
					path = filepath.Join(t.TempDir(), "d.db")
				}
				d := withMemories(t, path, 0)
				info, err := d.Restore(context.Background(), data, maxSnap)
				if err != nil {
					t.Fatalf("%s: %v", kind, err)
				}
				if info.FromSchema != v || info.Schema != SchemaVersion {
					t.Errorf("%s: info = %+v", kind, info)
				}
				if got, _ := d.Version(); got != SchemaVersion {
					t.Errorf("%s: version %d after restore", kind, got)
				}
				if n := count(t, d, "zebra"); n != 4 {
					t.Errorf("%s: %d zebras", kind, n)
				}
				if _, err := d.QueryStrings(`SELECT count(*) FROM turns`); err != nil {
					t.Errorf("%s: the migrated tables: %v", kind, err)
				}
				if err := d.checkSchema(SchemaVersion); err != nil {
					t.Errorf("%s: the migrated schema: %v", kind, err)
				}
			}
		})
	}
}

func TestRestore_walFlagsAndPageSize(t *testing.T) {
	// A database of 8 KiB pages whose header says WAL, as a copied WAL-mode file's does.
	d := withMemories(t, filepath.Join(t.TempDir(), "src.db"), 12)
	if err := d.conn.Exec(`PRAGMA page_size=8192; VACUUM;`); err != nil {
		t.Fatal(err)
	}
	data := snapshot(t, d)
	if binary.BigEndian.Uint16(data[16:]) != 8192 {
		t.Fatalf("page size %d", binary.BigEndian.Uint16(data[16:]))
	}
	data[18], data[19] = 2, 2
	for _, kind := range []string{"memory", "file"} {
		p := ":memory:"
		if kind == "file" {
			p = filepath.Join(t.TempDir(), "d.db")
		}
		dst := withMemories(t, p, 1)
		if _, err := dst.Restore(context.Background(), data, maxSnap); err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		if n := count(t, dst, "zebra"); n != 12 {
			t.Errorf("%s: %d zebras", kind, n)
		}
		if ps, _ := dst.QueryStrings(`PRAGMA page_size`); ps[0] != "8192" {
			t.Errorf("%s: page size %v", kind, ps)
		}
		if jm, _ := dst.QueryStrings(`PRAGMA journal_mode`); jm[0] == "wal" {
			t.Errorf("%s: the restored database is in WAL mode", kind)
		}
		addMemories(t, dst, "tiger", 1)
		if kind == "file" {
			dst.Close()
			raw, _ := os.ReadFile(p)
			if raw[18] != 1 || raw[19] != 1 {
				t.Errorf("the restored file's header says format %d/%d", raw[18], raw[19])
			}
		}
	}
}

func TestRestore_cancelled(t *testing.T) {
	good := snapshot(t, withMemories(t, ":memory:", 20))
	d := withMemories(t, ":memory:", 3)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := d.Restore(ctx, good, maxSnap)
	var se *SnapshotError
	if err == nil || errors.As(err, &se) {
		t.Fatalf("err = %v, want a cancellation, not a verdict on the bytes", err)
	}
	if n := count(t, d, "zebra"); n != 3 {
		t.Errorf("%d zebras after a cancelled restore", n)
	}
}
