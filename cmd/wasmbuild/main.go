// Command wasmbuild builds memcore's WebAssembly binaries reproducibly into dist/ (the
// build logic is internal/wasmbuild, shared with the wasm package's tests):
//
//	dist/memcore.wasm       GOOS=js     from ./wasm/js, started by wasm_exec.js
//	dist/memcore-wasi.wasm  GOOS=wasip1 from ./wasm/wasi, a WASI reactor
//	dist/wasm_exec.js       the toolchain's own, copied when the js target is selected
//
// and prints each artefact's raw, gzip -9 and brotli (quality 11) sizes and sha256.
// A target whose output is newer than every input is not rebuilt unless -force.
//
//	go run ./cmd/wasmbuild [-out dist] [-targets js,wasip1] [-force] [-bounds] [-q]
//
// -q prints only errors and skips the sizes (for scripts that only need the binaries).
// The translated SQLite is compiled without Go's bounds checks (see docs/WASM.md);
// -bounds (or MEMCORE_BOUNDS=1) keeps them, for debugging a suspected memory error.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/andybalholm/brotli"

	"github.com/memcore/memcore/internal/wasmbuild"
)

func main() {
	out := flag.String("out", "dist", "output directory")
	targets := flag.String("targets", "js,wasip1", "comma-separated targets to build: js, wasip1")
	force := flag.Bool("force", false, "rebuild targets that are up to date")
	bounds := flag.Bool("bounds", os.Getenv("MEMCORE_BOUNDS") == "1",
		"keep Go's bounds checks inside the translated SQLite (by default -gcflags="+wasmbuild.NoBoundsGCFlags+"); also MEMCORE_BOUNDS=1")
	quiet := flag.Bool("q", false, "quiet: print only errors, and skip measuring sizes (brotli 11 takes a minute per new binary)")
	flag.Parse()
	if err := run(*out, *targets, *force, *bounds, *quiet); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(out, targets string, force, bounds, quiet bool) error {
	ctx := context.Background()
	var log io.Writer = os.Stderr
	if quiet {
		log = nil
	}
	var names []string
	for _, n := range strings.Split(targets, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	start := time.Now()
	results, err := wasmbuild.Build(ctx, wasmbuild.Options{Out: out, Targets: names, Force: force, BoundsChecks: bounds, Log: log})
	if err != nil {
		return err
	}
	files := []string{}
	for _, r := range results {
		if r.Built && !quiet {
			fmt.Fprintf(os.Stderr, "%s: built %s in %.1fs\n", r.Target.Name, r.Path, r.Took.Seconds())
		}
		files = append(files, r.Path)
		if r.Target.Name == "js" {
			goCmd, err := wasmbuild.GoCommand()
			if err != nil {
				return err
			}
			src, err := wasmbuild.WasmExecJS(ctx, goCmd, ".")
			if err != nil {
				return err
			}
			dst := filepath.Join(filepath.Dir(r.Path), "wasm_exec.js")
			if err := wasmbuild.CopyFile(src, dst); err != nil {
				return err
			}
			files = append(files, dst)
		}
	}
	if quiet {
		return nil
	}
	fmt.Fprintf(os.Stderr, "wasmbuild: done in %.1fs\n", time.Since(start).Seconds())
	return printSizes(os.Stdout, files)
}

// printSizes prints the table of raw, gzip -9 and brotli 11 sizes and sha256 of files:
// what a CDN serves is the compressed size, and the hash lets two builds be compared.
// Brotli at quality 11 takes over a minute for 20 MB, so sizes are computed in parallel
// and remembered by sha256 in the user's cache directory.
func printSizes(w io.Writer, files []string) error {
	rows := make([]sizes, len(files))
	errs := make([]error, len(files))
	var wg sync.WaitGroup
	for i, f := range files {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rows[i], errs[i] = measure(f)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "file\traw\tgzip -9\tbrotli 11\tsha256\t")
	for i, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t\n", files[i], size(r.Raw), size(r.Gzip), size(r.Brotli), r.SHA256)
	}
	return tw.Flush()
}

// sizes are one artefact's measurements.
type sizes struct {
	Raw, Gzip, Brotli int
	SHA256            string
}

// measure returns f's sizes, from the cache when these bytes were measured before.
func measure(f string) (sizes, error) {
	b, err := os.ReadFile(f)
	if err != nil {
		return sizes{}, err
	}
	r := sizes{Raw: len(b), SHA256: wasmbuild.SHA256(b)}
	cache := ""
	if dir, err := os.UserCacheDir(); err == nil {
		cache = filepath.Join(dir, "memcore", "sizes", r.SHA256+".json")
		if old, err := os.ReadFile(cache); err == nil && json.Unmarshal(old, &r) == nil && r.Raw == len(b) {
			return r, nil
		}
	}
	if r.Gzip, err = gzipSize(b); err != nil {
		return r, err
	}
	if r.Brotli, err = brotliSize(b); err != nil {
		return r, err
	}
	if cache != "" {
		if js, err := json.Marshal(r); err == nil && os.MkdirAll(filepath.Dir(cache), 0o755) == nil {
			os.WriteFile(cache, js, 0o644) // a cache: failing to write it is harmless
		}
	}
	return r, nil
}

func size(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%d (%.2f MiB)", n, float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d (%.1f KiB)", n, float64(n)/(1<<10))
	}
	return fmt.Sprint(n)
}

func gzipSize(b []byte) (int, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return 0, err
	}
	if _, err := zw.Write(b); err != nil {
		return 0, err
	}
	if err := zw.Close(); err != nil {
		return 0, err
	}
	return buf.Len(), nil
}

func brotliSize(b []byte) (int, error) {
	var buf bytes.Buffer
	bw := brotli.NewWriterLevel(&buf, brotli.BestCompression)
	if _, err := bw.Write(b); err != nil {
		return 0, err
	}
	if err := bw.Close(); err != nil {
		return 0, err
	}
	return buf.Len(), nil
}
