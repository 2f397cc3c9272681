package core_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/memcore/memcore/core"
)

// An about-me question lists a child's allergy, the user's own health and diet, and the
// family before tools, habits and tastes: with more profile memories than the block shows,
// "What do you know about me?" listed "User's team is on Notion" and "User uses a MacBook
// Pro" but not "用户的女儿对芒果过敏" (a new user's conversation, issue 9 item 3), because
// everything after who the user is went newest first.
func TestBuildContext_aboutUserHealthFamilyFirst(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name    string
		content string
		tags    []string
	}{
		{"child_allergy_zh", "用户的女儿对芒果过敏，吃了会起疹子", []string{"extracted", "family"}},
		{"child_allergy_en", "User's daughter Lily is allergic to peanuts", []string{"extracted", "family"}},
		{"own_health", "User has type 1 diabetes", []string{"extracted", "health"}},
		{"diet", "User has been vegetarian for about five years now", []string{"extracted", "diet"}},
		{"spouse", "User's wife Chen Jing is a pediatric nurse", []string{"extracted", "family"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, ns, clock := cxOpen(t, core.Options{})
			if _, err := ns.Remember(ctx, core.MemoryInput{Type: "profile", Content: tc.content, Tags: tc.tags}); err != nil {
				t.Fatal(err)
			}
			// Twelve newer memories of other kinds: more than the block's ten.
			for i, kind := range []string{"uses", "habit", "likes", "uses", "habit", "likes", "uses", "habit", "likes", "uses", "habit", "likes"} {
				clock.Add(time.Second)
				c := fmt.Sprintf("User %s thing number %d", kind, i)
				if _, err := ns.Remember(ctx, core.MemoryInput{Type: "profile", Content: c, Tags: []string{"extracted", kind}}); err != nil {
					t.Fatal(err)
				}
			}
			for _, q := range []string{"What do you know about me?", "你记得我什么？"} {
				r := cxBuild(t, ns, core.BuildContextOptions{SessionID: "s-" + q, BudgetTokens: 4000, Messages: cxChat("user", q)})
				var got []string
				for _, it := range r.RecalledItems {
					got = append(got, it.Text)
				}
				if len(got) == 0 || got[0] != tc.content {
					t.Fatalf("%s: items = %q, want %q first", q, got, tc.content)
				}
			}
		})
	}
}
