package facts

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// TestLazy_notInlined: lazy and re keep their //go:noinline directive. Inlined, the
// registration of each of the package's ~300 package-level patterns is expanded into the
// package's init function, which grows from 74 KB to 304 KB of wasm and adds ~100 ms to
// the engine's start in Node and the browser (lazyre.go; docs/BENCHMARKS.md).
func TestLazy_notInlined(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "lazyre.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv != nil || (fn.Name.Name != "lazy" && fn.Name.Name != "re") {
			continue
		}
		found[fn.Name.Name] = false
		if fn.Doc != nil {
			for _, c := range fn.Doc.List {
				if strings.TrimSpace(c.Text) == "//go:noinline" {
					found[fn.Name.Name] = true
				}
			}
		}
	}
	for _, name := range []string{"lazy", "re"} {
		noinline, ok := found[name]
		switch {
		case !ok:
			t.Errorf("lazyre.go has no func %s", name)
		case !noinline:
			t.Errorf("func %s lost its //go:noinline: its calls at package level are inlined into the package's init (see lazyre.go)", name)
		}
	}
}
