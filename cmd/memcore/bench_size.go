package main

// memcore bench, one size: memcore against the raw FTS5 table on the same memories; the turns workload.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/memcore/memcore/core"
)

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
