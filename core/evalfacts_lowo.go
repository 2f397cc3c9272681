package core

import (
	"io"

	"github.com/memcore/memcore/core/internal/facts"
)

// EvalFactsLOWO prints the fact heuristics scored leave-one-writer-out: the claim
// detector trained without each labelled file and scored on it (dev and retired sets
// only; the blind sets are never read). sweep adds a table of other thresholds.
func EvalFactsLOWO(w io.Writer, dir string, sweep bool) error { return facts.EvalLOWO(w, dir, sweep) }

// EvalFactsCauses prints, per labelled dev and retired file, the heuristics' misses and
// wrong facts by cause (a key convention, a missing phrasing, a claim not split off…).
func EvalFactsCauses(w io.Writer, dir string) error { return facts.MissCauses(w, dir) }

// TrainClaimModel trains the fact heuristics' claim detector on the labelled dev and
// retired sets of dir and writes its weights as Go source (claimmodel_weights.go).
func TrainClaimModel(dir string, w io.Writer) error { return facts.TrainClaimModel(dir, w) }
