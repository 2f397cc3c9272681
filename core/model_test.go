package core_test

import (
	"fmt"
	"testing"

	"github.com/memcore/memcore/core"
	"github.com/memcore/memcore/internal/prototest"
)

// ModelSeeds are the seeds of the lifecycle model check; wasm/model_test.go runs the
// same through wazero.
var modelSeeds = []uint64{1, 2, 3, 4, 5, 6, 7, 8}

// TestLifecycle_model runs the randomised lifecycle model check (prototest's
// RunLifecycleModel) on the native engine.
func TestLifecycle_model(t *testing.T) {
	for _, seed := range modelSeeds {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			prototest.RunLifecycleModel(t, conn(openMem(t, core.Options{})), seed, 300)
		})
	}
}
