package recall

import (
	"math"
	"strings"
	"time"
)

// Components are the parts of one score, returned by recall with explain: true.
type Components struct {
	BM25       float64 `json:"bm25"`       // FTS5 bm25, negated: higher is better
	Relevance  float64 `json:"relevance"`  // bm25 / best bm25 among the candidates
	Recency    float64 `json:"recency"`    // decay since updatedAt
	Importance float64 `json:"importance"` // as stored
	Heat       float64 `json:"heat"`       // access count, decayed since last access
}

// Input is what scoring needs of one candidate.
type Input struct {
	BM25        float64
	UpdatedAt   time.Time
	LastAccess  *time.Time
	AccessCount int64
	Importance  float64
}

// Score returns the fused score and its components; best is the highest BM25 among the
// candidates (so relevance is 1 for the best match).
func (w Weights) Score(in Input, best float64, now time.Time) (float64, Components) {
	c := Components{BM25: in.BM25, Importance: in.Importance}
	if best > 0 && in.BM25 > 0 {
		c.Relevance = in.BM25 / best
	}
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
