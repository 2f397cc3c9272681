package text

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestQueryTokens_cases(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"empty", "", nil},
		{"dedup keeps first order", "go rust go zig rust", []string{"go", "rust", "zig"}},
		{"stopwords dropped", "What did I say about the Python scripts?", []string{"say", "python", "scripts"}},
		{"negation kept", "does the user not like tea", []string{"user", "not", "like", "tea",
			"喜欢", "爱好", "喜爱", "兴趣", "热爱", "爱吃", "爱", "茶"}},
		{"all stopwords kept deduplicated", "the who the", []string{"the", "who"}},
		{"chinese stopwords and glue bigrams dropped", "我在学校", []string{"学", "学校", "校",
			"学历", "教育", "育背", "背景", "毕业", "读的", "的是", "念到", "上的", "本科", "专科", "硕士", "博士", "高中", "大学",
			"education", "degree", "school", "graduated", "university", "college"}},
		{"chinese negation kept", "我不去", []string{"不", "不去", "去"}},
		{"japanese particles dropped", "猫が好き", []string{"猫", "猫が", "が好", "好", "好き", "き", "cat", "cats"}},
		{"no lexicon word", "Python 脚本", []string{"python", "脚", "脚本", "本"}},
		{"cjk dedup", "脚本 脚本", []string{"脚", "脚本", "本"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := QueryTokens(tt.in)
			if !slices.Equal(got, tt.want) {
				t.Errorf("QueryTokens(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
			checkQueryTokens(t, tt.in, got)
		})
	}
}

func TestQueryTokens_cap(t *testing.T) {
	var words, stops []string
	for i := range 300 {
		words = append(words, fmt.Sprintf("w%03d", i))
	}
	for range 100 {
		stops = append(stops, "the", "of")
	}
	tests := []struct {
		name, in string
		want     []string
	}{
		{"first MaxQueryTokens kept", strings.Join(words, " "), words[:MaxQueryTokens]},
		{"many duplicates below cap", strings.Repeat("alpha beta ", 500), []string{"alpha", "beta"}},
		{"stopwords do not count", strings.Join(stops, " ") + " " + strings.Join(words, " "), words[:MaxQueryTokens]},
		{"all-stopword fallback capped", "the of", []string{"the", "of"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := QueryTokens(tt.in)
			if !slices.Equal(got, tt.want) {
				t.Errorf("QueryTokens: got %d %q\nwant %d %q", len(got), got, len(tt.want), tt.want)
			}
		})
	}
}

func TestIsStopword_cases(t *testing.T) {
	tests := []struct {
		tok  string
		want bool
	}{
		{"the", true}, {"what", true}, {"did", true}, {"who", true}, {"ll", true},
		{"not", false}, {"no", false}, {"never", false}, {"only", false},
		{"python", false}, {"The", false}, // callers pass normalized tokens
		{"的", true}, {"什么", true}, {"一", true}, {"不", false}, {"没", false}, {"喜欢", false},
		{"の", true}, {"です", true}, {"는", true}, {"", false},
	}
	for _, tt := range tests {
		t.Run(tt.tok, func(t *testing.T) {
			if got := IsStopword(tt.tok); got != tt.want {
				t.Errorf("IsStopword(%q) = %v, want %v", tt.tok, got, tt.want)
			}
		})
	}
}

// TestIsStopword_listIsNormalized guards the list itself: an entry that is not a
// normalized token could never match.
func TestIsStopword_listIsNormalized(t *testing.T) {
	for w := range stopwords {
		if Normalize(w) != w {
			t.Errorf("stopword %q is not normalized", w)
		}
		if toks := Tokens(w); len([]rune(w)) >= 2 && !slices.Contains(toks, w) {
			t.Errorf("stopword %q is not a token of itself: %q", w, toks)
		}
	}
}
