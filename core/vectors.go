package core

import (
	"context"
	"fmt"
	"math"
)

// maxDim bounds an embedding's dimension (the largest common models use 4096).
const maxDim = 8192

// embed calls the host's embedder for texts and returns L2-normalised vectors, or an
// error saying why they cannot be used (no embedder, the call failed, or the answer is
// malformed: wrong count, mixed or absurd dimensions, NaN, a zero vector). Callers fall
// back to BM25: an embedder failure never fails a request.
func (e *Engine) embed(ctx context.Context, texts []string) ([][]float32, error) {
	if e.embedder == nil {
		return nil, fmt.Errorf("no embedder")
	}
	vecs, err := e.embedder(ctx, texts)
	if err != nil {
		return nil, err
	}
	if len(vecs) != len(texts) {
		return nil, fmt.Errorf("embedder returned %d vectors for %d texts", len(vecs), len(texts))
	}
	for i, v := range vecs {
		if len(v) == 0 || len(v) > maxDim || len(v) != len(vecs[0]) {
			return nil, fmt.Errorf("vector %d has dimension %d (first: %d, max %d)", i, len(v), len(vecs[0]), maxDim)
		}
		var sum float64
		for _, x := range v {
			sum += float64(x) * float64(x)
		}
		if sum == 0 || math.IsNaN(sum) || math.IsInf(sum, 0) {
			return nil, fmt.Errorf("vector %d is zero or not finite", i)
		}
		norm := float32(1 / math.Sqrt(sum))
		out := make([]float32, len(v)) // never write into the host's slice
		for j, x := range v {
			out[j] = x * norm
		}
		vecs[i] = out
	}
	return vecs, nil
}

// embedFailed counts an embedder failure; Stats reports it so a host can see that
// hybrid recall is silently running on BM25 alone.
func (e *Engine) embedFailed(err error) {
	if err != nil && e.embedder != nil {
		e.stat.embedFailures.Add(1)
	}
}

// embedText is the text of a memory that is embedded.
func embedText(m *Memory) string {
	if m.Title != "" {
		return m.Title + "\n" + m.Content
	}
	return m.Content
}
