package facts

import (
	"os"
	"testing"
)

// The generated weights are what train-claims makes of the labelled sets today: a change
// of the sets, the features or the training that is not followed by `go generate` fails.
func TestClaimModel_weightsUpToDate(t *testing.T) {
	cases, err := LoadTrainCases("testdata")
	if err != nil {
		t.Fatal(err)
	}
	want := claimModelSource(trainClaimModel(claimExamples(cases)), len(cases))
	got, err := os.ReadFile("claimmodel_weights.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Fatal("claimmodel_weights.go is stale: run `go generate ./core/internal/facts` (or `go run ./cmd/memcore train-claims`)")
	}
}

func TestClaimModel_score(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		over       bool // scored at or over the fallback's threshold
	}{
		{"device zh", "主力机是 MacBook Air M2", true},
		{"job zh", "一直在一家物流公司管仓库", true},
		{"weather zh", "今天天气不错", false},
		{"thanks", "thanks, that helps", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, b := activeModel.score(tc.text), activeModel.score(tc.text)
			if a != b || a < 0 || a > 1 {
				t.Fatalf("score %v then %v", a, b)
			}
			if (a >= cmBareAbove) != tc.over {
				t.Fatalf("score %.3f, want over %.2f: %v", a, cmBareAbove, tc.over)
			}
		})
	}
}

func TestBareRewrite_case(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"zh", "日常用 Notion 做 planning", "用户日常用 Notion 做 planning"},
		{"zh lead punctuation", "🎉 在一家物流公司管仓库", "用户在一家物流公司管仓库"},
		{"zh to the assistant", "你帮我看看这个", ""},
		{"zh someone else", "她在医院上班", ""},
		{"zh question", "这个能吃吗", ""},
		{"en fragment", "coeliac, so strictly gluten-free please", "User: coeliac, so strictly gluten-free please"},
		{"en with a verb", "mostly remote, in the office on Tuesdays", "User: mostly remote, in the office on Tuesdays"},
		{"en subject of its own", "Over here it's raining", ""},
		{"en topic", "sunsets over the ocean", ""},
		{"en talk", "thanks a lot, that works", ""},
		{"en question", "any tips for sleeping better?", ""},
		{"one word", "Vegan", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := bareRewrite(tc.in); got != tc.want {
				t.Fatalf("bareRewrite(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// A clause with no subject that no rule reads becomes a fact keeping the whole clause;
// chit-chat, questions and requests stay nothing.
func TestExtract_bareFallback(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"device", "主力机是 MacBook Air M2", "用户主力机是 MacBook Air M2"},
		{"work", "mostly remote, in the office on Tuesdays", "User: mostly remote, in the office on Tuesdays"},
		{"weather", "今天天气不错", ""},
		{"question", "晚上吃什么好？", ""},
		{"request", "帮我写一首关于秋天的诗", ""},
		{"thanks", "thanks, that helps", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := Extract([]Message{{Role: "user", Text: tc.in}}, Options{MinMessages: 1}).Facts
			switch {
			case tc.want == "" && len(fs) != 0:
				t.Fatalf("%q gave %v, want nothing", tc.in, fs)
			case tc.want != "" && (len(fs) != 1 || fs[0].Content != tc.want):
				t.Fatalf("%q gave %v, want %q", tc.in, fs, tc.want)
			}
		})
	}
}
