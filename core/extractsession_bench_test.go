package core_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/memcore/memcore/core"
)

// BenchmarkExtractFacts_session: extractFacts with commit and a sessionId, the call's 40
// messages the session's last 40 logged turns, after a first call read them: every
// message is known, so what a call costs is its bookkeeping — the read marks, and the
// session's turns that give the first message its turn before (turnsBefore) and the
// memories their turn ids. stored is how many turns the session holds: the call should
// not cost more for a longer session (docs/BENCHMARKS.md, "extractFacts in a long
// session"). noCommit is the same messages returned only (the message cache on, every
// message found in it: what the turn before of each user message costs).
func BenchmarkExtractFacts_session(b *testing.B) {
	ctx := context.Background()
	for _, stored := range []int{40, 400, 2000} {
		e, err := core.Open(ctx, core.Options{})
		if err != nil {
			b.Fatal(err)
		}
		ns, _ := e.Namespace("default")
		var turns []core.TurnInput
		for i := 0; len(turns) < stored; i++ {
			for j := 0; j < len(fxQA) && len(turns) < stored; j += 2 {
				turns = append(turns, core.TurnInput{Role: fxQA[j], Content: fmt.Sprintf("%s (%d)", fxQA[j+1], i)})
			}
		}
		for i := 0; i < len(turns); i += 500 {
			if _, err := ns.AppendTurns(ctx, "s", turns[i:min(i+500, len(turns))]); err != nil {
				b.Fatal(err)
			}
		}
		var pairs []string
		for _, t := range turns[len(turns)-40:] {
			pairs = append(pairs, t.Role, t.Content)
		}
		msgs := cxChat(pairs...)
		run := func(b *testing.B, o core.ExtractOptions) {
			if _, err := ns.ExtractFacts(ctx, msgs, o); err != nil {
				b.Fatal(err)
			}
			start := cpuTime()
			for b.Loop() {
				if _, err := ns.ExtractFacts(ctx, msgs, o); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpuTime()-start)/1e6/float64(b.N), "cpu-ms/op")
		}
		b.Run(fmt.Sprintf("stored=%d/commit", stored), func(b *testing.B) {
			run(b, core.ExtractOptions{Commit: true, SessionID: "s"})
		})
		if stored == 40 {
			b.Run("noCommit", func(b *testing.B) { run(b, core.ExtractOptions{}) })
		}
		e.Close()
	}
}
