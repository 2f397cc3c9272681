package facts

import (
	"strings"
	"unicode/utf8"
)

// 还有 is a discourse word ("还有，我对花粉过敏": "also, …") only when a pause or a subject
// follows it; before a count or a classifier it is the verb "there is / (I) also have"
// (tenth round): "我血糖仪用的三诺的，还有个雅培的瞬感贴在胳膊上" (blind3.json) was stripped to
// the fragment "…，个雅培的瞬感贴在胳膊上", and "家里还有…" is read by petZH (claimselfzh.go)
// before this.

// haveOneZH9 reports whether the discourse match t[:end] is a bare 还有 that a count or a
// classifier follows: not to be stripped.
func haveOneZH9(t string, end int) bool {
	if t[:end] != "还有" || end >= len(t) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(t[end:])
	return strings.ContainsRune("个一两二三四五六七八九十几只位件台辆套本部条头匹块张", r)
}
