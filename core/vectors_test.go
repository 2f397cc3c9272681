package core_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/memcore/memcore/core"
)

// conceptEmbedder is a deterministic stand-in for an embedding model: each text maps to
// the concepts its words belong to, so "automobile" and "car" are close while sharing
// no token — what BM25 alone cannot find.
type conceptEmbedder struct {
	calls int
	fail  bool
}

var concepts = map[string]int{
	"car": 0, "automobile": 0, "vehicle": 0, "汽车": 0,
	"dog": 1, "puppy": 1, "狗": 1,
	"coffee": 2, "espresso": 2, "咖啡": 2,
}

func (c *conceptEmbedder) embed(ctx context.Context, texts []string) ([][]float32, error) {
	c.calls++
	if c.fail {
		return nil, errors.New("model unavailable")
	}
	out := make([][]float32, len(texts))
	for i, t := range texts {
		v := make([]float32, 4)
		v[3] = 0.01 // never a zero vector
		for w, k := range concepts {
			if strings.Contains(strings.ToLower(t), w) {
				v[k]++
			}
		}
		out[i] = v
	}
	return out, nil
}

func openWith(t *testing.T, emb *conceptEmbedder) *core.Namespace {
	t.Helper()
	eng, err := core.Open(context.Background(), core.Options{Embed: emb.embed})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	ns, err := eng.Namespace("default")
	if err != nil {
		t.Fatal(err)
	}
	return ns
}

func TestRecall_hybridFindsWithoutSharedToken(t *testing.T) {
	ctx := context.Background()
	emb := &conceptEmbedder{}
	ns := openWith(t, emb)
	if _, err := ns.Remember(ctx,
		core.MemoryInput{Content: "The user drives an automobile to work"},
		core.MemoryInput{Content: "The user has a puppy named Rex"},
		core.MemoryInput{Content: "用户每天早上喝咖啡"},
	); err != nil {
		t.Fatal(err)
	}
	hits, err := ns.Recall(ctx, "car", core.RecallOptions{Explain: true, Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 1 || !strings.Contains(hits[0].Memory.Content, "automobile") {
		t.Fatalf("car should recall the automobile memory by embedding, got %+v", hits)
	}
	if c := hits[0].Components; c.BM25 != 0 || c.Vector <= 0.9 {
		t.Errorf("components = %+v, want bm25 0 and cosine near 1", c)
	}
	st, _ := ns.Stats(ctx)
	if st.Vectors != 3 || st.EmbedFailures != 0 {
		t.Errorf("stats vectors=%d failures=%d, want 3 and 0", st.Vectors, st.EmbedFailures)
	}
}

func TestRecall_hybridUpdateReembeds(t *testing.T) {
	ctx := context.Background()
	emb := &conceptEmbedder{}
	ns := openWith(t, emb)
	mem, err := ns.Remember(ctx, core.MemoryInput{Content: "The user likes espresso"})
	if err != nil {
		t.Fatal(err)
	}
	text := "The user adopted a puppy"
	if _, err := ns.Update(ctx, mem[0].ID, core.MemoryPatch{Content: &text}, core.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	hits, err := ns.Recall(ctx, "dog", core.RecallOptions{})
	if err != nil || len(hits) != 1 {
		t.Fatalf("dog after update: %+v %v", hits, err)
	}
	hits, err = ns.Recall(ctx, "coffee", core.RecallOptions{})
	if err != nil || len(hits) != 0 {
		t.Fatalf("coffee must not recall the memory by its old vector: %+v %v", hits, err)
	}
}

func TestRemember_embedderFailureStillStores(t *testing.T) {
	ctx := context.Background()
	emb := &conceptEmbedder{fail: true}
	ns := openWith(t, emb)
	if _, err := ns.Remember(ctx, core.MemoryInput{Content: "The user drives an automobile"}); err != nil {
		t.Fatalf("a failing embedder must not fail remember: %v", err)
	}
	hits, err := ns.Recall(ctx, "automobile", core.RecallOptions{})
	if err != nil || len(hits) != 1 {
		t.Fatalf("BM25 must still recall: %+v %v", hits, err)
	}
	st, _ := ns.Stats(ctx)
	if st.Vectors != 0 || st.EmbedFailures != 2 {
		t.Errorf("stats vectors=%d failures=%d, want 0 and 2", st.Vectors, st.EmbedFailures)
	}
}

func TestForget_dropsVector(t *testing.T) {
	ctx := context.Background()
	ns := openWith(t, &conceptEmbedder{})
	mem, err := ns.Remember(ctx, core.MemoryInput{Content: "The user drives an automobile"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ns.Forget(ctx, core.ForgetOptions{ID: mem[0].ID}); err != nil {
		t.Fatal(err)
	}
	st, _ := ns.Stats(ctx)
	hits, _ := ns.Recall(ctx, "car", core.RecallOptions{})
	if st.Vectors != 0 || len(hits) != 0 {
		t.Errorf("after forget: vectors=%d hits=%d, want 0 and 0", st.Vectors, len(hits))
	}
}

// A host embedder that never answers must not hang the request: the call gets the
// engine's callback deadline, and the write goes on without vectors.
func TestRemember_embedderDeadline(t *testing.T) {
	ctx := context.Background()
	eng, err := core.Open(ctx, core.Options{CallbackTimeout: 50 * time.Millisecond,
		Embed: func(ctx context.Context, texts []string) ([][]float32, error) {
			<-ctx.Done() // a host that never answers
			return nil, ctx.Err()
		}})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	ns, _ := eng.Namespace("default")
	if _, err := ns.Remember(ctx, core.MemoryInput{Content: "still stored"}); err != nil {
		t.Fatalf("remember with a hung embedder: %v", err)
	}
	st, _ := ns.Stats(ctx)
	if st.Memories != 1 || st.EmbedFailures != 1 {
		t.Errorf("stats %+v, want 1 memory and 1 embed failure", st)
	}
}
