package core

import (
	"context"
	"encoding/json"
	"fmt"
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
	// Metadata keeps the memories whose metadata has each of its top-level keys with an
	// equal value (see Filter.Metadata).
	Metadata json.RawMessage `json:"metadata,omitempty"`
	// Explain returns each hit's score components.
	Explain bool `json:"explain,omitempty"`
	// Peek recalls without counting as an access (no heat, lastAccessedAt unchanged).
	// Every recall of a read-only engine is a peek.
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
// it with recency, importance and heat. With an embedder (Options.Embed) the memories
// nearest to the query's embedding are candidates too, and relevance is the reciprocal
// rank fusion of both rankings. A long Chinese query's single characters weigh together
// what 16 would, as in SearchTurns (turnunigrams.go). Unless Peek, each hit counts as one
// access.
func (n *Namespace) Recall(ctx context.Context, query string, o RecallOptions) ([]Hit, error) {
	c := checker{l: n.e.limits}
	c.query("query", query)
	limit := c.limit("limit", o.Limit, 10)
	f := Filter{Types: o.Types, Tags: o.Tags, CreatedAfter: o.Since, CreatedBefore: o.Until, Metadata: o.Metadata}
	c.filter("", &f)
	if c.err != nil {
		return nil, c.err
	}
	tokens := text.QueryTokens(query)
	hits := []Hit{}
	if len(tokens) == 0 && n.e.embedder == nil {
		if isAboutUser(query) { // "about me?" has no searchable token left: the profile answers
			return n.recallAboutUser(ctx, query, o, f, limit, hits)
		}
		// Nothing searchable (only punctuation or emoji); still, nothing succeeds after Close.
		if err := n.e.checkOpen(); err != nil {
			return nil, err
		}
		return hits, nil
	}
	w := n.e.scoring
	var qvec []float32
	if n.e.embedder != nil {
		qvec = n.queryVector(ctx, query) // embedcache.go
	}
	err := n.e.do(ctx, func() error {
		now := n.e.clock()
		cands, err := n.e.candidates(n.name, tokens, qvec, f.store(now), w.Pool(limit))
		if err != nil {
			return err
		}
		for _, cd := range cands {
			s, comp := w.Score(cd.in, now)
			if comp.Relevance < w.MinRelevance {
				continue
			}
			h := Hit{Memory: cd.m, Score: s}
			if o.Explain {
				h.Components = &comp
			}
			hits = append(hits, h)
		}
		sort.SliceStable(hits, func(i, j int) bool { return hits[i].Score > hits[j].Score })
		if len(hits) > limit {
			hits = hits[:limit]
		}
		if err := n.e.fillHits(hits, cands); err != nil {
			return err
		}
		if qvec == nil {
			scaleByCoverage(hits, query) // recallcoverage.go: a stray shared word no longer scores 0.87
		}
		if o.Peek || n.e.readOnly || len(hits) == 0 {
			return nil
		}
		return n.touchHits(hits, now)
	})
	if err != nil {
		return nil, err
	}
	return n.recallAboutUser(ctx, query, o, f, limit, hits) // recallaboutme.go
}

// touchHits counts each hit as one access (heat, lastAccessedAt), flushing the pending
// accesses when they are many. Called with the engine's lock held (inside e.do).
func (n *Namespace) touchHits(hits []Hit, now time.Time) error {
	for _, h := range hits {
		n.e.addTouch(n.name, h.Memory.ID, now)
		h.Memory.AccessCount++
		h.Memory.LastAccessedAt = &now
	}
	if len(n.e.touches) >= maxPendingTouches {
		return n.e.flushTouches()
	}
	return nil
}

func storeWeights(w recall.Weights) store.Weights {
	return store.Weights{Title: w.TitleBM25, Subject: w.SubjectBM25, Content: w.ContentBM25}
}

type candidate struct {
	m  *Memory
	in recall.Input
	// rowid, when not 0, says that m is partial (store.Candidate.Partial): only its id,
	// namespace and scoring fields are read.
	rowid int64
}

// fillHits reads the whole row of each hit whose memory is partial: recall scores its
// pool (5× the hits) from a few columns and reads 22 columns only of the hits it returns
// (issue 15). The row is read in the same locked call as the match, so it is the one
// that was scored; pending accesses are overlaid again, as on any read.
func (e *Engine) fillHits(hits []Hit, cands []candidate) error {
	partial := map[*Memory]int64{}
	for _, c := range cands {
		if c.rowid != 0 {
			partial[c.m] = c.rowid
		}
	}
	for i := range hits {
		rowid, ok := partial[hits[i].Memory]
		if !ok {
			continue
		}
		m, err := e.hitMemory(rowid) // bm25index_hits.go: SQLite's row, or its copy
		if err != nil {
			return err
		}
		if m == nil {
			return fmt.Errorf("recall: memory %s vanished while it was read", hits[i].Memory.ID)
		}
		e.overlay(m)
		hits[i].Memory = m
	}
	return nil
}

// candidates gathers the BM25 matches of tokens and, with a query vector, the nearest
// memories by embedding, merged by id, with their relevance fused.
func (e *Engine) candidates(ns string, tokens []string, qvec []float32, f store.Filter, pool int) ([]candidate, error) {
	w := e.scoring
	var out []candidate
	byID := map[string]int{}
	add := func(m *Memory) *recall.Input {
		i, ok := byID[m.ID]
		if !ok {
			e.overlay(m)
			i = len(out)
			byID[m.ID] = i
			out = append(out, candidate{m: m, in: recall.Input{UpdatedAt: m.UpdatedAt,
				LastAccess: m.LastAccessedAt, AccessCount: m.AccessCount, Importance: m.Importance}})
		}
		return &out[i].in
	}
	if len(tokens) > 0 {
		lex, err := e.matchLexicalWeighted(ns, tokens, f, pool) // turnunigrams.go, recall_common.go
		if err != nil {
			return nil, err
		}
		for r, c := range lex {
			in := add(c.Memory)
			in.BM25, in.BM25Rank = c.BM25, r+1
			if c.Partial {
				out[byID[c.Memory.ID]].rowid = c.Rowid
			}
		}
	}
	if qvec != nil {
		near, err := e.db.NearestMemories(ns, qvec, f, pool)
		if err != nil {
			return nil, err
		}
		for r, c := range near {
			if c.Cosine < w.MinSimilarity {
				break // nearest first: the rest are further
			}
			in := add(c.Memory)
			in.Cosine, in.VectorRank = c.Cosine, r+1
		}
	}
	ins := make([]recall.Input, len(out))
	for i := range out {
		ins[i] = out[i].in
	}
	w.Fuse(ins)
	for i := range out {
		out[i].in.Relevance = ins[i].Relevance
	}
	return out, nil
}
