package text

import "unicode/utf8"

// cjkGlue are the CJK function characters that join the words of a question ("我上司的
// 生日是哪天": 的, 是, 哪): a bigram holding one spans two words ("司的", "日是") and
// matches statements by their grammar, not their subject, so queries drop such bigrams.
// The characters are the unigram stopwords of stopwords.go plus colloquial particles of
// questions (呀 啥 嘛 哦 着).
var cjkGlue = func() map[rune]bool {
	m := map[rune]bool{}
	for _, r := range "的了是在我你他她它们吗呢吧啊和与也都就这那有个么什怎哪谁呀啥嘛哦着" {
		m[r] = true
	}
	return m
}()

// dropGlueBigrams removes from query tokens the CJK bigrams that contain a glue
// character (see cjkGlue); it returns toks itself when that would leave nothing.
// Measured in docs/EVAL.md: +0.025 R@5 on memdaily-dev, English unchanged.
func dropGlueBigrams(toks []string) []string {
	out := make([]string, 0, len(toks))
	for _, t := range toks {
		if isGlueBigram(t) {
			continue
		}
		out = append(out, t)
	}
	if len(out) == 0 {
		return toks
	}
	return out
}

func isGlueBigram(t string) bool {
	r1, n := utf8.DecodeRuneInString(t)
	if n == len(t) || !isCJK(r1) {
		return false
	}
	r2, m := utf8.DecodeRuneInString(t[n:])
	if n+m != len(t) {
		return false // a character with combining marks, or longer: not a plain bigram
	}
	return cjkGlue[r1] || cjkGlue[r2]
}
