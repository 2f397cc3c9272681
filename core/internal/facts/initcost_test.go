package facts

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// TestInit_noCompile: no package-level variable of the package compiles an expression
// at program start (regexp.MustCompile, regexp.Compile, regexp2.MustCompile, …): they
// are made with lazy or re (lazyre.go) and compiled on first use, so that a program that
// never extracts does not pay for them (issue 13/15's cold start; docs/FACTS.md, "Start-up").
// A rule added with regexp.MustCompile fails here: write lazy(`…`) instead (the same
// methods, and a DFA in front).
func TestInit_noCompile(t *testing.T) {
	fset := token.NewFileSet()
	files, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range files {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		n++
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			ast.Inspect(g, func(x ast.Node) bool {
				if _, ok := x.(*ast.FuncLit); ok {
					return true // looked into too: most are called right where they are written
				}
				call, ok := x.(*ast.CallExpr)
				if !ok {
					return true
				}
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
					if pkg, ok := sel.X.(*ast.Ident); ok && (pkg.Name == "regexp" || pkg.Name == "regexp2") &&
						strings.Contains(sel.Sel.Name, "Compile") {
						t.Errorf("%s: %s.%s at package level: compiled at program start; use lazy or re (lazyre.go)",
							fset.Position(call.Pos()), pkg.Name, sel.Sel.Name)
					}
				}
				return true
			})
		}
	}
	if n < 20 {
		t.Fatalf("read %d files: not the package's directory?", n)
	}
}
