package core_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/memcore/memcore/core"
)

// BenchmarkSearchTurns_feedback times SearchTurns over 5,000 turns of 500 sessions with
// and without the feedback search (Scoring.TurnFeedback), to show what the second FTS5
// query costs: go test ./core -run XXX -bench SearchTurns_feedback
func BenchmarkSearchTurns_feedback(b *testing.B) {
	ctx := context.Background()
	for _, fb := range []float64{0, 0.3} {
		b.Run(fmt.Sprintf("feedback=%v", fb), func(b *testing.B) {
			sc := core.DefaultScoring()
			sc.TurnFeedback = fb
			eng, err := core.Open(ctx, core.Options{Scoring: &sc})
			if err != nil {
				b.Fatal(err)
			}
			defer eng.Close()
			ns, _ := eng.Namespace("default")
			people := []string{"上司", "表妹", "同事", "婶婶", "表哥"}
			for s := range 500 {
				var turns []core.TurnInput
				for i := range 10 {
					p := people[(s+i)%len(people)]
					turns = append(turns, core.TurnInput{Role: "user",
						Content: fmt.Sprintf("我%s的电话号码是1%010d，身高%d厘米，喜欢第%d个项目。", p, s*10+i, 150+i*3, s%37)})
				}
				if _, err := ns.AppendTurns(ctx, fmt.Sprintf("s%d", s), turns); err != nil {
					b.Fatal(err)
				}
			}
			b.ResetTimer()
			for i := range b.N {
				q := fmt.Sprintf("那个电话是1%010d的人，他身高是多少？", (i*7919)%5000)
				if _, err := ns.SearchTurns(ctx, q, core.SearchTurnsOptions{Limit: 10}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
