package wasm_test

// The crash matrix under wazero (docs/RELIABILITY.md): the design of
// test/reliability/harness.mjs in Go. A child process — this test binary re-executed with
// MEMCORE_CRASH_CHILD set — runs the wasip1 module under wazero with a host directory
// mounted at /data and writes numbered batches (one remember call each) to a file
// database, printing "ack N" after each. The parent kills it with SIGKILL at a seeded
// random moment, MEMCORE_KILLS times (3 by default; make test-long runs 100+), and
// checks: every acknowledged batch fully there, the batch in flight all or nothing,
// nothing later, SQLite's integrity check (run natively on the file) ok, and the file
// takes writes.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ncruces/go-sqlite3"
	"github.com/ncruces/go-sqlite3/ext/fts5"

	"github.com/memcore/memcore/internal/wasmbuild"
)

const crashBatch = 25 // memories per batch: one remember call, one transaction

// crashMemories is batch n of run r, as harness.mjs's batchOf makes it.
func crashMemories(run, n int) []map[string]any {
	ms := make([]map[string]any, crashBatch)
	for i := range ms {
		ms[i] = map[string]any{
			"key":        fmt.Sprintf("r%d-b%d-%d", run, n, i),
			"content":    fmt.Sprintf("crash run %d batch %d memory %d: 第 %d 条崩溃矩阵记忆 %s", run, n, i, i, strings.Repeat("lorem ipsum dolor sit amet ", 4)),
			"tags":       []string{"crash", fmt.Sprintf("b%d", n)},
			"metadata":   map[string]any{"run": run, "batch": n},
			"importance": float64(i%10) / 10,
		}
	}
	return ms
}

// TestCrashChild is the child's side: it runs only when the parent re-executes the test
// binary with MEMCORE_CRASH_CHILD=dir,run.
func TestCrashChild(t *testing.T) {
	spec := os.Getenv("MEMCORE_CRASH_CHILD")
	if spec == "" {
		t.Skip("the child of TestCrash_wazero; runs only when it re-executes the test binary")
	}
	dir, runS, _ := strings.Cut(spec, ",")
	run, _ := strconv.Atoi(runS)
	c := newClient(t, dir)
	db := open(t, c, `{"path":"/data/crash.db"}`)
	out := os.Stdout // unbuffered: an ack is out of the process once Write returns
	fmt.Fprintln(out, "ready")
	for n := 0; ; n++ {
		args, _ := json.Marshal(map[string]any{"namespace": "crash", "memories": crashMemories(run, n)})
		r := call(t, c, string(withDB([]byte(`{"v":1,"op":"remember","args":`+string(args)+`}`), db)))
		r.must(t, nil)
		fmt.Fprintf(out, "ack %d\n", n)
	}
}

func TestCrash_wazero(t *testing.T) {
	if os.Getenv("MEMCORE_CRASH_CHILD") != "" {
		t.Skip("in the child")
	}
	kills := 3
	if s := os.Getenv("MEMCORE_KILLS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("MEMCORE_KILLS=%q: want a positive integer", s)
		}
		kills = n
	}
	seed := time.Now().UnixNano() & 0xffffffff
	if s := os.Getenv("MEMCORE_SEED"); s != "" {
		seed, _ = strconv.ParseInt(s, 10, 64)
	}
	t.Logf("seed %d (MEMCORE_SEED=%d repeats this run's kill delays)", seed, seed)
	random := rand.New(rand.NewSource(seed))

	engineRuntime(t) // builds the binary (when an input changed) before any child needs it
	bin := os.Getenv("MEMCORE_WASI_WASM")
	if bin == "" {
		root, err := wasmbuild.ModuleRoot(".")
		if err != nil {
			t.Fatal(err)
		}
		p, _, err := build(root, "wasip1")
		if err != nil {
			t.Fatal(err)
		}
		bin = p
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "crash.db")
	var st struct{ kills, midTx, batches, memories, inflight, integrity, locksLeft int }
	counts := map[int]int{}
	for run := 0; run < kills; run++ {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), "MEMCORE_CRASH_CHILD="+dir+","+strconv.Itoa(run), "MEMCORE_WASI_WASM="+bin)
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := make(chan string, 1024)
		go func() {
			sc := bufio.NewScanner(stdout)
			for sc.Scan() {
				lines <- sc.Text()
			}
			io.Copy(io.Discard, stdout)
			close(lines)
		}()
		if first, ok := <-lines; !ok || first != "ready" {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("run %d: the child did not start (%q): %s", run, first, stderr.String())
		}
		delay := time.Duration(random.Intn(1500)) * time.Millisecond
		time.Sleep(delay)
		_, jerr := os.Stat(file + "-journal")
		midTx := jerr == nil
		cmd.Process.Signal(syscall.SIGKILL)
		werr := cmd.Wait()
		acked := -1
		for l := range lines {
			if n, ok := strings.CutPrefix(l, "ack "); ok {
				acked, _ = strconv.Atoi(n)
			}
		}
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
			t.Fatalf("run %d: the child exited by itself (%v): %s", run, werr, stderr.String())
		}
		// wasip1 has no process ids: a killed instance's dot-file lock stays behind and
		// locks the database until it is removed (docs/WASM.md). The child is dead, so
		// the lock is stale; removing it is what a host does when it restarts one.
		if _, err := os.Stat(file + ".lock"); err == nil {
			st.locksLeft++
			if err := os.RemoveAll(file + ".lock"); err != nil {
				t.Fatal(err)
			}
		}

		got, inflight := checkCrashRun(t, dir, run, acked)
		counts[run] = got
		if run%25 == 24 || run == kills-1 {
			for r0, n := range counts {
				if g := countRun(t, dir, r0); g != n {
					t.Fatalf("run %d had %d memories, after run %d it has %d", r0, n, run, g)
				}
			}
		}
		integrityCheck(t, file)
		st.kills++
		st.integrity++
		st.memories += got
		st.batches += got / crashBatch
		if midTx {
			st.midTx++
		}
		if inflight {
			st.inflight++
		}
		if kills <= 10 || run%10 == 9 {
			t.Logf("run %d: killed %v after ready (journal present: %v), %d acked, %d batches there", run, delay, midTx, acked+1, got/crashBatch)
		}
	}
	t.Logf("crash matrix wazero: seed %d, %d kills (%d mid-transaction), %d batches checked (%d memories), %d in-flight batches found complete, integrity ok %d/%d, stale locks removed %d",
		seed, st.kills, st.midTx, st.batches, st.memories, st.inflight, st.integrity, st.kills, st.locksLeft)
}

// checkCrashRun reopens the database in a fresh wasip1 instance and checks run's batches
// against the highest acknowledged one; it writes one probe memory and returns how many
// memories run has and whether the batch in flight is there.
func checkCrashRun(t *testing.T, dir string, run, acked int) (int, bool) {
	t.Helper()
	byBatch := runBatches(t, dir, run, true)
	total := 0
	for n := 0; n <= acked; n++ {
		if len(byBatch[n]) != crashBatch {
			t.Fatalf("run %d: acknowledged batch %d has %d of its %d memories", run, n, len(byBatch[n]), crashBatch)
		}
		for i := 0; i < crashBatch; i++ {
			if !byBatch[n][fmt.Sprintf("r%d-b%d-%d", run, n, i)] {
				t.Fatalf("run %d: acknowledged r%d-b%d-%d is missing", run, run, n, i)
			}
		}
	}
	next := len(byBatch[acked+1])
	if next != 0 && next != crashBatch {
		t.Fatalf("run %d: the batch in flight (%d) is half there: %d of %d memories", run, acked+1, next, crashBatch)
	}
	for n, keys := range byBatch {
		if n > acked+1 {
			t.Fatalf("run %d: batch %d exists, but the writer never got past batch %d", run, n, acked+1)
		}
		total += len(keys)
	}
	return total, next == crashBatch
}

func countRun(t *testing.T, dir string, run int) int {
	n := 0
	for _, keys := range runBatches(t, dir, run, false) {
		n += len(keys)
	}
	return n
}

// runBatches lists run's memories (namespace "crash", metadata.run) by batch, in a fresh
// instance; with probe it also writes one memory to namespace "probe".
func runBatches(t *testing.T, dir string, run int, probe bool) map[int]map[string]bool {
	t.Helper()
	r := engineRuntime(t)
	c, err := r.Instantiate(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(context.Background())
	db := open(t, c, `{"path":"/data/crash.db"}`)
	out := map[int]map[string]bool{}
	cursor := ""
	for {
		args := fmt.Sprintf(`{"namespace":"crash","metadata":{"run":%d},"limit":200%s}`, run, map[bool]string{true: `,"cursor":"` + cursor + `"`, false: ""}[cursor != ""])
		var res struct {
			Memories []struct {
				Key      string `json:"key"`
				Metadata struct {
					Run   int `json:"run"`
					Batch int `json:"batch"`
				} `json:"metadata"`
			} `json:"memories"`
			NextCursor string `json:"nextCursor"`
		}
		call(t, c, string(withDB([]byte(`{"v":1,"op":"list","args":`+args+`}`), db))).must(t, &res)
		for _, m := range res.Memories {
			if out[m.Metadata.Batch] == nil {
				out[m.Metadata.Batch] = map[string]bool{}
			}
			if out[m.Metadata.Batch][m.Key] {
				t.Fatalf("run %d: %s is there twice", run, m.Key)
			}
			out[m.Metadata.Batch][m.Key] = true
		}
		if cursor = res.NextCursor; cursor == "" {
			break
		}
	}
	if probe {
		call(t, c, string(withDB([]byte(`{"v":1,"op":"remember","args":{"namespace":"probe","memory":{"content":"written after a kill"}}}`), db))).must(t, nil)
	}
	call(t, c, string(withDB([]byte(`{"v":1,"op":"close"}`), db))).must(t, nil)
	return out
}

// integrityCheck runs SQLite's integrity_check natively on the file (FTS5 registered, so
// that its tables are checked too); the wasm instances are closed by then.
func integrityCheck(t *testing.T, file string) {
	t.Helper()
	conn, err := sqlite3.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if err := fts5.Register(conn); err != nil {
		t.Fatal(err)
	}
	stmt, _, err := conn.Prepare(`PRAGMA integrity_check`)
	if err != nil {
		t.Fatal(err)
	}
	defer stmt.Close()
	var rows []string
	for stmt.Step() {
		rows = append(rows, stmt.ColumnText(0))
	}
	if err := stmt.Err(); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0] != "ok" {
		t.Fatalf("integrity_check: %v", rows)
	}
}
