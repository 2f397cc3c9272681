package prototest

import "time"

// ShrinkModel makes a failing run short enough to read: starting from the operations up
// to the failing step, it removes chunks of operations (halves, then quarters… down to
// single operations: delta debugging) and keeps every removal after which a replay on a
// fresh database still fails, until no single operation can go or cfg.ShrinkBudget is
// spent. Any failure counts as "still fails": a shorter sequence that fails otherwise is
// as much a bug.
func ShrinkModel(host ModelHost, cfg ModelConfig, f *ModelFailure) *ModelFailure {
	cfg = cfg.withDefaults()
	deadline := time.Now().Add(cfg.ShrinkBudget)
	best := f
	n := 2
	for len(best.Ops) >= 2 && time.Now().Before(deadline) {
		chunk := (len(best.Ops) + n - 1) / n
		reduced := false
		for start := 0; start < len(best.Ops) && time.Now().Before(deadline); start += chunk {
			cand := append(append([]ModelOp{}, best.Ops[:start]...), best.Ops[min(start+chunk, len(best.Ops)):]...)
			if g := ReplayModel(host, cfg, cand); g != nil {
				best = g
				n = max(n-1, 2)
				reduced = true
				break
			}
		}
		if !reduced {
			if chunk == 1 {
				break
			}
			n = min(n*2, len(best.Ops))
		}
	}
	return best
}
