package recall

import (
	"math"
	"strings"
	"time"
)

// Components are the parts of one score, returned by recall with explain: true.
type Components struct {
	BM25       float64 `json:"bm25"`             // FTS5 bm25, negated: higher is better (0: no shared token)
	Vector     float64 `json:"vector,omitempty"` // cosine similarity to the query (hybrid recall only)
	Relevance  float64 `json:"relevance"`        // bm25 / best bm25, or the normalised RRF of both ranks
	Recency    float64 `json:"recency"`          // decay since updatedAt
	Importance float64 `json:"importance"`       // as stored
	Heat       float64 `json:"heat"`             // access count, decayed since last access
	// Coverage is the share of the query's terms the best hit holds; the score is the
	// weighted sum of the components times it (lexical recall; 0: not applied, see
	// core/recallcoverage.go).
	Coverage float64 `json:"coverage,omitempty"`
}

// Input is what scoring needs of one candidate.
type Input struct {
	BM25        float64
	BM25Rank    int     // 1-based rank among the BM25 candidates; 0: not a BM25 match
	Cosine      float64 // similarity to the query embedding
	VectorRank  int     // 1-based rank among the vector candidates; 0: none
	Relevance   float64 // set by Fuse
	UpdatedAt   time.Time
	LastAccess  *time.Time
	AccessCount int64
	Importance  float64
}

// Fuse sets the Relevance of every candidate. Lexical only (no candidate has a vector
// rank): bm25 / best bm25. Hybrid: reciprocal rank fusion, Σ 1/(RRFK + rank) over the
// two rankings, divided by the best candidate's sum — ranks, not raw scores, because
// BM25 and cosine live on unrelated scales.
func (w Weights) Fuse(in []Input) {
	hybrid := false
	for _, c := range in {
		hybrid = hybrid || c.VectorRank > 0
	}
	raw := func(c Input) float64 {
		if !hybrid {
			return c.BM25
		}
		r := 0.0
		if c.BM25Rank > 0 {
			r += 1 / (w.RRFK + float64(c.BM25Rank))
		}
		if c.VectorRank > 0 {
			r += 1 / (w.RRFK + float64(c.VectorRank))
		}
		return r
	}
	best := 0.0
	for _, c := range in {
		best = max(best, raw(c))
	}
	for i := range in {
		in[i].Relevance = 0
		if r := raw(in[i]); best > 0 && r > 0 {
			in[i].Relevance = r / best
		}
	}
}

// Score returns the fused score of a candidate whose Relevance Fuse has set, and its
// components.
func (w Weights) Score(in Input, now time.Time) (float64, Components) {
	c := Components{BM25: in.BM25, Vector: in.Cosine, Relevance: in.Relevance, Importance: in.Importance}
	c.Recency = halfLife(now.Sub(in.UpdatedAt), w.RecencyHalfLifeDays)
	if in.AccessCount > 0 && in.LastAccess != nil && w.HeatSaturation > 0 {
		c.Heat = (1 - math.Exp(-float64(in.AccessCount)/w.HeatSaturation)) *
			halfLife(now.Sub(*in.LastAccess), w.HeatHalfLifeDays)
	}
	s := w.Relevance*c.Relevance + w.Recency*c.Recency + w.Importance*c.Importance + w.Heat*c.Heat
	return s, c
}

// halfLife is 0.5^(age/days); a future time counts as age 0 and days <= 0 as no decay.
func halfLife(age time.Duration, days float64) float64 {
	if days <= 0 || age <= 0 {
		return 1
	}
	return math.Exp2(-age.Hours() / 24 / days)
}

// MatchExpr returns the FTS5 expression that matches any of tokens: each token is a
// quoted string, so no user text is ever FTS5 syntax. Tokens come from package text and
// hold only letters, digits and marks; quotes are doubled anyway.
func MatchExpr(tokens []string) string {
	var b strings.Builder
	for i, t := range tokens {
		if i > 0 {
			b.WriteString(" OR ")
		}
		b.WriteByte('"')
		b.WriteString(strings.ReplaceAll(t, `"`, `""`))
		b.WriteByte('"')
	}
	return b.String()
}
