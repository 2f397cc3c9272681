package core_test

import (
	"context"
	"testing"

	"github.com/memcore/memcore/core"
)

// A question about one relative finds that relative, not another whose words share a
// suffix character: "我儿子喜欢什么？" ranked "用户的女儿对芒果过敏，吃了会起疹子" above "User's
// son Leo is 9 and obsessed with chess" (a new user's conversation, issue 9), matched by
// the unigrams 儿 (女儿) and 子 (疹子) while the son's English memory is found through the
// lexicon only. 儿 and 子 are the suffixes of 女儿/哪儿/一会儿 and 孩子/妻子/日子/疹子: as
// unigrams they name nothing. Their bigrams (儿子, 女儿, 孩子) still search.
func TestRecall_kinSuffix(t *testing.T) {
	_, ns, _ := cxOpen(t, core.Options{})
	// The memories extraction kept from that conversation, tagged as it tagged them (the
	// tag is searched with the content).
	for _, m := range []struct{ content, tag string }{
		{"User's name is Marco", "name"}, {"用户在一家做医疗器械的公司当产品经理，公司叫康联", "job"},
		{"User's wife Chen Jing is a pediatric nurse", "family"}, {"用户的女儿朵朵今年六岁", "family"},
		{"用户的女儿对芒果过敏，吃了会起疹子", "family"}, {"User's son Leo is 9 and obsessed with chess", "family"},
		{"User and family just moved from Shanghai to Hangzhou last month", "location"},
		{"User has been vegetarian for about five years now", "diet"}, {"用户下周五下午三点带朵朵去看牙医", "event"},
		{"用户每天早上六点起床跑步，大概五公里", "habit"}, {"User uses a MacBook Pro for work", "uses"},
		{"User's team is on Notion", "job"}, {"用户的老婆不吃辣", "family"}, {"User's mom's birthday is on March 3", "family"},
	} {
		if _, err := ns.Remember(context.Background(), core.MemoryInput{Type: "profile", Content: m.content, Tags: []string{"extracted", m.tag}}); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct{ name, query, want string }{
		{"son", "我儿子喜欢什么？", "User's son Leo is 9 and obsessed with chess"},
		{"daughter", "我女儿对什么过敏？", "用户的女儿对芒果过敏，吃了会起疹子"},
		{"daughter_age", "朵朵几岁了？", "用户的女儿朵朵今年六岁"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := recallContents(t, ns, tt.query)
			if len(got) == 0 || got[0] != tt.want {
				t.Fatalf("recall(%q) = %q, want %q first", tt.query, got, tt.want)
			}
		})
	}
}
