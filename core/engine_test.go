package core_test

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/memcore/memcore/core"
)

// fakeClock is a settable clock for Options.Clock.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func TestEngine_closedFailsEveryCall(t *testing.T) {
	ctx := context.Background()
	e := openMem(t, core.Options{})
	ns, _ := e.Namespace("default")
	m, err := ns.Remember(ctx, core.MemoryInput{Content: "x"})
	if err != nil {
		t.Fatal(err)
	}
	id := m[0].ID
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	if err := e.Close(); err != nil {
		t.Errorf("closing twice: %v", err)
	}
	content := "y"
	for name, call := range map[string]func() error{
		"Remember": func() error { _, err := ns.Remember(ctx, core.MemoryInput{Content: "y"}); return err },
		"Get":      func() error { _, err := ns.Get(ctx, id); return err },
		"List":     func() error { _, err := ns.List(ctx, core.ListOptions{}); return err },
		"Update": func() error {
			_, err := ns.Update(ctx, id, core.MemoryPatch{Content: &content}, core.UpdateOptions{})
			return err
		},
		"Forget":        func() error { _, err := ns.Forget(ctx, core.ForgetOptions{ID: id}); return err },
		"History":       func() error { _, err := ns.History(ctx, id); return err },
		"Recall":        func() error { _, err := ns.Recall(ctx, "x", core.RecallOptions{}); return err },
		"RecallNoToken": func() error { _, err := ns.Recall(ctx, "?!", core.RecallOptions{}); return err },
		"AppendTurns": func() error {
			_, err := ns.AppendTurns(ctx, "s", []core.TurnInput{{Role: "user", Content: "x"}})
			return err
		},
		"SearchTurns":        func() error { _, err := ns.SearchTurns(ctx, "x", core.SearchTurnsOptions{}); return err },
		"SearchTurnsNoToken": func() error { _, err := ns.SearchTurns(ctx, "…", core.SearchTurnsOptions{}); return err },
		"Stats":              func() error { _, err := ns.Stats(ctx); return err },
	} {
		if err := call(); code(err) != core.CodeClosed {
			t.Errorf("%s after Close: %v, want closed", name, err)
		}
	}
	for _, op := range e.Ops() {
		resp := string(e.Call(ctx, []byte(`{"v":1,"op":"`+op+`","args":{}}`)))
		if !strings.Contains(resp, `"code":"closed"`) {
			t.Errorf("op %s after Close: %s", op, resp)
		}
	}
}

func TestNamespace_names(t *testing.T) {
	e := openMem(t, core.Options{})
	for _, tc := range []struct {
		name string
		ok   bool
	}{
		{"default", true}, {"a", true}, {"用户/项目 1", true}, {strings.Repeat("n", 128), true},
		{"", false}, {strings.Repeat("n", 129), false}, {"a\x00b", false}, {"a\nb", false},
		{"a\x7fb", false}, {"\xff", false},
	} {
		ns, err := e.Namespace(tc.name)
		if (err == nil) != tc.ok {
			t.Errorf("Namespace(%q) err = %v, want ok %v", tc.name, err, tc.ok)
		}
		if err != nil && (code(err) != core.CodeInvalidArgument || err.(*core.Error).Field != "namespace") {
			t.Errorf("Namespace(%q) err = %v, want invalid_argument on namespace", tc.name, err)
		}
		if err == nil && ns.Name() != tc.name {
			t.Errorf("Name() = %q", ns.Name())
		}
	}
}

func TestRemember_tierExpiry(t *testing.T) {
	ctx := context.Background()
	clock := &fakeClock{now: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}
	e := openMem(t, core.Options{Clock: clock.Now})
	ns, _ := e.Namespace("default")
	mems, err := ns.Remember(ctx,
		core.MemoryInput{Content: "walrus transient", Tier: core.TierTransient},
		core.MemoryInput{Content: "walrus short", Tier: core.TierShort},
		core.MemoryInput{Content: "walrus long", Tier: core.TierLong},
		core.MemoryInput{Content: "walrus permanent", Tier: core.TierPermanent},
	)
	if err != nil {
		t.Fatal(err)
	}
	for i, days := range []int{1, 3, 30} {
		if want := clock.Now().AddDate(0, 0, days); !mems[i].ExpiresAt.Equal(want) {
			t.Errorf("%s expires at %v, want %v", mems[i].Tier, mems[i].ExpiresAt, want)
		}
	}
	if mems[3].ExpiresAt != nil {
		t.Errorf("permanent expires at %v", mems[3].ExpiresAt)
	}
	for _, step := range []struct {
		after time.Duration
		live  int
	}{
		{0, 4}, {23 * time.Hour, 4}, {2 * time.Hour, 3}, {3 * 24 * time.Hour, 2}, {30 * 24 * time.Hour, 1},
	} {
		clock.Add(step.after)
		hits, err := ns.Recall(ctx, "walrus", core.RecallOptions{Peek: true, Limit: 10})
		if err != nil || len(hits) != step.live {
			t.Errorf("at %v: recall found %d, want %d (%v)", clock.Now(), len(hits), step.live, err)
		}
		list, _ := ns.List(ctx, core.ListOptions{})
		all, _ := ns.List(ctx, core.ListOptions{Filter: core.Filter{IncludeExpired: true}})
		st, _ := ns.Stats(ctx)
		if len(list.Memories) != step.live || len(all.Memories) != 4 || st.Memories != int64(step.live) || st.Expired != int64(4-step.live) {
			t.Errorf("at %v: list %d, with expired %d, stats %d live %d expired; want %d live",
				clock.Now(), len(list.Memories), len(all.Memories), st.Memories, st.Expired, step.live)
		}
	}
	// An update of the tier restarts its lifetime from now.
	tier := core.TierShort
	m, err := ns.Update(ctx, mems[0].ID, core.MemoryPatch{Tier: &tier}, core.UpdateOptions{})
	if err != nil || !m.ExpiresAt.Equal(clock.Now().AddDate(0, 0, 3)) {
		t.Errorf("update tier: %v %v", m, err)
	}
}

func TestRecall_recencyAndHeatWithClock(t *testing.T) {
	ctx := context.Background()
	clock := &fakeClock{now: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}
	e := openMem(t, core.Options{Clock: clock.Now})
	ns, _ := e.Namespace("default")
	if _, err := ns.Remember(ctx, core.MemoryInput{Type: core.TypePreference, Content: "dark roast coffee", Importance: ptr(0.7)}); err != nil {
		t.Fatal(err)
	}
	explain := core.RecallOptions{Explain: true, Peek: true}
	hits, _ := ns.Recall(ctx, "coffee", explain)
	c := hits[0].Components
	if c.Recency != 1 || c.Relevance != 1 || c.Heat != 0 || c.Importance != 0.7 || c.BM25 <= 0 {
		t.Errorf("fresh: %+v", c)
	}
	clock.Add(time.Duration(core.DefaultScoring().RecencyHalfLifeDays*24) * time.Hour)
	hits, _ = ns.Recall(ctx, "coffee", explain)
	if c := hits[0].Components; math.Abs(c.Recency-0.5) > 1e-9 {
		t.Errorf("at the half-life: recency %v, want 0.5", c.Recency)
	}
	// Two real recalls count as accesses; peeks do not.
	ns.Recall(ctx, "coffee", core.RecallOptions{})
	ns.Recall(ctx, "coffee", core.RecallOptions{})
	hits, _ = ns.Recall(ctx, "coffee", explain)
	if hits[0].Memory.AccessCount != 2 || hits[0].Components.Heat <= 0 || !hits[0].Memory.LastAccessedAt.Equal(clock.Now()) {
		t.Errorf("after two recalls: count %d heat %v last %v", hits[0].Memory.AccessCount, hits[0].Components.Heat, hits[0].Memory.LastAccessedAt)
	}
	heat := hits[0].Components.Heat
	clock.Add(time.Duration(core.DefaultScoring().HeatHalfLifeDays*24) * time.Hour)
	hits, _ = ns.Recall(ctx, "coffee", explain)
	if got := hits[0].Components.Heat; math.Abs(got-heat/2) > 1e-9 {
		t.Errorf("heat after its half-life: %v, want %v", got, heat/2)
	}
}

func ptr[T any](v T) *T { return &v }

// TestEngine_concurrent runs writers and readers on one engine at once; every write must
// land and no call may fail.
func TestEngine_concurrent(t *testing.T) {
	ctx := context.Background()
	e := openMem(t, core.Options{})
	const workers, rounds = 8, 25
	var wg sync.WaitGroup
	errc := make(chan error, workers*rounds*6)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ns, _ := e.Namespace(fmt.Sprintf("ns%d", w%2))
			for r := range rounds {
				_, err := ns.Remember(ctx, core.MemoryInput{Content: fmt.Sprintf("worker %d round %d about otters", w, r)})
				errc <- err
				_, err = ns.Recall(ctx, "otters", core.RecallOptions{Limit: 5})
				errc <- err
				_, err = ns.List(ctx, core.ListOptions{Limit: 3})
				errc <- err
				_, err = ns.AppendTurns(ctx, fmt.Sprintf("s%d", w), []core.TurnInput{{Role: "user", Content: "otters again"}})
				errc <- err
				_, err = ns.SearchTurns(ctx, "otters", core.SearchTurnsOptions{})
				errc <- err
				resp := e.Call(ctx, []byte(`{"v":1,"op":"stats","args":{"namespace":"ns0"}}`))
				if !strings.Contains(string(resp), `"ok":true`) {
					err = fmt.Errorf("stats: %s", resp)
				}
				errc <- err
			}
		}()
	}
	wg.Wait()
	close(errc)
	for err := range errc {
		if err != nil {
			t.Error(err)
		}
	}
	total := int64(0)
	for i := range 2 {
		ns, _ := e.Namespace(fmt.Sprintf("ns%d", i))
		st, err := ns.Stats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		total += st.Memories
		if st.Turns != workers/2*rounds || st.Sessions != workers/2 {
			t.Errorf("ns%d: %d turns in %d sessions, want %d in %d", i, st.Turns, st.Sessions, workers/2*rounds, workers/2)
		}
		// Every session's turns are numbered 1..rounds without gaps or duplicates.
		for w := i; w < workers; w += 2 {
			hits, _ := ns.SearchTurns(ctx, "otters", core.SearchTurnsOptions{SessionID: fmt.Sprintf("s%d", w), Limit: 1000})
			seen := map[int64]bool{}
			for _, h := range hits {
				seen[h.Turn.Seq] = true
			}
			if len(seen) != rounds {
				t.Errorf("session s%d has %d distinct seqs, want %d", w, len(seen), rounds)
			}
		}
	}
	if total != workers*rounds {
		t.Errorf("%d memories stored, want %d", total, workers*rounds)
	}
}
