package wasm_test

import (
	"context"
	"fmt"
	"testing"

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
