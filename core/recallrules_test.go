package core_test

import (
	"context"
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
)

// A question about the standing rules the user gave ("What should you never do?", "我给你
// 定过什么规矩？") brings every rule, whatever its words and language: asked "What should you
// never do?", a new user's agent got "Please never schedule anything for me on Sunday
// mornings" but not "以后回答我的时候尽量简短一点，别写太长" (issue 9 item 3). Other questions
// keep the plain recall.
func TestBuildContext_rulesQuestion(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	for _, m := range []core.MemoryInput{
		{Type: "rule", Content: "Please never schedule anything for me on Sunday mornings — that's family time."},
		{Type: "rule", Content: "以后回答我的时候尽量简短一点，别写太长。"},
		{Type: "profile", Content: "User's name is Marco"},
		{Type: "fact", Content: "User is flying to Tokyo on December 20"},
	} {
		if _, err := ns.Remember(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name, q string
		rules   int
	}{
		{"en_never", "What should you never do?", 2},
		{"en_rules", "What are my rules for you?", 2},
		{"en_told", "Remind me what I told you to always do.", 2},
		{"zh_rules", "我给你定过什么规矩？", 2},
		{"zh_heed", "你应该注意什么？", 2},
		{"zh_requests", "我对你有什么要求？", 2},
		{"other_en", "When is my trip?", 0},
		{"other_zh", "我叫什么名字？", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := cxBuild(t, ns, core.BuildContextOptions{SessionID: "s-" + tc.name, BudgetTokens: 4000, Messages: cxChat("user", tc.q)})
			var rules []string
			for _, it := range r.RecalledItems {
				if it.Type == "rule" {
					rules = append(rules, it.Text)
				}
			}
			if len(rules) != tc.rules {
				t.Fatalf("%q: rules recalled = %q, want %d (items %+v)", tc.q, rules, tc.rules, r.RecalledItems)
			}
			if tc.rules > 0 && !strings.Contains(strings.Join(rules, "|"), "简短") {
				t.Fatalf("%q: the Chinese rule is missing: %q", tc.q, rules)
			}
		})
	}
}
