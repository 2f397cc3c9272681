package core_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
)

// BenchmarkRecall_location: recall of a question about where the user lives (which also
// searches the words location memories are written with and ~190 place names,
// text/location.go) beside a plain question, on 5,000 memories in English and Chinese
// whose words include those terms at everyday rates (a memory in ten names a place, "from"
// and "live" are common words). docs/BENCHMARKS.md, "Location questions".
//
//	go test ./core -run XXX -bench Recall_location -benchtime 300x
func BenchmarkRecall_location(b *testing.B) {
	rng := rand.New(rand.NewPCG(9, 10))
	en := strings.Fields("user likes coffee tea hiking running work project meeting team friend family " +
		"dog cat book movie music guitar piano cooking dinner lunch breakfast weekend trip travel " +
		"flight hotel beach mountain code python golang rust bug deploy server database review " +
		"manager nurse teacher doctor school kids daughter son wife husband birthday gift from live " +
		"city moved based office home garden car bike train bus weather rain snow summer winter")
	places := strings.Fields("boston chicago seattle portland denver london paris berlin tokyo toronto sydney austin")
	zh := []string{"用户", "喜欢", "咖啡", "工作", "项目", "周末", "跑步", "孩子", "女儿", "学校", "医生", "护士",
		"住在", "来自", "北京", "上海", "杭州", "成都", "猫", "狗", "音乐", "电影", "旅行", "朋友", "家人"}
	e := openMem(b, core.Options{})
	for i := 0; i < 5000; i += 1000 {
		var mems []map[string]any
		for j := range 1000 {
			var w []string
			if (i+j)%3 == 0 {
				for range 6 + rng.IntN(10) {
					w = append(w, zh[rng.IntN(len(zh))])
				}
				mems = append(mems, map[string]any{"content": strings.Join(w, "")})
				continue
			}
			for range 6 + rng.IntN(14) {
				w = append(w, en[rng.IntN(len(en))])
			}
			if rng.IntN(10) == 0 {
				w = append(w, "in", places[rng.IntN(len(places))])
			}
			mems = append(mems, map[string]any{"content": strings.Join(w, " ")})
		}
		args, _ := json.Marshal(map[string]any{"memories": mems})
		if resp := e.Call(context.Background(), []byte(`{"v":1,"op":"remember","args":`+string(args)+`}`)); !containsOK(resp) {
			b.Fatalf("%.200s", resp)
		}
	}
	for _, q := range []struct{ name, query string }{
		{"en/plain", "what kind of coffee do I like"},
		{"en/location", "where do I live"},
		{"zh/plain", "我喜欢喝什么咖啡"},
		{"zh/location", "我住哪"},
	} {
		req := []byte(fmt.Sprintf(`{"v":1,"op":"recall","args":{"query":%q,"peek":true}}`, q.query))
		b.Run(q.name, func(b *testing.B) {
			start := cpuTime()
			for b.Loop() {
				if resp := e.Call(context.Background(), req); !containsOK(resp) {
					b.Fatalf("%.200s", resp)
				}
			}
			b.ReportMetric(float64(cpuTime()-start)/1e6/float64(b.N), "cpu-ms/op")
		})
	}
}
