package core_test

import (
	"context"
	"testing"

	"github.com/memcore/memcore/core"
)

// A query of two questions: the event's long name matches every statement about the
// event, which outrank the one statement answering the other question. Searched as two
// questions (split at the question mark), the height is in the top two; the same
// words as one question (a comma instead) leave the height out.
func TestSearchTurns_clauses(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	for _, text := range []string{
		"我同事身高164厘米。",
		"我表哥的身高是180厘米。",
		"模型艺术盛宴的持续时间是八个周。",
		"模型艺术盛宴的时间是下周一晚上七点。",
		"我将要参加模型艺术盛宴。",
		"模型艺术盛宴的地点是广东深圳。",
		"模型艺术盛宴的规模是五百人。",
		"今天的天气真不错。",
		"我妈妈在上海工作。",
		"我上司的名字叫陈志宏。",
		"我用的手机是华为Mate60。",
		"我表姐今年48岁了。",
		"我家用的空调是格力的。",
		"我住的那个小区叫世纪花园。",
		"我舅舅特喜欢听音乐会。",
		"我婶婶的电话号码是15346637805。",
		"周末去爬山了，风景很好。",
		"晚饭吃了饺子。",
		"我爸爸是个厨师。",
		"我参观的是一家口腔医院。",
	} {
		if _, err := ns.AppendTurns(ctx, "s", []core.TurnInput{{Role: "user", Content: text}}); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		name, query string
		wantHeight  bool
	}{
		{"two questions", "我同事有多高来着？另外，模型艺术盛宴的时间是什么？", true},
		{"one question", "我同事有多高来着，模型艺术盛宴的时间是什么？", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			hits, err := ns.SearchTurns(ctx, tt.query, core.SearchTurnsOptions{Limit: 2})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]bool{}
			for i, h := range hits {
				got[h.Turn.Content] = true
				if i > 0 && h.Score > hits[i-1].Score {
					t.Errorf("hit %d scores %v above hit %d's %v", i, h.Score, i-1, hits[i-1].Score)
				}
			}
			if len(hits) != 2 {
				t.Fatalf("%d hits, want 2", len(hits))
			}
			if got["我同事身高164厘米。"] != tt.wantHeight {
				t.Errorf("hits %+v: the colleague's height found = %v, want %v", hits, !tt.wantHeight, tt.wantHeight)
			}
		})
	}
}
