package facts

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// loadLabelled gives every labelled case, or with LABELLED_SPLITS set (dev,retired) only
// those splits, read through LoadTrainCases so that no blind file is opened: every test
// that walks the labelled sets (the dump, the DFA and cache equivalences) then prints
// nothing of a blind case to an engineer who must not see them.
func loadLabelled(t testing.TB) []LabelledCase {
	if env := os.Getenv("LABELLED_SPLITS"); env != "" {
		splits := strings.Split(env, ",")
		train, err := LoadTrainCases("testdata")
		if err != nil {
			t.Fatal(err)
		}
		var cases []LabelledCase
		for _, c := range train {
			if slices.Contains(splits, c.Split) {
				cases = append(cases, c)
			}
		}
		return cases
	}
	cases, err := LoadLabelled("testdata")
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// floors are the measured values (docs/FACTS.md, by key) less a margin, per split, so
// that a regression fails. Issue 9 asked for recall ≥ 0.80 at precision ≥ 0.90 on a blind
// split. "dev" is what the rules were written against (a regression check, not a
// measurement); its floor is the bound for this round (precision 0.95, recall
// 0.90; measured 0.97 / 0.93). "retired" is blind.json and blind2.json, blind in the
// second round (0.80 / 0.73 pooled) and read and tuned on in the third: measured 0.87 /
// 0.80 at its end, the floor that less 0.02 — not the target's precision (0.90), which is
// not reached. Fourth round (dev7.json added): dev measured 0.97 / 0.93 again, its floor
// raised to that less 0.01 / 0.02 (0.96 / 0.91: the round's bound on dev precision was
// 0.96); retired unchanged at 0.87 / 0.80.
// Fifth round: blind3.json, measured twice, is retired too (retired pooled 0.87 / 0.76,
// the floor that less 0.02); blind4.json, written by another outsider, is the new blind set.
// Fifth round, Chinese and mixed half (facts5: claimzh5*.go, dev8.json) and English half
// (facts6: claimen5*.go, dev9.json), merged: dev 0.97 / 0.94, retired 0.91 / 0.85 (blind3
// alone, tuned on: 0.96 / 0.88); the floors are those less 0.01 / 0.02. The blind split
// is now labelled.json's old blind 50 and blind4.json, measured once at the fifth round's
// merge: pooled 0.82 / 0.74 (blind4 alone 0.81 / 0.74); its floor that less 0.02.
// Sixth round (the claim detector's fallback for a clause with no subject): dev 0.97 /
// 0.95, retired 0.91 / 0.86; the floors are those less 0.01 / 0.02. blind5.json (187 cases,
// a sixth outsider) joins the blind split, measured once at the sixth round's merge: pooled
// 0.79 / 0.74 (blind4 0.81 / 0.77, its second measurement; blind5 alone 0.72 / 0.67); the
// floor that less 0.02.
// "heldout" was used for one round of fixes in issue 6. "blind" is labelled.json's old
// blind 50 (seen by issue 6: 0.90 / 0.75) and blind3.json,
// written by another engineer who never saw the rules, measured once at the merge of the
// third round (pooled 0.86 / 0.71; blind3 alone 0.86 / 0.71): the floor is that less 0.02.
var floors = map[string]struct{ precision, recall float64 }{
	"dev":     {0.96, 0.93},
	"retired": {0.89, 0.84},
	"heldout": {0.9, 0.95},
	"blind":   {0.77, 0.72},
}

// TestLabelled_precisionRecall scores the heuristics on every labelled set and fails
// under the floors; -v prints the tables and what they got wrong
// (LABELLED_MISSES=blind also lists the blind split's).
//
// LABELLED_SPLITS=dev,retired scores those splits alone and opens no blind file (through
// LoadTrainCases): for work that must not see the blind sets' numbers.
func TestLabelled_precisionRecall(t *testing.T) {
	splits := Splits
	if env := os.Getenv("LABELLED_SPLITS"); env != "" {
		splits = strings.Split(env, ",")
	}
	all := loadLabelled(t)
	empty, zh := 0, 0
	for _, c := range all {
		if len(c.Expect) == 0 {
			empty++
		}
		if c.Lang() == "zh" || c.Lang() == "mix" {
			zh++
		}
	}
	if len(all) < 600 || empty < 150 || zh*10 < len(all)*4 {
		t.Fatalf("the labelled sets have %d cases, %d of them must yield nothing, %d Chinese or mixed; want ≥ 600, ≥ 150, ≥ 40 %%", len(all), empty, zh)
	}
	outs := Score(all)
	var b strings.Builder
	misses := []string{"dev", "heldout"}
	if os.Getenv("LABELLED_MISSES") != "" {
		misses = strings.Split(os.Getenv("LABELLED_MISSES"), ",")
	}
	WriteReport(&b, outs, misses...)
	t.Log("\n" + b.String())
	for _, split := range splits {
		a, _, n := Sum(outs, func(c *LabelledCase) bool { return c.Split == split })
		f := floors[split]
		if n == 0 {
			t.Errorf("split %s has no cases", split)
		} else if a.Precision() < f.precision || a.Recall() < f.recall {
			t.Errorf("%s: precision %.2f (floor %.2f), recall %.2f (floor %.2f)", split, a.Precision(), f.precision, a.Recall(), f.recall)
		}
	}
}
