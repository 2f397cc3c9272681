package core_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/memcore/memcore/core"
)

// fxConv is a six-message conversation with four facts: the user's name and city
// (message 0), a preference (2) and a standing rule (4).
var fxConv = []string{
	"user", "Hi, my name is Ada Lovelace and I live in London.",
	"assistant", "Nice to meet you, Ada.",
	"user", "I prefer concise answers with code examples.",
	"assistant", "Got it.",
	"user", "From now on, always answer in English please.",
	"assistant", "Sure.",
}

// fxLLM is a fake host LLM: it answers with answer, or fails with err, and records the
// requests.
type fxLLM struct {
	mu     sync.Mutex
	answer string
	err    error
	reqs   []core.Completion
}

func (l *fxLLM) complete(ctx context.Context, req core.Completion) (string, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.reqs = append(l.reqs, req)
	return l.answer, l.err
}

func (l *fxLLM) calls() int { l.mu.Lock(); defer l.mu.Unlock(); return len(l.reqs) }

func (l *fxLLM) set(answer string, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.answer, l.err = answer, err
}

const fxLLMAnswer = "```json\n" + `[{"type":"profile","content":"The user is called Ada","subject":"user","predicate":"name","confidence":0.95,"evidence":[0]},
 {"type":"rule","content":"Answer in English","evidence":[4,5,99]}]` + "\n```"

func fxDoc(t *testing.T, ns *core.Namespace, name string) string {
	t.Helper()
	d, err := ns.Document(context.Background(), name)
	var me *core.Error
	if errors.As(err, &me) && me.Code == core.CodeNotFound {
		return ""
	}
	if err != nil {
		t.Fatal(err)
	}
	return d.Content
}

func fxTypes(fs []core.Fact) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Type+":"+f.Content)
	}
	return out
}

// TestExtractFacts_gate: no user or assistant message is the gate (no read, no LLM call,
// nothing stored); a new user's first message passes it and its facts are stored.
func TestExtractFacts_gate(t *testing.T) {
	ctx := context.Background()
	llm := &fxLLM{answer: fxLLMAnswer}
	e, ns, _ := cxOpen(t, core.Options{Complete: llm.complete})
	for _, msgs := range []json.RawMessage{json.RawMessage(`[]`), cxChat("system", "I prefer concise answers with code examples.")} {
		res, err := ns.ExtractFacts(ctx, msgs, core.ExtractOptions{Commit: true, SessionID: "s"})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Facts) != 0 || len(res.Memories) != 0 || res.Reason != core.ReasonTooFewMessages || res.Read != 0 || llm.calls() != 0 {
			t.Fatalf("%s: %+v, %d LLM calls", msgs, res, llm.calls())
		}
	}
	if n, _ := e.QueryStrings(`SELECT count(*) FROM memories`); n[0] != "0" {
		t.Errorf("%s memories stored", n[0])
	}
	res, err := ns.ExtractFacts(ctx, cxChat("user", "My daughter Lily is allergic to peanuts."), core.ExtractOptions{Commit: true, SessionID: "s2", UseLLM: new(false)})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Memories) != 1 || res.Memories[0].Content != "User's daughter Lily is allergic to peanuts" || res.Read != 1 {
		t.Fatalf("the first message: %+v", res)
	}
	res, _ = ns.ExtractFacts(ctx, cxChat("user", "hello", "assistant", "hi", "user", "how are you?", "assistant", "fine",
		"user", "ok", "assistant", "ok"), core.ExtractOptions{UseLLM: new(false)})
	if len(res.Facts) != 0 || res.Reason != core.ReasonNoCues {
		t.Errorf("small talk: %+v", res)
	}
}

func TestExtractFacts_returnOnly(t *testing.T) {
	ctx := context.Background()
	e, ns, _ := cxOpen(t, core.Options{})
	res, err := ns.ExtractFacts(ctx, cxChat(fxConv...), core.ExtractOptions{SessionID: "s"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"profile:User's name is Ada Lovelace", "profile:User lives in London",
		"preference:User prefers concise answers with code examples", "rule:From now on, always answer in English please."}
	if got := fxTypes(res.Facts); !slices.Equal(got, want) || res.By != core.ByHeuristic || res.Reason != "" {
		t.Fatalf("got %q by %s", got, res.By)
	}
	if !slices.Equal(res.Facts[3].Evidence, []int{4}) || len(res.Memories) != 0 {
		t.Errorf("evidence %v, memories %d", res.Facts[3].Evidence, len(res.Memories))
	}
	if n, _ := e.QueryStrings(`SELECT (SELECT count(*) FROM memories) + (SELECT count(*) FROM documents)`); n[0] != "0" {
		t.Errorf("a call without commit wrote %s rows", n[0])
	}
}

func TestExtractFacts_commitStoresWithSource(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	// The conversation was appended as turns of s1: sources name the turns.
	var turns []core.TurnInput
	for i := 0; i < len(fxConv); i += 2 {
		turns = append(turns, core.TurnInput{Role: fxConv[i], Content: fxConv[i+1]})
	}
	appended, err := ns.AppendTurns(ctx, "s1", turns)
	if err != nil {
		t.Fatal(err)
	}
	// A system prompt that is not a turn only stops the alignment before it.
	msgs := cxChat(append([]string{"system", "You are helpful."}, fxConv...)...)
	res, err := ns.ExtractFacts(ctx, msgs, core.ExtractOptions{Commit: true, SessionID: "s1"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Memories) != 4 || res.Duplicates != 0 {
		t.Fatalf("stored %d, duplicates %d", len(res.Memories), res.Duplicates)
	}
	for i, m := range res.Memories {
		f := res.Facts[i]
		turn := appended[f.Evidence[0]-1] // message i+1 is turn i
		// A kind of claim ("prefers") is a tag, a slot ("name") the predicate:
		// TestExtractFacts_kindsDoNotSupersede.
		tags := []string{core.ExtractedTag}
		if m.Predicate == "" && f.Predicate != "" {
			tags = append(tags, f.Predicate)
		}
		if m.Type != f.Type || m.Content != f.Content || m.Confidence != f.Confidence ||
			!slices.Equal(m.Tags, tags) || m.Source == nil ||
			m.Source.SessionID != "s1" || !slices.Equal(m.Source.TurnIDs, []string{turn.ID}) {
			t.Errorf("memory %d: %+v (source %+v) for fact %+v", i, m, m.Source, f)
		}
	}
	if m := res.Memories[0]; m.Subject != "user" || m.Predicate != "name" || m.Importance != 0.7 || m.Tier != core.TierPermanent {
		t.Errorf("profile memory %+v", m)
	}
	got, err := ns.Get(ctx, res.Memories[3].ID)
	if err != nil || got.Content != res.Memories[3].Content {
		t.Fatalf("get: %+v %v", got, err)
	}

	// The same messages again in the session: read already, not read twice.
	same, err := ns.ExtractFacts(ctx, msgs, core.ExtractOptions{Commit: true, SessionID: "s1"})
	if err != nil || len(same.Facts) != 0 || same.Reason != core.ReasonAllRead || same.Known != len(appended)+1 || same.Read != 0 {
		t.Fatalf("same session again: %+v %v", same, err)
	}
	// The same facts in another session: nothing is stored twice.
	again, err := ns.ExtractFacts(ctx, msgs, core.ExtractOptions{Commit: true, SessionID: "s2"})
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Facts) != 4 || len(again.Memories) != 0 || again.Duplicates != 4 || again.Reason != core.ReasonAllKnown {
		t.Fatalf("again: %d facts, %d stored, %d duplicates, reason %q", len(again.Facts), len(again.Memories), again.Duplicates, again.Reason)
	}
	// Messages that are not the session's turns: the source is the session alone; a
	// fact whose live memory is gone (forgotten) is stored again.
	if _, err := ns.Forget(ctx, core.ForgetOptions{ID: res.Memories[2].ID}); err != nil {
		t.Fatal(err)
	}
	other := slices.Clone(fxConv)
	other[len(other)-1] = "Sure thing."
	third, err := ns.ExtractFacts(ctx, cxChat(other...), core.ExtractOptions{Commit: true, SessionID: "s3"})
	if err != nil {
		t.Fatal(err)
	}
	if len(third.Memories) != 1 || third.Memories[0].Type != core.TypePreference || third.Memories[0].Source.TurnIDs != nil {
		t.Fatalf("third: %+v", third.Memories)
	}
	// Without a session, there is no source.
	other[1] = "Hello."
	fourth, _ := ns.ExtractFacts(ctx, cxChat(append(other, "user", "I really enjoy hiking in the Alps.")...), core.ExtractOptions{Commit: true})
	if len(fourth.Memories) != 1 || fourth.Memories[0].Source != nil {
		t.Fatalf("fourth: %+v", fourth.Memories)
	}
}

func TestExtractFacts_dailyLogAndMemory(t *testing.T) {
	ctx := context.Background()
	_, ns, clk := cxOpen(t, core.Options{})
	if _, err := ns.ExtractFacts(ctx, cxChat(fxConv...), core.ExtractOptions{Commit: true, SessionID: "s1"}); err != nil {
		t.Fatal(err)
	}
	wantDaily := "# 2026-03-04\n\n## 10:00 UTC · heuristic · session s1\n" +
		"- [profile] User's name is Ada Lovelace\n- [profile] User lives in London\n" +
		"- [preference] User prefers concise answers with code examples\n" +
		"- [rule] From now on, always answer in English please.\n"
	if got := fxDoc(t, ns, "daily/2026-03-04"); got != wantDaily {
		t.Errorf("daily log:\n%s\nwant\n%s", got, wantDaily)
	}
	// The most confident four of the index types (the rule, 0.85, first).
	wantMemory := "# MEMORY\n\n## Auto-extracted\n- [profile] User's name is Ada Lovelace\n" +
		"- [rule] From now on, always answer in English please.\n- [profile] User lives in London\n" +
		"- [preference] User prefers concise answers with code examples\n"
	if got := fxDoc(t, ns, "MEMORY"); got != wantMemory {
		t.Errorf("MEMORY:\n%s\nwant\n%s", got, wantMemory)
	}
	// An explicit date names the log; the block's time is the clock's.
	clk.Add(90 * 60e9)
	msgs := cxChat(append(slices.Clone(fxConv), "user", "The database migration is done.")...)
	if _, err := ns.ExtractFacts(ctx, msgs, core.ExtractOptions{Commit: true, Date: "2026-03-03"}); err != nil {
		t.Fatal(err)
	}
	if got := fxDoc(t, ns, "daily/2026-03-03"); got != "# 2026-03-03\n\n## 11:30 UTC · heuristic\n- [fact] The database migration is done.\n" {
		t.Errorf("dated log:\n%s", got)
	}
	if got := fxDoc(t, ns, "MEMORY"); got != wantMemory {
		t.Errorf("a fact of another type reached MEMORY:\n%s", got)
	}
}

// fxFiller returns a daily log of about n characters of distinct fact lines.
func fxFiller(n int) string {
	var b strings.Builder
	b.WriteString("# 2026-03-04\n\n## 09:00 UTC · host\n")
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "- [note] an earlier note, number %04d\n", i)
	}
	return b.String()
}

func TestExtractFacts_documentLimits(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name          string
		daily, memory string
		check         func(t *testing.T, daily, memory string)
	}{
		{"daily_over_8000_skipped", fxFiller(7990), "", func(t *testing.T, daily, memory string) {
			if daily != fxFiller(7990) {
				t.Errorf("the daily log changed (%d characters)", len(daily))
			}
		}},
		{"daily_over_2000_rewritten", fxFiller(1980) + "- [profile] user lives in LONDON\n- [note] an earlier note, number 0001\n",
			"", func(t *testing.T, daily, memory string) {
				if strings.Count(daily, "number 0001") != 1 || strings.Count(strings.ToLower(daily), "lives in london") != 1 {
					t.Errorf("duplicates left:\n%s", daily[1900:])
				}
				if !strings.Contains(daily, "## 10:00 UTC · heuristic · session s1\n- [profile] User's name is Ada Lovelace\n") {
					t.Errorf("the new block is missing:\n%s", daily[1900:])
				}
			}},
		{"memory_at_4000_untouched", "", "# MEMORY\n" + strings.Repeat("m", 3990) + "\n", func(t *testing.T, daily, memory string) {
			if memory != "# MEMORY\n"+strings.Repeat("m", 3990)+"\n" {
				t.Errorf("MEMORY changed: …%s", memory[3990:])
			}
			if !strings.Contains(daily, "Ada Lovelace") {
				t.Error("the daily log was not written")
			}
		}},
		{"memory_fills_to_the_limit", "", "# MEMORY\n\n## Auto-extracted\n" + strings.Repeat("m", 3880) + "\n", func(t *testing.T, daily, memory string) {
			if !strings.HasSuffix(memory, "\n- [profile] User's name is Ada Lovelace\n") || len([]rune(memory)) >= 4000 {
				t.Errorf("want one line added under 4,000 characters: …%s", memory[3880:])
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, ns, _ := cxOpen(t, core.Options{})
			if tc.daily != "" {
				if _, err := ns.SetDocument(ctx, "daily/2026-03-04", tc.daily); err != nil {
					t.Fatal(err)
				}
			}
			if tc.memory != "" {
				if _, err := ns.SetDocument(ctx, "MEMORY", tc.memory); err != nil {
					t.Fatal(err)
				}
			}
			res, err := ns.ExtractFacts(ctx, cxChat(fxConv...), core.ExtractOptions{Commit: true, SessionID: "s1"})
			if err != nil || len(res.Memories) != 4 {
				t.Fatalf("%d stored, %v", len(res.Memories), err)
			}
			tc.check(t, fxDoc(t, ns, "daily/2026-03-04"), fxDoc(t, ns, "MEMORY"))
		})
	}
}

func TestExtractFacts_llm(t *testing.T) {
	ctx := context.Background()
	llm := &fxLLM{answer: fxLLMAnswer}
	e, ns, _ := cxOpen(t, core.Options{Complete: llm.complete})
	msgs := cxChat(append(slices.Clone(fxConv), "user", "ok")...)
	res, err := ns.ExtractFacts(ctx, msgs, core.ExtractOptions{Commit: true, SessionID: "s1"})
	if err != nil {
		t.Fatal(err)
	}
	if res.By != core.ByLLM || !slices.Equal(fxTypes(res.Facts), []string{"profile:The user is called Ada", "rule:Answer in English"}) {
		t.Fatalf("by %s: %q", res.By, fxTypes(res.Facts))
	}
	if f := res.Facts[1]; f.Confidence != 0.7 || !slices.Equal(f.Evidence, []int{4}) {
		t.Errorf("rule %+v", f)
	}
	if len(res.Memories) != 2 || res.Memories[0].Predicate != "name" || res.Memories[0].Confidence != 0.95 {
		t.Errorf("memories %+v", res.Memories)
	}
	if !strings.Contains(fxDoc(t, ns, "daily/2026-03-04"), "## 10:00 UTC · llm · session s1\n- [profile] The user is called Ada\n") {
		t.Errorf("daily log:\n%s", fxDoc(t, ns, "daily/2026-03-04"))
	}
	// The request: JSON mode, the system prompt, and only the user messages of 30+
	// characters (not "ok", not the assistant's).
	req := llm.reqs[0]
	if !req.JSON || req.Temperature != 0 || !strings.Contains(req.System, "JSON array") || len(req.Messages) != 1 {
		t.Errorf("request %+v", req)
	}
	if got := req.Messages[0].Content; !strings.Contains(got, "[0] Hi, my name is Ada") || !strings.Contains(got, "[4] From now on") ||
		strings.Contains(got, "[6]") || strings.Contains(got, "Nice to meet you") {
		t.Errorf("prompt:\n%s", got)
	}

	// At most 5 passes a session: the 5th call is the last to ask the LLM.
	for i := 2; i <= 6; i++ {
		res, err := ns.ExtractFacts(ctx, msgs, core.ExtractOptions{SessionID: "s1"})
		want := core.ByLLM
		if i == 6 {
			want = core.ByHeuristic
		}
		if err != nil || res.By != want {
			t.Fatalf("call %d: by %s, %v", i, res.By, err)
		}
	}
	if llm.calls() != 5 {
		t.Errorf("%d LLM calls, want 5", llm.calls())
	}
	if n, _ := e.QueryStrings(`SELECT llm_extractions FROM sessions WHERE session_id = 's1'`); !slices.Equal(n, []string{"5"}) {
		t.Errorf("llm_extractions %v", n)
	}
	// Another session has its own count; useLLM false keeps the LLM out.
	if res, _ := ns.ExtractFacts(ctx, msgs, core.ExtractOptions{SessionID: "s2"}); res.By != core.ByLLM {
		t.Errorf("s2: by %s", res.By)
	}
	if res, _ := ns.ExtractFacts(ctx, msgs, core.ExtractOptions{SessionID: "s3", UseLLM: new(false)}); res.By != core.ByHeuristic || llm.calls() != 6 {
		t.Errorf("useLLM false: by %s, %d calls", res.By, llm.calls())
	}
	// Too short for the LLM: no call.
	short := cxChat("user", "I prefer tea.", "assistant", "ok", "user", "ok", "assistant", "ok", "user", "ok", "assistant", "ok")
	if res, _ := ns.ExtractFacts(ctx, short, core.ExtractOptions{SessionID: "s4"}); res.By != core.ByHeuristic || llm.calls() != 6 {
		t.Errorf("short messages: by %s, %d calls", res.By, llm.calls())
	}
}

func TestExtractFacts_llmFailureQueuesAndConsolidateRetries(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "x.db")
	llm := &fxLLM{err: errors.New("host LLM offline")}
	e, err := core.Open(ctx, core.Options{Path: path, Complete: llm.complete})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ns, _ := e.Namespace("default")

	// Without commit a failure only falls back.
	res, err := ns.ExtractFacts(ctx, cxChat(fxConv...), core.ExtractOptions{SessionID: "s1"})
	if err != nil || res.By != core.ByHeuristic || res.Queued != 0 || len(res.Facts) != 4 {
		t.Fatalf("no commit: %+v %v", res, err)
	}
	// With commit: the heuristic facts are stored and the pass queued.
	res, err = ns.ExtractFacts(ctx, cxChat(fxConv...), core.ExtractOptions{Commit: true, SessionID: "s1"})
	if err != nil || res.By != core.ByHeuristic || res.Queued != 1 || res.Read != 6 {
		t.Fatalf("commit: %+v %v", res, err)
	}
	// The same messages again: the session read them already; no second pass (the
	// queued one is consolidate's to retry).
	res, err = ns.ExtractFacts(ctx, cxChat(fxConv...), core.ExtractOptions{Commit: true, SessionID: "s1"})
	if err != nil || res.Reason != core.ReasonAllRead || res.Queued != 0 || res.Known != 6 {
		t.Fatalf("commit again: %+v %v", res, err)
	}
	q, _ := e.QueryStrings(`SELECT session_id || ' ' || from_turn || '-' || to_turn || ' ' || attempts || ' ' || last_error FROM extraction_queue`)
	if !slices.Equal(q, []string{"s1 0-5 1 host LLM offline"}) {
		t.Fatalf("queue %q", q)
	}
	// A malformed answer is a failure too; the LLM was asked each time.
	llm.set("Sorry, I cannot help with that.", nil)
	c, err := ns.Consolidate(ctx, core.ConsolidateOptions{})
	if err != nil || c.ExtractionCounts != (core.ExtractionCounts{Processed: 1, Failed: 1, Pending: 1}) {
		t.Fatalf("consolidate, bad answer: %+v %v", c, err)
	}
	// The LLM answers: the pass is stored and leaves the queue.
	llm.set(fxLLMAnswer, nil)
	c, err = ns.Consolidate(ctx, core.ConsolidateOptions{Limit: 5})
	if err != nil || c.ExtractionCounts != (core.ExtractionCounts{Processed: 1, ByLLM: 1, Stored: 2, Pending: 0}) {
		t.Fatalf("consolidate: %+v %v", c, err)
	}
	if llm.calls() != 4 {
		t.Errorf("%d LLM calls", llm.calls())
	}
	m, _ := ns.List(ctx, core.ListOptions{Filter: core.Filter{Types: []string{core.TypeRule}}})
	if len(m.Memories) != 2 || m.Memories[0].Content != "Answer in English" || m.Memories[0].Source.SessionID != "s1" {
		t.Fatalf("rules %+v", m.Memories)
	}
	if n, _ := e.QueryStrings(`SELECT llm_extractions FROM sessions WHERE session_id = 's1'`); !slices.Equal(n, []string{"1"}) {
		t.Errorf("llm_extractions %v", n)
	}

	// Queue again, then reopen the file without an LLM: consolidate runs the heuristics.
	llm.set("", errors.New("offline again"))
	conv2 := cxChat(append(slices.Clone(fxConv), "user", "I really enjoy hiking in the Swiss Alps every summer.", "assistant", "Nice.")...)
	if res, err := ns.ExtractFacts(ctx, conv2, core.ExtractOptions{Commit: true, SessionID: "s2", UseLLM: new(true)}); err != nil || res.Queued != 1 {
		t.Fatalf("queue: %+v %v", res, err)
	}
	e.Close()
	e2, err := core.Open(ctx, core.Options{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	defer e2.Close()
	ns2, _ := e2.Namespace("default")
	c, err = ns2.Consolidate(ctx, core.ConsolidateOptions{})
	// Its five facts were stored by the failed call already: only duplicates now.
	if err != nil || c.ExtractionCounts != (core.ExtractionCounts{Processed: 1, ByHeuristic: 1, Duplicates: 5}) {
		t.Fatalf("consolidate without LLM: %+v %v", c, err)
	}
}

func TestConsolidate_attemptsRunOut(t *testing.T) {
	ctx := context.Background()
	llm := &fxLLM{err: errors.New("down")}
	_, ns, _ := cxOpen(t, core.Options{Complete: llm.complete})
	if res, err := ns.ExtractFacts(ctx, cxChat(fxConv...), core.ExtractOptions{Commit: true, SessionID: "s1"}); err != nil || res.Queued != 1 {
		t.Fatalf("%+v %v", res, err)
	}
	for i := 2; i < core.MaxExtractionAttempts; i++ {
		if c, err := ns.Consolidate(ctx, core.ConsolidateOptions{}); err != nil || c.Failed != 1 || c.Pending != 1 {
			t.Fatalf("attempt %d: %+v %v", i, c, err)
		}
	}
	c, err := ns.Consolidate(ctx, core.ConsolidateOptions{})
	if err != nil || c.ExtractionCounts != (core.ExtractionCounts{Processed: 1, ByHeuristic: 1, Duplicates: 4}) {
		t.Fatalf("last attempt: %+v %v", c, err)
	}
	if llm.calls() != core.MaxExtractionAttempts {
		t.Errorf("%d LLM calls, want %d", llm.calls(), core.MaxExtractionAttempts)
	}
	if c, _ := ns.Consolidate(ctx, core.ConsolidateOptions{}); c.ExtractionCounts != (core.ExtractionCounts{}) {
		t.Errorf("empty queue: %+v", c)
	}
}

// TestExtractFacts_laterCallRetries: a later call of the session whose LLM pass succeeds
// retries a pass of the session that failed before.
func TestExtractFacts_laterCallRetries(t *testing.T) {
	ctx := context.Background()
	llm := &fxLLM{err: errors.New("down")}
	e, ns, _ := cxOpen(t, core.Options{Complete: llm.complete})
	if res, _ := ns.ExtractFacts(ctx, cxChat(fxConv...), core.ExtractOptions{Commit: true, SessionID: "s1"}); res.Queued != 1 {
		t.Fatalf("not queued: %+v", res)
	}
	llm.set(fxLLMAnswer, nil)
	longer := cxChat(append(slices.Clone(fxConv), "user", "I really enjoy hiking in the Swiss Alps every summer.", "assistant", "Nice.")...)
	res, err := ns.ExtractFacts(ctx, longer, core.ExtractOptions{Commit: true, SessionID: "s1"})
	if err != nil || res.By != core.ByLLM || res.Retried != 1 {
		t.Fatalf("%+v %v", res, err)
	}
	if q, _ := e.QueryStrings(`SELECT count(*) FROM extraction_queue`); q[0] != "0" {
		t.Errorf("%s passes left", q[0])
	}
	// A pass that succeeds removes its own earlier failure (a session-less commit reads
	// the same messages again; a session's does not).
	llm.set("", errors.New("down"))
	ns.ExtractFacts(ctx, longer, core.ExtractOptions{Commit: true})
	llm.set(fxLLMAnswer, nil)
	if res, _ := ns.ExtractFacts(ctx, longer, core.ExtractOptions{Commit: true}); res.Retried != 0 || res.By != core.ByLLM {
		t.Errorf("retried its own pass: %+v", res)
	}
	if q, _ := e.QueryStrings(`SELECT count(*) FROM extraction_queue`); q[0] != "0" {
		t.Errorf("%s passes left", q[0])
	}
}

func TestExtractFacts_errors(t *testing.T) {
	ctx := context.Background()
	e, ns, _ := cxOpen(t, core.Options{Limits: core.Limits{MaxBatch: 10, MaxContentBytes: 100}})
	ok := cxChat(fxConv...)
	for _, tc := range []struct {
		name     string
		messages json.RawMessage
		o        core.ExtractOptions
		code     core.Code
		field    string
	}{
		{"missing", nil, core.ExtractOptions{}, core.CodeInvalidArgument, "messages"},
		{"null", json.RawMessage(`null`), core.ExtractOptions{}, core.CodeInvalidArgument, "messages"},
		{"not_array", json.RawMessage(`{"role":"user"}`), core.ExtractOptions{}, core.CodeInvalidArgument, "messages"},
		{"bad_role", json.RawMessage(`[{"role":"robot","content":"x"}]`), core.ExtractOptions{}, core.CodeInvalidArgument, "messages[0].role"},
		{"no_content", json.RawMessage(`[{"role":"user"}]`), core.ExtractOptions{}, core.CodeInvalidArgument, "messages[0].content"},
		{"null_content", json.RawMessage(`[{"role":"assistant","content":"hi"},{"role":"user","content":null}]`), core.ExtractOptions{}, core.CodeInvalidArgument, "messages[1].content"},
		{"too_many", cxChat(slices.Repeat([]string{"user", "x"}, 11)...), core.ExtractOptions{}, core.CodeTooLarge, "messages"},
		{"too_long", cxChat("user", "x", "user", strings.Repeat("y", 101)), core.ExtractOptions{}, core.CodeTooLarge, "messages[1].content"},
		{"bad_date", ok, core.ExtractOptions{Date: "2026-02-30"}, core.CodeInvalidArgument, "date"},
		{"bad_date_format", ok, core.ExtractOptions{Date: "4 March"}, core.CodeInvalidArgument, "date"},
		{"bad_session", ok, core.ExtractOptions{SessionID: "a\x00b"}, core.CodeInvalidArgument, "sessionId"},
		{"empty_is_fine", json.RawMessage(`[]`), core.ExtractOptions{Commit: true}, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ns.ExtractFacts(ctx, tc.messages, tc.o)
			cxErr(t, err, tc.code, tc.field)
		})
	}
	if _, err := ns.Consolidate(ctx, core.ConsolidateOptions{Limit: -1}); err == nil {
		t.Error("consolidate limit -1 accepted")
	}
	e.Close()
	_, err := ns.ExtractFacts(ctx, ok, core.ExtractOptions{})
	cxErr(t, err, core.CodeClosed, "")
	_, err = ns.Consolidate(ctx, core.ConsolidateOptions{})
	cxErr(t, err, core.CodeClosed, "")
}

// TestExtractFacts_anthropicShape: messages in the Anthropic shape (content blocks, tool
// use) are read the same way; tool results are not read.
func TestExtractFacts_anthropicShape(t *testing.T) {
	_, ns, _ := cxOpen(t, core.Options{})
	msgs := json.RawMessage(`[
	 {"role":"user","content":[{"type":"text","text":"我叫李明，是一名前端工程师。"}]},
	 {"role":"assistant","content":[{"type":"text","text":"好的"},{"type":"tool_use","id":"t1","name":"lookup","input":{}}]},
	 {"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"I prefer tabs. Always use tabs."}]},
	 {"role":"assistant","content":"明白"},
	 {"role":"user","content":"以后回答都用中文。"},
	 {"role":"assistant","content":"好的"}]`)
	res, err := ns.ExtractFacts(context.Background(), msgs, core.ExtractOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := fxTypes(res.Facts); !slices.Equal(got, []string{"profile:用户叫李明", "profile:用户是一名前端工程师", "rule:以后回答都用中文。"}) {
		t.Errorf("got %q", got)
	}
}

// TestExtractFacts_cutToLimits: limits below a fact's size cut it; they do not fail the
// commit.
func TestExtractFacts_cutToLimits(t *testing.T) {
	_, ns, _ := cxOpen(t, core.Options{Limits: core.Limits{MaxFieldBytes: 3, MaxContentBytes: 60}})
	res, err := ns.ExtractFacts(context.Background(), cxChat(fxConv...), core.ExtractOptions{Commit: true})
	if err != nil || len(res.Memories) != 4 {
		t.Fatalf("%+v %v", res, err)
	}
	if m := res.Memories[0]; m.Subject != "use" || m.Predicate != "nam" {
		t.Errorf("memory %+v", m)
	}
	// "prefers" is a kind of claim, kept as a tag, which the field limit does not cut.
	if m := res.Memories[2]; m.Subject != "use" || m.Predicate != "" || !slices.Contains(m.Tags, "prefers") ||
		m.Content != "User prefers concise answers with code examples" {
		t.Errorf("memory %+v", m)
	}
}
