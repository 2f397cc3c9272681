package core_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/memcore/memcore/core"
)

// state is what a failed write must leave unchanged: counts, index terms and history.
func state(t *testing.T, e *core.Engine, ns *core.Namespace) string {
	t.Helper()
	st, err := ns.Stats(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	hist, err := e.QueryStrings(`SELECT count(*) FROM memory_history`)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := e.QueryStrings(`SELECT count(*) FROM memories`)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("memories=%d/%s turns=%d history=%s terms=%d turnTerms=%d", st.Memories, rows[0], st.Turns,
		hist[0], len(vocab(t, e, "memories_fts")), len(vocab(t, e, "turns_fts")))
}

func batch(n int, bad int, badMemory core.MemoryInput) []core.MemoryInput {
	in := make([]core.MemoryInput, n)
	for i := range in {
		in[i] = core.MemoryInput{Content: fmt.Sprintf("batch item %d about walruses w%d", i, i)}
	}
	if bad >= 0 {
		in[bad] = badMemory
	}
	return in
}

func TestRemember_failedBatchWritesNothing(t *testing.T) {
	imp := 1.5
	for _, tc := range []struct {
		name  string
		in    []core.MemoryInput
		code  core.Code
		field string
		setup string // SQL run first: a trigger that makes storage fail
	}{
		{name: "invalid_first", in: batch(3, 0, core.MemoryInput{Content: "x", Importance: &imp}),
			code: core.CodeInvalidArgument, field: "memories[0].importance"},
		{name: "invalid_middle", in: batch(3, 1, core.MemoryInput{Content: ""}),
			code: core.CodeInvalidArgument, field: "memories[1].content"},
		{name: "invalid_last", in: batch(3, 2, core.MemoryInput{Content: "x", Type: "opinion"}),
			code: core.CodeInvalidArgument, field: "memories[2].type"},
		{name: "too_large_item", in: batch(3, 1, core.MemoryInput{Content: strings.Repeat("a", 64<<10+1)}),
			code: core.CodeTooLarge, field: "memories[1].content"},
		{name: "too_many", in: batch(1001, -1, core.MemoryInput{}),
			code: core.CodeTooLarge, field: "memories"},
		{name: "storage_fails_on_last", in: batch(3, 2, core.MemoryInput{Content: "boom"}),
			code: core.CodeStorage,
			setup: `CREATE TEMP TRIGGER fail BEFORE INSERT ON main.memories WHEN NEW.content = 'boom'
				BEGIN SELECT RAISE(ABORT, 'provoked failure'); END`},
		// The last memory supersedes the first (same subject and predicate): a failure
		// while marking it superseded must take the whole batch back.
		{name: "storage_fails_in_supersede", in: []core.MemoryInput{
			{Content: "lives in Berlin", Subject: "user", Predicate: "location"},
			{Content: "likes walruses"},
			{Content: "moved to Lisbon", Subject: "user", Predicate: "location"}},
			code: core.CodeStorage,
			setup: `CREATE TEMP TRIGGER fail BEFORE UPDATE ON main.memories WHEN NEW.superseded_by IS NOT NULL
				BEGIN SELECT RAISE(ABORT, 'provoked failure'); END`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			e := openMem(t, core.Options{})
			ns, _ := e.Namespace("default")
			if _, err := ns.Remember(ctx, core.MemoryInput{Content: "already here"}); err != nil {
				t.Fatal(err)
			}
			if tc.setup != "" {
				if _, err := e.QueryStrings(tc.setup); err != nil {
					t.Fatal(err)
				}
			}
			before := state(t, e, ns)
			got, err := ns.Remember(ctx, tc.in...)
			if code(err) != tc.code || got != nil {
				t.Fatalf("Remember = %v, %v; want code %s", got, err, tc.code)
			}
			if tc.field != "" && err.(*core.Error).Field != tc.field {
				t.Errorf("field = %q, want %q", err.(*core.Error).Field, tc.field)
			}
			if after := state(t, e, ns); after != before {
				t.Errorf("a failed batch changed the database:\nbefore %s\nafter  %s", before, after)
			}
			if hits, _ := ns.Recall(ctx, "walruses", core.RecallOptions{}); len(hits) != 0 {
				t.Errorf("recall finds %d memories of the failed batch", len(hits))
			}
			// The engine still works.
			if _, err := ns.Remember(ctx, core.MemoryInput{Content: "afterwards"}); err != nil {
				t.Errorf("remember after the failure: %v", err)
			}
		})
	}
}

func TestAppendTurns_failedBatchWritesNothing(t *testing.T) {
	ctx := context.Background()
	e := openMem(t, core.Options{})
	ns, _ := e.Namespace("default")
	if _, err := ns.AppendTurns(ctx, "s", []core.TurnInput{{Role: "user", Content: "first"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.QueryStrings(`CREATE TEMP TRIGGER fail BEFORE INSERT ON main.turns WHEN NEW.content = 'boom'
		BEGIN SELECT RAISE(ABORT, 'provoked failure'); END`); err != nil {
		t.Fatal(err)
	}
	before := state(t, e, ns)
	for _, tc := range []struct {
		turns []core.TurnInput
		code  core.Code
	}{
		{[]core.TurnInput{{Role: "user", Content: "walrus one"}, {Role: "robot", Content: "x"}}, core.CodeInvalidArgument},
		{[]core.TurnInput{{Role: "user", Content: "walrus one"}, {Role: "user", Content: "boom"}}, core.CodeStorage},
	} {
		if _, err := ns.AppendTurns(ctx, "s", tc.turns); code(err) != tc.code {
			t.Errorf("AppendTurns err = %v, want %s", err, tc.code)
		}
		if after := state(t, e, ns); after != before {
			t.Errorf("a failed append changed the database:\nbefore %s\nafter  %s", before, after)
		}
	}
	got, err := ns.AppendTurns(ctx, "s", []core.TurnInput{{Role: "user", Content: "second"}})
	if err != nil || got[0].Seq != 2 {
		t.Errorf("append after failures: %v %v, want seq 2", got, err)
	}
}

// cancelAfter is a context that turns cancelled after its Err has been asked n times:
// SQLite checks it between statements, so a request is cancelled in the middle.
type cancelAfter struct {
	context.Context
	n atomic.Int64
}

func (c *cancelAfter) Err() error {
	if c.n.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

func TestRemember_cancelledMidBatchWritesNothing(t *testing.T) {
	const n = 200
	failed, succeeded := 0, 0
	for _, after := range []int64{0, 1, 2, 5, 20, 100, 300, 1000, 1 << 30} {
		t.Run(fmt.Sprint(after), func(t *testing.T) {
			e := openMem(t, core.Options{})
			ns, _ := e.Namespace("default")
			ctx := &cancelAfter{Context: context.Background()}
			ctx.n.Store(after)
			_, err := ns.Remember(ctx, batch(n, -1, core.MemoryInput{})...)
			st, serr := ns.Stats(context.Background())
			if serr != nil {
				t.Fatalf("stats after a cancelled batch: %v", serr)
			}
			switch {
			case err == nil && st.Memories == n:
				succeeded++
			case code(err) == core.CodeStorage && st.Memories == 0:
				failed++
				if terms := vocab(t, e, "memories_fts"); len(terms) != 0 {
					t.Errorf("a cancelled batch left %d index terms", len(terms))
				}
			default:
				t.Errorf("Remember err = %v and %d of %d memories stored: want all or nothing", err, st.Memories, n)
			}
		})
	}
	if failed < 2 || succeeded == 0 {
		t.Errorf("%d batches cancelled, %d succeeded: the test did not cancel mid-batch", failed, succeeded)
	}
}

func TestEngine_cancelledContext(t *testing.T) {
	e := openMem(t, core.Options{})
	ns, _ := e.Namespace("default")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ns.Remember(ctx, core.MemoryInput{Content: "x"}); code(err) != core.CodeStorage {
		t.Errorf("Remember with a cancelled context: %v, want storage", err)
	}
	resp := string(e.Call(ctx, []byte(`{"v":1,"op":"stats"}`)))
	if !strings.Contains(resp, `"code":"storage"`) {
		t.Errorf("Call with a cancelled context: %s", resp)
	}
	if st, err := ns.Stats(context.Background()); err != nil || st.Memories != 0 {
		t.Errorf("stats: %v %v", st, err)
	}
}
