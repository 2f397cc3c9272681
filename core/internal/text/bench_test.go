package text

import (
	"strings"
	"testing"
)

// mixedText is about 300 characters of the English, Chinese and identifier mix an agent
// stores.
var mixedText = func() string {
	s := "The user prefers dark mode and writes deploy scripts in Python; " +
		"用户喜欢用Python写脚本，每天早上检查日志。Config lives in ~/.config/memcore/settings.toml, " +
		"see read-only flag MAX_RETRY_COUNT=3 and getUserName(). 我用VS Code写go代码，" +
		"コーヒーが好きです。Meeting moved to 2024-06-15 at 10:30 with Alice & Bob (team sync)."
	for len([]rune(s)) < 300 {
		s += " more notes about the project roadmap"
	}
	return s
}()

func BenchmarkTokens(b *testing.B) {
	b.SetBytes(int64(len(mixedText)))
	b.ReportAllocs()
	for b.Loop() {
		_ = Tokens(mixedText)
	}
}

func BenchmarkAppendTokens_reuse(b *testing.B) {
	s := strings.ToLower(mixedText)
	buf := make([]string, 0, 256)
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		buf = AppendTokens(buf[:0], s)
	}
}

func BenchmarkTokens_ascii(b *testing.B) {
	s := strings.Repeat("the user prefers dark mode and writes deploy scripts ", 6)
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		_ = Tokens(s)
	}
}

func BenchmarkQueryTokens(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = QueryTokens("What did the user say about Python 脚本 last week?")
	}
}

func BenchmarkEstimateTokens(b *testing.B) {
	b.SetBytes(int64(len(mixedText)))
	b.ReportAllocs()
	for b.Loop() {
		_ = EstimateTokens(mixedText)
	}
}
