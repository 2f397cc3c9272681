package text

import (
	"strings"
	"testing"
)

func TestEstimateTokens_bounds(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		min, max int
	}{
		{"empty", "", 0, 0},
		{"whitespace is free", " \t\n\r ", 0, 0},
		{"one short word", "hi", 1, 1},
		{"english 10 words", "The user prefers dark mode when writing code at night.", 10, 16},
		{"english paragraph", strings.Repeat("Remember that the deploy script needs the staging credentials. ", 10), 110, 180},
		{"20 han", "用户喜欢用脚本处理数据并且每天早上检查日志", 15, 30},
		{"kana", "コーヒーがすきです", 7, 12},
		{"hangul", "안녕하세요세계", 5, 10},
		{"digits by threes", "1234567", 3, 3},
		{"phone number", "+1 (555) 123-4567", 7, 10},
		{"punctuation", "!?.,;", 5, 5},
		{"emoji", "🚀🚀", 2, 6},
		{"mixed", "我用VS Code写go代码", 8, 14},
		{"cyrillic costs more than latin", "привет", 2, 4},
		{"invalid bytes", "\xff\xfe", 2, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := EstimateTokens(tt.in)
			if got < tt.min || got > tt.max {
				t.Errorf("EstimateTokens(%q) = %d, want in [%d, %d]", tt.in, got, tt.min, tt.max)
			}
		})
	}
}

func TestEstimateTokens_additive(t *testing.T) {
	a, b := "first part of a note.", "第二部分"
	if got, want := EstimateTokens(a+" "+b), EstimateTokens(a)+EstimateTokens(b); got != want {
		t.Errorf("estimate of space-joined parts = %d, want sum %d", got, want)
	}
}
