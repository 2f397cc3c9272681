package main

// memcore bench, results and their Markdown tables: what `memcore bench` prints.

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
)

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
