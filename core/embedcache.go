package core

import (
	"context"
	"crypto/sha256"
	"sync"
)

// Embeddings are cached by content: a text's vector is stored under the sha256 of the
// text (per namespace, in the file), so the same text — a second memory that says the
// same, an update that keeps the text, a keyed remember that repeats it, a memory
// extracted again — is never sent to the embedder twice, and the texts that do need a
// vector go to the embedder in one call. The cache assumes one embedder per database: a
// host that changes its model should start a new file (vectors of another dimension are
// skipped by recall, not mixed in).

// textHash is the cache key of an embedded text.
func textHash(t string) []byte {
	h := sha256.Sum256([]byte(t))
	return h[:]
}

// embedCached returns the vectors of texts by text: cached ones from the file, the others
// from one embedder call (an embedder failure leaves them out: callers fall back to
// BM25). It runs outside any transaction: the embedder may be slow.
func (n *Namespace) embedCached(ctx context.Context, texts []string) map[string][]float32 {
	out := map[string][]float32{}
	var uniq []string
	var hashes [][]byte
	seen := map[string]bool{}
	for _, t := range texts {
		if !seen[t] {
			seen[t] = true
			uniq = append(uniq, t)
			hashes = append(hashes, textHash(t))
		}
	}
	var cached map[string][]float32
	if err := n.e.do(ctx, func() (err error) {
		cached, err = n.e.db.CachedEmbeddings(n.name, hashes)
		return err
	}); err != nil {
		cached = nil // a read failure only costs an embedder call
	}
	var miss []string
	for i, t := range uniq {
		if v, ok := cached[string(hashes[i])]; ok {
			out[t] = v
			n.e.stat.embedCacheHits.Add(1)
		} else {
			miss = append(miss, t)
		}
	}
	if len(miss) == 0 {
		return out
	}
	vecs, err := n.e.embed(ctx, miss)
	n.e.embedFailed(err)
	if err != nil {
		return out
	}
	n.e.stat.embedCalls.Add(1)
	n.e.stat.embedTexts.Add(int64(len(miss)))
	for i, t := range miss {
		out[t] = vecs[i]
	}
	return out
}

// putEmbeddings caches vecs (by text) inside the caller's transaction.
func (n *Namespace) putEmbeddings(vecs map[string][]float32) error {
	for t, v := range vecs {
		if err := n.e.db.CacheEmbedding(n.name, textHash(t), v); err != nil {
			return err
		}
	}
	return nil
}

// maxCachedQueries bounds the in-memory cache of query vectors (a few hundred KB at
// 1,024 dimensions); when full it starts over.
const maxCachedQueries = 256

// queryCache keeps the vectors of recent recall queries in memory, by text: buildContext
// recalls with the same query turn after turn, and a query is not worth a write.
type queryCache struct {
	mu sync.Mutex
	m  map[string][]float32
}

// queryVector returns the embedding of a recall query: from the in-memory cache, else
// from the file's cache (a query that is some memory's text), else from the embedder;
// nil when the embedder fails (recall then uses BM25 alone).
func (n *Namespace) queryVector(ctx context.Context, query string) []float32 {
	qc := &n.e.queries
	qc.mu.Lock()
	v, ok := qc.m[query]
	qc.mu.Unlock()
	if ok {
		n.e.stat.embedCacheHits.Add(1)
		return v
	}
	v = n.embedCached(ctx, []string{query})[query]
	if v != nil {
		qc.mu.Lock()
		if qc.m == nil || len(qc.m) >= maxCachedQueries {
			qc.m = map[string][]float32{}
		}
		qc.m[query] = v
		qc.mu.Unlock()
	}
	return v
}
