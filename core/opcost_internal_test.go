package core

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/memcore/memcore/core/internal/store"
)

// opCostWorkload is js/bench/percall.mjs's workload in Go: short English memories from a
// fixed vocabulary, and two-phrase queries, so that the statement counts here are those
// of the Node bench's calls.
func opCostWorkload(n int) (texts, queries []string) {
	r := rand.New(rand.NewPCG(42, 15))
	pick := func(a []string) string { return a[r.IntN(len(a))] }
	subjects := []string{"the user", "Alice", "Bob", "my manager", "the team", "our client", "the designer", "my sister"}
	verbs := []string{"prefers", "dislikes", "uses", "asked about", "is learning", "wrote", "reviewed", "recommended"}
	objects := []string{"python scripts", "dark mode", "rust tooling", "green tea", "morning meetings", "vim keybindings",
		"hiking trips", "jazz records", "sqlite databases", "typescript types", "sourdough bread", "electric bikes",
		"weekly reports", "unit tests", "chess openings", "spanish lessons", "kubernetes clusters", "mechanical keyboards"}
	tails := []string{"on weekends", "at work", "since last year", "for the new project", "every morning", "when travelling", "", ""}
	for i := range n {
		texts = append(texts, strings.Join(strings.Fields(fmt.Sprintf("%s %s %s %s #%d", pick(subjects), pick(verbs), pick(objects), pick(tails), i)), " "))
	}
	for range 50 {
		queries = append(queries, pick(verbs)+" "+pick(objects))
	}
	return texts, queries
}

// opCost is what one op asked SQLite to do, averaged over calls.
type opCost struct {
	stmts, runs, vm, fullscan, sorts, repre float64
}

func sumCosts(cs []store.StmtCost, calls int) opCost {
	var c opCost
	for _, s := range cs {
		c.stmts++
		c.runs += float64(s.Runs)
		c.vm += float64(s.VMSteps)
		c.fullscan += float64(s.FullscanSteps)
		c.sorts += float64(s.Sorts)
		c.repre += float64(s.Repre)
	}
	n := float64(calls)
	return opCost{c.stmts, c.runs / n, c.vm / n, c.fullscan / n, c.sorts / n, c.repre / n}
}

// measureOps runs each op calls times on a fresh in-memory engine of n memories and
// returns SQLite's counters per call, and the statements of each op when verbose.
func measureOps(t *testing.T, n, calls int) map[string]opCost {
	ctx := context.Background()
	e, err := Open(ctx, Options{Path: ":memory:"})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ns, _ := e.Namespace("default")
	texts, queries := opCostWorkload(n)
	var ids []string
	out := map[string]opCost{}
	e.db.StmtCosts(true)
	batches := 0
	for i := 0; i < n; i += 500 {
		in := make([]MemoryInput, 0, 500)
		for _, c := range texts[i:min(n, i+500)] {
			in = append(in, MemoryInput{Content: c})
		}
		ms, err := ns.Remember(ctx, in...)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ms {
			ids = append(ids, m.ID)
		}
		batches++
	}
	report := func(op string, perCall int) {
		cs := e.db.StmtCosts(true)
		out[op] = sumCosts(cs, perCall)
		if testing.Verbose() {
			for _, c := range cs {
				t.Logf("  %s: runs %d vm %d fullscan %d sorts %d repre %d  %.90s", op, c.Runs, c.VMSteps, c.FullscanSteps, c.Sorts, c.Repre, strings.Join(strings.Fields(c.SQL), " "))
			}
		}
	}
	report("remember (per memory)", n)
	for range calls {
		if _, err := ns.Stats(ctx); err != nil {
			t.Fatal(err)
		}
	}
	report("stats", calls)
	for i := range calls {
		if _, err := ns.Get(ctx, ids[i%len(ids)]); err != nil {
			t.Fatal(err)
		}
	}
	report("get", calls)
	hits := 0
	for i := range calls {
		h, err := ns.Recall(ctx, queries[i%len(queries)], RecallOptions{Limit: 10, Peek: true})
		if err != nil {
			t.Fatal(err)
		}
		hits += len(h)
	}
	report("recall", calls)
	if hits != 10*calls {
		t.Errorf("recall found %d hits in %d calls, want 10 each", hits, calls)
	}
	return out
}

// TestOpCost_table prints, per op, what the op asks SQLite to do per call at 1k
// memories (go test ./core -run TestOpCost_table -v); docs/BENCHMARKS.md, "Issue 15".
func TestOpCost_table(t *testing.T) {
	costs := measureOps(t, 1000, 50)
	for _, op := range []string{"remember (per memory)", "stats", "get", "recall"} {
		c := costs[op]
		t.Logf("| %s | %.0f | %.2f | %.0f | %.0f | %.2f | %.2f |", op, c.stmts, c.runs, c.vm, c.fullscan, c.sorts, c.repre)
	}
}

// BenchmarkOpCost_recall times recall on the workload of TestOpCost_table natively
// (go test ./core -run '^$' -bench OpCost_recall -cpuprofile …: where SQLite's time goes).
func BenchmarkOpCost_recall(b *testing.B) {
	ctx := context.Background()
	e, err := Open(ctx, Options{Path: ":memory:"})
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close()
	ns, _ := e.Namespace("default")
	texts, queries := opCostWorkload(1000)
	in := make([]MemoryInput, 0, len(texts))
	for _, c := range texts {
		in = append(in, MemoryInput{Content: c})
	}
	if _, err := ns.Remember(ctx, in...); err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		if _, err := ns.Recall(ctx, queries[i%len(queries)], RecallOptions{Limit: 10, Peek: true}); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkOpCost_remember times remembering batches of 1000 of TestOpCost_table's
// memories natively into a growing in-memory database (ns/op is per batch).
func BenchmarkOpCost_remember(b *testing.B) {
	ctx := context.Background()
	e, err := Open(ctx, Options{Path: ":memory:"})
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close()
	ns, _ := e.Namespace("default")
	texts, _ := opCostWorkload(1000)
	in := make([]MemoryInput, 0, len(texts))
	for _, c := range texts {
		in = append(in, MemoryInput{Content: c})
	}
	for b.Loop() {
		if _, err := ns.Remember(ctx, in...); err != nil {
			b.Fatal(err)
		}
	}
}

// TestOpCost_statsDoesNotScan: stats asks SQLite for the same work whatever the size of
// the namespace (schema 8's counters), no op's statement is prepared again per call,
// and none runs a full table scan. Counts of SQLite's virtual machine, not times.
func TestOpCost_statsDoesNotScan(t *testing.T) {
	small, large := measureOps(t, 100, 20), measureOps(t, 1000, 20)
	if small["stats"].vm != large["stats"].vm {
		t.Errorf("stats: %.0f VM steps a call at 100 memories, %.0f at 1000: it scans", small["stats"].vm, large["stats"].vm)
	}
	for op, c := range large {
		if c.repre != 0 || c.fullscan != 0 {
			t.Errorf("%s: %.2f re-prepares and %.0f full-scan steps a call", op, c.repre, c.fullscan)
		}
	}
}
