package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/memcore/memcore/core"
	"github.com/memcore/memcore/internal/eval"
)

func init() {
	commands["train-assoc"] = command{
		summary: "train searchTurns' learned term associations from LoCoMo-format files: train-assoc --data FILE [--data FILE2] [--out FILE]",
		run:     runTrainAssoc,
	}
}

// runTrainAssoc writes the association table trained on the questions and evidence turns
// of the given files (docs/EVAL.md, seventh round): to --out, or standard output.
func runTrainAssoc(args []string) error {
	fs := flag.NewFlagSet("train-assoc", flag.ContinueOnError)
	var files fileList
	fs.Var(&files, "data", "LoCoMo-format JSON file to train on (repeat for several files)")
	out := fs.String("out", "", "write the table here instead of standard output")
	p := core.DefaultAssocParams()
	fs.IntVar(&p.MinQuestions, "min-questions", p.MinQuestions, "a question term must be in at least this many questions")
	fs.IntVar(&p.MinPairs, "min-pairs", p.MinPairs, "a term and a target must go together in at least this many questions")
	fs.IntVar(&p.MinConvs, "min-convs", p.MinConvs, "… of at least this many conversations")
	fs.Float64Var(&p.MinLift, "min-lift", p.MinLift, "observed over expected count of a term and a target, at least")
	fs.IntVar(&p.TopK, "topk", p.TopK, "targets kept per term")
	ibm1 := fs.Int("ibm1", 0, "train by IBM model 1's EM with this many rounds instead of counting lift (0: lift)")
	minT := fs.Float64("min-t", 0.05, "with --ibm1: t(target|term) at least")
	fs.Float64Var(&p.MaxShare, "max-share", p.MaxShare, "a target in more than this share of all the turns is left out (0: any)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if len(files) == 0 {
		return errors.New("no data file: give at least one --data FILE")
	}
	var convs []core.AssocConv
	seen := map[string]bool{}
	for _, f := range files {
		ds, err := eval.Load(f)
		if err != nil {
			return err
		}
		convs = append(convs, assocConvs(ds, seen)...)
	}
	var w io.Writer = os.Stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	train := func() error { return core.TrainTurnAssoc(convs, p, w) }
	if *ibm1 > 0 {
		train = func() error { return core.TrainTurnAssocIBM1(convs, p, *ibm1, *minT, w) }
	}
	if err := train(); err != nil {
		return fmt.Errorf("train-assoc: %w", err)
	}
	return nil
}

// assocConvs returns the conversations of ds as training data: every turn's text, and
// each question with its evidence turns' texts (ids resolved as eval resolves them; a
// question with no evidence turn in its sample is left out, and so is a question whose
// text and evidence are in seen: MemDaily's files hold the same trajectories pooled and
// one by one, and a question counted twice would pass the trainer's thresholds alone).
func assocConvs(ds *eval.Dataset, seen map[string]bool) []core.AssocConv {
	out := make([]core.AssocConv, 0, len(ds.Samples))
	for si := range ds.Samples {
		s := &ds.Samples[si]
		var c core.AssocConv
		byID := map[string]string{}
		for _, sess := range s.Sessions {
			for _, t := range sess.Turns {
				txt := strings.TrimSpace(t.Text)
				if id := eval.CanonicalID(t.DiaID); byID[id] == "" {
					byID[id] = txt
				}
				c.Turns = append(c.Turns, txt)
			}
		}
		for _, qa := range s.QA {
			p := core.AssocPair{Question: qa.Question}
			for _, raw := range qa.Evidence {
				for _, id := range eval.RepairEvidence(raw) {
					if txt, ok := byID[id]; ok {
						p.Evidence = append(p.Evidence, txt)
					}
				}
			}
			key := p.Question + "\x00" + strings.Join(p.Evidence, "\x00")
			if len(p.Evidence) > 0 && !seen[key] {
				seen[key] = true
				c.Pairs = append(c.Pairs, p)
			}
		}
		out = append(out, c)
	}
	return out
}
