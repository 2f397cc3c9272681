package text

import (
	"slices"
	"testing"
)

func TestIsCJKUnigram_cases(t *testing.T) {
	for _, tt := range []struct {
		tok  string
		want bool
	}{
		{"猫", true},
		{"か", true},
		{"한", true},
		{"猫狗", false}, // a bigram
		{"a", false},
		{"7", false},
		{"", false},
		{"é", false},
	} {
		if got := IsCJKUnigram(tt.tok); got != tt.want {
			t.Errorf("IsCJKUnigram(%q) = %v, want %v", tt.tok, got, tt.want)
		}
	}
}

func TestSplitUnigrams_cases(t *testing.T) {
	for _, tt := range []struct {
		name            string
		in              []string
		wantUni, wantOt []string
	}{
		{"mixed", []string{"写", "写脚", "脚", "脚本", "python", "本"}, []string{"写", "脚", "本"}, []string{"写脚", "脚本", "python"}},
		{"none", []string{"python", "脚本"}, nil, []string{"python", "脚本"}},
		{"only", []string{"猫"}, []string{"猫"}, nil},
		{"empty", nil, nil, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			uni, rest := SplitUnigrams(tt.in)
			if !slices.Equal(uni, tt.wantUni) || !slices.Equal(rest, tt.wantOt) {
				t.Fatalf("SplitUnigrams(%q) = %q, %q; want %q, %q", tt.in, uni, rest, tt.wantUni, tt.wantOt)
			}
		})
	}
}

func TestUnigramWeight_cases(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want float64
	}{
		{0, 1},
		{1, 1},
		{UnigramBudget, 1},
		{UnigramBudget + 1, float64(UnigramBudget) / float64(UnigramBudget+1)},
		{4 * UnigramBudget, 0.25},
	} {
		if got := UnigramWeight(tt.n); got != tt.want {
			t.Errorf("UnigramWeight(%d) = %v, want %v", tt.n, got, tt.want)
		}
	}
}

// A long Chinese query (a MADial-Bench dialogue line by line) has more unigrams than the
// budget, so they are weighted down; a MemDaily-sized question has fewer, and so has an
// English dialogue, whose only CJK tokens are the lexicon's expansions (喜欢, 朋友, 猫,
// 茶, 岁 …): its search, feedback included, is as before.
func TestUnigramWeight_queries(t *testing.T) {
	for _, tt := range []struct {
		name    string
		query   string
		weighed bool
	}{
		{"question", "我上司的生日是哪天？", false},
		{"english dialogue, its lexicon expansions", "Bart: I like my school and my friend Tom.\nAssistant: Does your mom or dad have a cat or a dog?\nBart: My dad drinks tea every day, and I love my old phone. Tomorrow is my birthday, I was sick yesterday.", false},
		{"dialogue", "我今天在运动会上得了最后一名，感觉好难过。跑步比赛有时候真的很难预测，你尽力了吗？我尽力了，但是还是跑不快，看到别人都在我前面，我就更紧张了。", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			uni, _ := SplitUnigrams(QueryTokens(tt.query))
			if got := UnigramWeight(len(uni)) < 1; got != tt.weighed {
				t.Fatalf("%d unigrams: weighted %v, want %v", len(uni), got, tt.weighed)
			}
		})
	}
}
