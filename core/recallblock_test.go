package core_test

import (
	"context"
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
)

func itemKinds(items []core.RecalledItem) map[string]int {
	m := map[string]int{}
	for _, it := range items {
		m[it.Kind]++
	}
	return m
}

// A fact extraction missed (no memory) is still brought back from the record: the turn
// of the earlier session, marked with its conversation, role and day; the current
// session's own turns are not repeated.
func TestBuildContext_turnFallback(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	if _, err := ns.AppendTurns(ctx, "monday", []core.TurnInput{
		{Role: "user", Content: "Lily is allergic to peanuts, so no satay for her."},
		{Role: "assistant", Content: "Got it."},
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := ns.AppendTurns(ctx, "today", []core.TurnInput{{Role: "user", Content: "Lily loves the park"}}); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name      string
		turns     *bool
		wantTurns int
	}{
		{"default: memories then turns", nil, 1},
		{"recallTurns false: memories only", new(bool), 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := cxBuild(t, ns, core.BuildContextOptions{SessionID: "today", BudgetTokens: 4000, RecallTurns: tt.turns,
				Messages: cxChat("user", "What is Lily allergic to?")})
			// (the assistant's reply to it may follow, found by its reply context)
			if got := itemKinds(r.RecalledItems)[core.RecalledTurn]; min(got, 1) != tt.wantTurns {
				t.Fatalf("recalled turns = %d, want %d: %+v", got, tt.wantTurns, r.RecalledItems)
			}
			if tt.wantTurns == 0 {
				return
			}
			it := r.RecalledItems[0]
			if it.SessionID != "monday" || it.Role != "user" || !strings.Contains(it.Text, "peanuts") {
				t.Fatalf("item = %+v, want monday's user turn about peanuts", it)
			}
			last := cxMsgs(t, r.Messages)
			content := last[len(last)-1]["content"].(string)
			if !strings.Contains(content, "- (conversation monday, user, 2026-03-04) Lily is allergic to peanuts") {
				t.Fatalf("block does not show the turn with its origin: %q", content)
			}
			if strings.Contains(content, "loves the park") {
				t.Fatalf("the current session's own turn was recalled: %q", content)
			}
		})
	}
}

// A turn a shown memory was learned from, or that says what it says, is not repeated.
func TestBuildContext_turnFallbackDeduplicated(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	turns, err := ns.AppendTurns(ctx, "old", []core.TurnInput{
		{Role: "user", Content: "The staging database is pg-staging-2."},
		{Role: "user", Content: "staging database backups run nightly"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ns.Remember(ctx, core.MemoryInput{Type: "fact", Content: "staging database host: pg-staging-2",
		Source: &core.Source{SessionID: "old", TurnIDs: []string{turns[0].ID}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := ns.Remember(ctx, core.MemoryInput{Type: "fact", Content: "staging database backups run nightly"}); err != nil {
		t.Fatal(err)
	}
	r := cxBuild(t, ns, core.BuildContextOptions{SessionID: "new", BudgetTokens: 4000,
		Messages: cxChat("user", "which staging database?")})
	k := itemKinds(r.RecalledItems)
	if k[core.RecalledMemory] != 2 || k[core.RecalledTurn] != 0 {
		t.Fatalf("items = %+v, want the two memories and no turn", r.RecalledItems)
	}
	if len(r.Recalled) != 2 {
		t.Fatalf("recalled ids = %v, want the two memories", r.Recalled)
	}
}

// A question about the user as a whole brings the profile: profile and preference
// memories (most important first), and the USER document when the session's frozen
// snapshot does not hold it — in English and in Chinese.
func TestBuildContext_aboutUser(t *testing.T) {
	ctx := context.Background()
	for _, q := range []string{"What do you remember about me?", "你记得我什么？"} {
		t.Run(q, func(t *testing.T) {
			_, ns, _ := cxOpen(t, core.Options{})
			hi := 0.9
			for _, m := range []core.MemoryInput{
				{Type: "profile", Content: "Name: Sam, a nurse in Leeds", Importance: &hi},
				{Type: "preference", Content: "prefers tea to coffee"},
				{Type: "fact", Content: "the boiler was serviced in May"},
			} {
				if _, err := ns.Remember(ctx, m); err != nil {
					t.Fatal(err)
				}
			}
			// The snapshot is frozen before USER is written: the block brings it.
			cxBuild(t, ns, core.BuildContextOptions{SessionID: "s", BudgetTokens: 4000, Messages: cxChat("user", "hi")})
			if _, err := ns.SetDocument(ctx, "USER", "Sam works night shifts."); err != nil {
				t.Fatal(err)
			}
			r := cxBuild(t, ns, core.BuildContextOptions{SessionID: "s", BudgetTokens: 4000, Messages: cxChat("user", q)})
			k := itemKinds(r.RecalledItems)
			if k[core.RecalledDocument] != 1 || k[core.RecalledMemory] < 2 {
				t.Fatalf("items = %+v, want the USER document and the profile and preference memories", r.RecalledItems)
			}
			if r.RecalledItems[1].Type != "profile" {
				t.Fatalf("first memory = %+v, want the profile (most important)", r.RecalledItems[1])
			}
			for _, it := range r.RecalledItems {
				if strings.Contains(it.Text, "boiler") {
					t.Fatalf("an unrelated fact was recalled for an about-me question: %+v", it)
				}
			}
			// A new session has USER in its snapshot: the block does not repeat it.
			r = cxBuild(t, ns, core.BuildContextOptions{SessionID: "s2", BudgetTokens: 4000, Messages: cxChat("user", q)})
			if k := itemKinds(r.RecalledItems); k[core.RecalledDocument] != 0 || k[core.RecalledMemory] < 2 {
				t.Fatalf("new session items = %+v, want the memories only", r.RecalledItems)
			}
		})
	}
}

// The block never exceeds the memory share of the budget, turns included.
func TestBuildContext_turnFallbackWithinBudget(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	for i := range 5 {
		if _, err := ns.AppendTurns(ctx, "old"+string(rune('a'+i)), []core.TurnInput{
			{Role: "user", Content: strings.Repeat("the kubernetes cluster upgrade plan ", 8)},
		}); err != nil {
			t.Fatal(err)
		}
		if _, err := ns.Remember(ctx, core.MemoryInput{Content: "kubernetes cluster note " + strings.Repeat("detail ", 10) + string(rune('a'+i))}); err != nil {
			t.Fatal(err)
		}
	}
	for _, budget := range []int{200, 400, 800, 4000} {
		r := cxBuild(t, ns, core.BuildContextOptions{SessionID: "now", BudgetTokens: budget,
			Messages: cxChat("user", "kubernetes cluster upgrade?")})
		memCap := int(float64(budget) * r.Report.Shares.Memory)
		if r.Report.Recall+r.Report.Working > memCap {
			t.Fatalf("budget %d: recall %d + working %d tokens > memory share %d", budget, r.Report.Recall, r.Report.Working, memCap)
		}
		if budget == 4000 && itemKinds(r.RecalledItems)[core.RecalledTurn] == 0 {
			t.Fatalf("budget 4000: no turn recalled: %+v", r.RecalledItems)
		}
	}
}

// An about-me question names who the user is first — the name and job extraction found,
// even when the name came as a fact ("User is Marco", tag about) and there are more
// profile memories than the block shows — and leaves facts about others' things out.
func TestBuildContext_aboutUserIdentityFirst(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	r, err := ns.ExtractFacts(ctx, cxChat("user", "Hi! I'm Marco, I work as a night-shift nurse at St. Mary's in Leeds.", "assistant", "Nice to meet you, Marco.",
		"user", "Can you help me plan meals?", "assistant", "Sure, for how many days?", "user", "A week.", "assistant", "Here is a plan."), core.ExtractOptions{Commit: true, SessionID: "old"})
	if err != nil || len(r.Memories) == 0 {
		t.Fatalf("extract: %v, %+v", err, r)
	}
	for _, c := range []string{"User's husband Tom is vegetarian", "User's son Ben just started primary school",
		"用户对海鲜过敏", "User usually goes climbing on Saturdays", "用户在杭州上班", "User likes green tea"} {
		if _, err := ns.Remember(ctx, core.MemoryInput{Type: "profile", Content: c}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := ns.Remember(ctx, core.MemoryInput{Type: "fact", Content: "the boiler was serviced in May"}); err != nil {
		t.Fatal(err)
	}
	b := cxBuild(t, ns, core.BuildContextOptions{SessionID: "s", BudgetTokens: 4000, Messages: cxChat("user", "What do you remember about me?")})
	var got []string
	for _, it := range b.RecalledItems {
		got = append(got, it.Text)
		if strings.Contains(it.Text, "boiler") {
			t.Fatalf("an unrelated fact was recalled: %q", got)
		}
	}
	if len(got) < 2 || !strings.Contains(got[0]+got[1], "Marco") || !strings.Contains(strings.Join(got, "|"), "nurse") {
		t.Fatalf("items = %q, want Marco and the job first", got)
	}
}

// An acknowledgement is found by the words of the turn it answers, and alone it tells
// the model nothing: "(conversation s1, assistant, …) Got it." was shown under the web
// demo's questions once the user's own turn had become a memory. A short answer that
// says something is still brought back.
func TestBuildContext_turnFallbackSkipsAcknowledgements(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	turns, err := ns.AppendTurns(ctx, "old", []core.TurnInput{
		{Role: "user", Content: "I have a dentist appointment next Thursday at 3pm."},
		{Role: "assistant", Content: "Got it."},
		{Role: "user", Content: "What was the cabin wifi password again?"},
		{Role: "assistant", Content: "moss-lantern-42"},
		{Role: "user", Content: "我下周五要去上海见客户。"},
		{Role: "assistant", Content: "好的，记下了。这让我想起："},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{0, 4} {
		if _, err := ns.Remember(ctx, core.MemoryInput{Type: "fact", Content: strings.Replace(turns[i].Content, "I have", "User has", 1),
			Source: &core.Source{SessionID: "old", TurnIDs: []string{turns[i].ID}}}); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name, q, want string
	}{
		{"ack_en", "When is my dentist appointment?", ""},
		{"ack_zh", "我下周五去上海干嘛？", ""},
		{"answer", "cabin wifi password?", "moss-lantern-42"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := cxBuild(t, ns, core.BuildContextOptions{SessionID: "new", BudgetTokens: 4000, Messages: cxChat("user", tc.q)})
			var got []string
			for _, it := range r.RecalledItems {
				if it.Kind == core.RecalledTurn && it.Role == "assistant" {
					got = append(got, it.Text)
				}
			}
			if strings.Join(got, "|") != tc.want {
				t.Fatalf("assistant turns recalled = %q, want %q (items %+v)", got, tc.want, r.RecalledItems)
			}
		})
	}
}

// A reaction or a sign-off says nothing: the ninth new-user pass had "That sounds like a
// busy household." and "lol ok thanks, that's all for now" come back as recalled turns. The
// turn that says something is still recalled.
func TestBuildContext_turnFallbackSkipsChitChat(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	if _, err := ns.AppendTurns(ctx, "old", []core.TurnInput{
		{Role: "user", Content: "We have two kids and a dog, so our household mornings are chaos."},
		{Role: "assistant", Content: "That sounds like a busy household."},
		{Role: "user", Content: "lol ok thanks, that's all for now"},
		{Role: "assistant", Content: "Anytime!"},
	}); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"How busy is our household?", "Thanks, is that all for now?"} {
		r := cxBuild(t, ns, core.BuildContextOptions{SessionID: "new", BudgetTokens: 4000, Messages: cxChat("user", q)})
		var got []string
		for _, it := range r.RecalledItems {
			if it.Kind == core.RecalledTurn {
				got = append(got, it.Text)
			}
		}
		j := strings.Join(got, "|")
		if strings.Contains(j, "sounds like") || strings.Contains(j, "lol ok") {
			t.Errorf("%q: recalled turns %q hold chit-chat", q, got)
		}
		if q == "How busy is our household?" && !strings.Contains(j, "two kids") {
			t.Errorf("%q: recalled turns %q lost the user's turn", q, got)
		}
	}
}
