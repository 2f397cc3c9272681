package core_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ncruces/go-sqlite3"

	"github.com/memcore/memcore/core"
)

// filled is an engine with memories (one updated, one forgotten), turns, vectors, a
// document and recall accesses still pending, and what it should hold.
type filled struct {
	e    *core.Engine
	ns   *core.Namespace
	ids  []string // live memories of "default"
	gone string   // a forgotten memory
}

func fill(t *testing.T, e *core.Engine) filled {
	t.Helper()
	ctx := context.Background()
	ns, _ := e.Namespace("default")
	mems, err := ns.Remember(ctx,
		core.MemoryInput{Type: core.TypePreference, Content: "The user drives an old car to work", Tags: []string{"commute"}},
		core.MemoryInput{Content: "The user's dog is called Biscuit", Subject: "dog"},
		core.MemoryInput{Content: "用户喜欢用 Python 写脚本"},
		core.MemoryInput{Content: "a memory to forget"},
	)
	if err != nil {
		t.Fatal(err)
	}
	content := "The user's puppy is called Biscuit"
	if _, err := ns.Update(ctx, mems[1].ID, core.MemoryPatch{Content: &content}, core.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := ns.Forget(ctx, core.ForgetOptions{ID: mems[3].ID}); err != nil {
		t.Fatal(err)
	}
	if _, err := ns.AppendTurns(ctx, "s1", []core.TurnInput{
		{Role: "user", Content: "我明天要去北京出差"}, {Role: "assistant", Content: "好的，祝你旅途顺利"}}); err != nil {
		t.Fatal(err)
	}
	other, _ := e.Namespace("other")
	if _, err := other.Remember(ctx, core.MemoryInput{Content: "another namespace's zebra"}); err != nil {
		t.Fatal(err)
	}
	if r := string(e.Call(ctx, []byte(`{"v":1,"op":"documents.set","args":{"name":"USER","content":"Ada, a pilot."}}`))); !strings.Contains(r, `"ok":true`) {
		t.Fatalf("documents.set: %s", r)
	}
	// A recall counts accesses, which wait in memory until the next write (heat.go).
	if hits, err := ns.Recall(ctx, "Python 脚本", core.RecallOptions{}); err != nil || len(hits) == 0 {
		t.Fatalf("recall: %v %v", hits, err)
	}
	return filled{e: e, ns: ns, ids: []string{mems[0].ID, mems[1].ID, mems[2].ID}, gone: mems[3].ID}
}

// check compares everything of f's engine with what engine got holds.
func (f filled) check(t *testing.T, got *core.Engine) {
	t.Helper()
	ctx := context.Background()
	ns, _ := got.Namespace("default")
	for _, id := range f.ids {
		want, err := f.ns.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		m, err := ns.Get(ctx, id)
		if err != nil {
			t.Errorf("memory %s after restore: %v", id, err)
			continue
		}
		wj, _ := json.Marshal(want)
		gj, _ := json.Marshal(m)
		if !bytes.Equal(wj, gj) {
			t.Errorf("memory after restore:\n got %s\nwant %s", gj, wj)
		}
	}
	if _, err := ns.Get(ctx, f.gone); code(err) != core.CodeNotFound {
		t.Errorf("the forgotten memory after restore: %v", err)
	}
	if h, err := ns.History(ctx, f.ids[1]); err != nil || len(h) != 2 {
		t.Errorf("history after restore: %d entries, %v", len(h), err)
	}
	if h, err := ns.History(ctx, f.gone); err != nil || len(h) != 2 || h[1].Op != "forget" {
		t.Errorf("the forgotten memory's history after restore: %v %v", h, err)
	}
	if hits, err := ns.SearchTurns(ctx, "北京", core.SearchTurnsOptions{}); err != nil || len(hits) == 0 || hits[0].Turn.Content != "我明天要去北京出差" {
		t.Errorf("searchTurns after restore: %v %v", hits, err)
	}
	if hits, err := ns.Recall(ctx, "Biscuit puppy", core.RecallOptions{Peek: true}); err != nil || len(hits) == 0 || hits[0].Memory.ID != f.ids[1] {
		t.Errorf("recall after restore: %v %v", hits, err)
	}
	other, _ := got.Namespace("other")
	if hits, err := other.Recall(ctx, "zebra", core.RecallOptions{Peek: true}); err != nil || len(hits) != 1 {
		t.Errorf("the other namespace after restore: %v %v", hits, err)
	}
	ws, _ := f.ns.Stats(ctx)
	gs, err := ns.Stats(ctx)
	if err != nil || gs.Memories != ws.Memories || gs.Turns != ws.Turns || gs.Vectors != ws.Vectors || gs.SchemaVersion != ws.SchemaVersion {
		t.Errorf("stats after restore %+v, want %+v (%v)", gs, ws, err)
	}
	if r := string(got.Call(ctx, []byte(`{"v":1,"op":"documents.get","args":{"name":"USER"}}`))); !strings.Contains(r, "Ada, a pilot.") {
		t.Errorf("the document after restore: %s", r)
	}
}

func snapshotOf(t *testing.T, e *core.Engine) []byte {
	t.Helper()
	data, err := e.Snapshot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestSnapshot_roundTripInMemory(t *testing.T) {
	ctx := context.Background()
	emb := &conceptEmbedder{}
	src := fill(t, openMem(t, core.Options{Embed: emb.embed}))
	data := snapshotOf(t, src.e)
	if !bytes.HasPrefix(data, []byte("SQLite format 3\x00")) {
		t.Fatalf("a snapshot is not an SQLite file: %q", data[:16])
	}
	// The pending access of the recall is in the snapshot.
	m, _ := src.ns.Get(ctx, src.ids[2])
	if m.AccessCount != 1 {
		t.Fatalf("accessCount %d before the snapshot", m.AccessCount)
	}

	dst := openMem(t, core.Options{Embed: emb.embed})
	dns, _ := dst.Namespace("default")
	old, err := dns.Remember(ctx, core.MemoryInput{Content: "content that the restore replaces"})
	if err != nil {
		t.Fatal(err)
	}
	if err := dst.Restore(ctx, data); err != nil {
		t.Fatal(err)
	}
	src.check(t, dst)
	if _, err := dns.Get(ctx, old[0].ID); code(err) != core.CodeNotFound {
		t.Errorf("the old content survived the restore: %v", err)
	}
	// Vectors came along: hybrid recall finds the car from "automobile", which shares
	// no token with it.
	hits, err := dns.Recall(ctx, "automobile", core.RecallOptions{Peek: true})
	if err != nil || len(hits) == 0 || hits[0].Memory.ID != src.ids[0] {
		t.Errorf("vector recall after restore: %v %v", hits, err)
	}
	// A snapshot of the restored engine is the same database again.
	again := snapshotOf(t, dst)
	third := openMem(t, core.Options{})
	if err := third.Restore(ctx, again); err != nil {
		t.Fatal(err)
	}
	src.check(t, third)
	// And the restored engine works on.
	mem, err := dns.Remember(ctx, core.MemoryInput{Content: "written after the restore"})
	if err != nil {
		t.Fatal(err)
	}
	if hits, _ := dns.Recall(ctx, "written after the restore", core.RecallOptions{}); len(hits) == 0 || hits[0].Memory.ID != mem[0].ID {
		t.Errorf("a memory written after the restore is not recalled: %v", hits)
	}
}

func TestSnapshot_restoreIntoFileAndReopen(t *testing.T) {
	ctx := context.Background()
	src := fill(t, openMem(t, core.Options{}))
	data := snapshotOf(t, src.e)

	path := filepath.Join(t.TempDir(), "agent.db")
	e, err := core.Open(ctx, core.Options{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	ns, _ := e.Namespace("default")
	old, err := ns.Remember(ctx, core.MemoryInput{Content: "the file's own memory"})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Restore(ctx, data); err != nil {
		t.Fatal(err)
	}
	src.check(t, e)
	if _, err := ns.Get(ctx, old[0].ID); code(err) != core.CodeNotFound {
		t.Errorf("the file's old memory after restore: %v", err)
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(raw, []byte("SQLite format 3\x00")) || len(raw)%4096 != 0 {
		t.Errorf("the restored file is %d bytes starting %q", len(raw), raw[:16])
	}
	if _, err := os.Stat(path + "-journal"); !os.IsNotExist(err) {
		t.Errorf("a journal is left behind: %v", err)
	}
	e, err = core.Open(ctx, core.Options{Path: path})
	if err != nil {
		t.Fatalf("reopening the restored file: %v", err)
	}
	defer e.Close()
	src.check(t, e)

	// A file engine's snapshot restores into memory, and its bytes are an ordinary
	// memcore file.
	data2 := snapshotOf(t, e)
	m := openMem(t, core.Options{})
	if err := m.Restore(ctx, data2); err != nil {
		t.Fatal(err)
	}
	src.check(t, m)
	copyPath := filepath.Join(t.TempDir(), "copy.db")
	if err := os.WriteFile(copyPath, data2, 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := core.Open(ctx, core.Options{Path: copyPath, ReadOnly: true})
	if err != nil {
		t.Fatalf("opening a snapshot's bytes as a file: %v", err)
	}
	defer c.Close()
	src.check(t, c)
}

// plainSQLite returns the bytes of an SQLite database of some other program.
func plainSQLite(t *testing.T) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "contacts.db")
	conn, err := sqlite3.Open("file:" + path)
	if err != nil {
		t.Fatal(err)
	}
	if err := conn.Exec(`CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ada');`); err != nil {
		t.Fatal(err)
	}
	conn.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestRestore_refusesDamagedSnapshots(t *testing.T) {
	ctx := context.Background()
	good := snapshotOf(t, fill(t, openMem(t, core.Options{})).e)
	newer := func() []byte {
		e := openMem(t, core.Options{})
		if _, err := e.QueryStrings(`PRAGMA user_version = 99`); err != nil {
			t.Fatal(err)
		}
		return snapshotOf(t, e)
	}()
	flip := func(off int) []byte {
		b := bytes.Clone(good)
		b[off] ^= 0xff
		return b
	}
	random := make([]byte, len(good))
	for i := range random {
		random[i] = byte(i*7919 + i>>3)
	}
	for _, tc := range []struct {
		name string
		data []byte
		code core.Code
		want string // in the message
	}{
		{"empty", nil, core.CodeInvalidArgument, "empty"},
		{"truncated", good[:len(good)-4096], core.CodeInvalidArgument, "truncated"},
		{"truncated_mid_page", good[:len(good)/2+17], core.CodeInvalidArgument, "truncated"},
		{"random", random, core.CodeInvalidArgument, "not an SQLite database"},
		{"header_page_size", flip(16), core.CodeInvalidArgument, "page size"},
		{"flipped_page_type", flip(4096), core.CodeInvalidArgument, "damaged"},
		{"flipped_cell_pointer", flip(4096 + 9), core.CodeInvalidArgument, "damaged"},
		{"other_program", plainSQLite(t), core.CodeInvalidArgument, "not a memcore one"},
		{"newer_schema", newer, core.CodeUnsupported, "newer memcore"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, kind := range []string{"memory", "file"} {
				o := core.Options{}
				if kind == "file" {
					o.Path = filepath.Join(t.TempDir(), "d.db")
				}
				e, err := core.Open(ctx, o)
				if err != nil {
					t.Fatal(err)
				}
				defer e.Close()
				ns, _ := e.Namespace("default")
				mine, err := ns.Remember(ctx, core.MemoryInput{Content: "still here after a refused restore"})
				if err != nil {
					t.Fatal(err)
				}
				before := snapshotOf(t, e)
				err = e.Restore(ctx, tc.data)
				var me *core.Error
				switch {
				case code(err) != tc.code:
					t.Fatalf("%s: err = %v, want code %s", kind, err, tc.code)
				case !strings.Contains(err.Error(), tc.want):
					t.Errorf("%s: err = %v, want %q in it", kind, err, tc.want)
				}
				if errors.As(err, &me) && me.Field != "data" {
					t.Errorf("%s: field %q, want data", kind, me.Field)
				}
				t.Logf("%s: %v", kind, err)
				if m, err := ns.Get(ctx, mine[0].ID); err != nil || m.Content != "still here after a refused restore" {
					t.Errorf("%s: the engine's content after a refused restore: %v %v", kind, m, err)
				}
				if hits, err := ns.Recall(ctx, "refused restore", core.RecallOptions{}); err != nil || len(hits) != 1 {
					t.Errorf("%s: recall after a refused restore: %v %v", kind, hits, err)
				}
				after := snapshotOf(t, e)
				if len(after) != len(before) {
					t.Errorf("%s: the database changed size (%d → %d) in a refused restore", kind, len(before), len(after))
				}
			}
		})
	}
}

func TestRestore_dropsPendingAccesses(t *testing.T) {
	ctx := context.Background()
	e := openMem(t, core.Options{})
	ns, _ := e.Namespace("default")
	m, err := ns.Remember(ctx, core.MemoryInput{Content: "recalled between snapshot and restore"})
	if err != nil {
		t.Fatal(err)
	}
	data := snapshotOf(t, e)
	if hits, _ := ns.Recall(ctx, "recalled", core.RecallOptions{}); len(hits) != 1 || hits[0].Memory.AccessCount != 1 {
		t.Fatalf("recall: %v", hits)
	}
	if err := e.Restore(ctx, data); err != nil {
		t.Fatal(err)
	}
	got, _ := ns.Get(ctx, m[0].ID)
	if got.AccessCount != 0 || got.LastAccessedAt != nil {
		t.Errorf("accessCount %d after restoring a snapshot taken before the recall", got.AccessCount)
	}
	if _, err := ns.Remember(ctx, core.MemoryInput{Content: "a write, which flushes pending accesses"}); err != nil {
		t.Fatal(err)
	}
	if got, _ := ns.Get(ctx, m[0].ID); got.AccessCount != 0 {
		t.Errorf("accessCount %d after the next write: a stale access was written", got.AccessCount)
	}
}

func TestRestore_readOnlyAndClosed(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ro.db")
	w, err := core.Open(ctx, core.Options{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	fill(t, w)
	w.Close()
	ro, err := core.Open(ctx, core.Options{Path: path, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	data, err := ro.Snapshot(ctx)
	if err != nil {
		t.Fatalf("a read-only engine's snapshot: %v", err)
	}
	if err := ro.Restore(ctx, data); code(err) != core.CodeUnsupported {
		t.Errorf("restore into a read-only engine: %v, want unsupported", err)
	}
	ro.Close()
	if _, err := ro.Snapshot(ctx); code(err) != core.CodeClosed {
		t.Errorf("snapshot after close: %v", err)
	}
	if err := ro.Restore(ctx, data); code(err) != core.CodeClosed {
		t.Errorf("restore after close: %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	m := openMem(t, core.Options{})
	if err := m.Restore(cctx, data); code(err) != core.CodeStorage {
		t.Errorf("a cancelled restore: %v, want storage", err)
	}
}

// TestSnapshot_size reports how big a snapshot of 1,000 memories is, and how long
// taking and restoring one takes (for the docs, not a timed assertion).
func TestSnapshot_size(t *testing.T) {
	ctx := context.Background()
	e := openMem(t, core.Options{})
	ns, _ := e.Namespace("default")
	words := strings.Fields("python script deploy server coffee travel beijing meeting budget report garden piano")
	for b := range 10 {
		in := make([]core.MemoryInput, 100)
		for i := range in {
			k := b*100 + i
			in[i] = core.MemoryInput{
				Type:    core.TypeFact,
				Content: fmt.Sprintf("Memory %d: the user mentioned %s and %s while talking about %s; 记忆 %d", k, words[k%12], words[(k/12)%12], words[(k/7)%12], k),
				Tags:    []string{words[k%12]},
			}
		}
		if _, err := ns.Remember(ctx, in...); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Now()
	data := snapshotOf(t, e)
	took := time.Since(start)
	dst := openMem(t, core.Options{})
	start = time.Now()
	if err := dst.Restore(ctx, data); err != nil {
		t.Fatal(err)
	}
	restoreTook := time.Since(start)
	st, _ := ns.Stats(ctx)
	if st.Memories != 1000 || int64(len(data)) != st.DBBytes {
		t.Errorf("stats %+v for a snapshot of %d bytes", st, len(data))
	}
	if len(data) > 4<<20 {
		t.Errorf("a snapshot of 1,000 short memories is %d bytes", len(data))
	}
	t.Logf("1,000 memories: snapshot %d bytes (%.0f bytes a memory; %d as base64), snapshot %v, restore %v",
		len(data), float64(len(data))/1000, base64.StdEncoding.EncodedLen(len(data)), took.Round(time.Millisecond), restoreTook.Round(time.Millisecond))
}

// TestRestore_concurrentUse restores while other goroutines recall, remember and
// snapshot, then checks that everything works on the restored content.
func TestRestore_concurrentUse(t *testing.T) {
	ctx := context.Background()
	src := fill(t, openMem(t, core.Options{}))
	data := snapshotOf(t, src.e)
	for _, kind := range []string{"memory", "file"} {
		t.Run(kind, func(t *testing.T) {
			o := core.Options{}
			if kind == "file" {
				o.Path = filepath.Join(t.TempDir(), "c.db")
			}
			e, err := core.Open(ctx, o)
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			ns, _ := e.Namespace("default")
			var wg sync.WaitGroup
			errc := make(chan error, 100)
			for g := range 4 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := range 10 {
						var err error
						switch (g + i) % 4 {
						case 0:
							_, err = ns.Remember(ctx, core.MemoryInput{Content: fmt.Sprintf("goroutine %d memory %d", g, i)})
						case 1:
							_, err = ns.Recall(ctx, "Biscuit memory", core.RecallOptions{})
						case 2:
							_, err = e.Snapshot(ctx)
						case 3:
							err = e.Restore(ctx, data)
						}
						if err != nil {
							errc <- err
						}
					}
				}()
			}
			wg.Wait()
			close(errc)
			for err := range errc {
				t.Error(err)
			}
			if err := e.Restore(ctx, data); err != nil {
				t.Fatal(err)
			}
			src.check(t, e)
			// The statement cache was reset: every kind of call works on the new content.
			if _, err := ns.Remember(ctx, core.MemoryInput{Content: "after the storm"}); err != nil {
				t.Fatal(err)
			}
			if hits, err := ns.Recall(ctx, "storm", core.RecallOptions{}); err != nil || len(hits) != 1 {
				t.Errorf("recall after restores: %v %v", hits, err)
			}
		})
	}
}

func TestSnapshotOps_protocol(t *testing.T) {
	ctx := context.Background()
	src := fill(t, openMem(t, core.Options{}))
	call := func(e *core.Engine, req string) map[string]any {
		t.Helper()
		var r map[string]any
		if err := json.Unmarshal(e.Call(ctx, []byte(req)), &r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	r := call(src.e, `{"v":1,"op":"snapshot","args":{"namespace":"ignored"}}`)
	res, _ := r["result"].(map[string]any)
	b64, _ := res["data"].(string)
	data, err := base64.StdEncoding.DecodeString(b64)
	if err != nil || float64(len(data)) != res["bytes"] || res["schemaVersion"] == nil {
		t.Fatalf("snapshot: %v (%v)", r, err)
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawURLEncoding} {
		dst := openMem(t, core.Options{})
		r = call(dst, `{"v":1,"op":"restore","args":{"data":"`+enc.EncodeToString(data)+`"}}`)
		res, _ = r["result"].(map[string]any)
		if r["ok"] != true || res["memories"] != float64(3) || res["bytes"] != float64(len(data)) || res["schemaVersion"] != res["fromSchemaVersion"] {
			t.Errorf("restore: %v", r)
		}
		src.check(t, dst)
		r = call(dst, `{"v":1,"op":"restore","args":{"namespace":"other","data":"`+b64+`"}}`)
		if res, _ := r["result"].(map[string]any); res["memories"] != float64(1) {
			t.Errorf("restore counting namespace other: %v", r)
		}
	}
	// A snapshot that one request could not carry back is refused up front.
	small := openMem(t, core.Options{Limits: core.Limits{MaxRequestBytes: 64 << 10}})
	fill(t, small)
	r = call(small, `{"v":1,"op":"snapshot"}`)
	if e, _ := r["error"].(map[string]any); e["code"] != "too_large" || !strings.Contains(e["message"].(string), "maxRequestBytes") {
		t.Errorf("snapshot over the request limit: %v", r)
	}
	if _, err := small.Snapshot(ctx); err != nil {
		t.Errorf("the Go API has no request limit: %v", err)
	}
}
