package core

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/memcore/memcore/core/internal/facts"
)

// EvalFacts scores the fact heuristics on the labelled sets in dir
// (core/internal/facts/testdata: labelled.json, dev.json, blind.json) and writes the
// tables — precision, recall and F1 per split, and per file, language, category and type
// within each — to w; misses names the splits whose wrong cases are listed too. It is the
// `memcore eval-facts` command's engine (the facts package is internal to core); the
// labelled test prints the same tables.
func EvalFacts(w io.Writer, dir string, misses ...string) error {
	return EvalFactsSplits(w, dir, nil, misses...)
}

// EvalFactsSplits is EvalFacts on the cases of the named splits only (all of them when
// splits is empty): a rule writer scores dev without running the blind split, whose
// totals may be looked at only a counted number of times (docs/FACTS.md).
func EvalFactsSplits(w io.Writer, dir string, splits []string, misses ...string) error {
	cases, err := labelledIn(dir, splits)
	if err != nil {
		return err
	}
	if len(cases) == 0 {
		return fmt.Errorf("no labelled cases in %s", dir)
	}
	facts.WriteReport(w, facts.Score(cases), misses...)
	return nil
}

// labelledIn loads the labelled cases of dir in the named splits (all when none is named).
func labelledIn(dir string, splits []string) ([]facts.LabelledCase, error) {
	all, err := facts.LoadLabelled(dir)
	if err != nil {
		return nil, err
	}
	cases := all[:0]
	for _, c := range all {
		if len(splits) == 0 || slices.Contains(splits, c.Split) {
			cases = append(cases, c)
		}
	}
	return cases, nil
}

// EvalFactsAgainst scores one reading of the labelled sets against another with the
// heuristics' matching: against names a file of Annotation lines (another reader's facts,
// or an LLM's) scored in place of the heuristics; gold names one whose keys replace the
// labelled keys. Either may be empty (the heuristics; the labelled keys). Only the cases
// both cover are scored, within splits when given.
func EvalFactsAgainst(w io.Writer, dir string, splits []string, against, gold string, misses ...string) error {
	cases, err := labelledIn(dir, splits)
	if err != nil {
		return err
	}
	if gold != "" {
		g, err := facts.LoadAnnotations(gold)
		if err != nil {
			return err
		}
		cases = facts.Regold(cases, g)
	}
	var outs []facts.Outcome
	if against != "" {
		a, err := facts.LoadAnnotations(against)
		if err != nil {
			return err
		}
		cases = facts.Covered(cases, a)
		outs = facts.ScoreWith(cases, facts.AnnotatedFacts(a))
	} else {
		outs = facts.Score(cases)
	}
	if len(cases) == 0 {
		return fmt.Errorf("no labelled case of %s is covered by the readings given", dir)
	}
	facts.WriteReport(w, outs, misses...)
	return nil
}

// EvalFactsAgree prints how far the readings of files (Annotation lines, each another
// reader's facts for the same labelled cases) agree with each other and with the cases'
// writers, on the cases every file covers; with heuristics, the heuristics' facts are
// scored against each reading too (docs/FACTS.md "How far two readers agree").
func EvalFactsAgree(w io.Writer, dir string, files []string, heuristics bool) error {
	cases, err := facts.LoadLabelled(dir)
	if err != nil {
		return err
	}
	readings := []facts.Reading{{Name: "writers"}}
	for _, f := range files {
		a, err := facts.LoadAnnotations(f)
		if err != nil {
			return err
		}
		cases = facts.Covered(cases, a)
		name := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		readings = append(readings, facts.Reading{Name: name, Extract: facts.AnnotatedFacts(a), Gold: a})
	}
	if heuristics {
		// Extracted once a case: the table scores them against every column and language.
		got := map[string][]facts.Fact{}
		for _, o := range facts.Score(cases) {
			got[o.Case.Name] = o.Got
		}
		readings = append(readings, facts.Reading{Name: "heuristics", Extract: func(c *facts.LabelledCase) []facts.Fact {
			return got[c.Name]
		}})
	}
	if len(cases) == 0 {
		return fmt.Errorf("no labelled case of %s is covered by every reading", dir)
	}
	facts.WriteAgreement(w, cases, readings)
	return nil
}
