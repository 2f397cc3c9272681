package core_test

import (
	"context"
	"errors"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/ncruces/go-sqlite3"

	"github.com/memcore/memcore/core"
)

// TestOpen_busyTimeoutBad: a negative, fractional-millisecond or absurd busy timeout is
// refused with invalid_argument on busyTimeoutMs, before any file is touched.
func TestOpen_busyTimeoutBad(t *testing.T) {
	for _, tc := range []struct {
		name string
		d    time.Duration
	}{
		{"negative", -time.Millisecond},
		{"fraction", 1500 * time.Microsecond},
		{"absurd", core.MaxBusyTimeout + time.Millisecond},
	} {
		_, err := core.Open(context.Background(), core.Options{Path: filepath.Join(t.TempDir(), "a.db"), BusyTimeout: tc.d})
		var me *core.Error
		if !errors.As(err, &me) || me.Code != core.CodeInvalidArgument || me.Field != "busyTimeoutMs" {
			t.Errorf("%s: %v, want invalid_argument on busyTimeoutMs", tc.name, err)
		}
	}
}

// TestOpen_busyTimeoutLocked: while another connection holds the file's write lock, a
// write of an engine opened with a short BusyTimeout fails with code storage and
// "database is locked" (what docs/RELIABILITY.md, "Lock waits", documents), and once the
// lock is released the same write succeeds. No time is asserted.
func TestOpen_busyTimeoutLocked(t *testing.T) {
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "locked.db")
	e, err := core.Open(ctx, core.Options{Path: file, BusyTimeout: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ns, _ := e.Namespace("default")
	if _, err := ns.Remember(ctx, core.MemoryInput{Content: "before the lock"}); err != nil {
		t.Fatal(err)
	}
	other, err := sqlite3.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if err := other.Exec(`BEGIN EXCLUSIVE`); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = ns.Remember(ctx, core.MemoryInput{Content: "while another connection holds the lock"})
	var me *core.Error
	if !errors.As(err, &me) || me.Code != core.CodeStorage || !regexp.MustCompile(`locked|busy`).MatchString(me.Message) {
		t.Fatalf("write under another's lock: %v, want storage, database is locked", err)
	}
	t.Logf("failed after %v (busy timeout 20ms)", time.Since(start))
	if err := other.Exec(`ROLLBACK`); err != nil {
		t.Fatal(err)
	}
	if _, err := ns.Remember(ctx, core.MemoryInput{Content: "after the lock"}); err != nil {
		t.Fatalf("after the lock was released: %v", err)
	}
}
