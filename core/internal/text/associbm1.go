package text

import "sort"

// assocNull is IBM model 1's empty word: an evidence term no question term explains
// (a greeting, a filler) is put down to it instead of to the question's words.
const assocNull = "\x00"

// TrainAssocIBM1 is TrainAssoc by IBM model 1 (Brown et al. 1993): t(e|q), the chance
// that question term q is said e in the evidence, estimated by EM over the pairs of
// convs (iters rounds), each question given the empty word; per q (in ≥ MinQuestions
// questions) it keeps the TopK e ≠ q with t(e|q) ≥ minT seen with q in ≥ MinPairs
// questions.
func TrainAssocIBM1(convs []AssocConv, p AssocParams, iters int, minT float64) AssocTable {
	type pair struct{ q, e []string }
	var pairs []pair
	nq := map[string]int{}
	seen := map[[2]string]int{}
	for _, c := range convs {
		for _, pr := range c.Pairs {
			q := assocTerms(pr.Question)
			var ev []string
			for _, e := range pr.Evidence {
				for _, t := range assocTerms(e) {
					if !contains(ev, t) {
						ev = append(ev, t)
					}
				}
			}
			if len(q) == 0 || len(ev) == 0 {
				continue
			}
			for _, w := range q {
				nq[w]++
				for _, e := range ev {
					seen[[2]string{w, e}]++
				}
			}
			pairs = append(pairs, pair{append(q, assocNull), ev})
		}
	}
	t := map[[2]string]float64{} // (q, e) → t(e|q); unseen pairs start at 1
	get := func(q, e string) float64 {
		if v, ok := t[[2]string{q, e}]; ok {
			return v
		}
		return 1
	}
	for it := 0; it < iters; it++ {
		cnt := map[[2]string]float64{}
		tot := map[string]float64{}
		for _, pr := range pairs {
			for _, e := range pr.e {
				var z float64
				for _, q := range pr.q {
					z += get(q, e)
				}
				for _, q := range pr.q {
					c := get(q, e) / z
					cnt[[2]string{q, e}] += c
					tot[q] += c
				}
			}
		}
		t = make(map[[2]string]float64, len(cnt))
		for k, c := range cnt {
			t[k] = c / tot[k[0]]
		}
	}
	type cand struct {
		e string
		s float64
	}
	by := map[string][]cand{}
	for k, v := range t {
		q, e := k[0], k[1]
		if q == assocNull || q == e || v < minT || nq[q] < p.MinQuestions || seen[k] < p.MinPairs {
			continue
		}
		by[q] = append(by[q], cand{e, v})
	}
	out := AssocTable{}
	for q, cs := range by {
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
