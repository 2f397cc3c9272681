package core

import (
	"context"
	"sort"
	"time"

	"github.com/memcore/memcore/core/internal/recall"
	"github.com/memcore/memcore/core/internal/store"
	"github.com/memcore/memcore/core/internal/text"
)

// RecallOptions narrow and shape a recall.
type RecallOptions struct {
	Limit int        `json:"limit,omitempty"` // default 10
	Types []string   `json:"types,omitempty"`
	Tags  []string   `json:"tags,omitempty"`  // any of
	Since *time.Time `json:"since,omitempty"` // createdAt >= since
	Until *time.Time `json:"until,omitempty"` // createdAt < until
	// Explain returns each hit's score components.
	Explain bool `json:"explain,omitempty"`
	// Peek recalls without counting as an access (no heat, lastAccessedAt unchanged).
	Peek bool `json:"peek,omitempty"`
}

// Hit is one recalled memory.
type Hit struct {
	Memory     *Memory            `json:"memory"`
	Score      float64            `json:"score"`
	Components *recall.Components `json:"components,omitempty"`
}

// Components are the parts of a recall score (see docs/SCORING.md).
type Components = recall.Components

// Recall returns the live memories that share a token with query, best first. Relevance
// (BM25, title and subject weighted above content) picks the candidates; the score fuses
// it with recency, importance and heat. Unless Peek, each hit counts as one access.
func (n *Namespace) Recall(ctx context.Context, query string, o RecallOptions) ([]Hit, error) {
	c := checker{l: n.e.limits}
	c.query("query", query)
	limit := c.limit("limit", o.Limit, 10)
	f := Filter{Types: o.Types, Tags: o.Tags, CreatedAfter: o.Since, CreatedBefore: o.Until}
	c.filter("", &f)
	if c.err != nil {
		return nil, c.err
	}
	tokens := text.QueryTokens(query)
	hits := []Hit{}
	if len(tokens) == 0 {
		return hits, nil // nothing searchable (only punctuation or emoji)
	}
	w := n.e.scoring
	err := n.e.do(ctx, func() error {
		now := n.e.clock()
		cands, err := n.e.db.MatchMemories(n.name, recall.MatchExpr(tokens), f.store(now),
			storeWeights(w), w.Pool(limit))
		if err != nil {
			return err
		}
		best := 0.0
		for _, cd := range cands {
			best = max(best, cd.BM25)
		}
		for _, cd := range cands {
			m := cd.Memory
			s, comp := w.Score(recall.Input{BM25: cd.BM25, UpdatedAt: m.UpdatedAt,
				LastAccess: m.LastAccessedAt, AccessCount: m.AccessCount, Importance: m.Importance}, best, now)
			if comp.Relevance < w.MinRelevance {
				continue
			}
			h := Hit{Memory: m, Score: s}
			if o.Explain {
				h.Components = &comp
			}
			hits = append(hits, h)
		}
		sort.SliceStable(hits, func(i, j int) bool { return hits[i].Score > hits[j].Score })
		if len(hits) > limit {
			hits = hits[:limit]
		}
		if o.Peek || len(hits) == 0 {
			return nil
		}
		ids := make([]string, len(hits))
		for i, h := range hits {
			ids[i] = h.Memory.ID
			h.Memory.AccessCount++
			h.Memory.LastAccessedAt = &now
		}
		return n.e.db.Tx(func() error { return n.e.db.Touch(n.name, ids, now) })
	})
	if err != nil {
		return nil, err
	}
	return hits, nil
}

func storeWeights(w recall.Weights) store.Weights {
	return store.Weights{Title: w.TitleBM25, Subject: w.SubjectBM25, Content: w.ContentBM25}
}
