package prototest

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// ModelHost gives RunModel its databases.
type ModelHost struct {
	// Open opens the file database name (created when missing) and returns its engine.
	// Opening a name again after its Conn was closed reopens the same file: that is how
	// the model checks that close and reopen lose nothing. Each run and each replay of a
	// shrinking step asks for a name it never used before.
	Open func(name string) Conn
}

// ModelConfig is one run of RunModel.
type ModelConfig struct {
	// Seed makes the run: the same seed gives the same sequence of operations.
	Seed uint64
	// Steps is the number of operations.
	Steps int
	// Namespaces is how many namespaces the operations spread over (default 3). Their
	// memories share words (see fmShared), so a namespace that sees another's data in a
	// recall, a list, a search, an export or a count fails the check.
	Namespaces int
	// VerifyEvery is how often (in steps) every namespace is compared with the model in
	// full (default 200); the namespace an operation touched is compared after every step.
	VerifyEvery int
	// ShrinkBudget bounds the time spent shrinking a failing sequence (default 60 s).
	ShrinkBudget time.Duration
}

// ModelFailure is a failing run: the step, what differed, and the operations that led
// there.
type ModelFailure struct {
	Step int
	Msg  string
	Ops  []ModelOp
}

// ModelOp is one operation of a model run, as data: its kind, the namespace (an index)
// and random numbers the operation reads its choices from (which memory, with or without
// purge, a stale version…). An operation is interpreted against the model's state when it
// runs, so any subsequence of a run is itself a valid run: that is what shrinking needs.
type ModelOp struct {
	Kind    string
	NS      int
	A, B, C int
}

func (o ModelOp) String() string {
	return fmt.Sprintf("%s ns%d a=%d b=%d c=%d", o.Kind, o.NS, o.A, o.B, o.C)
}

// fmKinds are the operations and their weights: every op the issue names (remember, update
// with and without expectVersion, forget with and without purge, by id, ids and filter,
// recall, list, appendTurns, searchTurns, compact, extractFacts with commit, documents,
// scratchpad, snapshot and restore, close and reopen) and the reads that see across
// namespaces (stats, export, buildContext).
var fmKinds = []struct {
	kind   string
	weight int
}{
	{"remember", 22}, {"update", 10}, {"forget", 6}, {"forgetFilter", 2}, {"recall", 8}, {"list", 4},
	{"appendTurns", 8}, {"searchTurns", 5}, {"compact", 2}, {"extractFacts", 3},
	{"documents.set", 4}, {"documents.delete", 2}, {"scratchpad.set", 6}, {"scratchpad.delete", 3},
	{"snapshot", 1}, {"restore", 1}, {"reopen", 1}, {"stats", 3}, {"export", 2}, {"buildContext", 2},
	{"consolidate", 1},
}

// fmReadOnly are the kinds that change nothing: their results are compared with the
// model as they come, and the full comparisons catch a read that changed something.
var fmReadOnly = map[string]bool{"recall": true, "list": true, "searchTurns": true, "stats": true,
	"export": true, "snapshot": true}

// GenModelOps draws the operations of a run from its seed.
func GenModelOps(cfg ModelConfig) []ModelOp {
	cfg = cfg.withDefaults()
	rng := rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x5851f42d4c957f2d))
	total := 0
	for _, k := range fmKinds {
		total += k.weight
	}
	ops := make([]ModelOp, cfg.Steps)
	for i := range ops {
		r := rng.IntN(total)
		kind := ""
		for _, k := range fmKinds {
			if r < k.weight {
				kind = k.kind
				break
			}
			r -= k.weight
		}
		ops[i] = ModelOp{Kind: kind, NS: rng.IntN(cfg.Namespaces), A: rng.IntN(1 << 20), B: rng.IntN(1 << 20), C: rng.IntN(1 << 20)}
	}
	return ops
}

func (cfg ModelConfig) withDefaults() ModelConfig {
	if cfg.Namespaces <= 0 {
		cfg.Namespaces = 3
	}
	if cfg.VerifyEvery <= 0 {
		cfg.VerifyEvery = 200
	}
	if cfg.ShrinkBudget <= 0 {
		cfg.ShrinkBudget = 60 * time.Second
	}
	return cfg
}

// RunModel runs a randomised sequence of every op (GenModelOps) against a file database
// of host, over cfg.Namespaces namespaces, and checks after each step what must be
// visible against an in-memory model: the memories (get, list, recall by a word only one
// memory has, recall and stats of words every namespace shares), the turns (searchTurns),
// the documents and scratchpads, and what export and buildContext return — for the
// namespace of the step (after every step that may change something; a read's own result
// is checked as it comes), and for every namespace every VerifyEvery steps, after a
// reopen and after a restore. A failure reports the seed and a shrunk sequence of operations
// that still fails on a fresh database (ReplayModel runs one again).
func RunModel(t *testing.T, host ModelHost, cfg ModelConfig) {
	t.Helper()
	cfg = cfg.withDefaults()
	ops := GenModelOps(cfg)
	f := ReplayModel(host, cfg, ops)
	if f == nil {
		return
	}
	short := ShrinkModel(host, cfg, f)
	var b strings.Builder
	for i, o := range short.Ops {
		fmt.Fprintf(&b, "\n  %d: %s", i, o)
	}
	t.Fatalf("model check failed: seed %d, %d namespaces, step %d of %d: %s\nshrunk to %d operations, failing at step %d with: %s%s",
		cfg.Seed, cfg.Namespaces, f.Step, cfg.Steps, f.Msg, len(short.Ops), short.Step, short.Msg, b.String())
}

// replays numbers the databases of ReplayModel, so that every run gets a file of its own.
var replays atomic.Int64

// ReplayModel runs ops on a fresh database of host and returns the first failure, or nil.
func ReplayModel(host ModelHost, cfg ModelConfig, ops []ModelOp) (fail *ModelFailure) {
	cfg = cfg.withDefaults()
	m := newFullModel(host, cfg, fmt.Sprintf("model-%d-%d.db", cfg.Seed, replays.Add(1)))
	defer func() {
		if m.conn.Close != nil {
			m.conn.Close()
		}
		if r := recover(); r != nil {
			ff, ok := r.(fmFail)
			if !ok {
				panic(r)
			}
			fail = &ModelFailure{Step: m.step, Msg: string(ff), Ops: ops[:min(m.step+1, len(ops))]}
		}
	}()
	for i, o := range ops {
		m.step = i
		m.apply(o)
		if !fmReadOnly[o.Kind] {
			m.checkNS(o.NS)
		}
		if (i+1)%cfg.VerifyEvery == 0 {
			m.verifyAll()
		}
	}
	m.step = len(ops)
	m.verifyAll()
	return nil
}
