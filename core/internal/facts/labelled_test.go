package facts

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// labelled is one case of testdata/labelled.json: a conversation and the facts a
// careful reader would take from it, each by type and a substring of its content.
type labelled struct {
	Name     string `json:"name"`
	Split    string `json:"split"` // "dev": written with the patterns; "heldout": written after them, never tuned to
	Messages []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
	Expect []struct {
		Type string `json:"type"`
		Key  string `json:"key"`
	} `json:"expect"`
}

func loadLabelled(t testing.TB) []labelled {
	b, err := os.ReadFile("testdata/labelled.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []labelled
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// score counts, per type, predicted facts that match an expected one (true positives),
// predictions that match none (false positives) and expected facts never predicted
// (false negatives). A prediction matches an expectation of its type whose key its
// content contains, case-folded; each expectation is matched at most once.
type score struct{ tp, fp, fn int }

func (s score) precision() float64 { return ratio(s.tp, s.tp+s.fp) }
func (s score) recall() float64    { return ratio(s.tp, s.tp+s.fn) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// evaluate runs the heuristics over every case (with the message-count gate off: the
// cases are short on purpose; TestExtract_gate covers the gate) and scores them.
func evaluate(cases []labelled) (map[string]*score, []string) {
	scores := map[string]*score{}
	get := func(typ string) *score {
		if scores[typ] == nil {
			scores[typ] = &score{}
		}
		return scores[typ]
	}
	var misses []string
	for _, c := range cases {
		var msgs []Message
		for _, m := range c.Messages {
			msgs = append(msgs, Message{Role: m.Role, Text: m.Content})
		}
		got := Extract(msgs, Options{MinMessages: 1}).Facts
		used := make([]bool, len(c.Expect))
		for _, f := range got {
			hit := false
			for i, e := range c.Expect {
				if !used[i] && e.Type == f.Type && strings.Contains(strings.ToLower(f.Content), strings.ToLower(e.Key)) {
					used[i], hit = true, true
					break
				}
			}
			if hit {
				get(f.Type).tp++
			} else {
				get(f.Type).fp++
				misses = append(misses, fmt.Sprintf("%s: unexpected %s %q", c.Name, f.Type, f.Content))
			}
		}
		for i, e := range c.Expect {
			if !used[i] {
				get(e.Type).fn++
				misses = append(misses, fmt.Sprintf("%s: missed %s ~%q", c.Name, e.Type, e.Key))
			}
		}
	}
	return scores, misses
}

// floors are the measured values (docs/FACTS.md) less a margin, per split, so that a
// regression fails. The splits: "dev" was written with the patterns; "heldout" was
// written after them and measured blind once (0.96 / 0.47), then one round of generic
// fixes used it; "blind" was written after that round and has never been tuned to — its
// numbers are the honest ones for phrasing the patterns have not seen.
var floors = map[string]struct{ precision, recall float64 }{
	"dev":     {0.95, 0.95},
	"heldout": {0.95, 0.9},
	"blind":   {0.85, 0.4},
	"all":     {0.95, 0.8},
}

func TestLabelled_precisionRecall(t *testing.T) {
	all := loadLabelled(t)
	empty := 0
	bySplit := map[string][]labelled{"all": all}
	for _, c := range all {
		if len(c.Expect) == 0 {
			empty++
		}
		bySplit[c.Split] = append(bySplit[c.Split], c)
	}
	if len(all) < 60 || empty < 15 {
		t.Fatalf("the labelled set has %d cases, %d of them must yield nothing; want ≥ 60 and ≥ 15", len(all), empty)
	}
	for _, split := range []string{"dev", "heldout", "blind", "all"} {
		total := report(t, split, bySplit[split])
		f := floors[split]
		if total.precision() < f.precision || total.recall() < f.recall {
			t.Errorf("%s: precision %.2f (floor %.2f), recall %.2f (floor %.2f)", split, total.precision(), f.precision, total.recall(), f.recall)
		}
	}
}

// report logs the table of one split (and what it got wrong) and returns its totals.
func report(t *testing.T, split string, cases []labelled) score {
	empty := 0
	for _, c := range cases {
		if len(c.Expect) == 0 {
			empty++
		}
	}
	scores, misses := evaluate(cases)
	var total score
	types := make([]string, 0, len(scores))
	for typ, s := range scores {
		types = append(types, typ)
		total.tp += s.tp
		total.fp += s.fp
		total.fn += s.fn
	}
	slices.Sort(types)
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d cases (%d must yield nothing), %d expected facts\n", split, len(cases), empty, total.tp+total.fn)
	fmt.Fprintf(&b, "| type | expected | found | correct | precision | recall |\n|---|---:|---:|---:|---:|---:|\n")
	for _, typ := range types {
		s := scores[typ]
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %.2f | %.2f |\n", typ, s.tp+s.fn, s.tp+s.fp, s.tp, s.precision(), s.recall())
	}
	fmt.Fprintf(&b, "| **all** | %d | %d | %d | **%.2f** | **%.2f** |\n", total.tp+total.fn, total.tp+total.fp, total.tp, total.precision(), total.recall())
	if split != "all" {
		for _, m := range misses {
			fmt.Fprintln(&b, "  ", m)
		}
	}
	t.Log("\n" + b.String())
	return total
}
