package core_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/memcore/memcore/core"
)

// lcClock is a settable clock.
type lcClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *lcClock) now() time.Time          { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *lcClock) advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

func lcOpen(t *testing.T, o core.Options) (*core.Engine, *core.Namespace, *lcClock) {
	t.Helper()
	clk := &lcClock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}
	if o.Clock == nil {
		o.Clock = clk.now
	}
	e := openMem(t, o)
	ns, _ := e.Namespace("default")
	return e, ns, clk
}

// must returns v, panicking (which fails the test) on err.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestRemember_keyUpserts(t *testing.T) {
	ctx := context.Background()
	e, ns, _ := lcOpen(t, core.Options{})
	a := must(ns.RememberDetailed(ctx, core.MemoryInput{Key: "user.diet", Content: "vegetarian", Tags: []string{"food"}}))
	if len(a.Upserted) != 0 || a.Memories[0].Key != "user.diet" {
		t.Fatalf("create: %+v", a)
	}
	id := a.Memories[0].ID
	b := must(ns.RememberDetailed(ctx, core.MemoryInput{Key: "user.diet", Content: "vegan"}))
	if b.Memories[0].ID != id || b.Memories[0].Version != 2 || b.Memories[0].Content != "vegan" || !slices.Equal(b.Upserted, []string{id}) {
		t.Fatalf("upsert: %+v", b.Memories[0])
	}
	if !slices.Equal(b.Memories[0].Tags, []string{"food"}) {
		t.Errorf("an upsert that sets no tags changed them: %v", b.Memories[0].Tags)
	}
	_, err := ns.Remember(ctx, core.MemoryInput{Key: "user.diet", Content: "pescatarian", ExpectVersion: 1})
	if code(err) != core.CodeConflict || !strings.Contains(err.Error(), "version 2") {
		t.Fatalf("stale expectVersion: %v", err)
	}
	if _, err := ns.Remember(ctx, core.MemoryInput{Key: "user.diet", Content: "pescatarian", ExpectVersion: 2}); err != nil {
		t.Fatal(err)
	}
	if _, err := ns.Remember(ctx, core.MemoryInput{Key: "nobody", Content: "x", ExpectVersion: 1}); code(err) != core.CodeConflict {
		t.Errorf("expectVersion of an unknown key: %v", err)
	}
	h := must(ns.History(ctx, id))
	var contents []string
	for _, e := range h {
		contents = append(contents, fmt.Sprintf("%d:%s:%s", e.Version, e.Op, e.Memory.Content))
	}
	if want := []string{"1:create:vegetarian", "2:update:vegan", "3:update:pescatarian"}; !slices.Equal(contents, want) {
		t.Errorf("history %q, want %q", contents, want)
	}
	// Another namespace has its own keys.
	other, _ := e.Namespace("other")
	o := must(other.Remember(ctx, core.MemoryInput{Key: "user.diet", Content: "omnivore"}))
	if o[0].ID == id {
		t.Error("a key crossed namespaces")
	}
	// A key taken by another memory is a conflict on update.
	c := must(ns.Remember(ctx, core.MemoryInput{Content: "no key yet"}))
	k := "user.diet"
	if _, err := ns.Update(ctx, c[0].ID, core.MemoryPatch{Key: &k}, core.UpdateOptions{}); code(err) != core.CodeConflict {
		t.Errorf("update to a taken key: %v", err)
	}
	for _, tc := range []struct {
		in    core.MemoryInput
		code  core.Code
		field string
	}{
		{core.MemoryInput{Content: "x", Key: strings.Repeat("k", 257)}, core.CodeTooLarge, "memories[0].key"},
		{core.MemoryInput{Content: "x", Key: "a\nb"}, core.CodeInvalidArgument, "memories[0].key"},
		{core.MemoryInput{Content: "x", ExpectVersion: 2}, core.CodeInvalidArgument, "memories[0].expectVersion"},
		{core.MemoryInput{Content: "x", Key: "k", Strategy: "replace"}, core.CodeInvalidArgument, "memories[0].strategy"},
		{core.MemoryInput{Content: "x", Metadata: json.RawMessage(`[1]`)}, core.CodeInvalidArgument, "memories[0].metadata"},
		{core.MemoryInput{Content: "x", Metadata: json.RawMessage(`{"a":"` + strings.Repeat("x", 8200) + `"}`)}, core.CodeTooLarge, "memories[0].metadata"},
	} {
		_, err := ns.Remember(ctx, tc.in)
		var me *core.Error
		if code(err) != tc.code || !asErr(err, &me) || me.Field != tc.field {
			t.Errorf("%+v: %v, want %s on %s", tc.in.Key, err, tc.code, tc.field)
		}
	}
}

func asErr(err error, me **core.Error) bool {
	e, ok := err.(*core.Error)
	*me = e
	return ok
}

func TestMetadata_filters(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := lcOpen(t, core.Options{})
	must(ns.Remember(ctx,
		core.MemoryInput{Content: "alpha project kickoff notes", Metadata: json.RawMessage(`{"project":"alpha","n":1,"ok":true}`)},
		core.MemoryInput{Content: "beta project kickoff notes", Metadata: json.RawMessage(`{"project":"beta","n":2}`)},
		core.MemoryInput{Content: "unlabelled project kickoff notes"}))
	for _, tc := range []struct {
		meta string
		want int
	}{
		{`{"project":"alpha"}`, 1}, {`{"project":"beta","n":2}`, 1}, {`{"project":"beta","n":1}`, 0},
		{`{"n":1}`, 1}, {`{"n":"1"}`, 0}, {`{"ok":1}`, 0}, {`{"ok":true}`, 1}, {`{}`, 3},
	} {
		l := must(ns.List(ctx, core.ListOptions{Filter: core.Filter{Metadata: json.RawMessage(tc.meta)}}))
		h := must(ns.Recall(ctx, "kickoff", core.RecallOptions{Metadata: json.RawMessage(tc.meta), Peek: true}))
		if len(l.Memories) != tc.want || len(h) != tc.want {
			t.Errorf("metadata %s: list %d, recall %d, want %d", tc.meta, len(l.Memories), len(h), tc.want)
		}
	}
	r := must(ns.Forget(ctx, core.ForgetOptions{Filter: &core.Filter{Metadata: json.RawMessage(`{"project":"beta"}`)}}))
	if r.Forgotten != 1 {
		t.Errorf("forget by metadata: %+v", r)
	}
	m := must(ns.List(ctx, core.ListOptions{Filter: core.Filter{Metadata: json.RawMessage(`{"project":"alpha"}`)}}))
	s := "merged"
	u := must(ns.UpdateDetailed(ctx, m.Memories[0].ID, core.MemoryPatch{Metadata: json.RawMessage(`{"n":5,"extra":"` + s + `"}`)},
		core.UpdateOptions{Strategy: core.StrategyMerge}))
	if string(u.Memory.Metadata) != `{"extra":"merged","n":5,"ok":true,"project":"alpha"}` {
		t.Errorf("merged metadata %s", u.Memory.Metadata)
	}
}

func TestSupersede_subjectPredicate(t *testing.T) {
	ctx := context.Background()
	_, ns, clk := lcOpen(t, core.Options{})
	berlin := must(ns.Remember(ctx, core.MemoryInput{Type: core.TypeProfile, Content: "The user lives in Berlin", Subject: "user", Predicate: "location"}))[0]
	clk.advance(time.Hour)
	r := must(ns.RememberDetailed(ctx, core.MemoryInput{Type: core.TypeProfile, Content: "The user moved to Lisbon", Subject: "User", Predicate: "location"}))
	lisbon := r.Memories[0]
	if !slices.Equal(r.Superseded, []core.Supersession{{ID: berlin.ID, By: lisbon.ID}}) {
		t.Fatalf("superseded %+v", r.Superseded)
	}
	hits := must(ns.Recall(ctx, "user lives Berlin Lisbon", core.RecallOptions{}))
	if len(hits) != 1 || hits[0].Memory.ID != lisbon.ID {
		t.Fatalf("recall after supersede: %+v", hits)
	}
	old := must(ns.Get(ctx, berlin.ID))
	if old.SupersededBy != lisbon.ID || old.Version != 2 {
		t.Errorf("old memory %+v", old)
	}
	h := must(ns.History(ctx, berlin.ID))
	if len(h) != 2 || h[0].Memory.SupersededBy != "" || h[1].Memory.SupersededBy != lisbon.ID {
		t.Errorf("history %+v", h)
	}
	// Another predicate, or none, supersedes nothing.
	r = must(ns.RememberDetailed(ctx, core.MemoryInput{Content: "The user lives near the sea", Subject: "user"},
		core.MemoryInput{Content: "The user's employer is in Lisbon", Subject: "user", Predicate: "employer"}))
	if len(r.Superseded) != 0 {
		t.Errorf("superseded %+v", r.Superseded)
	}
	// Through extractFacts' commit.
	conv := cxChat("user", "I live in Paris these days, near the river.", "assistant", "Nice.",
		"user", "I prefer short answers.", "assistant", "OK.", "user", "Thanks a lot.", "assistant", "Sure.")
	ex := must(ns.ExtractFacts(ctx, conv, core.ExtractOptions{Commit: true}))
	var paris string
	for _, m := range ex.Memories {
		if m.Predicate == "location" {
			paris = m.ID
		}
	}
	if paris == "" || !slices.Equal(ex.Superseded, []core.Supersession{{ID: lisbon.ID, By: paris}}) {
		t.Fatalf("extractFacts: memories %+v superseded %+v", ex.Memories, ex.Superseded)
	}
}

func TestUpdate_strategies(t *testing.T) {
	ctx := context.Background()
	_, ns, clk := lcOpen(t, core.Options{})
	m := must(ns.Remember(ctx, core.MemoryInput{Content: "Standup at nine", Tags: []string{"work"}, Key: "standup",
		Metadata: json.RawMessage(`{"room":"a","day":"mon"}`)}))[0]
	clk.advance(24 * time.Hour)
	add := "Moved to ten on Fridays"
	u := must(ns.Update(ctx, m.ID, core.MemoryPatch{Content: &add}, core.UpdateOptions{Strategy: core.StrategyAppend}))
	if u.Content != "Standup at nine\n(2026-03-02) Moved to ten on Fridays" {
		t.Errorf("append: %q", u.Content)
	}
	tags := []string{"team", "work"}
	u = must(ns.Update(ctx, m.ID, core.MemoryPatch{Tags: &tags, Metadata: json.RawMessage(`{"room":"b"}`)}, core.UpdateOptions{Strategy: core.StrategyMerge}))
	if !slices.Equal(u.Tags, []string{"work", "team"}) || string(u.Metadata) != `{"day":"mon","room":"b"}` {
		t.Errorf("merge: %v %s", u.Tags, u.Metadata)
	}
	u = must(ns.Update(ctx, m.ID, core.MemoryPatch{Tags: &tags, Metadata: json.RawMessage(`{"room":"c"}`)}, core.UpdateOptions{}))
	if !slices.Equal(u.Tags, tags) || string(u.Metadata) != `{"room":"c"}` {
		t.Errorf("overwrite: %v %s", u.Tags, u.Metadata)
	}
	// A keyed remember takes a strategy too.
	r := must(ns.Remember(ctx, core.MemoryInput{Key: "standup", Content: "Cancelled in August", Strategy: core.StrategyAppend}))[0]
	if !strings.HasSuffix(r.Content, "\n(2026-03-02) Cancelled in August") || !strings.HasPrefix(r.Content, "Standup at nine") {
		t.Errorf("keyed append: %q", r.Content)
	}
	if _, err := ns.Update(ctx, m.ID, core.MemoryPatch{}, core.UpdateOptions{Strategy: "blend"}); code(err) != core.CodeInvalidArgument {
		t.Errorf("bad strategy: %v", err)
	}
	h := must(ns.History(ctx, m.ID))
	if len(h) != 5 || h[0].Memory.Content != "Standup at nine" || string(h[0].Memory.Metadata) != `{"room":"a","day":"mon"}` ||
		!slices.Equal(h[1].Memory.Tags, []string{"work"}) || !slices.Equal(h[2].Memory.Tags, []string{"work", "team"}) {
		for _, e := range h {
			t.Logf("v%d %q %v %s", e.Version, e.Memory.Content, e.Memory.Tags, e.Memory.Metadata)
		}
		t.Error("history differs")
	}
}
