package core_test

import (
	"context"
	"slices"
	"testing"

	"github.com/memcore/memcore/core"
	"github.com/memcore/memcore/internal/prototest"
)

// openMem opens a fresh in-memory engine, closed when the test ends.
func openMem(t testing.TB, opts core.Options) *core.Engine {
	t.Helper()
	e, err := core.Open(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

// conn is the protocol transport of a native engine: Engine.Call itself.
func conn(e *core.Engine) prototest.Conn {
	return prototest.Conn{
		Call:  func(req []byte) []byte { return e.Call(context.Background(), req) },
		Close: e.Close,
	}
}

func TestProtocol_conformance(t *testing.T) {
	prototest.Run(t, func(t *testing.T) prototest.Conn { return conn(openMem(t, core.Options{})) })
}

// TestProtocol_coversEveryOp checks that the suite calls every op the engine registers
// successfully, and expects an error of each.
func TestProtocol_coversEveryOp(t *testing.T) {
	ops := openMem(t, core.Options{}).Ops()
	if len(ops) == 0 {
		t.Fatal("the engine registers no op")
	}
	covered, failing := prototest.Ops(), prototest.ErrorOps()
	for _, op := range ops {
		if !slices.Contains(covered, op) {
			t.Errorf("no case calls op %q successfully", op)
		}
		if len(failing[op]) == 0 {
			t.Errorf("no case expects an error from op %q", op)
		}
	}
	for _, op := range covered {
		if !slices.Contains(ops, op) {
			t.Errorf("the suite calls op %q, which the engine does not register", op)
		}
	}
	if missing := prototest.MissingCodes(); len(missing) > 0 {
		t.Errorf("no case expects the codes %v", missing)
	}
}
