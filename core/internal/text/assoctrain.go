package text

import (
	"math"
	"sort"
)

// AssocConv is one conversation of the training data: the text of each of its turns and
// its questions, each with the texts of the turns that answer it (its evidence).
type AssocConv struct {
	Turns []string
	Pairs []AssocPair
}

// AssocPair is one training question and the texts of its evidence turns.
type AssocPair struct {
	Question string
	Evidence []string
}

// AssocParams are TrainAssoc's thresholds.
type AssocParams struct {
	MinQuestions int     // a question term must be in at least this many questions
	MinPairs     int     // a (term, target) pair must be seen in at least this many questions
	MinConvs     int     // … of at least this many conversations
	MinLift      float64 // observed / expected count of the pair (see TrainAssoc)
	TopK         int     // targets kept per term
	MaxShare     float64 // a target in more than this share of all the turns is no target (0: any)
}

// DefaultAssocParams are the thresholds of the shipped table (docs/EVAL.md).
var DefaultAssocParams = AssocParams{MinQuestions: 5, MinPairs: 3, MinConvs: 2, MinLift: 3, TopK: 3}

// assocTerms returns the distinct terms of s that an association may use: the tokens a
// query searches (no stopword, no glue bigram) without CJK unigrams, which carry no word
// alone, and without digit-only tokens (dates and amounts are a sample's, not a language's).
func assocTerms(s string) []string {
	var out []string
	for _, t := range Tokens(s) {
		if IsStopword(t) || isGlueBigram(t) || IsCJKUnigram(t) || allDigits(t) || contains(out, t) {
			continue
		}
		out = append(out, t)
	}
	return out
}

func allDigits(t string) bool {
	for _, r := range t {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// assocPairStat is what TrainAssoc counts of a (question term, target) pair.
type assocPairStat struct {
	n     int // questions holding the term whose evidence holds the target
	convs int // conversations of those questions
	last  int // conversation last counted, +1
}

// TrainAssoc counts, over the questions of convs, how often a question term q and a
// term e of the question's evidence go together, against how often e is in a turn of
// the same conversation drawn at random (so a word of one set's every turn is no
// association), and keeps for each q the TopK targets e ≠ q with the highest
// P(e|q)·log(lift): P(e|q) is the share of q's questions whose evidence holds e, lift
// the observed count over the expected one. Pairs below the thresholds of p are left
// out. Deterministic: ties are broken by term.
func TrainAssoc(convs []AssocConv, p AssocParams) AssocTable {
	nq := map[string]int{}
	byConv := map[string]map[int]int{} // questions holding a term, by conversation
	st := map[string]map[string]*assocPairStat{}
	dfs := make([]map[string]int, len(convs))
	all, nturns := map[string]int{}, 0
	for ci, c := range convs {
		df := map[string]int{}
		for _, t := range c.Turns {
			for _, w := range assocTerms(t) {
				df[w]++
				all[w]++
			}
		}
		nturns += len(c.Turns)
		dfs[ci] = df
		for _, pr := range c.Pairs {
			var ev []string
			for _, e := range pr.Evidence {
				for _, t := range assocTerms(e) {
					if !contains(ev, t) {
						ev = append(ev, t)
					}
				}
			}
			for _, q := range assocTerms(pr.Question) {
				nq[q]++
				if byConv[q] == nil {
					byConv[q] = map[int]int{}
				}
				byConv[q][ci]++
				m := st[q]
				if m == nil {
					m = map[string]*assocPairStat{}
					st[q] = m
				}
				for _, e := range ev {
					if e == q {
						continue
					}
					s := m[e]
					if s == nil {
						s = &assocPairStat{}
						m[e] = s
					}
					s.n++
					if s.last != ci+1 {
						s.convs++
						s.last = ci + 1
					}
				}
			}
		}
	}
	type cand struct {
		e string
		s float64
	}
	out := AssocTable{}
	for q, m := range st {
		if nq[q] < p.MinQuestions {
			continue
		}
		var cs []cand
		for e, s := range m {
			if s.n < p.MinPairs || s.convs < p.MinConvs || p.MaxShare > 0 && float64(all[e]) > p.MaxShare*float64(nturns) {
				continue
			}
			// The expected count adds, for each question holding q, the chance that a
			// random turn of its conversation holds e (at least one turn's worth).
			var exp float64
			for ci, k := range byConv[q] {
				exp += float64(k) * float64(max(dfs[ci][e], 1)) / float64(max(len(convs[ci].Turns), 1))
			}
			lift := float64(s.n) / exp
			if lift < p.MinLift {
				continue
			}
			cs = append(cs, cand{e, float64(s.n) / float64(nq[q]) * math.Log(lift)})
		}
		if len(cs) == 0 {
			continue
		}
		sort.Slice(cs, func(i, j int) bool {
			if cs[i].s != cs[j].s {
				return cs[i].s > cs[j].s
			}
			return cs[i].e < cs[j].e
		})
		for _, c := range cs[:min(len(cs), p.TopK)] {
			out[q] = append(out[q], c.e)
		}
	}
	return out
}

func sortedKeys(t AssocTable) []string {
	ks := make([]string, 0, len(t))
	for k := range t {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
