package facts

import "testing"

// TestExtract_issue9 runs the messages issue 9 found lost or mangled, and the web demo's
// example buttons (web-demo/app.js EXAMPLES), one at a time: each yields the facts a
// reader would keep, whole, and nothing else.
func TestExtract_issue9(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string // a substring of each fact, in order
	}{
		{"My daughter Lily is allergic to peanuts.", []string{"User's daughter Lily is allergic to peanuts"}},
		{"下周三我要去北京参加设计大会，帮我记一下。", []string{"用户下周三要去北京参加设计大会"}},
		{"我平时用 Figma 做设计，偶尔用 Python 写点脚本。", []string{"Figma", "Python"}},
		{"I prefer small, focused commits.", []string{"User prefers small, focused commits"}},
		{"翻译：我喜欢猫", nil},
		// The web demo's examples.
		{"I prefer Python for scripting.", []string{"User prefers Python for scripting"}},
		{"I'm allergic to peanuts.", []string{"peanuts"}},
		{"Always answer me in short sentences.", []string{"short sentences"}},
		{"My sister Lin lives in Chengdu.", []string{"User's sister Lin lives in Chengdu"}},
		{"What do I like?", nil},
		{"我喜欢用 Python 写脚本", []string{"用户喜欢用 Python 写脚本"}},
		{"我对花生过敏", []string{"花生"}},
		{"我明天要去北京出差", []string{"用户明天要去北京出差"}},
		{"以后请用简短的句子回答我", []string{"简短的句子"}},
		{"我喜欢什么？", nil},
	} {
		checkFacts(t, tc.text, tc.want)
	}
	// checkFacts reads the user's messages; the assistant's report of its own work is no fact.
	text := "Great — the export job is fixed and deployed."
	if got := Extract([]Message{{Role: "assistant", Text: text}}, Options{MinMessages: 1}).Facts; len(got) != 0 {
		t.Errorf("assistant %q: got %+v, want no fact", text, got)
	}
}
