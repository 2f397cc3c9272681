package core_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/memcore/memcore/core"
)

// Recall accesses are written lazily; every read must still see them, and Close must
// persist them.
func TestRecall_accessCountsPersistLazily(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "heat.db")
	open := func() (*core.Engine, *core.Namespace) {
		e, err := core.Open(ctx, core.Options{Path: path})
		if err != nil {
			t.Fatal(err)
		}
		ns, _ := e.Namespace("default")
		return e, ns
	}
	e, ns := open()
	mem, err := ns.Remember(ctx, core.MemoryInput{Content: "The user likes green tea"})
	if err != nil {
		t.Fatal(err)
	}
	id := mem[0].ID
	for i := 1; i <= 3; i++ {
		hits, err := ns.Recall(ctx, "green tea", core.RecallOptions{})
		if err != nil || len(hits) != 1 || hits[0].Memory.AccessCount != int64(i) {
			t.Fatalf("recall %d: %+v %v, want accessCount %d", i, hits, err, i)
		}
	}
	got, err := ns.Get(ctx, id)
	if err != nil || got.AccessCount != 3 || got.LastAccessedAt == nil {
		t.Fatalf("get before any write: %+v %v, want accessCount 3", got, err)
	}
	list, err := ns.List(ctx, core.ListOptions{})
	if err != nil || list.Memories[0].AccessCount != 3 {
		t.Fatalf("list before any write: %+v %v", list, err)
	}
	// A write transaction writes the pending counts first: an update keeps them.
	imp := 0.9
	up, err := ns.Update(ctx, id, core.MemoryPatch{Importance: &imp}, core.UpdateOptions{})
	if err != nil || up.AccessCount != 3 {
		t.Fatalf("update after recalls: %+v %v, want accessCount 3", up, err)
	}
	if _, err := ns.Recall(ctx, "tea", core.RecallOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	e, ns = open()
	defer e.Close()
	got, err = ns.Get(ctx, id)
	if err != nil || got.AccessCount != 4 {
		t.Fatalf("after reopening: %+v %v, want accessCount 4 (Close writes pending counts)", got, err)
	}
	if _, err := ns.Recall(ctx, "tea", core.RecallOptions{Peek: true}); err != nil {
		t.Fatal(err)
	}
	if got, _ := ns.Get(ctx, id); got.AccessCount != 4 {
		t.Errorf("peek changed accessCount to %d", got.AccessCount)
	}
}
