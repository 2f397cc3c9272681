package main

import (
	"flag"
	"os"
	"strings"

	"github.com/memcore/memcore/core"
)

func init() {
	commands["train-claims"] = command{
		summary: "train the fact heuristics' claim detector on the labelled dev and retired sets: train-claims [--dir DIR] [--out FILE]",
		run:     runTrainClaims,
	}
	commands["eval-facts"] = command{
		summary: "score the fact heuristics on the labelled sets: eval-facts [--dir DIR] [--splits dev] [--misses dev,blind] [--against FILE] [--gold FILE] [--agree FILE,FILE] [--lowo [--sweep]]",
		run:     runEvalFacts,
	}
}

// runEvalFacts prints precision, recall and F1 of the fact heuristics per split, file,
// language, category and type (docs/FACTS.md keeps the numbers).
func runEvalFacts(args []string) error {
	fs := flag.NewFlagSet("eval-facts", flag.ContinueOnError)
	dir := fs.String("dir", "core/internal/facts/testdata", "directory of labelled.json, dev.json and blind.json")
	misses := fs.String("misses", "", "comma-separated splits whose wrong cases to list (dev, retired, heldout, blind)")
	splits := fs.String("splits", "", "comma-separated splits to score (default: all); dev alone leaves the blind split unrun")
	lowo := fs.Bool("lowo", false, "score leave-one-writer-out on the dev and retired files: the claim detector trained without each file, scored on it")
	sweep := fs.Bool("sweep", false, "with --lowo: also the mean over writers at other detector thresholds")
	against := fs.String("against", "", "JSON Lines of another reading's facts ({name, facts:[{type,key,content}]}) scored in place of the heuristics")
	agree := fs.String("agree", "", "comma-separated files of other readings of the same cases: print how far they, the writers and the heuristics agree")
	withHeur := fs.Bool("heuristics", false, "with --agree: score the heuristics against every reading too (on a blind split: a measurement of it)")
	gold := fs.String("gold", "", "JSON Lines of another reading whose keys replace the labelled ones (the cases it covers only)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *lowo {
		if err := core.EvalFactsLOWO(os.Stdout, *dir, *sweep); err != nil {
			return err
		}
		os.Stdout.WriteString("\nMisses and wrong facts of extraction as it stands (rules and the kept fallback) by cause, per writer:\n\n")
		return core.EvalFactsCauses(os.Stdout, *dir)
	}
	var m []string
	if *misses != "" {
		m = strings.Split(*misses, ",")
	}
	var only []string
	if *splits != "" {
		only = strings.Split(*splits, ",")
	}
	if *agree != "" {
		return core.EvalFactsAgree(os.Stdout, *dir, strings.Split(*agree, ","), *withHeur)
	}
	if *against != "" || *gold != "" {
		return core.EvalFactsAgainst(os.Stdout, *dir, only, *against, *gold, m...)
	}
	return core.EvalFactsSplits(os.Stdout, *dir, only, m...)
}

// runTrainClaims writes the claim detector's weights (core/internal/facts/claimmodel_weights.go).
func runTrainClaims(args []string) error {
	fs := flag.NewFlagSet("train-claims", flag.ContinueOnError)
	dir := fs.String("dir", "core/internal/facts/testdata", "directory of the labelled sets")
	out := fs.String("out", "core/internal/facts/claimmodel_weights.go", "the Go file to write")
	if err := fs.Parse(args); err != nil {
		return err
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	if err := core.TrainClaimModel(*dir, f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
