package wasm_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/memcore/memcore/internal/prototest"
)

// TestLifecycleModel runs the randomised lifecycle model check of prototest
// (RunLifecycleModel, the seeds core's TestLifecycle_model runs natively) through the
// wasip1 build under wazero, each seed on a fresh in-memory database.
func TestLifecycleModel(t *testing.T) {
	c := newClient(t, "")
	for _, seed := range []uint64{1, 2, 3, 4} {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			db := open(t, c, `{"path":""}`)
			prototest.RunLifecycleModel(t, prototest.Conn{Call: func(req []byte) []byte {
				out, err := c.Call(context.Background(), withDB(req, db))
				if err != nil {
					t.Fatalf("the wasm call failed: %v", err)
				}
				return out
			}}, seed, 300)
		})
	}
}

// TestModel_everyOpWasm runs the model check of every op (prototest.RunModel, the check
// core's TestModel_everyOp runs natively) through the wasip1 build under wazero, on files
// in the instance's preopened directory: close is the protocol's close, reopen a new open
// of the same path. It is long (the wasm engine is several times slower than native), so
// it runs only with MEMCORE_LONG=1 (make test-long): MEMCORE_MODEL_STEPS steps (default
// 2,000; about 90 ms a step on a loaded 2-core machine) for each of two seeds.
func TestModel_everyOpWasm(t *testing.T) {
	if os.Getenv("MEMCORE_LONG") == "" {
		t.Skip("MEMCORE_LONG=1 runs it (make test-long)")
	}
	steps := 2000
	if s, err := strconv.Atoi(os.Getenv("MEMCORE_MODEL_STEPS")); err == nil && s > 0 {
		steps = s
	}
	dir := t.TempDir()
	if d, err := os.MkdirTemp("/dev/shm", "memcore-model-"); err == nil { // no fsync wait: see core's modelDir
		t.Cleanup(func() { os.RemoveAll(d) })
		dir = d
	}
	c := newClient(t, dir)
	host := prototest.ModelHost{Open: func(name string) prototest.Conn {
		db := open(t, c, `{"path":"/data/`+name+`"}`)
		send := func(req []byte) []byte {
			out, err := c.Call(context.Background(), withDB(req, db))
			if err != nil {
				t.Fatalf("the wasm call failed: %v", err)
			}
			return out
		}
		return prototest.Conn{Call: send, Close: func() error {
			var r struct {
				OK    bool
				Error struct{ Message string }
			}
			if err := json.Unmarshal(send([]byte(`{"v":1,"op":"close"}`)), &r); err != nil || !r.OK {
				return fmt.Errorf("close: %v %s", err, r.Error.Message)
			}
			return nil
		}}
	}}
	for _, seed := range []uint64{301, 302} {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			start := time.Now()
			prototest.RunModel(t, host, prototest.ModelConfig{Seed: seed, Steps: steps})
			t.Logf("seed %d: %d steps through wazero in %v", seed, steps, time.Since(start).Round(time.Millisecond))
		})
	}
}
