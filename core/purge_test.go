package core_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
	"github.com/memcore/memcore/core/internal/facts"
)

// fakeEmbed is a deterministic embedder: a vector from the bytes of each text.
func fakeEmbed(calls *[][]string) func(context.Context, []string) ([][]float32, error) {
	return func(_ context.Context, texts []string) ([][]float32, error) {
		if calls != nil {
			*calls = append(*calls, append([]string(nil), texts...))
		}
		out := make([][]float32, len(texts))
		for i, t := range texts {
			v := make([]float32, 8)
			for j, b := range []byte(t) {
				v[j%8] += float32(b%17) + 1
			}
			out[i] = v
		}
		return out, nil
	}
}

// TestForget_purgeLeavesNoByteOnAnyPath writes a distinctive name through every path
// that copies text — remember, extractFacts with commit (daily log, MEMORY, a queued LLM
// pass), buildContext (a frozen core snapshot), compact (turns stored in another
// session), endSession (an episode and its memory), an embedder (vectors and the
// cache) — then purges the memories with alsoTurns and finds no byte of the name in the
// database file.
func TestForget_purgeLeavesNoByteOnAnyPath(t *testing.T) {
	const name = "Zqxwvutor"
	lower := strings.ToLower(name)
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "agent.db")
	e, err := core.Open(ctx, core.Options{Path: path, Embed: fakeEmbed(nil),
		Complete: func(context.Context, core.Completion) (string, error) { return "", errors.New("LLM down") }})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ns, _ := e.Namespace("default")
	conv := []string{
		"user", "Hi, my name is " + name + ". I have been writing software for twenty years, mostly in Go and Python, for a small shop.",
		"assistant", "Nice to meet you.",
		"user", "I prefer concise answers with code examples.",
		"assistant", "Got it.",
		"user", "From now on, always answer in English please.",
		"assistant", "Sure.",
	}
	var msgs []map[string]string
	var turns []core.TurnInput
	for i := 0; i < len(conv); i += 2 {
		msgs = append(msgs, map[string]string{"role": conv[i], "content": conv[i+1]})
		turns = append(turns, core.TurnInput{Role: conv[i], Content: conv[i+1]})
	}
	raw, _ := json.Marshal(msgs)
	stored, err := ns.AppendTurns(ctx, "s1", turns)
	if err != nil {
		t.Fatal(err)
	}
	ex, err := ns.ExtractFacts(ctx, raw, core.ExtractOptions{Commit: true, SessionID: "s1"})
	if err != nil {
		t.Fatal(err)
	}
	if ex.Queued != 1 {
		t.Fatalf("the failing LLM pass was not queued: %+v", ex)
	}
	var ids []string
	for _, m := range ex.Memories {
		if strings.Contains(m.Content, name) {
			ids = append(ids, m.ID)
		}
	}
	if len(ids) != 1 {
		t.Fatalf("extraction stored %d memories with the name: %+v", len(ids), ex.Memories)
	}
	direct, err := ns.Remember(ctx, core.MemoryInput{Content: name + " keeps bees on the roof", Type: core.TypeProfile,
		Source: &core.Source{SessionID: "s1", TurnIDs: []string{stored[0].ID}}})
	if err != nil {
		t.Fatal(err)
	}
	ids = append(ids, direct[0].ID)
	if _, err := ns.BuildContext(ctx, core.BuildContextOptions{SessionID: "s1", Messages: raw, BudgetTokens: 8000}); err != nil {
		t.Fatal(err)
	}
	long := msgs
	for i := range 30 {
		long = append(long, map[string]string{"role": []string{"user", "assistant"}[i%2], "content": "filler message about the weather, number " + strings.Repeat("x", i+1)})
	}
	rawLong, _ := json.Marshal(long)
	cr, err := ns.Compact(ctx, rawLong, core.CompactOptions{SessionID: "s2", Force: true})
	if err != nil {
		t.Fatal(err)
	}
	if cr.Report.StoredTurns == 0 {
		t.Fatalf("compaction stored no turns: %+v", cr.Report)
	}
	if _, err := ns.EndSession(ctx, "s1"); err != nil {
		t.Fatal(err)
	}
	if _, err := ns.Remember(ctx, core.MemoryInput{Content: "keepword: the kept memory about tea"}); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	if !bytes.Contains(before, []byte(name)) {
		t.Fatal("the name never reached the file: the test looks in the wrong place")
	}
	// Extraction's read marks: the purged turn's goes with it (a hash confirms a guessed
	// message), the others stay (they keep the session's messages read once).
	mark := facts.MessageHash(facts.Message{Role: "user", Text: conv[1]})
	kept := facts.MessageHash(facts.Message{Role: "user", Text: conv[5]})
	if !bytes.Contains(before, []byte(mark)) || !bytes.Contains(before, []byte(kept)) {
		t.Fatal("the read marks never reached the file: the test looks in the wrong place")
	}

	res, err := ns.Forget(ctx, core.ForgetOptions{IDs: ids, Purge: true, AlsoTurns: true})
	if err != nil {
		t.Fatal(err)
	}
	rc := res.Receipt
	if rc.Memories != 2 || rc.Turns != 2 || rc.ReadMarks != 1 || rc.Episodes != 1 || len(rc.EpisodeMemories) != 1 || rc.Queue != 1 ||
		rc.Vectors < 2 || rc.Embeddings < 2 || len(rc.Documents) < 2 || rc.CoreSnapshotLines < 1 || !rc.IndexRewritten {
		t.Errorf("receipt = %+v", rc)
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{name, lower, mark} {
		if i := bytes.Index(b, []byte(s)); i >= 0 {
			t.Errorf("the file still holds %q at byte %d: …%q…", s, i, b[max(0, i-80):min(len(b), i+40)])
		}
	}
	if !bytes.Contains(b, []byte("keepword")) {
		t.Error("the kept memory is gone too: the byte check looks in the wrong place")
	}
	if !bytes.Contains(b, []byte(kept)) {
		t.Error("the read mark of a message no purged memory came from is gone too")
	}
}
