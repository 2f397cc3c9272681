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
	// One destination for every input (opening an engine per input would make the fuzz
	// target slow): a refused import must leave its export exactly as it was.
	dst := openMem(f, core.Options{})
	n, _ := dst.Namespace("default")
	state := func(t *testing.T) string {
		r, err := n.Export(ctx, core.ExportOptions{Namespaces: []string{"*"}})
		if err != nil {
			t.Fatal(err)
		}
		_, body, _ := strings.Cut(r.Data, "\n")
		return body
	}
	f.Fuzz(func(t *testing.T, data string, markdown bool) {
		before := state(t)
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
		if after := state(t); after != before {
			t.Fatalf("a refused import wrote:\n%s\nbefore:\n%s", after, before)
		}
	})
}
