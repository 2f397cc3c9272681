package core

import (
	"context"
	"testing"
)

// TestCacheScope_perEngineAndNamespace: extraction's message cache is one per process;
// its scope separates two databases with a namespace of the same name, and two
// namespaces of one database, and stays the same for one namespace of one engine.
func TestCacheScope_perEngineAndNamespace(t *testing.T) {
	ctx := context.Background()
	open := func() *Engine {
		e, err := Open(ctx, Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { e.Close() })
		return e
	}
	a, b := open(), open()
	ns := func(e *Engine, name string) *Namespace {
		n, err := e.Namespace(name)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, c := range []struct {
		name string
		x, y *Namespace
		same bool
	}{
		{"one namespace of one engine, twice", ns(a, "default"), ns(a, "default"), true},
		{"two databases, one namespace name", ns(a, "default"), ns(b, "default"), false},
		{"two namespaces of one database", ns(a, "default"), ns(a, "alice"), false},
	} {
		if got := c.x.cacheScope() == c.y.cacheScope(); got != c.same {
			t.Errorf("%s: same scope %v, want %v (%q, %q)", c.name, got, c.same, c.x.cacheScope(), c.y.cacheScope())
		}
	}
}
