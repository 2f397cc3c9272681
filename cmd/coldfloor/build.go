//go:build !js

// Run natively, coldfloor builds the floor programs for GOOS=js with exactly the flags of
// the shipped dist/memcore.wasm (internal/wasmbuild's Args and Env: -trimpath, -s -w,
// sqlite3_dotlk, no bounds checks in the translated SQLite), so that a difference in the
// timings is the code's, not the build's:
//
//	go run ./cmd/coldfloor [-out dist]
//
// writes dist/coldfloor.wasm (go-sqlite3 + FTS5 + the OPFS VFS: floor_js.go) and
// dist/coldfloor-bare.wasm (Go's runtime only: ./cmd/coldfloor/bare), and prints their
// sizes. js/bench/coldfloor.mjs and test/browser/bench-floor.mjs run it when the files
// are missing or older than this command's sources.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/memcore/memcore/internal/wasmbuild"
)

func main() {
	out := flag.String("out", "dist", "output directory")
	flag.Parse()
	if err := build(*out); err != nil {
		fmt.Fprintln(os.Stderr, "coldfloor:", err)
		os.Exit(1)
	}
}

func build(out string) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	goCmd, err := wasmbuild.GoCommand()
	if err != nil {
		return err
	}
	for _, t := range []wasmbuild.Target{
		{Name: "coldfloor", GOOS: "js", Package: "./cmd/coldfloor", Output: "coldfloor.wasm"},
		{Name: "coldfloor-bare", GOOS: "js", Package: "./cmd/coldfloor/bare", Output: "coldfloor-bare.wasm"},
	} {
		dst, err := filepath.Abs(filepath.Join(out, t.Output))
		if err != nil {
			return err
		}
		cmd := exec.Command(goCmd, t.Args(dst, true)...)
		cmd.Env = t.Env()
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("building %s: %w", t.Package, err)
		}
		st, err := os.Stat(dst)
		if err != nil {
			return err
		}
		fmt.Printf("%s\t%d bytes\n", dst, st.Size())
	}
	return nil
}
