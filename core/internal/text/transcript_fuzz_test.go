package text

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzSplitTranscript: any query is split without a panic; a transcript needs at least
// three lines, its parts are no longer than the query (labels and colons are left out)
// and are valid UTF-8 when the query is, and the same query always splits the same way.
func FuzzSplitTranscript(f *testing.F) {
	for _, s := range []string{
		"Bart: 我拿到了满分！\nAssistant: 太棒了！\nBart: 怎么庆祝？",
		"用户：我想去海边。\n助手：好主意。\n用户：带什么？",
		"A: one\ntwo\nB: three\nA: four",
		"A:\nB:\nA:",
		"::\n:\n：",
		"What did Bart say?",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		tr, ok := SplitTranscript(q)
		tr2, ok2 := SplitTranscript(q)
		if ok != ok2 || tr != tr2 {
			t.Fatalf("SplitTranscript(%q) is not deterministic", q)
		}
		if !ok {
			if tr != (Transcript{}) {
				t.Fatalf("SplitTranscript(%q) = %+v with false", q, tr)
			}
			return
		}
		if strings.Count(q, "\n") < minTranscriptLines-1 {
			t.Fatalf("SplitTranscript(%q): a transcript of fewer than %d lines", q, minTranscriptLines)
		}
		if len(tr.Asker)+len(tr.Others) > len(q) {
			t.Fatalf("SplitTranscript(%q): parts longer than the query: %+v", q, tr)
		}
		if utf8.ValidString(q) && (!utf8.ValidString(tr.Asker) || !utf8.ValidString(tr.Others)) {
			t.Fatalf("SplitTranscript(%q): invalid UTF-8 in %+v", q, tr)
		}
		QueryTokens(tr.Asker) // must not panic either
		QueryTokens(tr.Others)
	})
}
