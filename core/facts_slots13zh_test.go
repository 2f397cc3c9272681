package core_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
)

// TestExtractFacts_round13zhNames: the user's name, told in Chinese over three sessions,
// stays the one live name fact after what the thirteenth round fixed (FACTS.md
// "Thirteenth round, Chinese"): a nickname beside it and "同事都这么叫我" later supersede
// nothing, and a name said again ("我是陈浩") replaces it. Before, "大家都叫我琳琳" and
// "同事都这么叫用户" were `name` facts, and the last of them was the only live name.
func TestExtractFacts_round13zhNames(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		lines []string
		live  string // the content of the live name fact at the end
		gone  string // a content that is no live memory at the end ("" when none)
	}{
		{[]string{"我叫周晓琳，大家都叫我琳琳。", "我的英文名叫Lynn，同事都这么叫我。"}, "用户叫周晓琳", "这么"},
		{[]string{"我叫王芳，朋友都叫我芳芳。"}, "用户叫王芳", ""},
		{[]string{"大家都叫我阿杰。", "我是陈浩。"}, "用户叫陈浩", "用户叫阿杰"},
		{[]string{"我叫李雷。", "我不喜欢别人叫我胖子。"}, "用户叫李雷", "用户叫胖子"},
	} {
		_, ns, _ := cxOpen(t, core.Options{})
		for i, line := range tc.lines {
			_, err := ns.ExtractFacts(ctx, cxChat("user", "hi", "assistant", "你好！", "user", "说个事", "assistant", "好的。", "user", line, "assistant", "记下了。"),
				core.ExtractOptions{Commit: true, SessionID: string(rune('a' + i))})
			if err != nil {
				t.Fatal(err)
			}
		}
		live, err := ns.List(ctx, core.ListOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var names, all []string
		for _, m := range live.Memories {
			all = append(all, m.Content)
			if m.Predicate == "name" {
				names = append(names, m.Content)
			}
		}
		if !slices.Equal(names, []string{tc.live}) {
			t.Errorf("%q: live names %q, want only %q (live: %q)", tc.lines, names, tc.live, all)
		}
		if tc.gone != "" && slices.ContainsFunc(all, func(c string) bool { return strings.Contains(c, tc.gone) }) {
			t.Errorf("%q: a live memory holds %q: %q", tc.lines, tc.gone, all)
		}
	}
}

// TestExtractFacts_round13zhAges: an age corrected in a later session supersedes the older
// one of the same person and no one else's (round13zh_age.go). Before, both ages stayed
// live: "用户的妈不是73，是74" was a `family` fact, a tag.
func TestExtractFacts_round13zhAges(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		old, new string
		same     bool // the new fact supersedes the old
	}{
		{"我妈今年73了。", "其实我妈不是73，是74。", true},
		{"我女儿两岁半。", "我女儿三岁了。", true},
		{"我今年35岁。", "我今年36岁了。", true},
		// Another relative's age, or a fact that says more: both stay.
		{"我妈今年73了。", "我爸今年75了。", false},
		{"我女儿两岁半，小名叫豆豆。", "我女儿三岁了。", false},
	} {
		_, ns, _ := cxOpen(t, core.Options{})
		var ids []string
		for i, line := range []string{tc.old, tc.new} {
			res, err := ns.ExtractFacts(ctx, cxChat("user", "hi", "assistant", "你好！", "user", "说个事", "assistant", "好的。", "user", line, "assistant", "记下了。"),
				core.ExtractOptions{Commit: true, SessionID: string(rune('a' + i))})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Memories) != 1 {
				t.Fatalf("%q stored %d memories: %v", line, len(res.Memories), res.Facts)
			}
			ids = append(ids, res.Memories[0].ID)
		}
		live, err := ns.List(ctx, core.ListOptions{})
		if err != nil {
			t.Fatal(err)
		}
		isLive := func(id string) bool {
			return slices.ContainsFunc(live.Memories, func(l *core.Memory) bool { return l.ID == id })
		}
		if isLive(ids[0]) == tc.same || !isLive(ids[1]) {
			t.Errorf("%q then %q: the older live %v, the newer live %v, want the older live %v", tc.old, tc.new, isLive(ids[0]), isLive(ids[1]), !tc.same)
		}
	}
}
