package host_test

import (
	"context"
	"testing"
	"time"

	"github.com/memcore/memcore/core"
	"github.com/memcore/memcore/internal/host"
)

// TestOpen_callbackTimeoutMs: open's callbackTimeoutMs reaches core.Options.CallbackTimeout
// (absent: 0, the engine's default of a minute), and out of range is invalid_argument.
func TestOpen_callbackTimeoutMs(t *testing.T) {
	var got time.Duration
	h := host.New()
	h.Open = func(ctx context.Context, o core.Options) (*core.Engine, error) {
		got = o.CallbackTimeout
		return core.Open(ctx, o)
	}
	for _, tc := range []struct {
		args string
		want time.Duration
	}{
		{`{"path":""}`, 0},
		{`{"path":"","callbackTimeoutMs":0}`, 0},
		{`{"path":"","callbackTimeoutMs":250}`, 250 * time.Millisecond},
		{`{"path":"","callbackTimeoutMs":3600000}`, time.Hour},
	} {
		openDB(t, h, tc.args)
		if got != tc.want {
			t.Errorf("open %s: CallbackTimeout %v, want %v", tc.args, got, tc.want)
		}
	}
	for _, args := range []string{
		`{"path":"","callbackTimeoutMs":-1}`,
		`{"path":"","callbackTimeoutMs":3600001}`,
		`{"path":"","callbackTimeoutMs":1.5}`,
		`{"path":"","callbackTimeoutMs":"5s"}`,
		`{"path":"","callbackTimeoutMs":9007199254740993}`,
	} {
		wantErr(t, h, `{"v":1,"op":"open","args":`+args+`}`, "invalid_argument", "callbackTimeoutMs")
	}
}
