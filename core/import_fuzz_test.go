package core_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
)

// FuzzImport feeds arbitrary JSON Lines and Markdown files to Import: it must never
// panic, refuse with a known code (never internal), and a refused import writes nothing.
func FuzzImport(f *testing.F) {
	e := openMem(f, core.Options{})
	ns, _ := e.Namespace("default")
	ctx := context.Background()
	ns.Remember(ctx, core.MemoryInput{Type: "preference", Title: "Tea", Content: "用户喜欢喝绿茶"})
	ns.TaskCreate(ctx, core.TaskInput{Title: "migrate"})
	ns.AppendTurns(ctx, "s", []core.TurnInput{{Role: "assistant", ToolCalls: []core.ToolCall{{ID: "c", Name: "f"}}}})
	ex, _ := ns.Export(ctx, core.ExportOptions{})
	md, _ := ns.Export(ctx, core.ExportOptions{Format: "md"})
	f.Add(ex.Data, false)
	for _, file := range md.Files {
		f.Add(file.Content, true)
	}
	f.Add("---\ntype: preference\n---\nbody", true)
	f.Add(`{"kind":"header","header":{"format":"memcore","version":1,"schemaVersion":1}}`+"\n"+`{"kind":"task","namespace":"x","task":{"id":"a","title":"t","status":"pending","blockedBy":["a"]}}`, false)
	f.Fuzz(func(t *testing.T, data string, markdown bool) {
		dst := openMem(t, core.Options{})
		n, _ := dst.Namespace("default")
		o := core.ImportOptions{Data: data}
		if markdown {
			o = core.ImportOptions{Format: "md", Files: []core.ExportFile{{Path: "fact_x.md", Content: data}}}
		}
		_, err := n.Import(ctx, o)
		if err == nil {
			return
		}
		var ce *core.Error
		if !errors.As(err, &ce) || ce.Code == core.CodeInternal || ce.Code == "" {
			t.Fatalf("import error %v", err)
		}
		r, err := n.Export(ctx, core.ExportOptions{Namespaces: []string{"*"}})
		if err != nil || strings.Count(r.Data, "\n") != 1 {
			t.Fatalf("a refused import wrote: %v %q", err, r.Data)
		}
	})
}
