package main

// memcore bench-context: what the turn fallback of buildContext's recall block costs.
// One workload — the generator's memories, conversation turns in sessions and queries,
// the same seed as the other tables — is loaded natively and in Node (the js build
// through the npm package, js/bench/context.mjs in a fresh process), and buildContext is
// timed for a one-question conversation of a new session with recallTurns: false (the
// memories-only block, as buildContext was before the fallback) and with the default,
// the two alternating query by query.
// Nothing is asserted about speed; docs/BENCHMARKS.md keeps the table.

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"

	"github.com/memcore/memcore/core"
)

func init() {
	commands["bench-context"] = command{
		summary: "time buildContext with and without the turn fallback, natively and in Node: bench-context [--memories N] [--turns N] [--queries N] [--node=false]",
		run:     runBenchContext,
	}
}

// contextWorkload is what context.mjs reads.
type contextWorkload struct {
	Memories []core.MemoryInput   `json:"memories"`
	Sessions [][]core.TurnInput   `json:"sessions"`
	Queries  []string             `json:"queries"`
	Warmup   int                  `json:"warmup"`
	Budget   int                  `json:"budget"`
	Result   map[string][]float64 `json:"-"`
}

const (
	ctxBenchWarmup = 20
	ctxBenchBudget = 8000
)

func runBenchContext(args []string) error {
	fs := flag.NewFlagSet("bench-context", flag.ContinueOnError)
	nMem := fs.Int("memories", 1000, "memories")
	nTurns := fs.Int("turns", 2000, "conversation turns, 20 a session")
	nQ := fs.Int("queries", 200, "timed buildContext calls per mode")
	node := fs.Bool("node", true, "also measure in Node (needs dist/memcore.wasm: go run ./cmd/wasmbuild -targets js)")
	keep := fs.String("workload", "", "also write the workload to this file (for js/bench/context-against.mjs)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	w := contextWorkload{Warmup: ctxBenchWarmup, Budget: ctxBenchBudget}
	g := newGen(benchSeed)
	w.Memories = g.memories(*nMem)
	w.Sessions = g.turns(*nTurns, 20)
	for _, q := range newGen(benchSeed + 1).queries(*nQ + ctxBenchWarmup) {
		w.Queries = append(w.Queries, q.text)
	}

	if *keep != "" {
		b, err := json.Marshal(w)
		if err != nil {
			return err
		}
		if err := os.WriteFile(*keep, b, 0o644); err != nil {
			return err
		}
	}
	rows := [][2]string{}
	nat, err := contextNative(w)
	if err != nil {
		return err
	}
	rows = append(rows, [2]string{"native", formatContextRow(nat)})
	if *node {
		dir, err := os.MkdirTemp("", "memcore-bench-context-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		file := filepath.Join(dir, "workload.json")
		b, err := json.Marshal(w)
		if err != nil {
			return err
		}
		if err := os.WriteFile(file, b, 0o644); err != nil {
			return err
		}
		out, err := exec.Command("node", "js/bench/context.mjs", file).Output()
		if err != nil {
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				return fmt.Errorf("node js/bench/context.mjs: %v: %s", err, ee.Stderr)
			}
			return fmt.Errorf("node js/bench/context.mjs: %w", err)
		}
		var res map[string][]float64
		if err := json.Unmarshal(out, &res); err != nil {
			return fmt.Errorf("node js/bench/context.mjs: %w: %s", err, out)
		}
		rows = append(rows, [2]string{"Node (js build)", formatContextRow(res)})
	}
	fmt.Printf("### buildContext: memories only vs. memories then turns (%d memories, %d turns in %d sessions, %d calls each, budget %d)\n\n",
		len(w.Memories), *nTurns, len(w.Sessions), *nQ, ctxBenchBudget)
	fmt.Println("| runtime | memories only p50 / p95 ms | with turns p50 / p95 ms | ratio p50 / p95 / mean |")
	fmt.Println("|---|---:|---:|---:|")
	for _, r := range rows {
		fmt.Printf("| %s | %s |\n", r[0], r[1])
	}
	return nil
}

// contextNative times the workload on an in-memory engine: ms per call, by mode.
func contextNative(w contextWorkload) (map[string][]float64, error) {
	ctx := context.Background()
	e, err := core.Open(ctx, core.Options{})
	if err != nil {
		return nil, err
	}
	defer e.Close()
	ns, err := e.Namespace("default")
	if err != nil {
		return nil, err
	}
	for i := 0; i < len(w.Memories); i += benchBatch {
		if _, err := ns.Remember(ctx, w.Memories[i:min(i+benchBatch, len(w.Memories))]...); err != nil {
			return nil, err
		}
	}
	for i, s := range w.Sessions {
		if _, err := ns.AppendTurns(ctx, sessionID(i), s); err != nil {
			return nil, err
		}
	}
	// The modes alternate query by query, so that a busy machine slows both alike.
	out := map[string][]float64{}
	for i, q := range w.Queries {
		msgs, _ := json.Marshal([]map[string]string{{"role": "user", "content": q}})
		for _, mode := range []string{"memories", "turns"} {
			turns := mode == "turns"
			start := time.Now()
			if _, err := ns.BuildContext(ctx, core.BuildContextOptions{SessionID: "bench-" + mode,
				Messages: msgs, BudgetTokens: w.Budget, RecallTurns: &turns}); err != nil {
				return nil, err
			}
			if i >= w.Warmup {
				out[mode] = append(out[mode], float64(time.Since(start).Microseconds())/1000)
			}
		}
	}
	return out, nil
}

// formatContextRow is "p50 / p95 | p50 / p95 | ratios" of one runtime's times.
func formatContextRow(r map[string][]float64) string {
	st := func(xs []float64) (p50, p95, mean float64) {
		s := slices.Clone(xs)
		slices.Sort(s)
		if len(s) == 0 {
			return 0, 0, 0
		}
		sum := 0.0
		for _, x := range s {
			sum += x
		}
		return s[len(s)/2], s[len(s)*95/100], sum / float64(len(s))
	}
	a50, a95, am := st(r["memories"])
	b50, b95, bm := st(r["turns"])
	return fmt.Sprintf("%.2f / %.2f | %.2f / %.2f | %.2f× / %.2f× / %.2f×", a50, a95, b50, b95, b50/a50, b95/a95, bm/am)
}
