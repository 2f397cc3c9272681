package main

// The Node cold-start table of memcore bench: import → open → first recall and peak RSS
// of fresh node processes on a file database of 1,000 generated memories, for the
// shipped js build and for a bounds-checked one (built into a temporary directory with
// wasmbuild's BoundsChecks, what `go run ./cmd/wasmbuild -bounds` builds), each with the
// shim's defaults (Liftoff only) and with V8's (open({tierUp: true})). The processes are
// run by js/bench/coldstart.mjs (--json); this file renders its medians.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/memcore/memcore/internal/wasmbuild"
)

// coldVariants are coldstart.mjs's variants in the table's order: from neither remedy
// (before) to both (the shipped default, after).
var coldVariants = []string{"bounds-tierup", "bounds", "shipped-tierup", "shipped"}

const coldMemories = 1000

type coldRun struct {
	Start                  float64 `json:"start"`
	Imported               float64 `json:"imported"`
	Opened                 float64 `json:"opened"`
	FirstRecall            float64 `json:"firstRecall"`
	ExitMs                 float64 `json:"exitMs"`
	PeakAtFirstRecallBytes float64 `json:"peakAtFirstRecallBytes"`
	MaxRSSBytes            float64 `json:"maxRSSBytes"`
	RecallP50              float64 `json:"recallP50"`
	RecallP95              float64 `json:"recallP95"`
	Batch200               float64 `json:"batch200"`
	ImportMs               float64 `json:"importMs"`
	OpenMs                 float64 `json:"openMs"`
	FirstRecallMs          float64 `json:"firstRecallMs"`
	ImportToFirstRecallMs  float64 `json:"importToFirstRecallMs"`
}

type coldVariant struct {
	Name      string    `json:"name"`
	Label     string    `json:"label"`
	Build     string    `json:"build"`
	TierUp    bool      `json:"tierUp"`
	WasmBytes int64     `json:"wasmBytes"`
	Median    coldRun   `json:"median"`
	Runs      []coldRun `json:"runs"`
}

type coldReport struct {
	Node            string        `json:"node"`
	V8              string        `json:"v8"`
	CPUs            int           `json:"cpus"`
	LoadStart       string        `json:"loadStart"`
	LoadEnd         string        `json:"loadEnd"`
	Runs            int           `json:"runs"`
	Memories        int           `json:"memories"`
	DBBytes         int64         `json:"dbBytes"`
	BoundsBuildSecs float64       `json:"boundsBuildSeconds"`
	Variants        []coldVariant `json:"variants"`
	Skipped         string        `json:"skipped,omitempty"`
}

func benchColdStart(ctx context.Context, cfg benchConfig, env benchEnv) (*coldReport, error) {
	if env.node == "" {
		return &coldReport{Skipped: env.why}, nil
	}
	if _, err := env.ensureBuilds(ctx, "js"); err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp(cfg.dir, "coldstart-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)

	// The bounds-checked build, beside the shipped one (which stays in dist/).
	logf("cold start: building the bounds-checked js wasm…")
	t0 := time.Now()
	bounds := filepath.Join(dir, "bounds-dist")
	var blog bytes.Buffer
	if _, err := wasmbuild.Build(ctx, wasmbuild.Options{Dir: env.root, Out: bounds, Targets: []string{"js"},
		BoundsChecks: true, Force: true, Log: &blog}); err != nil {
		return nil, fmt.Errorf("the bounds-checked build: %w\n%s", err, blog.Bytes())
	}
	boundsSecs := time.Since(t0).Seconds()

	w := newWorkload(coldMemories, cfg.queries)
	wfile := filepath.Join(dir, "workload.json")
	if err := w.write(wfile); err != nil {
		return nil, err
	}
	variants := ""
	for i, v := range coldVariants {
		if i > 0 {
			variants += ","
		}
		variants += v
	}
	logf("cold start: %d variants × %d fresh node processes…", len(coldVariants), cfg.coldRuns)
	var stdout bytes.Buffer
	cmd := exec.CommandContext(ctx, env.node, filepath.Join(env.root, "js", "bench", "coldstart.mjs"),
		"--runs", fmt.Sprint(cfg.coldRuns), "--variants", variants, "--workload", wfile, "--bounds-dist", bounds, "--json")
	cmd.Dir = env.root
	cmd.Stdout = &stdout
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("node js/bench/coldstart.mjs: %w", err)
	}
	rep := &coldReport{}
	if err := json.Unmarshal(stdout.Bytes(), rep); err != nil {
		return nil, fmt.Errorf("node js/bench/coldstart.mjs printed %.300q: %w", stdout.Bytes(), err)
	}
	rep.BoundsBuildSecs = boundsSecs
	return rep, nil
}

func mib(b float64) string { return fmt.Sprintf("%.0f MiB", b/(1<<20)) }

// ratio2 is a/b with two decimals (the cold-start rows differ by up to 10×).
func ratio2(a, b float64) string {
	if b <= 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f×", a/b)
}

func (rep *coldReport) markdown(w io.Writer) {
	fmt.Fprintln(w, "### Node cold start: import → open → first recall, and peak RSS")
	fmt.Fprintln(w)
	if rep.Skipped != "" {
		fmt.Fprintf(w, "Skipped: %s.\n\n", rep.Skipped)
		return
	}
	fmt.Fprintf(w, "Node %s (V8 %s), %d CPUs. Median of %d fresh processes per row (the rows interleaved run by run, after one untimed run), a file database of %s memories (%s, a fresh copy per run); first recall: the first bench query, limit 10, peek. Load average at start %s, at end %s. The bounds-checked build was built in %.1f s.\n\n",
		rep.Node, rep.V8, rep.CPUs, rep.Runs, fmtCount(rep.Memories), fmtBytes(rep.DBBytes), rep.LoadStart, rep.LoadEnd, rep.BoundsBuildSecs)
	fmt.Fprintln(w, "| build | V8 | wasm | import ms | open ms | first recall ms | import → first recall ms | × before | since process start ms | peak RSS at first recall | peak RSS, whole process | × before | then recall p50 / p95 ms | 200-batch ms |")
	fmt.Fprintln(w, "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	if len(rep.Variants) == 0 {
		return
	}
	before := rep.Variants[0].Median
	for _, v := range rep.Variants {
		m := v.Median
		build := "shipped (`-B`)"
		if v.Build == "bounds" {
			build = "bounds-checked (`-bounds`)"
		}
		v8 := "shim defaults (Liftoff only)"
		if v.TierUp {
			v8 = "V8 defaults (`tierUp: true`)"
		}
		fmt.Fprintf(w, "| %s | %s | %s | %.0f | %.0f | %.0f | %.0f | %s | %.0f | %s | %s | %s | %.1f / %.1f | %.0f |\n",
			build, v8, fmtBytes(v.WasmBytes), m.ImportMs, m.OpenMs, m.FirstRecallMs, m.ImportToFirstRecallMs,
			ratio2(m.ImportToFirstRecallMs, before.ImportToFirstRecallMs), m.FirstRecall,
			mib(m.PeakAtFirstRecallBytes), mib(m.MaxRSSBytes), ratio2(m.MaxRSSBytes, before.MaxRSSBytes),
			m.RecallP50, m.RecallP95, m.Batch200)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "import → first recall: from the child's first line to the first recall's answer (node's own start before it is in *since process start*). Peak RSS: the child's VmHWM (`/proc/self/status`) right after the first recall, and at exit after 100 more recalls and a batch of 200 memories (V8's background TurboFan compilation included). *then recall*: the 100 recalls after the first, limit 10, peek.")
	fmt.Fprintln(w)
}
