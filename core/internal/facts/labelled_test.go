package facts

import (
	"os"
	"strings"
	"testing"
)

func loadLabelled(t testing.TB) []LabelledCase {
	cases, err := LoadLabelled("testdata")
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// floors are the measured values (docs/FACTS.md, by key) less a margin, per split, so
// that a regression fails. Issue 9 asked for recall ≥ 0.80 at precision ≥ 0.90 on the
// blind split; measured at the end of the second round it has precision 0.80 and recall
// 0.73 (blind.json 0.83 / 0.70, blind2.json 0.76 / 0.75), so the floor is that (less
// 0.03), not the target: the gap is reported, not asserted away. "dev" is what the rules
// were written against (a regression check, not a measurement); "heldout" was used for one
// round of fixes in issue 6; "blind" (labelled.json's old blind cases, seen once by issue
// 6, blind.json and blind2.json, written for issue 9 by two other engineers who never saw
// the rules) is the honest estimate.
var floors = map[string]struct{ precision, recall float64 }{
	"dev":     {0.94, 0.90},
	"heldout": {0.9, 0.95},
	"blind":   {0.77, 0.70},
}

// TestLabelled_precisionRecall scores the heuristics on every labelled set and fails
// under the floors; -v prints the tables and what they got wrong
// (LABELLED_MISSES=blind also lists the blind split's).
func TestLabelled_precisionRecall(t *testing.T) {
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
	for _, split := range Splits {
		a, _, n := Sum(outs, func(c *LabelledCase) bool { return c.Split == split })
		f := floors[split]
		if n == 0 {
			t.Errorf("split %s has no cases", split)
		} else if a.Precision() < f.precision || a.Recall() < f.recall {
			t.Errorf("%s: precision %.2f (floor %.2f), recall %.2f (floor %.2f)", split, a.Precision(), f.precision, a.Recall(), f.recall)
		}
	}
}
