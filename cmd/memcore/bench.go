package main

// memcore bench: native speed and size of the engine on a file database, side by side
// with what a user would use instead (a raw SQLite FTS5 table with the default unicode61
// tokenizer, through the same SQLite build); then the same workload natively, under
// wazero and in Node, with ratios (bench_runtimes.go); then Node's cold start with and
// without the wasm remedies (bench_coldstart.go). It prints Markdown tables for
// docs/BENCHMARKS.md, or JSON with --json. Nothing here asserts a speed.

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"

	"github.com/memcore/memcore/internal/wasmbuild"
)

func init() {
	commands["bench"] = command{
		summary: "measure ingest, recall and searchTurns speed and size against raw SQLite FTS5",
		run:     runBench,
	}
}

const (
	benchBatch   = 1000 // memories per Remember call (the engine's default MaxBatch)
	benchLimit   = 10   // recall limit
	benchWarmup  = 20   // untimed queries before each timed series
	benchSeed    = 20261122
	turnsPerSess = 20
)

type benchConfig struct {
	sizes      []int
	queries    int
	turns      int
	dir        string
	jsonOut    bool
	cpuProfile string

	native       bool     // the native tables (sizes, baseline, memory, searchTurns)
	runtimes     []string // of the cross-runtime table; empty skips it
	runtimeSizes []int
	coldStart    bool
	coldRuns     int
	node         string
}

func parseSizes(flagName, list string) ([]int, error) {
	var out []int
	for _, s := range strings.Split(list, ",") {
		if strings.TrimSpace(s) == "" {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("--%s: %q is not a positive count", flagName, s)
		}
		out = append(out, n)
	}
	return out, nil
}

func runBench(args []string) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	sizes := fs.String("sizes", "1000,10000,100000", "memory counts to measure, comma-separated")
	cfg := benchConfig{}
	fs.IntVar(&cfg.queries, "queries", 200, "timed queries per series")
	fs.IntVar(&cfg.turns, "turns", 10000, "turns for the searchTurns series (0 skips it)")
	fs.StringVar(&cfg.dir, "dir", "", "directory for the database files (default: a temp dir, removed afterwards; given: the native tables' files are kept there)")
	fs.BoolVar(&cfg.jsonOut, "json", false, "print the results as JSON instead of Markdown")
	fs.StringVar(&cfg.cpuProfile, "cpuprofile", "", "write a CPU profile of the whole run to this file")
	fs.BoolVar(&cfg.native, "native", true, "the native tables: ingest, recall and memory against raw FTS5 at --sizes, searchTurns")
	runtimes := fs.String("runtimes", "native,wazero,node", "runtimes of the cross-runtime table (native, wazero, node, node-tierup); \"\" or none skips it")
	runtimeSizes := fs.String("runtime-sizes", "1000,10000", "memory counts of the cross-runtime table")
	fs.BoolVar(&cfg.coldStart, "coldstart", true, "the Node cold-start table (shipped and bounds-checked build, shim and V8 defaults)")
	fs.IntVar(&cfg.coldRuns, "coldstart-runs", 5, "fresh node processes per cold-start row (the median is reported)")
	fs.StringVar(&cfg.node, "node", "node", "the node command")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	var err error
	if cfg.sizes, err = parseSizes("sizes", *sizes); err != nil {
		return err
	}
	if cfg.runtimeSizes, err = parseSizes("runtime-sizes", *runtimeSizes); err != nil {
		return err
	}
	for _, r := range strings.Split(*runtimes, ",") {
		r = strings.TrimSpace(r)
		switch {
		case r == "" || r == "none":
		case slices.Contains(crossRuntimes, r):
			if !slices.Contains(cfg.runtimes, r) {
				cfg.runtimes = append(cfg.runtimes, r)
			}
		default:
			return fmt.Errorf("--runtimes: unknown runtime %q (have %s)", r, strings.Join(crossRuntimes, ", "))
		}
	}
	if len(cfg.runtimeSizes) == 0 {
		cfg.runtimes = nil
	}
	if cfg.queries <= 0 {
		return errors.New("--queries must be positive")
	}
	if cfg.coldRuns <= 0 {
		return errors.New("--coldstart-runs must be positive")
	}
	if cfg.dir == "" {
		d, err := os.MkdirTemp("", "memcore-bench-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		cfg.dir = d
	} else {
		if err := os.MkdirAll(cfg.dir, 0o755); err != nil {
			return err
		}
	}
	if cfg.cpuProfile != "" {
		f, err := os.Create(cfg.cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}

	rep := benchReport{Machine: machineInfo(), Queries: cfg.queries, Seed: benchSeed}
	ctx := context.Background()
	if !cfg.native {
		cfg.sizes, cfg.turns = nil, 0
	}
	for _, n := range cfg.sizes {
		logf("size %d: ingest…", n)
		r, err := benchSize(ctx, cfg, n)
		if err != nil {
			return fmt.Errorf("size %d: %w", n, err)
		}
		rep.Sizes = append(rep.Sizes, r)
	}
	if cfg.native && cfg.turns > 0 {
		logf("turns %d…", cfg.turns)
		t, err := benchTurns(ctx, cfg)
		if err != nil {
			return fmt.Errorf("turns: %w", err)
		}
		rep.Turns = t
	}
	if len(cfg.runtimes) > 0 || cfg.coldStart {
		env := benchEnv{}
		if env.root, err = wasmbuild.ModuleRoot("."); err != nil {
			return fmt.Errorf("the wasm parts run from a memcore checkout: %w", err)
		}
		env.node, env.why = findNode(cfg.node)
		if env.node != "" {
			if out, err := exec.Command(env.node, "--version").Output(); err == nil {
				rep.Machine.Node = strings.TrimSpace(string(out))
			}
		}
		if len(cfg.runtimes) > 0 {
			if rep.Cross, err = benchCross(ctx, cfg, env); err != nil {
				return fmt.Errorf("across runtimes: %w", err)
			}
		}
		if cfg.coldStart {
			if rep.ColdStart, err = benchColdStart(ctx, cfg, env); err != nil {
				return fmt.Errorf("cold start: %w", err)
			}
		}
	}
	rep.Machine.LoadEnd = loadAvg()
	if cfg.jsonOut {
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	rep.markdown(os.Stdout)
	return nil
}

func logf(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "bench: "+format+"\n", a...)
}
