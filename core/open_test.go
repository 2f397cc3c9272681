package core_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ncruces/go-sqlite3"

	"github.com/memcore/memcore/core"
)

// rawExec runs SQL on a database file without memcore.
func rawExec(t *testing.T, path, sql string) {
	t.Helper()
	conn, err := sqlite3.Open("file:" + path)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if err := conn.Exec(sql); err != nil {
		t.Fatal(err)
	}
}

func TestOpen_errors(t *testing.T) {
	dir := t.TempDir()
	newer := filepath.Join(dir, "newer.db")
	e, err := core.Open(context.Background(), core.Options{Path: newer})
	if err != nil {
		t.Fatal(err)
	}
	e.Close()
	rawExec(t, newer, `PRAGMA user_version = 1000`)
	other := filepath.Join(dir, "other.db")
	rawExec(t, other, `CREATE TABLE contacts (name TEXT)`)
	garbage := filepath.Join(dir, "garbage.db")
	if err := os.WriteFile(garbage, []byte(strings.Repeat("not a database ", 100)), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		opts core.Options
		code core.Code
	}{
		{"directory", core.Options{Path: dir}, core.CodeStorage},
		{"missing_directory", core.Options{Path: filepath.Join(dir, "no", "such.db")}, core.CodeStorage},
		{"not_memcore", core.Options{Path: other}, core.CodeStorage},
		{"not_sqlite", core.Options{Path: garbage}, core.CodeStorage},
		{"read_only_missing", core.Options{Path: filepath.Join(dir, "missing.db"), ReadOnly: true}, core.CodeStorage},
		{"newer_schema", core.Options{Path: newer}, core.CodeUnsupported},
		{"newer_schema_read_only", core.Options{Path: newer, ReadOnly: true}, core.CodeUnsupported},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, err := core.Open(context.Background(), tc.opts)
			if e != nil {
				e.Close()
			}
			if code(err) != tc.code {
				t.Fatalf("Open err = %v, want code %s", err, tc.code)
			}
			if !strings.Contains(err.Error(), filepath.Base(tc.opts.Path)) {
				t.Errorf("the error does not name the file: %v", err)
			}
			// The path is what the caller changes to make it succeed: the field says so.
			var ce *core.Error
			if !errors.As(err, &ce) || ce.Field != "path" {
				t.Errorf("Open err = %#v, want field path", err)
			}
		})
	}
}

func TestOpen_reopenKeepsData(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "agent.db")
	e, err := core.Open(ctx, core.Options{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	ns, _ := e.Namespace("default")
	m, err := ns.Remember(ctx, core.MemoryInput{Content: "用户喜欢用 Python 写脚本"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ns.AppendTurns(ctx, "s", []core.TurnInput{{Role: "user", Content: "hi"}}); err != nil {
		t.Fatal(err)
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}

	e, err = core.Open(ctx, core.Options{Path: path, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ns, _ = e.Namespace("default")
	got, err := ns.Get(ctx, m[0].ID)
	if err != nil || got.Content != m[0].Content {
		t.Fatalf("after reopening: %v %v", got, err)
	}
	// Without peek too: a read-only engine cannot count the access, so it does not try.
	for i := 0; i < 2; i++ {
		hits, err := ns.Recall(ctx, "脚本", core.RecallOptions{})
		if err != nil || len(hits) != 1 || hits[0].Memory.AccessCount != 0 {
			t.Errorf("read-only recall %d: %+v %v, want one hit with accessCount 0", i, hits, err)
		}
	}
	if st, _ := ns.Stats(ctx); st.Turns != 1 || st.SchemaVersion < 1 {
		t.Errorf("stats after reopening: %+v", st)
	}
	// A read-only engine refuses writes with storage, and nothing changes.
	if _, err := ns.Remember(ctx, core.MemoryInput{Content: "x"}); code(err) != core.CodeStorage {
		t.Errorf("remember on a read-only engine: %v, want storage", err)
	}
	resp := string(e.Call(ctx, []byte(`{"v":1,"op":"remember","args":{"memory":{"content":"x"}}}`)))
	if !strings.Contains(resp, `"code":"storage"`) {
		t.Errorf("remember over the protocol on a read-only engine: %s", resp)
	}
}
