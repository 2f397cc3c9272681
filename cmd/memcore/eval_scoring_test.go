package main

import (
	"strings"
	"testing"
)

// --scoring merges weights over the defaults; a name the engine does not know, or text
// that is not a JSON object, is an error naming the flag before any file is run.
func TestEval_scoringFlag(t *testing.T) {
	data := "../../internal/eval/testdata/mini.json"
	if err := runEval([]string{"--data", data, "--scoring", `{"turnFeedback":0,"turnSessionBoost":0.6}`}); err != nil {
		t.Fatalf("valid weights: %v", err)
	}
	for _, bad := range []string{`{"turnFeedbak":0}`, `[1]`, `{"turnFeedback":"x"}`} {
		err := runEval([]string{"--data", data, "--scoring", bad})
		if err == nil || !strings.Contains(err.Error(), "--scoring") {
			t.Errorf("--scoring %s: err = %v", bad, err)
		}
	}
}
