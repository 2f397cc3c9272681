package main

// The cross-runtime table of memcore bench: one workload — the generator's memories and
// queries, the same seed as the native tables — ingested into a file database and
// recalled natively (core, on this machine's file system), under wazero (the wasip1
// build, dist/memcore-wasi.wasm, through internal/wasiclient: Go protocol requests, the
// database in a directory mounted at /data) and in Node (the js build through the npm
// package's open(): js/bench/engine.mjs in a fresh node process per size), with each
// runtime's ratio to native.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/memcore/memcore/core"
	"github.com/memcore/memcore/internal/wasiclient"
	"github.com/memcore/memcore/internal/wasmbuild"
)

// Runtimes of the cross-runtime table, in the order they run and are printed.
var crossRuntimes = []string{"native", "wazero", "node", "node-tierup"}

// workload is what every runtime of the table is given: engine.mjs reads it as JSON.
type workload struct {
	Path     string             `json:"path"`
	Memories []core.MemoryInput `json:"memories"`
	Batch    int                `json:"batch"`
	Limit    int                `json:"limit"`
	Warmup   []string           `json:"warmup"`
	Queries  []string           `json:"queries"`
	TierUp   bool               `json:"tierUp,omitempty"`
}

// newWorkload generates n memories (batch by batch, as the native tables do, so the
// texts are the same) and the queries.
func newWorkload(n, queries int) workload {
	w := workload{Batch: benchBatch, Limit: benchLimit}
	g := newGen(benchSeed)
	for i := 0; i < n; i += benchBatch {
		w.Memories = append(w.Memories, g.memories(min(benchBatch, n-i))...)
	}
	for _, q := range newGen(benchSeed + 2).queries(benchWarmup) {
		w.Warmup = append(w.Warmup, q.text)
	}
	for _, q := range newGen(benchSeed + 1).queries(queries) {
		w.Queries = append(w.Queries, q.text)
	}
	return w
}

func (w workload) batches() [][]core.MemoryInput {
	var out [][]core.MemoryInput
	for i := 0; i < len(w.Memories); i += w.Batch {
		out = append(out, w.Memories[i:min(i+w.Batch, len(w.Memories))])
	}
	return out
}

func (w workload) write(file string) error {
	b, err := json.Marshal(w)
	if err != nil {
		return err
	}
	return os.WriteFile(file, b, 0o644)
}

// runtimeRun is what one runtime measured at one size (raw; the report derives from it).
type runtimeRun struct {
	ingest  []time.Duration // per batch
	recall  []time.Duration // per timed query
	hits    []int
	top     []string // first hit's content per query
	dbBytes int64
	rss     int64 // peak RSS of the process that ran it (native: this one, reset first)
	linear  int64 // wazero: the instance's linear memory at the end
}

type runtimeResult struct {
	Runtime       string  `json:"runtime"`
	Memories      int     `json:"memories"`
	IngestSeconds float64 `json:"ingestSeconds"`
	IngestPerSec  float64 `json:"ingestPerSec"`
	Recall        latency `json:"recallPeek"`
	AvgHits       float64 `json:"avgHits"`
	SameTop       int     `json:"sameTopHitAsNative"` // queries whose first hit is native's (-1: no native run)
	Queries       int     `json:"queries"`
	DBBytes       int64   `json:"dbBytes"`
	PeakRSS       int64   `json:"peakRssBytes,omitempty"`
	LinearMemory  int64   `json:"wasmLinearMemoryBytes,omitempty"`
	Skipped       string  `json:"skipped,omitempty"`
}

type crossReport struct {
	Runtimes      []string        `json:"runtimes"`
	Sizes         []int           `json:"sizes"`
	Node          string          `json:"node,omitempty"`
	WasiBytes     int64           `json:"wasiWasmBytes,omitempty"`
	JSBytes       int64           `json:"jsWasmBytes,omitempty"`
	WazeroCompile float64         `json:"wazeroCompileSeconds,omitempty"` // through the on-disk cache
	LoadStart     string          `json:"loadAvgStart"`
	LoadEnd       string          `json:"loadAvgEnd"`
	Results       []runtimeResult `json:"results"`
}

// benchEnv is what the wasm parts share: the module root, the shipped builds and node.
type benchEnv struct {
	root string
	node string // the node command ("" when missing)
	why  string // why node is missing
}

// ensureBuilds builds the shipped targets (incrementally, into dist/, as make build does)
// and returns their paths by target name.
func (e benchEnv) ensureBuilds(ctx context.Context, targets ...string) (map[string]string, error) {
	var log bytes.Buffer
	res, err := wasmbuild.Build(ctx, wasmbuild.Options{Dir: e.root, Targets: targets, Log: &log})
	if err != nil {
		return nil, fmt.Errorf("%w\n%s", err, log.Bytes())
	}
	out := map[string]string{}
	for _, r := range res {
		if r.Built {
			logf("built %s in %.1fs", r.Path, r.Took.Seconds())
		}
		out[r.Target.Name] = r.Path
	}
	if slices.Contains(targets, "js") {
		// wasm_exec.js must come from the toolchain that built memcore.wasm.
		goCmd, err := wasmbuild.GoCommand()
		if err != nil {
			return nil, err
		}
		src, err := wasmbuild.WasmExecJS(ctx, goCmd, e.root)
		if err != nil {
			return nil, err
		}
		dst := filepath.Join(e.root, "dist", "wasm_exec.js")
		if a, _ := os.ReadFile(src); !bytes.Equal(a, must(os.ReadFile(dst))) {
			if err := wasmbuild.CopyFile(src, dst); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

func must[T any](v T, _ error) T { return v }

func benchCross(ctx context.Context, cfg benchConfig, env benchEnv) (*crossReport, error) {
	rep := &crossReport{Runtimes: cfg.runtimes, Sizes: cfg.runtimeSizes, LoadStart: loadAvg()}
	var targets []string
	if slices.Contains(cfg.runtimes, "wazero") {
		targets = append(targets, "wasip1")
	}
	usesNode := slices.ContainsFunc(cfg.runtimes, func(r string) bool { return strings.HasPrefix(r, "node") })
	if usesNode && env.node != "" {
		targets = append(targets, "js")
	}
	paths := map[string]string{}
	if len(targets) > 0 {
		var err error
		if paths, err = env.ensureBuilds(ctx, targets...); err != nil {
			return nil, err
		}
	}
	if p := paths["wasip1"]; p != "" {
		rep.WasiBytes, _ = fileSize(p)
	}
	if p := paths["js"]; p != "" {
		rep.JSBytes, _ = fileSize(p)
	}
	if usesNode && env.node != "" {
		out, err := exec.CommandContext(ctx, env.node, "--version").Output()
		if err == nil {
			rep.Node = strings.TrimSpace(string(out))
		}
	}

	dir, err := os.MkdirTemp(cfg.dir, "cross-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)

	var wz *wasiclient.Runtime
	defer func() {
		if wz != nil {
			wz.Close(ctx)
		}
	}()
	native := map[int]runtimeRun{}
	for _, rt := range crossRuntimes {
		if !slices.Contains(cfg.runtimes, rt) {
			continue
		}
		for _, n := range cfg.runtimeSizes {
			w := newWorkload(n, cfg.queries)
			res := runtimeResult{Runtime: rt, Memories: n, Queries: len(w.Queries), SameTop: -1}
			var run runtimeRun
			var err error
			logf("%s, %d memories…", rt, n)
			switch rt {
			case "native":
				run, err = crossNative(ctx, dir, w)
			case "wazero":
				if wz == nil {
					t0 := time.Now()
					if wz, err = wasiclient.NewFromFile(ctx, paths["wasip1"], wasiclient.DefaultCacheDir()); err != nil {
						return nil, fmt.Errorf("wazero: %w", err)
					}
					rep.WazeroCompile = time.Since(t0).Seconds()
				}
				run, err = crossWazero(ctx, wz, dir, w)
			case "node", "node-tierup":
				if env.node == "" {
					res.Skipped = env.why
					rep.Results = append(rep.Results, res)
					continue
				}
				w.TierUp = rt == "node-tierup"
				run, err = crossNode(ctx, env, dir, w)
			}
			if err != nil {
				return nil, fmt.Errorf("%s, %d memories: %w", rt, n, err)
			}
			if rt == "native" {
				native[n] = run
			}
			var ingest time.Duration
			for _, d := range run.ingest {
				ingest += d
			}
			res.IngestSeconds = ingest.Seconds()
			res.IngestPerSec = float64(n) / res.IngestSeconds
			res.Recall = percentiles(run.recall)
			hits := 0
			for _, h := range run.hits {
				hits += h
			}
			res.AvgHits = float64(hits) / float64(len(run.hits))
			if nat, ok := native[n]; ok {
				res.SameTop = 0
				for i, t := range run.top {
					res.SameTop += b2i(i < len(nat.top) && nat.top[i] == t)
				}
			}
			res.DBBytes, res.PeakRSS, res.LinearMemory = run.dbBytes, run.rss, run.linear
			rep.Results = append(rep.Results, res)
		}
	}
	rep.LoadEnd = loadAvg()
	return rep, nil
}

// crossNative runs the workload through core on a file database in dir.
func crossNative(ctx context.Context, dir string, w workload) (runtimeRun, error) {
	var run runtimeRun
	path := filepath.Join(dir, fmt.Sprintf("native-%d.db", len(w.Memories)))
	runtime.GC()
	reset := resetPeakRSS()
	eng, err := core.Open(ctx, core.Options{Path: path})
	if err != nil {
		return run, err
	}
	defer eng.Close()
	ns, err := eng.Namespace("default")
	if err != nil {
		return run, err
	}
	for _, b := range w.batches() {
		t0 := time.Now()
		if _, err := ns.Remember(ctx, b...); err != nil {
			return run, err
		}
		run.ingest = append(run.ingest, time.Since(t0))
	}
	opts := core.RecallOptions{Limit: w.Limit, Peek: true}
	for _, q := range w.Warmup {
		if _, err := ns.Recall(ctx, q, opts); err != nil {
			return run, err
		}
	}
	for _, q := range w.Queries {
		t0 := time.Now()
		h, err := ns.Recall(ctx, q, opts)
		if err != nil {
			return run, fmt.Errorf("recall %q: %w", q, err)
		}
		run.recall = append(run.recall, time.Since(t0))
		run.hits = append(run.hits, len(h))
		top := ""
		if len(h) > 0 {
			top = h[0].Memory.Content
		}
		run.top = append(run.top, top)
	}
	if reset {
		run.rss = peakRSS()
	}
	if err := eng.Close(); err != nil {
		return run, err
	}
	run.dbBytes, err = fileSize(path)
	return run, err
}

// recallResult is the part of a recall response the table reads.
type recallResult struct {
	Hits []struct {
		Memory struct {
			Content string `json:"content"`
		} `json:"memory"`
	} `json:"hits"`
}

// crossWazero runs the workload in a fresh instance of the wasip1 build, its database in
// dir mounted at /data. Each request goes through the client's Do: JSON encoding, the
// call through the guest's exports, the envelope's decoding.
func crossWazero(ctx context.Context, wz *wasiclient.Runtime, dir string, w workload) (runtimeRun, error) {
	var run runtimeRun
	name := fmt.Sprintf("wazero-%d.db", len(w.Memories))
	c, err := wz.InstantiateWith(ctx, wasiclient.InstanceConfig{DataDir: dir})
	if err != nil {
		return run, err
	}
	defer c.Close(ctx)
	db, err := c.Open(ctx, map[string]any{"path": "/data/" + name, "version": core.Version})
	if err != nil {
		return run, err
	}
	for _, b := range w.batches() {
		t0 := time.Now()
		if _, err := c.Do(ctx, db, "remember", map[string]any{"memories": b}); err != nil {
			return run, err
		}
		run.ingest = append(run.ingest, time.Since(t0))
	}
	args := func(q string) map[string]any {
		return map[string]any{"query": q, "limit": w.Limit, "peek": true}
	}
	for _, q := range w.Warmup {
		if _, err := c.Do(ctx, db, "recall", args(q)); err != nil {
			return run, err
		}
	}
	for _, q := range w.Queries {
		t0 := time.Now()
		out, err := c.Do(ctx, db, "recall", args(q))
		if err != nil {
			return run, fmt.Errorf("recall %q: %w", q, err)
		}
		run.recall = append(run.recall, time.Since(t0))
		var r recallResult
		if err := json.Unmarshal(out, &r); err != nil {
			return run, err
		}
		run.hits = append(run.hits, len(r.Hits))
		top := ""
		if len(r.Hits) > 0 {
			top = r.Hits[0].Memory.Content
		}
		run.top = append(run.top, top)
	}
	run.linear = int64(c.MemoryBytes())
	if _, err := c.Do(ctx, db, "close", nil); err != nil {
		return run, err
	}
	run.dbBytes, err = fileSize(filepath.Join(dir, name))
	return run, err
}

// engineOutput is what js/bench/engine.mjs prints.
type engineOutput struct {
	Node     string    `json:"node"`
	IngestMs []float64 `json:"ingestMs"`
	RecallMs []float64 `json:"recallMs"`
	Hits     []int     `json:"hits"`
	Top      []string  `json:"top"`
	DBBytes  int64     `json:"dbBytes"`
	MaxRSS   int64     `json:"maxRSSBytes"`
}

// crossNode runs the workload in a fresh node process (js/bench/engine.mjs).
func crossNode(ctx context.Context, env benchEnv, dir string, w workload) (runtimeRun, error) {
	var run runtimeRun
	tag := "node"
	if w.TierUp {
		tag = "node-tierup"
	}
	w.Path = filepath.Join(dir, fmt.Sprintf("%s-%d.db", tag, len(w.Memories)))
	file := filepath.Join(dir, fmt.Sprintf("%s-%d.json", tag, len(w.Memories)))
	if err := w.write(file); err != nil {
		return run, err
	}
	defer os.Remove(file)
	var stdout bytes.Buffer
	cmd := exec.CommandContext(ctx, env.node, filepath.Join(env.root, "js", "bench", "engine.mjs"), file)
	cmd.Dir = env.root
	cmd.Stdout = &stdout
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return run, fmt.Errorf("node js/bench/engine.mjs: %w", err)
	}
	var out engineOutput
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		return run, fmt.Errorf("node js/bench/engine.mjs printed %.300q: %w", stdout.Bytes(), err)
	}
	if len(out.RecallMs) != len(w.Queries) {
		return run, fmt.Errorf("node js/bench/engine.mjs timed %d of %d queries", len(out.RecallMs), len(w.Queries))
	}
	msDur := func(ms float64) time.Duration { return time.Duration(ms * float64(time.Millisecond)) }
	for _, v := range out.IngestMs {
		run.ingest = append(run.ingest, msDur(v))
	}
	for _, v := range out.RecallMs {
		run.recall = append(run.recall, msDur(v))
	}
	run.hits, run.top, run.dbBytes, run.rss = out.Hits, out.Top, out.DBBytes, out.MaxRSS
	return run, nil
}

// findNode returns the node command, or why there is none.
func findNode(name string) (string, string) {
	p, err := exec.LookPath(name)
	if err != nil {
		return "", fmt.Sprintf("no %s command: %v", name, err)
	}
	return p, ""
}

var runtimeNames = map[string]string{
	"native":      "native (Go)",
	"wazero":      "wazero (wasip1)",
	"node":        "Node (js build)",
	"node-tierup": "Node, tierUp: true",
}

func (rep *crossReport) markdown(w io.Writer) {
	fmt.Fprintln(w, "### Across runtimes: ingest and recall (file database; recall limit 10, peek: true)")
	fmt.Fprintln(w)
	fmt.Fprintf(w, "The same memories and queries in each runtime; ratios are to native at the same size. Load average at start %s, at end %s.", rep.LoadStart, rep.LoadEnd)
	if rep.WasiBytes > 0 {
		fmt.Fprintf(w, " wazero: dist/memcore-wasi.wasm (%s), compiled in %.1f s through the on-disk cache.", fmtBytes(rep.WasiBytes), rep.WazeroCompile)
	}
	if rep.Node != "" {
		fmt.Fprintf(w, " Node %s: dist/memcore.wasm (%s) through js/node.js, a fresh process per size.", rep.Node, fmtBytes(rep.JSBytes))
	}
	fmt.Fprint(w, "\n\n")
	fmt.Fprintln(w, "| memories | runtime | ingest s | memories/s | ingest ×native | recall p50 ms | p95 ms | p50 ×native | p95 ×native | mean hits | same first hit as native | file | peak RSS | wasm memory |")
	fmt.Fprintln(w, "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	nat := map[int]runtimeResult{}
	for _, r := range rep.Results {
		if r.Runtime == "native" {
			nat[r.Memories] = r
		}
	}
	for _, n := range rep.Sizes {
		for _, r := range rep.Results {
			if r.Memories != n {
				continue
			}
			name := runtimeNames[r.Runtime]
			if r.Skipped != "" {
				fmt.Fprintf(w, "| %s | %s (skipped: %s) |%s\n", fmtCount(n), name, r.Skipped, strings.Repeat(" – |", 12))
				continue
			}
			na, ok := nat[n]
			rt := func(a, b float64) string {
				if !ok || r.Runtime == "native" {
					return "–"
				}
				return ratio(a, b)
			}
			same := "–"
			if r.SameTop >= 0 && r.Runtime != "native" {
				same = fmt.Sprintf("%d/%d", r.SameTop, r.Queries)
			}
			rss, lin := "–", "–"
			if r.PeakRSS > 0 {
				rss = fmtBytes(r.PeakRSS)
			}
			if r.LinearMemory > 0 {
				lin = fmtBytes(r.LinearMemory)
			}
			fmt.Fprintf(w, "| %s | %s | %.2f | %.0f | %s | %s | %s | %s | %s | %.1f | %s | %s | %s | %s |\n",
				fmtCount(n), name, r.IngestSeconds, r.IngestPerSec, rt(r.IngestSeconds, na.IngestSeconds),
				ms3(r.Recall.P50), ms3(r.Recall.P95), rt(r.Recall.P50, na.Recall.P50), rt(r.Recall.P95, na.Recall.P95),
				r.AvgHits, same, fmtBytes(r.DBBytes), rss, lin)
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Ingest: `remember` in batches of 1000 (one transaction each), time of the calls. Peak RSS: native, this process's VmHWM (reset before the size); Node, the child's VmHWM. wasm memory: the wazero instance's linear memory at the end.")
	fmt.Fprintln(w)
}
