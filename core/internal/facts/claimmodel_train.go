package facts

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Training the claim detector (claimmodel.go) offline. Nothing here runs in extraction:
// the linker drops it from builds that do not call it.

// TrainFiles are the labelled files the detector may learn from: every file but the
// blind sets (blind4.json and any later blind set are never read here: they measure the
// result once, after a merge). Of labelled.json only the dev split is read.
var TrainFiles = []string{"labelled.json", "dev.json", "blind.json", "dev2.json", "dev3.json", "dev4.json", "dev5.json",
	"blind2.json", "dev6.json", "blind3.json", "dev7.json", "dev8.json", "dev9.json"}

// LoadTrainCases reads TrainFiles of dir (a missing file is skipped), keeping only cases
// of the dev and retired splits; each case's Source is its file, one writer a file.
func LoadTrainCases(dir string) ([]LabelledCase, error) {
	var all []LabelledCase
	for _, name := range TrainFiles {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		var cases []LabelledCase
		if err := json.Unmarshal(b, &cases); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		for _, c := range cases {
			c.Source = name
			if slices.Contains(RetiredFiles, name) {
				c.Split = "retired"
			}
			if c.Split == "dev" || c.Split == "retired" {
				all = append(all, c)
			}
		}
	}
	return all, nil
}

// claimExample is one clause of a user message and whether it holds an expected key.
type claimExample struct {
	text string
	pos  bool
}

// claimExamples cuts the user messages of cases into clauses as claims does; a clause is
// a positive example when it contains one of its case's keys (case-folded).
func claimExamples(cases []LabelledCase) []claimExample {
	var out []claimExample
	for _, c := range cases {
		for _, m := range c.Messages {
			if m.Role != "user" {
				continue
			}
			for _, s := range sentences(m.Content) {
				for _, sp := range claimClauses(s.r) {
					t, _ := clauseText(s, sp)
					if t == "" {
						continue
					}
					lt, pos := strings.ToLower(t), false
					for _, e := range c.Expect {
						if strings.Contains(lt, strings.ToLower(e.Key)) {
							pos = true
							break
						}
					}
					out = append(out, claimExample{t, pos})
				}
			}
		}
	}
	return out
}

// trainClaimModel fits the logistic regression by stochastic gradient descent in a fixed
// order (a deterministic shuffle), then rounds each weight to a signed byte.
func trainClaimModel(ex []claimExample) *claimModel {
	const epochs, l2 = 12, 1e-5
	w := make([]float64, 1<<cmBits)
	bias := 0.0
	feats := make([][]uint32, len(ex))
	for i, e := range ex {
		feats[i] = cmFeatures(e.text, nil)
	}
	order := make([]int, len(ex))
	for i := range order {
		order[i] = i
	}
	seed := uint64(1)
	for ep := 0; ep < epochs; ep++ {
		for i := len(order) - 1; i > 0; i-- { // Fisher–Yates with a fixed LCG
			seed = seed*6364136223846793005 + 1442695040888963407
			j := int(seed>>33) % (i + 1)
			order[i], order[j] = order[j], order[i]
		}
		lr := 0.2 / (1 + float64(ep))
		for _, i := range order {
			z := bias
			for _, b := range feats[i] {
				z += w[b]
			}
			p := 1 / (1 + math.Exp(-z))
			y := 0.0
			if ex[i].pos {
				y = 1
			}
			g := p - y
			bias -= lr * g
			for _, b := range feats[i] {
				w[b] -= lr * (g + l2*w[b])
			}
		}
	}
	maxAbs := 1e-9
	for _, x := range w {
		maxAbs = max(maxAbs, math.Abs(x))
	}
	scale := maxAbs / 127
	q := make([]byte, len(w))
	for i, x := range w {
		q[i] = byte(int8(math.Round(x / scale)))
	}
	return &claimModel{w: string(q), scale: scale, bias: bias}
}
