package core_test

import (
	"os"
	"testing"
	"time"

	"github.com/memcore/memcore/internal/prototest"
)

// TestIsolation_namespaces is the isolation property: random operations of every kind
// (prototest.RunModel) over 20 namespaces whose memories, turns, documents, scratchpad
// keys and memory keys share words and names, and no read, recall, list, searchTurns,
// get, history, update, forget (by id or filter), export, stats or buildContext of one
// namespace returns, counts, changes or forgets another's data: each result is compared
// with the namespace's own model. MEMCORE_LONG=1 runs 4 times the steps.
func TestIsolation_namespaces(t *testing.T) {
	steps := 1200
	if os.Getenv("MEMCORE_LONG") != "" {
		steps *= 4
	}
	start := time.Now()
	prototest.RunModel(t, fileHost(t), prototest.ModelConfig{Seed: 14, Steps: steps, Namespaces: 20, VerifyEvery: 250})
	t.Logf("%d steps over 20 namespaces in %v", steps, time.Since(start).Round(time.Millisecond))
}
