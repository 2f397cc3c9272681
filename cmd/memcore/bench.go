package main

// memcore bench: native speed and size of the engine on a file database, side by side
// with what a user would use instead (a raw SQLite FTS5 table with the default unicode61
// tokenizer, through the same SQLite build); then the same workload natively, under
// wazero and in Node, with ratios (bench_runtimes.go); then Node's cold start with and
// without the wasm remedies (bench_coldstart.go). It prints Markdown tables for
// docs/BENCHMARKS.md, or JSON with --json. Nothing here asserts a speed.

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"

	"github.com/ncruces/go-sqlite3"
	"github.com/ncruces/go-sqlite3/ext/fts5"

	"github.com/memcore/memcore/core"
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

// ---- results ----

type benchReport struct {
	Machine machine      `json:"machine"`
	Queries int          `json:"queries"`
	Seed    uint64       `json:"seed"`
	Sizes   []sizeResult `json:"sizes"`
	Turns   *turnsResult `json:"turns,omitempty"`

	Cross     *crossReport `json:"runtimes,omitempty"`
	ColdStart *coldReport  `json:"coldStart,omitempty"`
}

type machine struct {
	GOOS      string `json:"goos"`
	GOARCH    string `json:"goarch"`
	CPUs      int    `json:"cpus"`
	CPUModel  string `json:"cpuModel,omitempty"`
	MemTotal  string `json:"memTotal,omitempty"`
	GoVersion string `json:"goVersion"`
	SQLite    string `json:"sqlite"`
	Engine    string `json:"engine"`
	Node      string `json:"node,omitempty"`
	LoadStart string `json:"loadAvgStart,omitempty"` // /proc/loadavg: other work on the machine
	LoadEnd   string `json:"loadAvgEnd,omitempty"`
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}

// latency is a series of timed operations, in milliseconds.
type latency struct {
	P50 float64 `json:"p50"`
	P95 float64 `json:"p95"`
	P99 float64 `json:"p99"`
}

// series is a latency over all queries and over each language's half.
type series struct {
	All     latency `json:"all"`
	English latency `json:"english"`
	Chinese latency `json:"chinese"`
}

func newSeries(d []time.Duration, qs []query) series {
	var en, zh []time.Duration
	for i, q := range qs {
		if q.chinese {
			zh = append(zh, d[i])
		} else {
			en = append(en, d[i])
		}
	}
	return series{All: percentiles(d), English: percentiles(en), Chinese: percentiles(zh)}
}

type sizeResult struct {
	Memories int `json:"memories"`

	IngestSeconds  float64 `json:"ingestSeconds"`
	IngestPerSec   float64 `json:"ingestPerSec"`
	DBBytes        int64   `json:"dbBytes"`
	RawIngestSecs  float64 `json:"rawIngestSeconds"`
	RawIngestPerS  float64 `json:"rawIngestPerSec"`
	RawDBBytes     int64   `json:"rawDbBytes"`
	Recall         series  `json:"recallPeek"`
	RecallTouch    latency `json:"recallDefault"` // peek: false (each hit counts as an access)
	Raw            series  `json:"rawFts5"`
	AvgHits        float64 `json:"avgHits"`
	RawAvgHits     float64 `json:"rawAvgHits"`
	ChineseQueries int     `json:"chineseQueries"`
	ChineseZero    int     `json:"chineseZeroHits"`
	ChineseTop     int     `json:"chineseTopHitContains"` // queries whose first hit contains the word
	RawChineseTop  int     `json:"rawChineseTopHitContains"`
	RawChineseZero int     `json:"rawChineseZeroHits"`
	EnglishQueries int     `json:"englishQueries"`
	EnglishZero    int     `json:"englishZeroHits"`
	RawEnglishZero int     `json:"rawEnglishZeroHits"`

	Stopwords *stopResult `json:"stopwordQueries,omitempty"` // bench_stopwords.go

	PeakHeapInuse int64 `json:"peakHeapInuseBytes"` // sampled during ingest and warm-up
	HeapSys       int64 `json:"heapSysBytes"`
	PeakRSS       int64 `json:"peakRssBytes"` // VmHWM, reset before the size when possible
	RSSReset      bool  `json:"rssReset"`
}

type turnsResult struct {
	Turns         int     `json:"turns"`
	Sessions      int     `json:"sessions"`
	AppendSeconds float64 `json:"appendSeconds"`
	AppendPerSec  float64 `json:"appendPerSec"`
	Search        latency `json:"searchTurns"`
	AvgHits       float64 `json:"avgHits"`

	Stopwords *stopResult `json:"stopwordQueries,omitempty"` // bench_stopwords.go
}

// ---- one size ----

func benchSize(ctx context.Context, cfg benchConfig, n int) (sizeResult, error) {
	r := sizeResult{Memories: n}
	// Memories are generated batch by batch (the same sequence for memcore and the
	// baseline), so that the Go heap measured is the engine's, not the data set's.
	qs := newGen(benchSeed + 1).queries(cfg.queries)
	warm := newGen(benchSeed + 2).queries(benchWarmup)

	// Memory of the engine alone: ingest and warm-up run before the raw baseline opens.
	runtime.GC()
	debug.FreeOSMemory()
	r.RSSReset = resetPeakRSS()
	heap := startHeapSampler()

	path := filepath.Join(cfg.dir, fmt.Sprintf("memcore-%d.db", n))
	rawPath := filepath.Join(cfg.dir, fmt.Sprintf("raw-fts5-%d.db", n))
	for _, p := range []string{path, rawPath} {
		for _, s := range []string{"", "-journal"} {
			os.Remove(p + s)
		}
	}
	eng, err := core.Open(ctx, core.Options{Path: path})
	if err != nil {
		return r, err
	}
	defer eng.Close()
	ns, err := eng.Namespace("default")
	if err != nil {
		return r, err
	}
	g := newGen(benchSeed)
	var took time.Duration // of the Remember calls only, not of generating the data
	for i := 0; i < n; i += benchBatch {
		batch := g.memories(min(benchBatch, n-i))
		t0 := time.Now()
		if _, err := ns.Remember(ctx, batch...); err != nil {
			return r, err
		}
		took += time.Since(t0)
	}
	r.IngestSeconds = took.Seconds()
	r.IngestPerSec = float64(n) / r.IngestSeconds
	if r.DBBytes, err = fileSize(path); err != nil {
		return r, err
	}
	for _, q := range warm {
		if _, err := ns.Recall(ctx, q.text, core.RecallOptions{Limit: benchLimit, Peek: true}); err != nil {
			return r, err
		}
	}
	r.PeakHeapInuse = heap.stop()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	r.HeapSys = int64(ms.HeapSys)
	r.PeakRSS = peakRSS()

	logf("size %d: raw FTS5 baseline…", n)
	raw, err := openRaw(rawPath)
	if err != nil {
		return r, err
	}
	defer raw.close()
	g, took = newGen(benchSeed), 0
	for i := 0; i < n; i += benchBatch {
		batch := g.memories(min(benchBatch, n-i))
		t0 := time.Now()
		if err := raw.insert(batch); err != nil {
			return r, err
		}
		took += time.Since(t0)
	}
	r.RawIngestSecs = took.Seconds()
	r.RawIngestPerS = float64(n) / r.RawIngestSecs
	if r.RawDBBytes, err = fileSize(rawPath); err != nil {
		return r, err
	}
	for _, q := range warm {
		if _, _, err := raw.search(q.text); err != nil {
			return r, err
		}
	}

	// Interleaved, so that both see the same machine state.
	logf("size %d: %d queries…", n, len(qs))
	mc, rc := make([]time.Duration, len(qs)), make([]time.Duration, len(qs))
	var hits, rawHits int
	for i, q := range qs {
		t0 := time.Now()
		h, err := ns.Recall(ctx, q.text, core.RecallOptions{Limit: benchLimit, Peek: true})
		if err != nil {
			return r, fmt.Errorf("recall %q: %w", q.text, err)
		}
		mc[i] = time.Since(t0)
		t0 = time.Now()
		rh, rawTop, err := raw.search(q.text)
		if err != nil {
			return r, fmt.Errorf("raw %q: %w", q.text, err)
		}
		rc[i] = time.Since(t0)
		hits += len(h)
		rawHits += rh
		if q.chinese {
			r.ChineseQueries++
			r.ChineseZero += b2i(len(h) == 0)
			r.RawChineseZero += b2i(rh == 0)
			r.ChineseTop += b2i(len(h) > 0 && strings.Contains(h[0].Memory.Content, q.text))
			r.RawChineseTop += b2i(strings.Contains(rawTop, q.text))
		} else {
			r.EnglishQueries++
			r.EnglishZero += b2i(len(h) == 0)
			r.RawEnglishZero += b2i(rh == 0)
		}
	}
	r.Recall, r.Raw = newSeries(mc, qs), newSeries(rc, qs)
	r.AvgHits = float64(hits) / float64(len(qs))
	r.RawAvgHits = float64(rawHits) / float64(len(qs))

	// The default recall writes each hit's access (one small transaction per recall).
	logf("size %d: default (non-peek) recall…", n)
	dc := make([]time.Duration, len(qs))
	for i, q := range qs {
		t0 := time.Now()
		if _, err := ns.Recall(ctx, q.text, core.RecallOptions{Limit: benchLimit}); err != nil {
			return r, err
		}
		dc[i] = time.Since(t0)
	}
	r.RecallTouch = percentiles(dc)
	logf("size %d: stopword-only queries…", n)
	if r.Stopwords, err = benchStopwords(ctx, ns, benchStopQueries); err != nil {
		return r, err
	}
	return r, nil
}

func benchTurns(ctx context.Context, cfg benchConfig) (*turnsResult, error) {
	sessions := newGen(benchSeed+3).turns(cfg.turns, turnsPerSess)
	qs := newGen(benchSeed + 1).queries(cfg.queries)
	warm := newGen(benchSeed + 2).queries(benchWarmup)
	path := filepath.Join(cfg.dir, "memcore-turns.db")
	os.Remove(path)
	eng, err := core.Open(ctx, core.Options{Path: path})
	if err != nil {
		return nil, err
	}
	defer eng.Close()
	ns, _ := eng.Namespace("default")
	start := time.Now()
	for i, s := range sessions {
		if _, err := ns.AppendTurns(ctx, sessionID(i), s); err != nil {
			return nil, err
		}
	}
	t := &turnsResult{Turns: cfg.turns, Sessions: len(sessions)}
	t.AppendSeconds = time.Since(start).Seconds()
	t.AppendPerSec = float64(cfg.turns) / t.AppendSeconds
	for _, q := range warm {
		if _, err := ns.SearchTurns(ctx, q.text, core.SearchTurnsOptions{Limit: benchLimit}); err != nil {
			return nil, err
		}
	}
	d := make([]time.Duration, len(qs))
	hits := 0
	for i, q := range qs {
		t0 := time.Now()
		h, err := ns.SearchTurns(ctx, q.text, core.SearchTurnsOptions{Limit: benchLimit})
		if err != nil {
			return nil, err
		}
		d[i] = time.Since(t0)
		hits += len(h)
	}
	t.Search = percentiles(d)
	t.AvgHits = float64(hits) / float64(len(qs))
	if t.Stopwords, err = benchStopTurns(ctx, ns, benchStopQueries); err != nil {
		return nil, err
	}
	return t, nil
}

// ---- the raw FTS5 baseline ----

// rawFTS is what a user would write without memcore: one FTS5 table with the default
// tokenizer (unicode61), the memory's text as its only column, queries as an OR of the
// query's words, ranked by FTS5's bm25.
type rawFTS struct {
	conn   *sqlite3.Conn
	insert func([]core.MemoryInput) error
	query  *sqlite3.Stmt
}

func openRaw(path string) (*rawFTS, error) {
	conn, err := sqlite3.Open("file:" + path)
	if err != nil {
		return nil, err
	}
	r := &rawFTS{conn: conn}
	// The same durability and page cache as memcore's file databases, so that the
	// comparison is of the indexing and querying, not of the pragmas.
	err = conn.Exec(`PRAGMA journal_mode=DELETE; PRAGMA synchronous=FULL; PRAGMA cache_size=-8192;`)
	if err == nil {
		err = conn.Exec(`CREATE VIRTUAL TABLE t USING fts5(content)`)
		if err != nil && strings.Contains(err.Error(), "no such module") {
			// fts5 is registered for every connection once memcore has opened one; a
			// baseline opened first registers it itself.
			if err = fts5.Register(conn); err == nil {
				err = conn.Exec(`CREATE VIRTUAL TABLE t USING fts5(content)`)
			}
		}
	}
	var ins *sqlite3.Stmt
	if err == nil {
		ins, _, err = conn.Prepare(`INSERT INTO t(content) VALUES (?)`)
	}
	if err == nil {
		r.query, _, err = conn.Prepare(`SELECT rowid, content FROM t WHERE t MATCH ? ORDER BY rank LIMIT 10`)
	}
	if err != nil {
		conn.Close()
		return nil, err
	}
	r.insert = func(ms []core.MemoryInput) (err error) {
		if err := conn.Exec(`BEGIN IMMEDIATE`); err != nil {
			return err
		}
		defer func() {
			if err != nil {
				conn.Exec(`ROLLBACK`)
			}
		}()
		for _, m := range ms {
			ins.BindText(1, m.Content)
			if err := ins.Exec(); err != nil {
				return err
			}
			ins.Reset()
		}
		return conn.Exec(`COMMIT`)
	}
	return r, nil
}

// search runs q as the OR of its words and returns the number of rows and the first
// row's content (it reads each row's content, as an application would).
func (r *rawFTS) search(q string) (n int, top string, err error) {
	expr := rawMatch(q)
	if expr == "" {
		return 0, "", nil
	}
	s := r.query
	defer s.Reset()
	if err := s.BindText(1, expr); err != nil {
		return 0, "", err
	}
	for s.Step() {
		c := s.ColumnText(1)
		if n == 0 {
			top = c
		}
		n++
	}
	return n, top, s.Err()
}

func (r *rawFTS) close() {
	r.query.Close()
	r.conn.Close()
}

// rawStopwords are the English function words a careful user drops from an OR query
// (memcore drops the same and more); without it "the" would match every memory.
var rawStopwords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an and are at be by did do does for from how i in
		is it of on or s the to was what when where which who whom why with you your`) {
		m[w] = true
	}
	return m
}()

// rawMatch splits q into words the way unicode61 does (letters and digits; a run of
// Chinese characters is one word), lowercases them, drops stopwords and quotes each.
func rawMatch(q string) string {
	words := strings.FieldsFunc(strings.ToLower(q), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsNumber(r)
	})
	var terms []string
	for _, w := range words {
		if !rawStopwords[w] && !slices.Contains(terms, `"`+w+`"`) {
			terms = append(terms, `"`+w+`"`)
		}
	}
	return strings.Join(terms, " OR ")
}

// ---- measuring ----

func percentiles(d []time.Duration) latency {
	if len(d) == 0 {
		return latency{}
	}
	s := slices.Clone(d)
	slices.Sort(s)
	at := func(p float64) float64 {
		i := int(p*float64(len(s))+0.999999) - 1 // nearest rank
		i = max(0, min(i, len(s)-1))
		return float64(s[i].Nanoseconds()) / 1e6
	}
	return latency{P50: at(0.50), P95: at(0.95), P99: at(0.99)}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func fileSize(path string) (int64, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	return fi.Size(), nil
}

// heapSampler records the largest HeapInuse seen, read every 10 ms through
// runtime/metrics (which, unlike ReadMemStats, does not stop the world).
type heapSampler struct {
	max  atomic.Int64
	done chan struct{}
	wg   sync.WaitGroup
}

func startHeapSampler() *heapSampler {
	h := &heapSampler{done: make(chan struct{})}
	samples := []metrics.Sample{
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/memory/classes/heap/unused:bytes"},
	}
	read := func() {
		metrics.Read(samples)
		v := int64(samples[0].Value.Uint64() + samples[1].Value.Uint64())
		if v > h.max.Load() {
			h.max.Store(v)
		}
	}
	read()
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		t := time.NewTicker(10 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-h.done:
				read()
				return
			case <-t.C:
				read()
			}
		}
	}()
	return h
}

func (h *heapSampler) stop() int64 {
	close(h.done)
	h.wg.Wait()
	return h.max.Load()
}

// resetPeakRSS resets the kernel's high-water mark of this process's RSS (Linux:
// "5" > /proc/self/clear_refs), so that each size reports its own peak.
func resetPeakRSS() bool {
	return os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil
}

// peakRSS is VmHWM of /proc/self/status in bytes (0 where there is none).
func peakRSS() int64 {
	v, _ := procField("/proc/self/status", "VmHWM:")
	return v
}

// procField reads a "Name:   123 kB" line of a /proc file, in bytes.
func procField(file, name string) (int64, string) {
	f, err := os.Open(file)
	if err != nil {
		return 0, ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, name); ok {
			fs := strings.Fields(rest)
			if len(fs) == 0 {
				return 0, ""
			}
			n, _ := strconv.ParseInt(fs[0], 10, 64)
			if len(fs) > 1 && fs[1] == "kB" {
				n *= 1024
			}
			return n, strings.TrimSpace(rest)
		}
	}
	return 0, ""
}

func machineInfo() machine {
	m := machine{GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, CPUs: runtime.NumCPU(),
		GoVersion: runtime.Version(), Engine: core.Version, SQLite: sqliteVersion(), LoadStart: loadAvg()}
	_, m.CPUModel = procField("/proc/cpuinfo", "model name")
	m.CPUModel = strings.TrimSpace(strings.TrimPrefix(m.CPUModel, ":"))
	if v, _ := procField("/proc/meminfo", "MemTotal:"); v > 0 {
		m.MemTotal = fmtBytes(v)
	}
	return m
}

func sqliteVersion() string {
	c, err := sqlite3.Open(":memory:")
	if err != nil {
		return "?"
	}
	defer c.Close()
	s, _, err := c.Prepare(`SELECT sqlite_version()`)
	if err != nil {
		return "?"
	}
	defer s.Close()
	v := "?"
	if s.Step() {
		v = s.ColumnText(0)
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == "github.com/ncruces/go-sqlite3" {
				v += " (ncruces/go-sqlite3 " + d.Version + ")"
			}
		}
	}
	return v
}

// ---- Markdown ----

func fmtBytes(b int64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.2f GiB", float64(b)/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%.0f KiB", float64(b)/(1<<10))
	}
	return fmt.Sprintf("%d B", b)
}

func fmtCount(n int) string {
	switch {
	case n >= 1000 && n%1000 == 0:
		return fmt.Sprintf("%dk", n/1000)
	}
	return strconv.Itoa(n)
}

func ms3(v float64) string {
	switch {
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	case v >= 10:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
}

func ratio(a, b float64) string {
	if b <= 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f×", a/b)
}

func (rep *benchReport) markdown(w io.Writer) {
	m := rep.Machine
	fmt.Fprintf(w, "Machine: %s/%s, %d CPUs", m.GOOS, m.GOARCH, m.CPUs)
	if m.CPUModel != "" {
		fmt.Fprintf(w, " (%s)", m.CPUModel)
	}
	if m.MemTotal != "" {
		fmt.Fprintf(w, ", %s RAM", m.MemTotal)
	}
	fmt.Fprintf(w, "; %s; SQLite %s; memcore %s", m.GoVersion, m.SQLite, m.Engine)
	if m.Node != "" {
		fmt.Fprintf(w, "; Node %s", m.Node)
	}
	fmt.Fprintf(w, ". %d timed queries per series (after %d warm-up), limit %d, seed %d.",
		rep.Queries, benchWarmup, benchLimit, rep.Seed)
	if m.LoadStart != "" {
		fmt.Fprintf(w, " Load average at start %s, at end %s.", m.LoadStart, m.LoadEnd)
	}
	fmt.Fprint(w, "\n\n")
	if len(rep.Sizes) > 0 {
		rep.markdownNative(w)
	}
	if rep.Turns != nil {
		rep.markdownTurns(w)
	}
	if rep.Cross != nil {
		rep.Cross.markdown(w)
	}
	if rep.ColdStart != nil {
		rep.ColdStart.markdown(w)
	}
}

func (rep *benchReport) markdownNative(w io.Writer) {
	fmt.Fprintln(w, "### Ingest (Remember, batches of 1000, one transaction each)")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| memories | memcore s | memcore memories/s | memcore file | bytes/memory | raw FTS5 s | raw memories/s | raw bytes/memory | time memcore/raw |")
	fmt.Fprintln(w, "|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, r := range rep.Sizes {
		fmt.Fprintf(w, "| %s | %.2f | %.0f | %s | %.0f | %.2f | %.0f | %.0f | %s |\n",
			fmtCount(r.Memories), r.IngestSeconds, r.IngestPerSec, fmtBytes(r.DBBytes),
			float64(r.DBBytes)/float64(r.Memories), r.RawIngestSecs, r.RawIngestPerS,
			float64(r.RawDBBytes)/float64(r.Memories), ratio(r.IngestSeconds, r.RawIngestSecs))
	}
	fmt.Fprintln(w)

	fmt.Fprintln(w, "### Recall latency, ms (limit 10; memcore with peek: true; raw FTS5 = OR of words, ORDER BY rank)")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| memories | queries | memcore p50 | p95 | p99 | raw FTS5 p50 | p95 | p99 | memcore/raw p50 | memcore/raw p95 |")
	fmt.Fprintln(w, "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, r := range rep.Sizes {
		rows := []struct {
			name   string
			mc, rw latency
		}{
			{fmt.Sprintf("all %d", r.EnglishQueries+r.ChineseQueries), r.Recall.All, r.Raw.All},
			{fmt.Sprintf("English %d", r.EnglishQueries), r.Recall.English, r.Raw.English},
			{fmt.Sprintf("Chinese %d", r.ChineseQueries), r.Recall.Chinese, r.Raw.Chinese},
		}
		for _, x := range rows {
			fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
				fmtCount(r.Memories), x.name, ms3(x.mc.P50), ms3(x.mc.P95), ms3(x.mc.P99),
				ms3(x.rw.P50), ms3(x.rw.P95), ms3(x.rw.P99), ratio(x.mc.P50, x.rw.P50), ratio(x.mc.P95, x.rw.P95))
		}
	}
	fmt.Fprintln(w)

	fmt.Fprintln(w, "### Default recall (peek: false: each hit counts as an access, written lazily with the next write)")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| memories | peek p50 ms | default p50 ms | default p95 ms | default − peek (p50) |")
	fmt.Fprintln(w, "|---:|---:|---:|---:|---:|")
	for _, r := range rep.Sizes {
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", fmtCount(r.Memories), ms3(r.Recall.All.P50),
			ms3(r.RecallTouch.P50), ms3(r.RecallTouch.P95), ms3(r.RecallTouch.P50-r.Recall.All.P50))
	}
	fmt.Fprintln(w)

	fmt.Fprintln(w, "### Queries that find nothing")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| memories | Chinese queries | zero hits, memcore | zero hits, raw FTS5 | first hit contains the word, memcore | raw FTS5 | English queries | zero hits, memcore | zero hits, raw FTS5 | mean hits memcore / raw |")
	fmt.Fprintln(w, "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, r := range rep.Sizes {
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %.1f / %.1f |\n",
			fmtCount(r.Memories), r.ChineseQueries, r.ChineseZero, r.RawChineseZero,
			r.ChineseTop, r.RawChineseTop,
			r.EnglishQueries, r.EnglishZero, r.RawEnglishZero, r.AvgHits, r.RawAvgHits)
	}
	fmt.Fprintln(w)

	rep.markdownStopwords(w) // bench_stopwords.go

	fmt.Fprintln(w, "### Memory (memcore alone: during ingest and warm-up recalls)")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| memories | peak Go heap in use | Go heap sys | peak RSS (VmHWM) |")
	fmt.Fprintln(w, "|---:|---:|---:|---:|")
	for _, r := range rep.Sizes {
		rss := fmtBytes(r.PeakRSS)
		if r.PeakRSS == 0 {
			rss = "n/a"
		} else if !r.RSSReset {
			rss += " (process peak so far)"
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s |\n", fmtCount(r.Memories),
			fmtBytes(r.PeakHeapInuse), fmtBytes(r.HeapSys), rss)
	}
	fmt.Fprintln(w)
}

func (rep *benchReport) markdownTurns(w io.Writer) {
	if t := rep.Turns; t != nil {
		fmt.Fprintln(w, "### searchTurns (limit 10, whole namespace)")
		fmt.Fprintln(w)
		fmt.Fprintln(w, "| turns | sessions | appendTurns s | turns/s | p50 ms | p95 ms | p99 ms | mean hits |")
		fmt.Fprintln(w, "|---:|---:|---:|---:|---:|---:|---:|---:|")
		fmt.Fprintf(w, "| %s | %d | %.2f | %.0f | %s | %s | %s | %.1f |\n", fmtCount(t.Turns), t.Sessions,
			t.AppendSeconds, t.AppendPerSec, ms3(t.Search.P50), ms3(t.Search.P95), ms3(t.Search.P99), t.AvgHits)
		fmt.Fprintln(w)
	}
}
