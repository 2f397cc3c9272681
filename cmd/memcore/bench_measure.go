package main

// memcore bench, measuring: percentiles, heap and RSS, the machine.

import (
	"bufio"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ncruces/go-sqlite3"

	"github.com/memcore/memcore/core"
)

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
