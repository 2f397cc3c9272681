package core_test

import (
	"context"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memcore/memcore/core"
)

const day = 24 * time.Hour

func TestConsolidate_decaySweepFoldIndex(t *testing.T) {
	ctx := context.Background()
	e, ns, clk := lcOpen(t, core.Options{})
	imp := func(v float64) *float64 { return &v }
	long := must(ns.Remember(ctx, core.MemoryInput{Type: core.TypeFact, Content: "The user's build server is called hermes", Importance: imp(0.8)}))[0]
	fading := must(ns.Remember(ctx, core.MemoryInput{Type: core.TypeFact, Content: "A passing remark about lunch", Importance: imp(0.15), Tier: core.TierLong}))[0]
	perm := must(ns.Remember(ctx, core.MemoryInput{Type: core.TypePreference, Content: "The user prefers tabs", Importance: imp(0.5)}))[0]
	rule := must(ns.Remember(ctx, core.MemoryInput{Type: core.TypeRule, Content: "Always answer in English", Tier: core.TierLong, Importance: imp(0.5)}))[0]
	exp := clk.now().Add(15 * day)
	short := must(ns.Remember(ctx, core.MemoryInput{Content: "Temporary note", ExpiresAt: &exp}))[0]
	dupA := must(ns.Remember(ctx, core.MemoryInput{Type: core.TypeProfile, Content: "The user works at ACME Corp in Berlin", Importance: imp(0.9)}))[0]
	clk.advance(time.Hour)
	dupB := must(ns.Remember(ctx, core.MemoryInput{Type: core.TypeProfile, Content: "the user works at  acme corp in berlin", Importance: imp(0.6), Subject: "user", Predicate: "employer"}))[0]
	if _, err := ns.SetDocument(ctx, core.DocMemory, "# MEMORY\n\nHand-written line.\n\n## Auto-extracted\n- [profile] Something stale\n"); err != nil {
		t.Fatal(err)
	}
	if _, err := ns.BuildContext(ctx, core.BuildContextOptions{SessionID: "running", Messages: cxChat("user", "hi"), BudgetTokens: 4000}); err != nil {
		t.Fatal(err)
	}
	frozen := must(e.QueryStrings(`SELECT core_snapshot FROM sessions WHERE session_id = 'running'`))

	clk.advance(20 * day) // two thirds of a half-life of long (and before its expiry, at 30 days)
	dry := must(ns.Consolidate(ctx, core.ConsolidateOptions{DryRun: true}))
	if !dry.DryRun || len(dry.Plan) == 0 || dry.Decay.Decayed == 0 {
		t.Fatalf("dry run: %+v", dry)
	}
	if got := must(ns.Get(ctx, long.ID)); got.Importance != 0.8 {
		t.Fatalf("a dry run changed importance: %v", got.Importance)
	}
	if d := must(ns.Document(ctx, core.DocMemory)); !strings.Contains(d.Content, "Something stale") {
		t.Fatal("a dry run changed MEMORY")
	}

	res := must(ns.Consolidate(ctx, core.ConsolidateOptions{}))
	if !slices.Equal(res.Steps, core.ConsolidateSteps) || len(res.Plan) != 0 {
		t.Errorf("steps %v plan %d", res.Steps, len(res.Plan))
	}
	if res.Decay.Decayed != dry.Decay.Decayed || res.Decay.Deleted != dry.Decay.Deleted || res.Fold.Folded != dry.Fold.Folded {
		t.Errorf("the run did not do what the dry run planned: %+v %+v vs %+v %+v", res.Decay, res.Fold, dry.Decay, dry.Fold)
	}
	got := must(ns.Get(ctx, long.ID))
	if want := 0.8 * math.Pow(0.5, 20.0/30); math.Abs(got.Importance-want) > 0.001 || got.Version != 1 {
		t.Errorf("long after 20 days: importance %v version %d, want %.3f and 1", got.Importance, got.Version, want)
	}
	if _, err := ns.Get(ctx, fading.ID); code(err) != core.CodeNotFound {
		t.Errorf("a memory decayed below 0.1 is still there: %v", err)
	}
	if h := must(ns.History(ctx, fading.ID)); h[len(h)-1].Op != "forget" {
		t.Errorf("history of the deleted memory: %+v", h)
	}
	for _, id := range []string{perm.ID, rule.ID} {
		if m := must(ns.Get(ctx, id)); m.Importance != 0.5 {
			t.Errorf("%s (%s) decayed without includePermanent: %v", m.Type, m.Tier, m.Importance)
		}
	}
	// Folded: the newer duplicate stays with the higher importance.
	if m := must(ns.Get(ctx, dupA.ID)); m.SupersededBy != dupB.ID {
		t.Errorf("older duplicate: %+v", m)
	}
	if m := must(ns.Get(ctx, dupB.ID)); m.Importance < 0.89 {
		t.Errorf("kept duplicate importance %v", m.Importance)
	}
	mem := must(ns.Document(ctx, core.DocMemory)).Content
	if !strings.Contains(mem, "Hand-written line.") || strings.Contains(mem, "Something stale") ||
		!strings.Contains(mem, "- [preference] The user prefers tabs") || !strings.Contains(mem, "acme corp") ||
		strings.Contains(mem, "ACME Corp") {
		t.Errorf("MEMORY after consolidate:\n%s", mem)
	}
	user := must(ns.Document(ctx, core.DocUser)).Content
	if !strings.Contains(user, core.UserSection+"\n- employer: the user works at acme corp in berlin") {
		t.Errorf("USER after consolidate:\n%s", user)
	}
	if again := must(e.QueryStrings(`SELECT core_snapshot FROM sessions WHERE session_id = 'running'`)); !slices.Equal(again, frozen) {
		t.Error("consolidate changed a running session's frozen snapshot")
	}
	// The note expired 5 days ago; the sweep waits out the grace period.
	if res.Sweep.Swept != 0 {
		t.Errorf("swept %d within the grace period", res.Sweep.Swept)
	}
	clk.advance(7 * day)
	res = must(ns.Consolidate(ctx, core.ConsolidateOptions{Steps: []string{core.StepExpired}}))
	if res.Sweep.Swept != 1 || !slices.Equal(res.Steps, []string{core.StepExpired}) || res.Decay != nil {
		t.Errorf("sweep: %+v", res)
	}
	if _, err := ns.History(ctx, short.ID); code(err) != core.CodeNotFound {
		t.Errorf("a swept memory keeps its history: %v", err)
	}
	// includePermanent decays permanent memories and rules too; demotion below 0.3.
	clk.advance(250 * day)
	res = must(ns.Consolidate(ctx, core.ConsolidateOptions{Steps: []string{core.StepDecay}, IncludePermanent: true}))
	if m := must(ns.Get(ctx, perm.ID)); m.Tier != core.TierLong || m.Importance >= 0.3 || m.Version != 2 || m.ExpiresAt == nil {
		t.Errorf("permanent after 277 days with includePermanent: %+v", m)
	}
	if res.Decay.Demoted == 0 {
		t.Errorf("decay %+v", res.Decay)
	}
	for _, tc := range []struct {
		o     core.ConsolidateOptions
		field string
	}{
		{core.ConsolidateOptions{Steps: []string{"vacuum"}}, "steps[0]"},
		{core.ConsolidateOptions{GraceDays: new(-1)}, "graceDays"},
	} {
		_, err := ns.Consolidate(ctx, tc.o)
		var me *core.Error
		if code(err) != core.CodeInvalidArgument || !asErr(err, &me) || me.Field != tc.field {
			t.Errorf("%+v: %v", tc.o, err)
		}
	}
}

func TestQuota_errorAndEvict(t *testing.T) {
	ctx := context.Background()
	_, ns, clk := lcOpen(t, core.Options{Quota: &core.Quota{MaxMemories: 3}})
	imp := func(v float64) *float64 { return &v }
	must(ns.Remember(ctx, core.MemoryInput{Content: "one", Importance: imp(0.9)}, core.MemoryInput{Content: "two", Importance: imp(0.2)},
		core.MemoryInput{Content: "three", Importance: imp(0.5), Tier: core.TierPermanent}))
	_, err := ns.Remember(ctx, core.MemoryInput{Content: "four"})
	var me *core.Error
	if code(err) != core.CodeTooLarge || !asErr(err, &me) || me.Field != "quota.maxMemories" {
		t.Fatalf("over the default quota: %v", err)
	}
	if st := must(ns.Stats(ctx)); st.Memories != 3 {
		t.Fatalf("a refused remember wrote: %d memories", st.Memories)
	}
	info := must(ns.SetQuota(ctx, &core.Quota{MaxMemories: 3, OnExceed: core.QuotaEvict}))
	if !info.Own || info.Memories != 3 || info.OnExceed != core.QuotaEvict {
		t.Errorf("quota info %+v", info)
	}
	clk.advance(day)
	r := must(ns.RememberDetailed(ctx, core.MemoryInput{Content: "four"}, core.MemoryInput{Content: "five"}))
	if len(r.Evicted) != 2 {
		t.Fatalf("evicted %v", r.Evicted)
	}
	var left []string
	for _, m := range must(ns.List(ctx, core.ListOptions{})).Memories {
		left = append(left, m.Content)
	}
	slices.Sort(left)
	if !slices.Equal(left, []string{"five", "four", "three"}) {
		t.Errorf("left %v: the permanent one and the new ones must stay", left)
	}
	// Only permanent and new memories left: eviction cannot make room.
	if _, err := ns.Remember(ctx, core.MemoryInput{Content: "six", Tier: core.TierPermanent}, core.MemoryInput{Content: "seven", Tier: core.TierPermanent}, core.MemoryInput{Content: "eight", Tier: core.TierPermanent}, core.MemoryInput{Content: "nine", Tier: core.TierPermanent}); code(err) != core.CodeTooLarge {
		t.Errorf("four permanent memories into a quota of three: %v", err)
	}
	must(ns.SetQuota(ctx, &core.Quota{MaxBytes: 10}))
	if _, err := ns.Remember(ctx, core.MemoryInput{Content: "a long memory that weighs more than ten bytes"}); !asErr(err, &me) || me.Field != "quota.maxBytes" {
		t.Errorf("bytes quota: %v", err)
	}
	must(ns.SetQuota(ctx, nil))
	if info := must(ns.QuotaInfo(ctx)); info.Own || info.MaxMemories != 3 {
		t.Errorf("after removing its own quota: %+v", info)
	}
	if _, err := ns.SetQuota(ctx, &core.Quota{MaxMemories: -1}); !asErr(err, &me) || me.Field != "quota.maxMemories" {
		t.Errorf("negative quota: %v", err)
	}
	if _, err := core.Open(ctx, core.Options{Quota: &core.Quota{OnExceed: "drop"}}); code(err) != core.CodeInvalidArgument {
		t.Errorf("open with a bad quota: %v", err)
	}
}

func TestHistory_compactAndComplete(t *testing.T) {
	ctx := context.Background()
	e, ns, clk := lcOpen(t, core.Options{})
	m := must(ns.Remember(ctx, core.MemoryInput{Content: strings.Repeat("a long text that is not copied again ", 20), Tags: []string{"x"}}))[0]
	if rows := must(e.QueryStrings(`SELECT count(*) FROM memory_history`)); rows[0] != "0" {
		t.Errorf("a creation wrote %s history rows", rows[0])
	}
	clk.advance(time.Minute)
	imp := 0.9
	must(ns.Update(ctx, m.ID, core.MemoryPatch{Importance: &imp}, core.UpdateOptions{}))
	size := must(e.QueryStrings(`SELECT length(coalesce(snapshot, '')) + length(coalesce(before, '')) FROM memory_history`))
	if len(size) != 1 || len(size[0]) > 3 {
		t.Errorf("an importance change stored %v bytes of history", size)
	}
	c := "new text"
	must(ns.Update(ctx, m.ID, core.MemoryPatch{Content: &c}, core.UpdateOptions{}))
	must(ns.Forget(ctx, core.ForgetOptions{ID: m.ID}))
	h := must(ns.History(ctx, m.ID))
	if len(h) != 4 || h[0].Op != "create" || h[0].Memory.Importance != 0.5 || h[1].Memory.Importance != 0.9 ||
		h[1].Memory.Content != m.Content || h[2].Memory.Content != c || h[3].Op != "forget" || h[0].Memory.Version != 1 ||
		!h[0].Memory.UpdatedAt.Equal(m.CreatedAt) || !h[1].At.After(h[0].At) {
		t.Errorf("history %+v", h)
	}
}

func TestEmbeddings_cachedAndBatched(t *testing.T) {
	ctx := context.Background()
	var calls [][]string
	_, ns, _ := lcOpen(t, core.Options{Embed: fakeEmbed(&calls)})
	must(ns.Remember(ctx, core.MemoryInput{Content: "same text"}, core.MemoryInput{Content: "same text"}, core.MemoryInput{Content: "other text"}))
	if len(calls) != 1 || len(calls[0]) != 2 {
		t.Fatalf("embedder calls %q: want one call with the two distinct texts", calls)
	}
	m := must(ns.Remember(ctx, core.MemoryInput{Content: "same text", Key: "k"}))[0]
	imp := 0.7
	must(ns.Update(ctx, m.ID, core.MemoryPatch{Importance: &imp}, core.UpdateOptions{}))
	back := "other text"
	must(ns.Update(ctx, m.ID, core.MemoryPatch{Content: &back}, core.UpdateOptions{}))
	if len(calls) != 1 {
		t.Errorf("known texts were embedded again: %q", calls)
	}
	st := must(ns.Stats(ctx))
	if st.EmbedCalls != 1 || st.EmbedTexts != 2 || st.EmbedCacheHits != 2 || st.Vectors != 4 {
		t.Errorf("stats %+v", st)
	}
	hits := must(ns.Recall(ctx, "other text", core.RecallOptions{Explain: true, Peek: true}))
	if len(hits) == 0 || hits[0].Components.Vector == 0 {
		t.Errorf("a cached vector is not used in recall: %+v", hits)
	}
	// A query that is a memory's text comes from the file's cache; a new one is embedded
	// once, then comes from memory.
	for range 3 {
		must(ns.Recall(ctx, "a brand new question", core.RecallOptions{Peek: true}))
	}
	if len(calls) != 2 || !slices.Equal(calls[1], []string{"a brand new question"}) {
		t.Errorf("embedder calls after recalls: %q", calls)
	}
}

func TestCards_searchedAndInContext(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := lcOpen(t, core.Options{})
	must(ns.Remember(ctx, core.MemoryInput{Content: "Met for coffee last week", Card: &core.Card{
		Person: "Margarethe Quist", Relationship: "former colleague", Backstory: "Worked together on the zeppelin project"}}))
	for _, q := range []string{"Margarethe", "colleague", "zeppelin"} {
		if hits := must(ns.Recall(ctx, q, core.RecallOptions{Peek: true})); len(hits) != 1 {
			t.Errorf("recall %q: %d hits", q, len(hits))
		}
	}
	res := must(ns.BuildContext(ctx, core.BuildContextOptions{SessionID: "s", Messages: cxChat("user", "what do you know about the zeppelin project?"), BudgetTokens: 4000}))
	raw, _ := json.Marshal(res.Messages)
	if !strings.Contains(string(raw), "person: Margarethe Quist; relationship: former colleague; backstory: Worked together on the zeppelin project") {
		t.Errorf("the card is not in the recall block: %s", raw)
	}
}

func TestConsolidate_readOnlyPlans(t *testing.T) {
	ctx := context.Background()
	path := t.TempDir() + "/ro.db"
	e, err := core.Open(ctx, core.Options{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	ns, _ := e.Namespace("default")
	must(ns.Remember(ctx, core.MemoryInput{Content: "same words here"}, core.MemoryInput{Content: "Same words here"}))
	e.Close()
	ro, err := core.Open(ctx, core.Options{Path: path, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	rns, _ := ro.Namespace("default")
	res, err := rns.Consolidate(ctx, core.ConsolidateOptions{DryRun: true})
	if err != nil || res.Fold.Folded != 1 {
		t.Fatalf("dry run on a read-only database: %+v %v", res, err)
	}
	if _, err := rns.Consolidate(ctx, core.ConsolidateOptions{}); code(err) != core.CodeUnsupported {
		t.Errorf("a real run on a read-only database: %v", err)
	}
}
