package eval

import (
	"math"
	"sort"
	"unicode/utf8"

	"github.com/memcore/memcore/core"
)

// The baseline every memcore number is reported beside: a plain Okapi BM25 over the same
// turn text, k1 1.2 and b 0.75, tokens from the engine's own tokenizer (lowercased words,
// CJK unigrams and bigrams), English stopwords dropped from documents and queries, query
// terms deduplicated. No stemming, no reply context, no term weighting: it is what any
// lexical index would do, so the gap to it is what memcore's own choices add.

const (
	baselineK1 = 1.2
	baselineB  = 0.75
)

// bm25Index is an in-memory BM25 index over one sample's turns.
type bm25Index struct {
	postings map[string][]posting
	lens     []float64
	avgLen   float64
}

type posting struct {
	doc int
	tf  float64
}

// baselineTokens are a text's baseline tokens: the engine's tokens without English
// stopwords (CJK tokens are all kept).
func baselineTokens(s string) []string {
	toks := core.Tokenize(s)
	out := toks[:0]
	for _, t := range toks {
		if t[0] < utf8.RuneSelf && core.IsStopword(t) {
			continue
		}
		out = append(out, t)
	}
	return out
}

func newBM25Index(docs []string) *bm25Index {
	ix := &bm25Index{postings: map[string][]posting{}, lens: make([]float64, len(docs))}
	total := 0.0
	for d, s := range docs {
		toks := baselineTokens(s)
		ix.lens[d] = float64(len(toks))
		total += ix.lens[d]
		tf := map[string]float64{}
		for _, t := range toks {
			tf[t]++
		}
		for t, f := range tf {
			ix.postings[t] = append(ix.postings[t], posting{doc: d, tf: f})
		}
	}
	if len(docs) > 0 {
		ix.avgLen = total / float64(len(docs))
	}
	return ix
}

// search returns the indexes of the best limit documents for query, best first (ties:
// the later document first, as SearchTurns orders newest first).
func (ix *bm25Index) search(query string, limit int) []int {
	seen := map[string]bool{}
	scores := map[int]float64{}
	n := float64(len(ix.lens))
	for _, t := range baselineTokens(query) {
		if seen[t] {
			continue
		}
		seen[t] = true
		ps := ix.postings[t]
		if len(ps) == 0 {
			continue
		}
		df := float64(len(ps))
		idf := math.Log(1 + (n-df+0.5)/(df+0.5))
		for _, p := range ps {
			norm := 1 - baselineB + baselineB*ix.lens[p.doc]/max(ix.avgLen, 1e-9)
			scores[p.doc] += idf * p.tf * (baselineK1 + 1) / (p.tf + baselineK1*norm)
		}
	}
	docs := make([]int, 0, len(scores))
	for d := range scores {
		docs = append(docs, d)
	}
	sort.Slice(docs, func(i, j int) bool {
		if scores[docs[i]] != scores[docs[j]] {
			return scores[docs[i]] > scores[docs[j]]
		}
		return docs[i] > docs[j]
	})
	return docs[:min(limit, len(docs))]
}
