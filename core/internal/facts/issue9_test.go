package facts

import (
	"strings"
	"testing"
)

// TestExtract_issue9 runs the messages issue 9 found lost or mangled, and the web demo's
// example buttons (web-demo/app.js EXAMPLES), one at a time: each yields the facts a
// reader would keep, whole, and nothing else.
func TestExtract_issue9(t *testing.T) {
	for _, tc := range []struct {
		role, text string
		want       []string // a substring of each fact, in order
	}{
		{"user", "My daughter Lily is allergic to peanuts.", []string{"User's daughter Lily is allergic to peanuts"}},
		{"user", "下周三我要去北京参加设计大会，帮我记一下。", []string{"用户下周三要去北京参加设计大会"}},
		{"user", "我平时用 Figma 做设计，偶尔用 Python 写点脚本。", []string{"Figma", "Python"}},
		{"user", "I prefer small, focused commits.", []string{"User prefers small, focused commits"}},
		{"assistant", "Great — the export job is fixed and deployed.", nil},
		{"user", "翻译：我喜欢猫", nil},
		// The web demo's examples.
		{"user", "I prefer Python for scripting.", []string{"User prefers Python for scripting"}},
		{"user", "I'm allergic to peanuts.", []string{"peanuts"}},
		{"user", "Always answer me in short sentences.", []string{"short sentences"}},
		{"user", "My sister Lin lives in Chengdu.", []string{"User's sister Lin lives in Chengdu"}},
		{"user", "What do I like?", nil},
		{"user", "我喜欢用 Python 写脚本", []string{"用户喜欢用 Python 写脚本"}},
		{"user", "我对花生过敏", []string{"花生"}},
		{"user", "我明天要去北京出差", []string{"用户明天要去北京出差"}},
		{"user", "以后请用简短的句子回答我", []string{"简短的句子"}},
		{"user", "我喜欢什么？", nil},
	} {
		got := Extract([]Message{{Role: tc.role, Text: tc.text}}, Options{MinMessages: 1}).Facts
		ok := len(got) == len(tc.want)
		for i := 0; ok && i < len(got); i++ {
			ok = strings.Contains(got[i].Content, tc.want[i])
		}
		if !ok {
			t.Errorf("%s %q: got %+v, want %q", tc.role, tc.text, got, tc.want)
		}
	}
}
