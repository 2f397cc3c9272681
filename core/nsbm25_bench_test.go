package core_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"syscall"
	"testing"

	"github.com/memcore/memcore/core"
)

// BenchmarkRecall_namespaces measures recall in a database of one namespace (10,000
// memories) and of two (10,000 in the recalled one, 10,000 more in another, sharing the
// vocabulary): per-namespace BM25 (nsbm25.go) rescores only in the second. "afterWrite"
// remembers a memory in the recalled namespace before each recall (the time includes
// it), which makes the namespace's cached document frequencies stale. Numbers:
// docs/SCORING.md.
//
//	go test ./core -run XXX -bench Recall_namespaces -benchtime 200x
func BenchmarkRecall_namespaces(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	vocab := make([]string, 3000)
	for i := range vocab {
		vocab[i] = fmt.Sprintf("w%x", i*7919%100000)
	}
	word := func() string { return vocab[int(float64(len(vocab))*rng.Float64()*rng.Float64())] } // skewed: low ids common
	fill := func(e *core.Engine, ns string, n int) {
		for i := 0; i < n; i += 1000 {
			var mems []map[string]any
			for range 1000 {
				var w []string
				for range 8 + rng.IntN(16) {
					w = append(w, word())
				}
				mems = append(mems, map[string]any{"content": strings.Join(w, " ")})
			}
			args, _ := json.Marshal(map[string]any{"namespace": ns, "memories": mems})
			if resp := e.Call(context.Background(), []byte(`{"v":1,"op":"remember","args":`+string(args)+`}`)); !containsOK(resp) {
				b.Fatalf("%.200s", resp)
			}
		}
	}
	var queries [][]byte
	for range 50 {
		args, _ := json.Marshal(map[string]any{"namespace": "a", "query": word() + " " + word() + " " + word(), "peek": true})
		queries = append(queries, []byte(`{"v":1,"op":"recall","args":`+string(args)+`}`))
	}
	for _, namespaces := range []int{1, 2} {
		e := openMem(b, core.Options{})
		fill(e, "a", 10000)
		if namespaces == 2 {
			fill(e, "b", 10000)
		}
		for _, write := range []bool{false, true} {
			name := fmt.Sprintf("namespaces=%d/warm", namespaces)
			if write {
				name = fmt.Sprintf("namespaces=%d/afterWrite", namespaces)
			}
			b.Run(name, func(b *testing.B) {
				start := cpuTime()
				for i := 0; b.Loop(); i++ {
					if write {
						e.Call(context.Background(), []byte(fmt.Sprintf(`{"v":1,"op":"remember","args":{"namespace":"a","memory":{"content":"%s %s %d"}}}`, word(), word(), i)))
					}
					if resp := e.Call(context.Background(), queries[i%len(queries)]); !containsOK(resp) {
						b.Fatalf("%.200s", resp)
					}
				}
				// CPU time as well as wall time: on a shared machine the wall time
				// mostly measures the other processes.
				b.ReportMetric(float64(cpuTime()-start)/1e6/float64(b.N), "cpu-ms/op")
			})
		}
	}
}

// cpuTime is the process's user and system CPU time in nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// BenchmarkSearchTurns_namespaces is BenchmarkRecall_namespaces for searchTurns: 5,000
// turns in the searched namespace, and 5,000 more in another in the second case.
//
//	go test ./core -run XXX -bench SearchTurns_namespaces -benchtime 300x
func BenchmarkSearchTurns_namespaces(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	vocab := make([]string, 3000)
	for i := range vocab {
		vocab[i] = fmt.Sprintf("w%x", i*7919%100000)
	}
	word := func() string { return vocab[int(float64(len(vocab))*rng.Float64()*rng.Float64())] }
	fill := func(e *core.Engine, ns string, n int) {
		for s := 0; s < n; s += 100 {
			var turns []map[string]any
			for i := range 100 {
				var w []string
				for range 8 + rng.IntN(16) {
					w = append(w, word())
				}
				turns = append(turns, map[string]any{"role": []string{"user", "assistant"}[i%2], "content": strings.Join(w, " ")})
			}
			args, _ := json.Marshal(map[string]any{"namespace": ns, "sessionId": fmt.Sprint("s", s), "turns": turns})
			if resp := e.Call(context.Background(), []byte(`{"v":1,"op":"appendTurns","args":`+string(args)+`}`)); !containsOK(resp) {
				b.Fatalf("%.200s", resp)
			}
		}
	}
	var queries [][]byte
	for range 50 {
		args, _ := json.Marshal(map[string]any{"namespace": "a", "query": word() + " " + word() + " " + word()})
		queries = append(queries, []byte(`{"v":1,"op":"searchTurns","args":`+string(args)+`}`))
	}
	for _, namespaces := range []int{1, 2} {
		e := openMem(b, core.Options{})
		fill(e, "a", 5000)
		if namespaces == 2 {
			fill(e, "b", 5000)
		}
		b.Run(fmt.Sprintf("namespaces=%d", namespaces), func(b *testing.B) {
			start := cpuTime()
			for i := 0; b.Loop(); i++ {
				if resp := e.Call(context.Background(), queries[i%len(queries)]); !containsOK(resp) {
					b.Fatalf("%.200s", resp)
				}
			}
			b.ReportMetric(float64(cpuTime()-start)/1e6/float64(b.N), "cpu-ms/op")
		})
	}
}
