package main

import (
	"context"
	"os"
	"testing"

	"github.com/memcore/memcore/internal/wasiclient"
)

// TestBenchStopwordsWasm times the stopword-only query class (bench_stopwords.go) at 10k
// memories through a wasip1 build under wazero, the Go host of the wasm tests; it runs
// only with MEMCORE_STOPWORDS_WASM set to the build's path and prints p50/p95/p99 (a
// measurement for docs/BENCHMARKS.md, not a timed assertion). It fails when a query
// finds nothing: every query holds "the", "in", "and" or "to", which every memory has.
//
//	go run ./cmd/wasmbuild -q -targets wasip1 -out /tmp/dist
//	MEMCORE_STOPWORDS_WASM=/tmp/dist/memcore-wasi.wasm go test ./cmd/memcore -run TestBenchStopwordsWasm -v
func TestBenchStopwordsWasm(t *testing.T) {
	p := os.Getenv("MEMCORE_STOPWORDS_WASM")
	if p == "" {
		t.Skip("MEMCORE_STOPWORDS_WASM not set")
	}
	ctx := context.Background()
	wz, err := wasiclient.NewFromFile(ctx, p, wasiclient.DefaultCacheDir())
	if err != nil {
		t.Fatal(err)
	}
	defer wz.Close(ctx)
	w := newWorkload(10000, 0)
	w.Warmup = newGen(benchSeed + 5).stopQueries(benchWarmup)
	w.Queries = newGen(benchSeed + 4).stopQueries(benchStopQueries)
	run, err := crossWazero(ctx, wz, t.TempDir(), w)
	if err != nil {
		t.Fatal(err)
	}
	for i, h := range run.hits {
		if h == 0 {
			t.Errorf("%q found nothing", w.Queries[i])
		}
	}
	l := percentiles(run.recall)
	t.Logf("%s, 10k memories, %d stopword-only queries: p50 %.2f ms, p95 %.2f ms, p99 %.2f ms",
		p, len(run.recall), l.P50, l.P95, l.P99)
}
