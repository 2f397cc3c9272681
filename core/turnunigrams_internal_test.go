package core

import (
	"context"
	"math"
	"testing"

	"github.com/memcore/memcore/core/internal/store"
	"github.com/memcore/memcore/core/internal/text"
)

// matchTurns searches a query of at most text.UnigramBudget CJK unigrams (and any query
// without CJK text) in one FTS5 query, exactly as before; a longer one scores each turn
// its BM25 for the other tokens plus the weight × its BM25 for the unigrams.
func TestMatchTurnsWeighted_cases(t *testing.T) {
	ctx := context.Background()
	e, err := Open(ctx, Options{Path: ":memory:"})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ns, _ := e.Namespace("default")
	for i, s := range []string{
		"Bart在学校的绘画比赛中获得优胜奖，感到非常开心。",
		"Bart在生日派对上收到花束并感到非常开心。",
		"Lisa在动物园看到了喜欢的大熊猫，觉得非常可爱。",
		"Bart的宠物狗狗发烧了，最后找了兽医治好了它。",
		"Lisa went fishing at the lake with grandpa.",
	} {
		if _, err := ns.AppendTurns(ctx, string(rune('a'+i)), []TurnInput{{Role: "user", Content: s}}); err != nil {
			t.Fatal(err)
		}
	}
	byID := func(hits []store.TurnHit) map[string]float64 {
		m := map[string]float64{}
		for _, h := range hits {
			m[h.Turn.ID] = h.BM25
		}
		return m
	}
	for _, tt := range []struct {
		name, query string
		weighted    bool
	}{
		{"short chinese question", "我在绘画比赛中得奖了吗", false},
		{"english", "did Lisa go fishing at the lake", false},
		{"long chinese dialogue", "我今天在学校画了一幅画，老师说我画得很好看，我好开心！我还想参加绘画比赛，下次想画动物园里的大熊猫和长颈鹿，你觉得怎么样？", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			toks := text.QueryTokens(tt.query)
			uni, rest := text.SplitUnigrams(toks)
			uw := text.UnigramWeight(len(uni))
			if (uw < 1) != tt.weighted {
				t.Fatalf("%d unigrams: weight %v, want weighted %v", len(uni), uw, tt.weighted)
			}
			err := e.do(ctx, func() error {
				got, err := e.matchTurns("default", toks, "", 50)
				if err != nil {
					return err
				}
				g := byID(got)
				if !tt.weighted {
					once, err := e.matchTurnsOnce("default", toks, "", 50)
					if err != nil {
						return err
					}
					o := byID(once)
					if len(o) != len(g) {
						t.Fatalf("%d hits, want %d as before", len(g), len(o))
					}
					for id, v := range o {
						if g[id] != v {
							t.Fatalf("turn %s: score %v, want %v as before", id, g[id], v)
						}
					}
					return nil
				}
				r, err := e.matchTurnsOnce("default", rest, "", 50)
				if err != nil {
					return err
				}
				u, err := e.matchTurnsOnce("default", uni, "", 50)
				if err != nil {
					return err
				}
				rs, us := byID(r), byID(u)
				for id := range us {
					want := rs[id] + uw*us[id]
					if math.Abs(g[id]-want) > 1e-9 {
						t.Fatalf("turn %s: score %v, want %v + %v × %v", id, g[id], rs[id], uw, us[id])
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}
