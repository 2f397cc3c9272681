package facts

import (
	"fmt"
	"io"
	"strings"
)

// The confidence curve: precision and recall (by key) of the facts at or above each
// confidence, per split. It shows what a cut on confidence would trade — the heuristics
// give lower confidence to claims read with less evidence (after a topic, with the subject
// left out, a bare "User: …") — so that a threshold is chosen on dev by its numbers.

// CurveThresholds are the confidences the curve is printed at.
var CurveThresholds = []float64{0, 0.6, 0.65, 0.7, 0.75, 0.8}

// at scores an outcome keeping only the facts of confidence ≥ t.
func (o *Outcome) at(t float64) Tally {
	var out Tally
	used := make([]bool, len(o.Case.Expect))
	for _, f := range o.Got {
		if f.Confidence < t-1e-9 {
			continue
		}
		hit := false
		for k, e := range o.Case.Expect {
			if !used[k] && strings.Contains(strings.ToLower(f.Content), strings.ToLower(e.Key)) {
				used[k], hit = true, true
				break
			}
		}
		if hit {
			out.TP++
		} else {
			out.FP++
		}
	}
	for k := range o.Case.Expect {
		if !used[k] {
			out.FN++
		}
	}
	return out
}

// writeCurve writes the curve of each split that has cases.
func writeCurve(w io.Writer, outs []Outcome) {
	for _, sp := range Splits {
		var rows []Tally
		n := 0
		for _, t := range CurveThresholds {
			var sum Tally
			n = 0
			for i := range outs {
				if outs[i].Case.Split == sp {
					sum.add(outs[i].at(t))
					n++
				}
			}
			rows = append(rows, sum)
		}
		if n == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s, by confidence (facts at or above it, matched by key):\n\n| confidence ≥ | found | correct | precision | recall | F1 |\n|---:|---:|---:|---:|---:|---:|\n", sp)
		for i, t := range CurveThresholds {
			r := rows[i]
			fmt.Fprintf(w, "| %.2f | %d | %d | %.2f | %.2f | %.2f |\n", t, r.TP+r.FP, r.TP, r.Precision(), r.Recall(), r.F1())
		}
	}
}
