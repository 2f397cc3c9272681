package facts

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// These tests score every dev and retired case: they sit in a file named after
// dfa_test.go so that they run after it (TestDFA_case needs room left in the process's
// DFA state budget, dfaMaxTotal, which scoring thousands of messages fills).

// Leave-one-writer-out reads only the train files: a blind set in the directory is never
// opened (here one that is not even JSON), and every train file is scored as a writer.
func TestEvalLOWO_neverReadsBlind(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("labelled.json", `[{"name":"a","split":"dev","messages":[{"role":"user","content":"I'm a nurse in Leeds"}],"expect":[{"type":"profile","key":"nurse"}]}]`)
	write("dev2.json", `[{"name":"b","split":"dev","messages":[{"role":"user","content":"我是老师"}],"expect":[{"type":"profile","key":"老师"}]},
		{"name":"c","split":"dev","messages":[{"role":"user","content":"今天天气不错"}],"expect":[]}]`)
	write("blind4.json", "not json")
	write("blind5.json", "not json")
	var b strings.Builder
	if err := EvalLOWO(&b, dir, false); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| labelled.json | 1 | 1 |", "| dev2.json | 2 | 1 |", "**mean of writers**"} {
		if !strings.Contains(b.String(), want) {
			t.Fatalf("no %q in\n%s", want, b.String())
		}
	}
	if activeModel.w != cmWeights || cmBareAbove != 0.9 {
		t.Fatal("EvalLOWO left its model or thresholds in place")
	}
}

// Extraction's path (bareFallback) finds what modelSentenceAll finds at the kept
// thresholds, on every dev and retired case: leave-one-writer-out's "kept" column is
// what extraction does.
func TestModelSentence_keptPath(t *testing.T) {
	cases, err := LoadTrainCases("testdata")
	if err != nil {
		t.Fatal(err)
	}
	setMsgCache(false)
	defer setMsgCache(true)
	kept := Score(cases)
	lowoHook = modelSentenceAll
	all := Score(cases)
	lowoHook = nil
	for i := range kept {
		if fmt.Sprint(kept[i].Got) != fmt.Sprint(all[i].Got) {
			t.Fatalf("%s: extraction %v, modelSentenceAll %v", cases[i].Name, kept[i].Got, all[i].Got)
		}
	}
}
