package host_test

import (
	"context"
	"testing"
	"time"

	"github.com/memcore/memcore/core"
	"github.com/memcore/memcore/internal/host"
)

// TestOpen_busyTimeoutMs: open's busyTimeoutMs reaches core.Options.BusyTimeout (absent:
// 0, the engine's default of 5 s), and out of range, fractional or not a number is
// invalid_argument on busyTimeoutMs.
func TestOpen_busyTimeoutMs(t *testing.T) {
	var got time.Duration
	h := host.New()
	h.Open = func(ctx context.Context, o core.Options) (*core.Engine, error) {
		got = o.BusyTimeout
		return core.Open(ctx, o)
	}
	for _, tc := range []struct {
		args string
		want time.Duration
	}{
		{`{"path":""}`, 0},
		{`{"path":"","busyTimeoutMs":0}`, 0},
		{`{"path":"","busyTimeoutMs":1}`, time.Millisecond},
		{`{"path":"","busyTimeoutMs":250}`, 250 * time.Millisecond},
		{`{"path":"","busyTimeoutMs":300000}`, 5 * time.Minute},
	} {
		openDB(t, h, tc.args)
		if got != tc.want {
			t.Errorf("open %s: BusyTimeout %v, want %v", tc.args, got, tc.want)
		}
	}
	for _, args := range []string{
		`{"path":"","busyTimeoutMs":-1}`,
		`{"path":"","busyTimeoutMs":300001}`,
		`{"path":"","busyTimeoutMs":1.5}`,
		`{"path":"","busyTimeoutMs":"5s"}`,
		`{"path":"","busyTimeoutMs":9007199254740993}`,
	} {
		wantErr(t, h, `{"v":1,"op":"open","args":`+args+`}`, "invalid_argument", "busyTimeoutMs")
	}
}
