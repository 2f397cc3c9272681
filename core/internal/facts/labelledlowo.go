package facts

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// Leave-one-writer-out: each labelled file is (roughly) one writer. For each writer the
// claim detector is trained on every other writer's cases and the writer's own cases are
// scored with it, so the detector's part of the score is measured on writing it never
// saw. The rules were tuned on every one of these files: their part is not (the blind sets
// measure that, once, after a merge; they are never read here).

// LOWOSetting is one pair of the detector's thresholds (claimmodelgate.go).
type LOWOSetting struct {
	Gate, Fallback, Bare, Split, Other float64
	Passing                            int // the first-person fallback's refusal of passing states (claimfppassing.go)
}

// lowoOff is the rules alone: the detector's gate and fallback off.
var lowoOff = LOWOSetting{0, 1.01, 1.01, 1.01, 1.01, 0}

// EvalLOWO prints, per writer, the rules alone beside the rules with each learned part
// (claimmodelgate.go, claimsplitmodel.go) trained without that writer, then (sweep) the
// mean over writers at other thresholds.
func EvalLOWO(w io.Writer, dir string, sweep bool) error {
	cases, err := LoadTrainCases(dir)
	if err != nil {
		return err
	}
	var writers []string
	for _, c := range cases {
		if !slices.Contains(writers, c.Source) {
			writers = append(writers, c.Source)
		}
	}
	// The per-writer table's columns: the rules alone, then each learned part at a
	// middle threshold of the sweep.
	settings := []LOWOSetting{lowoOff, st5(0.1, 1.01, 1.01, 1.01, 1.01), st5(0, 0.7, 1.01, 1.01, 1.01), st5(0, 1.01, 0.9, 1.01, 1.01), st5(0, 1.01, 1.01, 0.5, 1.01), st5(0, 1.01, 0.9, 1.01, 0.9), {0, 0.9, 0.9, 1.01, 1.01, 2}}
	names := []string{"rules alone", "+ gate 0.1", "+ fallback I 0.7", "+ fallback bare 0.9 (kept)", "+ split 0.5", "+ bare 0.9, also beside rule facts 0.9", "+ bare 0.9, fallback I 0.9, passing refused (2)"}
	if sweep {
		for _, st := range []LOWOSetting{st5(0.05, 1.01, 1.01, 1.01, 1.01), st5(0.2, 1.01, 1.01, 1.01, 1.01), st5(0, 0.9, 1.01, 1.01, 1.01), st5(0, 0.5, 1.01, 1.01, 1.01),
			st5(0, 1.01, 0.97, 1.01, 1.01), st5(0, 1.01, 0.95, 1.01, 1.01), st5(0, 1.01, 0.8, 1.01, 1.01), st5(0, 1.01, 0.7, 1.01, 1.01),
			st5(0, 1.01, 1.01, 0.9, 1.01), st5(0, 1.01, 1.01, 0.7, 1.01), st5(0, 1.01, 1.01, 0.3, 1.01), st5(0, 0.9, 0.95, 0.7, 1.01), st5(0, 0.9, 0.9, 0.5, 1.01),
			st5(0, 1.01, 0.9, 1.01, 0.97), st5(0, 1.01, 0.9, 1.01, 0.95), st5(0, 1.01, 0.9, 1.01, 0.8), st5(0, 0.7, 0.9, 0.5, 1.01)} {
			settings = append(settings, st)
		}
		// Ninth round: the first-person fallback beside the kept subject-less one (0.9),
		// with passing states refused at each level (claimfppassing.go).
		for _, fb := range []float64{0.9, 0.7, 0.5} {
			for lvl := 0; lvl <= 2; lvl++ {
				settings = append(settings, LOWOSetting{0, fb, 0.9, 1.01, 1.01, lvl})
			}
		}
		settings = append(settings, LOWOSetting{0, 0.8, 0.9, 1.01, 1.01, 2}, LOWOSetting{0, 0.6, 0.9, 1.01, 1.01, 2})
	}
	saveModel, saveSplit, saveGate, saveFB, saveBare, saveSA, saveOther, cacheWas := activeModel, activeSplit, cmGateBelow, cmFallbackAbove, cmBareAbove, cmSplitAbove, cmBareOther, msgCacheOn()
	savePassing := cmFallbackPassing
	defer func() {
		activeModel, activeSplit, cmGateBelow, cmFallbackAbove, cmBareAbove, cmSplitAbove, cmBareOther = saveModel, saveSplit, saveGate, saveFB, saveBare, saveSA, saveOther
		cmFallbackPassing = savePassing
		lowoHook = nil
		setMsgCache(cacheWas)
	}()
	lowoHook = modelSentenceAll
	setMsgCache(false)
	res := make([][]Tally, len(writers)) // [writer][setting]
	n := make([]int, len(writers))
	for wi, name := range writers {
		var train, test []LabelledCase
		for _, c := range cases {
			if c.Source == name {
				test = append(test, c)
			} else {
				train = append(train, c)
			}
		}
		n[wi] = len(test)
		activeModel, activeSplit = nil, nil
		splitEx := splitExamples(train) // of the rules alone
		activeModel, activeSplit = trainClaimModel(claimExamples(train)), trainClaimModel(splitEx)
		res[wi] = make([]Tally, len(settings))
		for si, st := range settings {
			cmGateBelow, cmFallbackAbove, cmBareAbove, cmSplitAbove, cmBareOther = st.Gate, st.Fallback, st.Bare, st.Split, st.Other
			cmFallbackPassing = st.Passing
			for _, o := range Score(test) {
				res[wi][si].add(o.Any)
			}
		}
	}
	fmt.Fprintln(w, "Leave-one-writer-out (each model trained without the writer; P / R by key):")
	fmt.Fprintln(w)
	fmt.Fprintf(w, "| writer (file) | cases | expected | %s |\n|---|---:|---:|%s\n", strings.Join(names, " | "), strings.Repeat("---:|", len(names)))
	for wi, name := range writers {
		fmt.Fprintf(w, "| %s | %d | %d |", name, n[wi], res[wi][0].TP+res[wi][0].FN)
		for si := range names {
			fmt.Fprintf(w, " %.3f / %.3f |", res[wi][si].Precision(), res[wi][si].Recall())
		}
		fmt.Fprintln(w)
	}
	mean := func(si int) (p, r float64, pooled Tally) {
		for wi := range writers {
			t := res[wi][si]
			p += t.Precision()
			r += t.Recall()
			pooled.add(t)
		}
		return p / float64(len(writers)), r / float64(len(writers)), pooled
	}
	for _, pooled := range []bool{false, true} {
		label := "**mean of writers**"
		if pooled {
			label = "**pooled**"
		}
		fmt.Fprintf(w, "| %s | | |", label)
		for si := range names {
			p, r, t := mean(si)
			if pooled {
				p, r = t.Precision(), t.Recall()
			}
			fmt.Fprintf(w, " %.3f / %.3f |", p, r)
		}
		fmt.Fprintln(w)
	}
	if sweep {
		fmt.Fprintln(w, "\n| gate below | fallback I at | passing refused | fallback bare at | split at | bare beside rule facts at | mean P | mean R | min P | min R | pooled P / R |")
		fmt.Fprintln(w, "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
		for si, st := range settings {
			p, r, t := mean(si)
			minP, minR := 1.0, 1.0
			for wi := range writers {
				minP, minR = min(minP, res[wi][si].Precision()), min(minR, res[wi][si].Recall())
			}
			fmt.Fprintf(w, "| %.2f | %.2f | %d | %.2f | %.2f | %.2f | %.3f | %.3f | %.2f | %.2f | %.3f / %.3f |\n", st.Gate, st.Fallback, st.Passing, st.Bare, st.Split, st.Other, p, r, minP, minR, t.Precision(), t.Recall())
		}
	}
	return nil
}

// st5 is a setting of the rounds before the ninth: no refusal of passing states.
func st5(gate, fallback, bare, split, other float64) LOWOSetting {
	return LOWOSetting{gate, fallback, bare, split, other, 0}
}
