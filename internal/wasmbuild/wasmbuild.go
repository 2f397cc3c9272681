// Package wasmbuild builds memcore's two WebAssembly binaries reproducibly. It is the
// build logic of cmd/wasmbuild (`make build`) and of the wasm package's tests, which
// build the wasip1 binary into a cache directory before running it under wazero: one
// place pins the flags, so the binary the tests run is the binary that ships.
//
// A build is incremental: a target whose output is newer than every input (the module's
// non-test .go files, go.mod, go.sum) and was built with the same toolchain and flags
// (recorded in a hidden stamp file beside it) is not rebuilt.
package wasmbuild

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
)

// Target is one wasm build of the module.
type Target struct {
	// Name is how -targets names it: "js" or "wasip1".
	Name string
	// GOOS is the target operating system (GOARCH is always wasm).
	GOOS string
	// Package is the main package, relative to the module root.
	Package string
	// Output is the file name in the output directory.
	Output string
	// BuildMode is go build's -buildmode ("" for the default).
	BuildMode string
}

// Targets are the builds, in build order.
//
//   - js: GOOS=js for browsers, Node and workers, started by wasm_exec.js; the entry
//     point (wasm/js) installs globalThis.__memcore.
//   - wasip1: a WASI reactor (-buildmode=c-shared: no main loop; the host calls
//     _initialize once, then the go:wasmexport functions of wasm/wasi) for wazero and
//     other WASI runtimes.
var Targets = []Target{
	{Name: "js", GOOS: "js", Package: "./wasm/js", Output: "memcore.wasm"},
	{Name: "wasip1", GOOS: "wasip1", Package: "./wasm/wasi", Output: "memcore-wasi.wasm", BuildMode: "c-shared"},
}

// TargetNamed returns the target called name.
func TargetNamed(name string) (Target, bool) {
	i := slices.IndexFunc(Targets, func(t Target) bool { return t.Name == name })
	if i < 0 {
		return Target{}, false
	}
	return Targets[i], true
}

// Tags are the build tags of both targets. sqlite3_dotlk: GOOS=js and GOOS=wasip1 have
// no OS file locks, and without a locking implementation github.com/ncruces/go-sqlite3
// fails to open any file database ("disk I/O error"); dot-file locks (a "<db>.lock"
// directory while a write transaction runs) work on every file system both runtimes
// offer.
var Tags = []string{"sqlite3_dotlk"}

// NoBoundsGCFlags drop Go's bounds checks inside the translated SQLite (wasm2go output):
// what SQLite reads and writes in its own memory is then trusted, as a native C SQLite's
// always is, while the wasm sandbox still confines the whole module. The shipped builds
// use them (docs/WASM.md, "Bounds checks"): 30% smaller, and in Node the first recall is
// ~1.4x faster with ~25% less memory. Options.BoundsChecks turns them back on.
const NoBoundsGCFlags = "github.com/ncruces/go-sqlite3-wasm/v3=-B"

// Options configure Build.
type Options struct {
	// Dir is the module root; "" finds it from the working directory upwards.
	Dir string
	// Out is the output directory ("" means Dir/dist), created when missing.
	Out string
	// Targets are the names of the targets to build; empty means all.
	Targets []string
	// Force rebuilds targets that are up to date.
	Force bool
	// BoundsChecks keeps Go's bounds checks inside the translated SQLite; by default
	// they are dropped (NoBoundsGCFlags).
	BoundsChecks bool
	// Go is the go command; "" means GoCommand().
	Go string
	// Log receives progress and the go command's output; nil discards them.
	Log io.Writer
}

// Result is what Build did for one target.
type Result struct {
	Target Target
	// Path is the output file.
	Path string
	// Built is false when the output was up to date and left alone.
	Built bool
	// Took is how long the build ran (0 when it did not).
	Took time.Duration
}

// ErrNoGo is returned (wrapped) when no go command can be found.
var ErrNoGo = errors.New("wasmbuild: no go command found (neither on PATH nor in GOROOT/bin)")

// GoCommand returns the go command to build with: the one on PATH, else the one of the
// toolchain that built this program.
func GoCommand() (string, error) {
	if p, err := exec.LookPath("go"); err == nil {
		return p, nil
	}
	//lint:ignore SA1019 only a fallback for a PATH without go
	if root := runtime.GOROOT(); root != "" {
		p := filepath.Join(root, "bin", "go")
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", ErrNoGo
}

// ModuleRoot returns the nearest directory at or above dir holding go.mod.
func ModuleRoot(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("wasmbuild: no go.mod at or above %s", dir)
		}
		d = parent
	}
}

// Args returns the go build arguments of t writing out: every flag of the build is here.
//
//   - -trimpath and -buildvcs=false: no local path and no VCS state in the binary, so two
//     checkouts of one commit build the same bytes.
//   - -ldflags "-s -w -buildid=": no symbol table and DWARF (a third of the size; panics
//     still name functions: wasm keeps a name section) and no build id.
//   - -tags: see Tags.
func (t Target) Args(out string, noBounds bool) []string {
	args := []string{"build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w -buildid=",
		"-tags=" + strings.Join(Tags, ",")}
	if t.BuildMode != "" {
		args = append(args, "-buildmode="+t.BuildMode)
	}
	if noBounds {
		args = append(args, "-gcflags="+NoBoundsGCFlags)
	}
	return append(args, "-o", out, t.Package)
}

// Env returns the environment of t's build: the process's, with what changes the output
// pinned. GOFLAGS, GOWORK and GOWASM from a developer's shell would otherwise change the
// bytes.
func (t Target) Env() []string {
	return append(os.Environ(), "GOOS="+t.GOOS, "GOARCH=wasm", "CGO_ENABLED=0", "GOFLAGS=", "GOWORK=off", "GOWASM=")
}

// Build builds the selected targets into o.Out, skipping those that are up to date.
func Build(ctx context.Context, o Options) ([]Result, error) {
	var err error
	if o.Dir == "" {
		o.Dir = "."
	}
	if o.Dir, err = ModuleRoot(o.Dir); err != nil {
		return nil, err
	}
	if o.Out == "" {
		o.Out = filepath.Join(o.Dir, "dist")
	}
	if o.Out, err = filepath.Abs(o.Out); err != nil {
		return nil, err
	}
	if o.Go == "" {
		if o.Go, err = GoCommand(); err != nil {
			return nil, err
		}
	}
	targets, err := selectTargets(o.Targets)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		return nil, err
	}
	goVersion, err := goEnv(ctx, o.Go, o.Dir, "GOVERSION")
	if err != nil {
		return nil, err
	}
	newest, err := NewestInput(o.Dir, o.Out)
	if err != nil {
		return nil, err
	}
	log := o.Log
	if log == nil {
		log = io.Discard
	}
	var results []Result
	for _, t := range targets {
		out := filepath.Join(o.Out, t.Output)
		stampPath := filepath.Join(o.Out, "."+t.Output+".stamp")
		stamp := stampOf(t, goVersion, !o.BoundsChecks)
		if !o.Force && upToDate(out, stampPath, stamp, newest) {
			fmt.Fprintf(log, "%s: %s is up to date\n", t.Name, out)
			results = append(results, Result{Target: t, Path: out})
			continue
		}
		took, err := buildOne(ctx, o, t, out, log)
		if err != nil {
			return results, err
		}
		if err := os.WriteFile(stampPath, []byte(stamp), 0o644); err != nil {
			return results, err
		}
		results = append(results, Result{Target: t, Path: out, Built: true, Took: took})
	}
	return results, nil
}

func selectTargets(names []string) ([]Target, error) {
	if len(names) == 0 {
		return Targets, nil
	}
	var out []Target
	for _, t := range Targets {
		if slices.Contains(names, t.Name) {
			out = append(out, t)
		}
	}
	for _, n := range names {
		if _, ok := TargetNamed(n); !ok {
			return nil, fmt.Errorf("wasmbuild: unknown target %q (have js, wasip1)", n)
		}
	}
	return out, nil
}

// stampOf is what, besides the inputs, decides the output's bytes.
func stampOf(t Target, goVersion string, noBounds bool) string {
	return fmt.Sprintf("%s\nGOOS=%s GOARCH=wasm CGO_ENABLED=0\ngo %s\n", goVersion, t.GOOS,
		strings.Join(t.Args(t.Output, noBounds), " "))
}

func upToDate(out, stampPath, stamp string, newest time.Time) bool {
	st, err := os.Stat(out)
	if err != nil || !st.ModTime().After(newest) {
		return false
	}
	old, err := os.ReadFile(stampPath)
	return err == nil && string(old) == stamp
}

// buildOne runs go build into a temporary file and renames it into place, so that a
// reader (a test run in parallel) never sees half a binary.
func buildOne(ctx context.Context, o Options, t Target, out string, log io.Writer) (time.Duration, error) {
	tmp, err := os.CreateTemp(filepath.Dir(out), "."+t.Output+".*.tmp")
	if err != nil {
		return 0, err
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	args := t.Args(tmp.Name(), !o.BoundsChecks)
	fmt.Fprintf(log, "%s: GOOS=%s GOARCH=wasm CGO_ENABLED=0 go %s\n", t.Name, t.GOOS, strings.Join(quoteArgs(args), " "))
	cmd := exec.CommandContext(ctx, o.Go, args...)
	cmd.Dir = o.Dir
	cmd.Env = t.Env()
	var outBuf bytes.Buffer
	cmd.Stdout = io.MultiWriter(&outBuf, log)
	cmd.Stderr = io.MultiWriter(&outBuf, log)
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("wasmbuild: building %s failed: %v\n%s", t.Name, err, outBuf.Bytes())
	}
	took := time.Since(start)
	// go build marks a js binary executable, a c-shared one not: both are data.
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return 0, err
	}
	if err := os.Rename(tmp.Name(), out); err != nil {
		return 0, err
	}
	return took, nil
}

func quoteArgs(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if strings.ContainsAny(a, " \t\"'") {
			a = "'" + a + "'"
		}
		out[i] = a
	}
	return out
}

func goEnv(ctx context.Context, goCmd, dir, name string) (string, error) {
	cmd := exec.CommandContext(ctx, goCmd, "env", name)
	cmd.Dir = dir
	b, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("wasmbuild: go env %s: %w", name, err)
	}
	return strings.TrimSpace(string(b)), nil
}

// NewestInput returns the latest modification time of the module's build inputs under
// dir: go.mod, go.sum and every .go file that is not a test, outside testdata, hidden
// and underscore directories, node_modules and skip (the output directory).
func NewestInput(dir, skip string) (time.Time, error) {
	var newest time.Time
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != dir && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") ||
				name == "testdata" || name == "node_modules" || p == skip) {
				return filepath.SkipDir
			}
			// A nested module is not part of this one.
			if p != dir {
				if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
			return nil
		}
		isInput := (p == filepath.Join(dir, "go.mod") || p == filepath.Join(dir, "go.sum")) ||
			(strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go"))
		if !isInput {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if info.ModTime().After(newest) {
			newest = info.ModTime()
		}
		return nil
	})
	return newest, err
}

// WasmExecJS returns the path of the toolchain's wasm_exec.js, the JavaScript half of
// the js build's runtime, which must come from the same Go release as the binary:
// $GOROOT/lib/wasm since Go 1.24, misc/wasm before.
func WasmExecJS(ctx context.Context, goCmd, dir string) (string, error) {
	root, err := goEnv(ctx, goCmd, dir, "GOROOT")
	if err != nil {
		return "", err
	}
	for _, sub := range []string{"lib/wasm", "misc/wasm"} {
		p := filepath.Join(root, sub, "wasm_exec.js")
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("wasmbuild: no wasm_exec.js in %s/lib/wasm or %s/misc/wasm", root, root)
}

// CopyFile copies src to dst (through a temporary file and a rename).
func CopyFile(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	tmp := dst + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, dst)
}

// SHA256 returns the hex sha256 of b.
func SHA256(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}
