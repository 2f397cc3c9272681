package store

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/ncruces/go-sqlite3/vfs"
)

// Options.VFS selects the VFS in the URI; Options.JournalMode sets the journal mode of
// a file database (the OPFS VFS uses TRUNCATE).
func TestFileURIVFS(t *testing.T) {
	for _, c := range []struct {
		path string
		ro   bool
		vfs  string
		want string
	}{
		{"a.db", false, "", "file:a.db"},
		{"a.db", false, "opfs", "file:a.db?vfs=opfs"},
		{"a?.db", true, "opfs", "file:a%3f.db?mode=ro&vfs=opfs"},
		{":memory:", false, "opfs", memoryURI}, // memdb.go
	} {
		if got := fileURI(c.path, c.ro, c.vfs); got != c.want {
			t.Errorf("fileURI(%q, %v, %q) = %q, want %q", c.path, c.ro, c.vfs, got, c.want)
		}
	}
}

func TestJournalMode(t *testing.T) {
	ctx := context.Background()
	for mode, want := range map[string]string{"": "delete", "DELETE": "delete", "truncate": "truncate", "PERSIST": "persist"} {
		d, err := Open(ctx, filepath.Join(t.TempDir(), "j.db"), Options{JournalMode: mode})
		if err != nil {
			t.Fatal(mode, err)
		}
		s, _, err := d.conn.Prepare("PRAGMA journal_mode")
		if err != nil || !s.Step() {
			t.Fatal(mode, err, s.Err())
		}
		if got := s.ColumnText(0); got != want {
			t.Errorf("JournalMode %q: journal_mode is %q, want %q", mode, got, want)
		}
		s.Close()
		d.Close()
	}
	if _, err := Open(ctx, filepath.Join(t.TempDir(), "w.db"), Options{JournalMode: "WAL"}); err == nil {
		t.Error("JournalMode WAL opened")
	}
	// An unknown VFS fails the open.
	if vfs.Find("nope") != nil {
		t.Fatal("a VFS named nope exists")
	}
	if _, err := Open(ctx, filepath.Join(t.TempDir(), "v.db"), Options{VFS: "nope"}); err == nil {
		t.Error("VFS nope opened")
	}
}
