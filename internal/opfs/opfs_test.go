package opfs_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/memcore/memcore/internal/opfs"
)

func TestClean(t *testing.T) {
	for in, want := range map[string]string{
		"agent.db":           "/agent.db",
		"/agent.db":          "/agent.db",
		"memcore/agent.db":   "/memcore/agent.db",
		"/a/b/c.sqlite":      "/a/b/c.sqlite",
		"用户/记忆.db":           "/用户/记忆.db",
		"name with space.db": "/name with space.db",
	} {
		if got, err := opfs.Clean(in); err != nil || got != want {
			t.Errorf("Clean(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "/", "a//b.db", "a/", "../a.db", "a/./b.db", "a\\b.db", "a\x00.db",
		"a.db-journal", "a.db-wal", "x/a.db-shm", strings.Repeat("a", 600)} {
		if got, err := opfs.Clean(in); err == nil {
			t.Errorf("Clean(%q) = %q, want an error", in, got)
		}
	}
}

// Natively there is no OPFS: the error says where it exists.
func TestUnavailable(t *testing.T) {
	if err := opfs.Check(); !errors.Is(err, opfs.ErrUnavailable) || !strings.Contains(err.Error(), "Dedicated Worker") {
		t.Fatalf("Check() = %v", err)
	}
	if _, err := opfs.Acquire(context.Background(), "agent.db"); !errors.Is(err, opfs.ErrUnavailable) {
		t.Fatalf("Acquire = %v", err)
	}
	if opfs.LockName("/a.db") != "memcore:opfs:/a.db" {
		t.Fatal(opfs.LockName("/a.db"))
	}
}
