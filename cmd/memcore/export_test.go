package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
)

// memcore export then import, both formats: the second database exports the same lines.
func TestExportImport_roundTrip(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "a.db")
	eng, err := core.Open(context.Background(), core.Options{Path: src})
	if err != nil {
		t.Fatal(err)
	}
	ns, _ := eng.Namespace("work")
	ctx := context.Background()
	if _, err := ns.Remember(ctx, core.MemoryInput{Type: "rule", Content: "Never deploy on Fridays"}); err != nil {
		t.Fatal(err)
	}
	ns.AppendTurns(ctx, "s1", []core.TurnInput{{Role: "user", Content: "hi"}})
	ns.SetDocument(ctx, "IDENTITY", "I am Ada.")
	eng.Close()

	out := filepath.Join(dir, "a.jsonl")
	if err := runExport([]string{"--db", src, "--namespaces", "*", "--out", out}); err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(dir, "b.db")
	if err := runImport([]string{"--db", dst, "--in", out}); err != nil {
		t.Fatal(err)
	}
	again := filepath.Join(dir, "b.jsonl")
	if err := runExport([]string{"--db", dst, "--namespaces", "*", "--out", again}); err != nil {
		t.Fatal(err)
	}
	body := func(p string) string {
		b, _ := os.ReadFile(p)
		_, rest, _ := strings.Cut(string(b), "\n")
		return rest
	}
	if body(out) != body(again) || strings.Count(body(out), "\n") != 3 {
		t.Errorf("round trip differs:\n%s\nwant:\n%s", body(again), body(out))
	}

	md := filepath.Join(dir, "md")
	if err := runExport([]string{"--db", src, "--namespace", "work", "--format", "md", "--out", md}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"MEMORY.md", "rule_never-deploy-on-fridays.md", "documents/IDENTITY.md"} {
		if _, err := os.Stat(filepath.Join(md, f)); err != nil {
			t.Errorf("md export: %v", err)
		}
	}
	if err := runImport([]string{"--db", filepath.Join(dir, "c.db"), "--namespace", "work", "--format", "md", "--in", md}); err != nil {
		t.Fatal(err)
	}
	// Refusals: no database; a damaged file writes nothing.
	if err := runExport([]string{"--out", out}); err == nil {
		t.Error("export without --db succeeded")
	}
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte(body(out)), 0o644) // no header line
	if err := runImport([]string{"--db", filepath.Join(dir, "d.db"), "--in", bad}); err == nil || !strings.Contains(err.Error(), "header") {
		t.Errorf("import of a file without header: %v", err)
	}
}
