// Command benchnative is the native side of the browser benchmark (test/browser/bench.mjs):
// it runs the run's data set through core.Engine.Call — the same JSON requests the wasm
// builds answer — on a file database, so that Chromium, Node and native Go do the same
// work in the same run. It prints one JSON object.
//
//	go run ./test/browser/benchnative -data data.json -dir /tmp/x [-sizes 1000,10000]
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/memcore/memcore/core"
)

type dataset struct {
	Memories []json.RawMessage `json:"memories"`
	Queries  []string          `json:"queries"`
}

type sizeResult struct {
	IngestMs  float64 `json:"ingestMs"`
	PerSec    float64 `json:"perSec"`
	Bytes     int64   `json:"bytes"`
	RecallP50 float64 `json:"recallP50"`
	RecallP95 float64 `json:"recallP95"`
}

func main() {
	data := flag.String("data", "", "the data set (JSON: memories, queries)")
	dir := flag.String("dir", "", "where the database files go")
	sizes := flag.String("sizes", "1000,10000", "database sizes")
	flag.Parse()
	raw, err := os.ReadFile(*data)
	check(err)
	var d dataset
	check(json.Unmarshal(raw, &d))
	ctx := context.Background()
	out := map[string]any{}
	results := map[string]sizeResult{}
	var last string
	for _, s := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(s)
		check(err)
		path := filepath.Join(*dir, fmt.Sprintf("native-%d.db", n))
		e, err := core.Open(ctx, core.Options{Path: path})
		check(err)
		var r sizeResult
		t0 := time.Now()
		for i := 0; i < n; i += 1000 {
			batch := d.Memories[i:min(i+1000, n)]
			req, _ := json.Marshal(map[string]any{"v": 1, "id": i, "op": "remember", "args": map[string]any{"memories": batch}})
			mustOK(e.Call(ctx, req))
		}
		r.IngestMs = ms(time.Since(t0))
		r.PerSec = float64(n) / time.Since(t0).Seconds()
		r.RecallP50, r.RecallP95 = recall(ctx, e, d.Queries)
		check(e.Close())
		st, err := os.Stat(path)
		check(err)
		r.Bytes = st.Size()
		results[s] = r
		last = path
	}
	out["sizes"] = results
	// Open → first recall on the largest file (no compile step natively: the engine is
	// machine code already).
	t0 := time.Now()
	e, err := core.Open(ctx, core.Options{Path: last})
	check(err)
	mustOK(e.Call(ctx, []byte(`{"v":1,"id":1,"op":"recall","args":{"query":"`+d.Queries[1]+`","peek":true}}`)))
	out["openFirstRecallMs"] = ms(time.Since(t0))
	e.Close()
	out["commits"] = commits(ctx, filepath.Join(*dir, "native-commits.db"), d.Memories)
	check(json.NewEncoder(os.Stdout).Encode(out))
}

func recall(ctx context.Context, e *core.Engine, queries []string) (p50, p95 float64) {
	call := func(q string) float64 {
		req, _ := json.Marshal(map[string]any{"v": 1, "id": 1, "op": "recall", "args": map[string]any{"query": q, "limit": 10, "peek": true}})
		t0 := time.Now()
		mustOK(e.Call(ctx, req))
		return ms(time.Since(t0))
	}
	for _, q := range queries[:20] {
		call(q)
	}
	var ts []float64
	for _, q := range queries {
		ts = append(ts, call(q))
	}
	slices.Sort(ts)
	return ts[len(ts)/2], ts[len(ts)*95/100]
}

// commits times 200 single remembers (a transaction each), then a batch of 1,000.
func commits(ctx context.Context, path string, memories []json.RawMessage) map[string]float64 {
	e, err := core.Open(ctx, core.Options{Path: path})
	check(err)
	defer e.Close()
	one := func(m json.RawMessage) float64 {
		req, _ := json.Marshal(map[string]any{"v": 1, "id": 1, "op": "remember", "args": map[string]any{"memory": m}})
		t0 := time.Now()
		mustOK(e.Call(ctx, req))
		return ms(time.Since(t0))
	}
	one(memories[0])
	var ts []float64
	sum := 0.0
	for i := 1; i <= 200; i++ {
		ts = append(ts, one(memories[i]))
		sum += ts[len(ts)-1]
	}
	slices.Sort(ts)
	req, _ := json.Marshal(map[string]any{"v": 1, "id": 1, "op": "remember", "args": map[string]any{"memories": memories[201:1201]}})
	t0 := time.Now()
	mustOK(e.Call(ctx, req))
	return map[string]float64{"p50": ts[100], "p95": ts[190], "mean": sum / 200, "batchMs": ms(time.Since(t0))}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func mustOK(resp []byte) {
	var r struct {
		OK    bool            `json:"ok"`
		Error json.RawMessage `json:"error"`
	}
	check(json.Unmarshal(resp, &r))
	if !r.OK {
		check(fmt.Errorf("request failed: %s", r.Error))
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchnative:", err)
		os.Exit(1)
	}
}
