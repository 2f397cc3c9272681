package store

import (
	"context"
	"path/filepath"
	"testing"
)

// TestOpen_busyTimeout: PRAGMA busy_timeout is DefaultBusyTimeoutMs when BusyTimeoutMs is
// 0 and the value given otherwise, for a file and in memory, and a restore (which may
// swap in a fresh in-memory connection) keeps it.
func TestOpen_busyTimeout(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	for _, c := range []struct {
		path string
		ms   int
		want string
	}{
		{":memory:", 0, "5000"},
		{filepath.Join(dir, "a.db"), 0, "5000"},
		{":memory:", 250, "250"},
		{filepath.Join(dir, "b.db"), 60000, "60000"},
	} {
		d, err := Open(ctx, c.path, Options{BusyTimeoutMs: c.ms})
		if err != nil {
			t.Fatal(err)
		}
		got, err := d.QueryStrings(`PRAGMA busy_timeout`)
		if err != nil || len(got) != 1 || got[0] != c.want {
			t.Errorf("%q with BusyTimeoutMs %d: busy_timeout %v (%v), want %s", c.path, c.ms, got, err, c.want)
		}
		snap, _, err := d.Snapshot(1 << 30)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.Restore(ctx, snap, 1<<30); err != nil {
			t.Fatal(err)
		}
		got, err = d.QueryStrings(`PRAGMA busy_timeout`)
		d.Close()
		if err != nil || len(got) != 1 || got[0] != c.want {
			t.Errorf("%q with BusyTimeoutMs %d, after a restore: busy_timeout %v (%v), want %s", c.path, c.ms, got, err, c.want)
		}
	}
}
