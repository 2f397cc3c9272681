package text

import (
	"slices"
	"testing"
)

func TestFeedbackTerms_cases(t *testing.T) {
	tests := []struct {
		name  string
		docs  []string
		query []string
		max   int
		want  []string // exactly, in order
	}{
		{"the hit's subject, not the query's words nor glue",
			[]string{"我婶婶的电话是153"}, QueryTokens("电话是153的人身高多少"), 0,
			[]string{"婶", "婶婶"}},
		{"two docs, first one's terms first, no repeats",
			[]string{"LG冰箱", "冰箱很好"}, []string{"喜欢"}, 0,
			[]string{"lg", "冰", "冰箱", "箱", "箱很", "很", "很好", "好"}},
		{"english: stopwords dropped", []string{"She adopted a puppy named Max"}, []string{"pet"}, 0,
			[]string{"adopted", "puppy", "named", "max"}},
		{"capped", []string{"alpha beta gamma delta"}, nil, 2, []string{"alpha", "beta"}},
		{"nothing new", []string{"电话"}, []string{"电", "电话", "话"}, 0, nil},
		{"no docs", nil, []string{"x"}, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := FeedbackTerms(tt.docs, tt.query, tt.max)
			if !slices.Equal(got, tt.want) {
				t.Errorf("FeedbackTerms(%q, %q) = %q, want %q", tt.docs, tt.query, got, tt.want)
			}
		})
	}
	long := ""
	for range 100 {
		long += "词语"
	}
	if got := FeedbackTerms([]string{long + "甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥天地玄黄宇宙洪荒日月盈昃"}, nil, 0); len(got) > MaxFeedbackTerms {
		t.Errorf("%d terms, want at most MaxFeedbackTerms", len(got))
	}
}

func TestExpandUnits_cases(t *testing.T) {
	tests := []struct {
		name, query string
		want, not   []string
	}{
		{"latin unit finds the number and the chinese unit", "那个身高161cm的人在哪工作", []string{"161", "厘米", "公分"}, nil},
		{"chinese unit finds the latin form", "我同事身高161厘米吗", []string{"161cm"}, nil},
		{"kilograms", "体重60公斤", []string{"60kg"}, []string{"60cm"}},
		{"an unknown unit is left alone", "买了3ghz的电脑", nil, []string{"3"}},
		{"a unit word without a number adds nothing", "多少厘米", nil, []string{"cm"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := QueryTokens(tt.query)
			for _, w := range tt.want {
				if !slices.Contains(got, w) {
					t.Errorf("QueryTokens(%q) = %q, missing %q", tt.query, got, w)
				}
			}
			for _, w := range tt.not {
				if slices.Contains(got, w) {
					t.Errorf("QueryTokens(%q) = %q, should not hold %q", tt.query, got, w)
				}
			}
			checkQueryTokens(t, tt.query, got)
		})
	}
}

func TestHasCJK_cases(t *testing.T) {
	for _, tt := range []struct {
		toks []string
		want bool
	}{
		{[]string{"nightly", "backup"}, false},
		{[]string{"lg", "冰箱"}, true},
		{[]string{"すし"}, true},
		{nil, false},
	} {
		if got := HasCJK(tt.toks); got != tt.want {
			t.Errorf("HasCJK(%q) = %v, want %v", tt.toks, got, tt.want)
		}
	}
}
