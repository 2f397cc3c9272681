package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"

	"github.com/memcore/memcore/core"
	"github.com/memcore/memcore/internal/eval"
)

func init() {
	commands["eval"] = command{
		summary: "measure turn retrieval (R@k) on LoCoMo-format files: eval --data FILE [--data FILE2] [--k 5,10] [--json]",
		run:     runEval,
	}
}

// fileList is a repeatable --data flag.
type fileList []string

func (f *fileList) String() string { return strings.Join(*f, ",") }

func (f *fileList) Set(v string) error {
	if strings.TrimSpace(v) == "" {
		return errors.New("empty file name")
	}
	*f = append(*f, v)
	return nil
}

func runEval(args []string) error {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	var files fileList
	fs.Var(&files, "data", "LoCoMo-format JSON file (repeat for several files)")
	kList := fs.String("k", "5,10", "comma-separated cut-offs k of R@k")
	asJSON := fs.Bool("json", false, "print machine-readable JSON instead of tables")
	details := fs.Bool("details", false, "with --json: every question's evidence and retrieved dia_ids")
	scoring := fs.String("scoring", "", `JSON weights merged over the defaults, e.g. '{"turnSessionBoost":0.6}' (docs/SCORING.md)`)
	withContext := fs.Bool("context", false, "also replay each conversation through extractFacts and score buildContext's recall block (slower)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: memcore eval --data FILE [--data FILE2 ...] [--k 5,10] [--json]\n\n"+
			"Loads each file's conversations into a fresh in-memory engine per sample, asks every\n"+
			"question with SearchTurns and reports R@k per question category (docs/EVAL.md).\n\nflags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (give data files with --data FILE)", fs.Arg(0))
	}
	if len(files) == 0 {
		fs.Usage()
		return errors.New("no data file: give at least one --data FILE")
	}
	ks, err := parseKs(*kList)
	if err != nil {
		return err
	}

	var sc *core.Scoring
	if *scoring != "" {
		w := core.DefaultScoring()
		dec := json.NewDecoder(strings.NewReader(*scoring))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&w); err != nil {
			return fmt.Errorf("--scoring: %v (want a JSON object of weights, e.g. '{\"turnSessionBoost\":0.6}')", err)
		}
		sc = &w
	}

	// Load and validate every file before running any: a typo in the second file should
	// not cost the time of the first.
	sets := make([]*eval.Dataset, 0, len(files))
	for _, f := range files {
		ds, err := eval.Load(f)
		if err != nil {
			return err
		}
		sets = append(sets, ds)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	results := make([]*eval.Result, 0, len(sets))
	for _, ds := range sets {
		r, err := eval.Run(ctx, ds, eval.Options{Ks: ks, Details: *details, Context: *withContext, Scoring: sc})
		if err != nil {
			return err
		}
		results = append(results, r)
	}
	if *asJSON {
		return eval.WriteJSON(os.Stdout, results)
	}
	return eval.WriteText(os.Stdout, results)
}

// parseKs parses "5,10" into sorted, distinct cut-offs.
func parseKs(s string) ([]int, error) {
	var ks []int
	for _, p := range strings.Split(s, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		k, err := strconv.Atoi(p)
		if err != nil {
			return nil, fmt.Errorf("--k: %q is not an integer (want e.g. --k 5,10)", p)
		}
		ks = append(ks, k)
	}
	if len(ks) == 0 {
		return nil, errors.New("--k: no cut-off given (want e.g. --k 5,10)")
	}
	ks, err := eval.CheckKs(ks)
	if err != nil {
		return nil, fmt.Errorf("--k: %w", err)
	}
	return ks, nil
}
