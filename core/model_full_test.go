package core_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/memcore/memcore/core"
	"github.com/memcore/memcore/internal/prototest"
)

// fileHost is a prototest.ModelHost of native engines on files in a test's directory.
func fileHost(t *testing.T) prototest.ModelHost {
	dir := modelDir(t)
	return prototest.ModelHost{Open: func(name string) prototest.Conn {
		e, err := core.Open(context.Background(), core.Options{Path: filepath.Join(dir, name)})
		if err != nil {
			t.Fatalf("open %s: %v", name, err)
		}
		closed := false
		t.Cleanup(func() {
			if !closed {
				e.Close()
			}
		})
		return prototest.Conn{
			Call:  func(req []byte) []byte { return e.Call(context.Background(), req) },
			Close: func() error { closed = true; return e.Close() },
		}
	}}
}

// modelDir is where the model check's files go: a directory in /dev/shm when there is
// one. The check is about what the engine shows, not about durability (the crash tests
// are), and an fsync per write on a shared disk made it three times slower.
func modelDir(t *testing.T) string {
	if st, err := os.Stat("/dev/shm"); err == nil && st.IsDir() {
		if dir, err := os.MkdirTemp("/dev/shm", "memcore-model-"); err == nil {
			t.Cleanup(func() { os.RemoveAll(dir) })
			return dir
		}
	}
	return t.TempDir()
}

// modelRuns are the seeds and steps of TestModel_everyOp: 10,000 steps in all.
var modelRuns = []struct {
	seed  uint64
	steps int
}{{101, 2500}, {102, 2500}, {103, 2500}, {104, 2500}}

// TestModel_everyOp runs the model check of every op (prototest.RunModel) natively on a
// file database: 10,000 steps over 3 namespaces. MEMCORE_LONG=1 (make test-long) adds
// more seeds and steps: MEMCORE_MODEL_STEPS (default 20,000) each for 8 more seeds.
func TestModel_everyOp(t *testing.T) {
	runs := modelRuns
	if os.Getenv("MEMCORE_LONG") != "" {
		steps := 20000
		if s, err := strconv.Atoi(os.Getenv("MEMCORE_MODEL_STEPS")); err == nil && s > 0 {
			steps = s
		}
		for seed := uint64(201); seed < 209; seed++ {
			runs = append(runs, struct {
				seed  uint64
				steps int
			}{seed, steps})
		}
	}
	for _, r := range runs {
		t.Run(fmt.Sprint("seed", r.seed), func(t *testing.T) {
			start := time.Now()
			prototest.RunModel(t, fileHost(t), prototest.ModelConfig{Seed: r.seed, Steps: r.steps})
			t.Logf("seed %d: %d steps in %v", r.seed, r.steps, time.Since(start).Round(time.Millisecond))
		})
	}
}

// mutant is a transport that breaks the engine on purpose: change rewrites a request
// before it reaches the engine, or answers it itself (a non-nil reply).
func mutant(h prototest.ModelHost, change func(req []byte) (out []byte, reply []byte)) prototest.ModelHost {
	return prototest.ModelHost{Open: func(name string) prototest.Conn {
		c := h.Open(name)
		call := c.Call
		c.Call = func(req []byte) []byte {
			out, reply := change(req)
			if reply != nil {
				return reply
			}
			return call(out)
		}
		return c
	}}
}

// TestModel_catches checks that the model check fails on engines that lose, keep or leak
// data, and that it shrinks the failing sequence to the few operations that matter.
func TestModel_catches(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(req []byte) ([]byte, []byte)
		maxOps int
	}{
		{"a delete that keeps the entry", func(req []byte) ([]byte, []byte) {
			if bytes.Contains(req, []byte(`"op":"scratchpad.delete"`)) && !bytes.Contains(req, []byte(`"k3"`)) {
				return nil, []byte(`{"id":null,"ok":true,"result":{"deleted":true}}`)
			}
			return req, nil
		}, 3},
		{"a recall of another namespace", func(req []byte) ([]byte, []byte) {
			if bytes.Contains(req, []byte(`"op":"recall"`)) {
				return bytes.Replace(req, []byte(`"namespace":"ns-02"`), []byte(`"namespace":"default"`), 1), nil
			}
			return req, nil
		}, 4},
		{"a forget that forgets nothing", func(req []byte) ([]byte, []byte) {
			if bytes.Contains(req, []byte(`"op":"forget","args":{"id"`)) {
				return nil, []byte(`{"id":null,"ok":true,"result":{"forgotten":1}}`)
			}
			return req, nil
		}, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			host := mutant(fileHost(t), c.change)
			cfg := prototest.ModelConfig{Seed: 7, Steps: 400, ShrinkBudget: 20 * time.Second}
			f := prototest.ReplayModel(host, cfg, prototest.GenModelOps(cfg))
			if f == nil {
				t.Fatal("the model check passed a broken engine")
			}
			short := prototest.ShrinkModel(host, cfg, f)
			if len(short.Ops) > c.maxOps || prototest.ReplayModel(host, cfg, short.Ops) == nil {
				t.Errorf("shrunk to %d operations (want at most %d, still failing): %v: %s", len(short.Ops), c.maxOps, short.Ops, short.Msg)
			}
			t.Logf("step %d of %d: %s; shrunk to %v: %s", f.Step, cfg.Steps, f.Msg, short.Ops, short.Msg)
		})
	}
}
