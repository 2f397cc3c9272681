package wasmbuild

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestArgs(t *testing.T) {
	js, _ := TargetNamed("js")
	wasi, _ := TargetNamed("wasip1")
	for _, want := range []string{"-trimpath", "-buildvcs=false", "-ldflags=-s -w -buildid=", "-tags=sqlite3_dotlk"} {
		if !slices.Contains(js.Args("o", false), want) || !slices.Contains(wasi.Args("o", false), want) {
			t.Errorf("the builds lack %s", want)
		}
	}
	if !slices.Contains(wasi.Args("o", false), "-buildmode=c-shared") || slices.Contains(js.Args("o", false), "-buildmode=c-shared") {
		t.Error("only the wasip1 build is a reactor")
	}
	if slices.Contains(js.Args("o", false), "-gcflags="+NoBoundsGCFlags) || !slices.Contains(js.Args("o", true), "-gcflags="+NoBoundsGCFlags) {
		t.Error("bounds checks are dropped only when asked")
	}
	if stampOf(js, "go1", false) == stampOf(js, "go1", true) || stampOf(js, "go1", false) == stampOf(js, "go2", false) {
		t.Error("the stamp does not record the toolchain and flags")
	}
	if _, err := selectTargets([]string{"js", "wasm32"}); err == nil {
		t.Error("an unknown target was accepted")
	}
}

// TestNewestInput: only what can change the binary counts.
func TestNewestInput(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	write := func(name string, mtime time.Time) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", old)
	write("core/a.go", old)
	for _, ignored := range []string{"core/a_test.go", "core/testdata/x.go", ".git/x.go", "dist/x.go",
		"node_modules/m/x.go", "README.md", "nested/go.mod", "nested/x.go"} {
		write(ignored, time.Now())
	}
	got, err := NewestInput(dir, filepath.Join(dir, "dist"))
	if err != nil || !got.Equal(old) {
		t.Fatalf("NewestInput = %v, %v; want %v", got, err, old)
	}
	write("go.sum", time.Now())
	if got, _ := NewestInput(dir, filepath.Join(dir, "dist")); !got.After(old) {
		t.Fatal("go.sum is not an input")
	}
}

func TestUpToDate(t *testing.T) {
	dir := t.TempDir()
	out, stamp := filepath.Join(dir, "m.wasm"), filepath.Join(dir, ".m.wasm.stamp")
	now := time.Now()
	if upToDate(out, stamp, "s", now.Add(-time.Hour)) {
		t.Fatal("a missing output is up to date")
	}
	os.WriteFile(out, []byte("\x00asm"), 0o644)
	os.WriteFile(stamp, []byte("s"), 0o644)
	if !upToDate(out, stamp, "s", now.Add(-time.Hour)) {
		t.Fatal("a fresh output with its stamp is not up to date")
	}
	if upToDate(out, stamp, "other flags", now.Add(-time.Hour)) {
		t.Fatal("an output built with other flags is up to date")
	}
	if upToDate(out, stamp, "s", now.Add(time.Hour)) {
		t.Fatal("an output older than an input is up to date")
	}
}

func TestModuleRoot(t *testing.T) {
	root, err := ModuleRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(root, "go.mod")); err != nil || !strings.Contains(string(b), "module github.com/memcore/memcore") {
		t.Fatalf("ModuleRoot = %s", root)
	}
}
