package core_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/memcore/memcore/core"
)

// The claim (CONTEXT.md "Auto-recall"): the recall block holds at most 500 characters
// of memory and document text and 300 of turn text, a turn cut to 200, whichever path
// filled it — plain recall, the turn fallback, or a question about the user as a whole
// (the USER document and up to 10 profile memories first). RecallBlock tests in
// recallblock_test.go check the token share of the budget; this checks the characters
// on every path, in Chinese and English, with entries longer than the block.

func TestClaimsRecallBlock_charactersOnEveryPath(t *testing.T) {
	ctx := context.Background()
	e := openMem(t, core.Options{})
	ns, _ := e.Namespace("default")
	long := func(s string, n int) string { return strings.Repeat(s, n) }
	var in []core.MemoryInput
	for i := range 14 {
		in = append(in,
			core.MemoryInput{Type: core.TypeProfile, Subject: "user", Predicate: fmt.Sprintf("p%d", i), Content: fmt.Sprintf("User's detail %d: %s", i, long("tea and garden ", 1+i%3*10))},
			core.MemoryInput{Type: core.TypePreference, Content: fmt.Sprintf("用户喜欢喝茶，第%d条：%s", i, long("喜欢在花园里喝绿茶", 1+i%3*15))})
	}
	if _, err := ns.Remember(ctx, in...); err != nil {
		t.Fatal(err)
	}
	// A session frozen before the USER document was written: an about-me question there
	// brings the document into the block (the snapshot lacks it).
	cxBuild(t, ns, core.BuildContextOptions{SessionID: "early", BudgetTokens: 100000, Messages: cxChat("user", "hi")})
	if _, err := ns.SetDocument(ctx, "USER", long("The user gardens and drinks tea. ", 30)); err != nil {
		t.Fatal(err)
	}
	for i := range 6 {
		if _, err := ns.AppendTurns(ctx, fmt.Sprintf("old%d", i), []core.TurnInput{
			{Role: "user", Content: fmt.Sprintf("Tea question %d: %s", i, long("which tea for the garden party? ", 20))},
			{Role: "assistant", Content: long("绿茶适合花园聚会。", 40)}}); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ session, q string }{
		{"now", "what do you know about me?"},
		{"early", "what do you know about me?"},
		{"early", "你记得我什么？"},
		{"now", "which tea for the garden party?"},
		{"now", "花园里喝什么茶"},
	} {
		q := c.q
		t.Run(c.session+" "+q, func(t *testing.T) {
			r := cxBuild(t, ns, core.BuildContextOptions{SessionID: c.session, BudgetTokens: 100000, Messages: cxChat("user", q)})
			var mem, turns int
			kinds := map[string]int{}
			for _, it := range r.RecalledItems {
				n := utf8.RuneCountInString(it.Text)
				kinds[it.Kind]++
				if it.Kind == core.RecalledTurn {
					turns += n
					if n > 200 {
						t.Errorf("a turn of %d characters: %q", n, it.Text)
					}
				} else {
					mem += n
				}
			}
			if mem > 500 || turns > 300 {
				t.Errorf("memory and document text %d characters (≤ 500), turn text %d (≤ 300): %+v", mem, turns, r.RecalledItems)
			}
			if len(r.RecalledItems) < 2 || mem == 0 || c.session == "early" && kinds[core.RecalledDocument] == 0 {
				t.Fatalf("nothing recalled for %q: the check looks at nothing", q)
			}
			t.Logf("%q: %v, %d + %d characters", q, kinds, mem, turns)
		})
	}
}

// The claim (CONTEXT.md "Compaction and trimming"): buildContext does not write turns,
// not even when it compacts the history to fit (compact with a sessionId does: a host
// that wants them stored appends its turns).
func TestClaimsContext_buildContextWritesNoTurns(t *testing.T) {
	ctx := context.Background()
	e := openMem(t, core.Options{})
	ns, _ := e.Namespace("default")
	r := cxBuild(t, ns, core.BuildContextOptions{SessionID: "s1", BudgetTokens: 3000, Messages: longConversation(40)})
	if r.Report.Compaction == nil {
		t.Fatalf("no compaction at this budget: the test does not reach the path (%+v)", r.Report)
	}
	st, err := ns.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if hits, _ := ns.SearchTurns(ctx, "Postgres migration", core.SearchTurnsOptions{}); st.Turns != 0 || len(hits) != 0 {
		t.Errorf("buildContext stored %d turns (%d found)", st.Turns, len(hits))
	}
}
