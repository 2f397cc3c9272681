package host_test

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
	"github.com/memcore/memcore/internal/host"
)

func TestLLM_callback(t *testing.T) {
	var complete func(context.Context, core.Completion) (string, error)
	var gotDB int64
	var gotKind, gotPayload, reply string
	var replyErr error
	h := host.New()
	h.Open = func(ctx context.Context, o core.Options) (*core.Engine, error) {
		complete = o.Complete
		return core.Open(ctx, o)
	}
	wantErr(t, h, `{"v":1,"op":"open","args":{"llm":true}}`, "unsupported", "llm") // no Callback yet
	h.Callback = func(ctx context.Context, db int64, kind string, payload []byte) ([]byte, error) {
		gotDB, gotKind, gotPayload = db, kind, string(payload)
		return []byte(reply), replyErr
	}
	db := openDB(t, h, `{"path":"","llm":true}`)
	if complete == nil {
		t.Fatal("an open with llm got no completer")
	}
	reply = `{"text":"summary"}`
	got, err := complete(context.Background(), core.Completion{System: "s",
		Messages: []core.CompletionMessage{{Role: "user", Content: "你好"}}, MaxTokens: 10})
	if err != nil || got != "summary" {
		t.Fatalf("complete = %q, %v", got, err)
	}
	var req core.Completion
	if strconv.FormatInt(gotDB, 10) != db || gotKind != host.KindComplete ||
		json.Unmarshal([]byte(gotPayload), &req) != nil || req.Messages[0].Content != "你好" {
		t.Fatalf("callback got (%d, %q, %s)", gotDB, gotKind, gotPayload)
	}
	for _, c := range []struct{ reply, want string }{
		{`{"error":{"message":"rate limited"}}`, "rate limited"},
		{`{}`, `no "text"`},
		{`"just text"`, "not {"},
	} {
		reply = c.reply
		if _, err := complete(context.Background(), core.Completion{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("reply %s: err %v, want it to mention %q", c.reply, err, c.want)
		}
	}
	replyErr = errors.New("the page went away")
	if _, err := complete(context.Background(), core.Completion{}); err == nil {
		t.Error("a failing callback gave no error")
	}
}

// An open may name only the scoring weights and limits it changes, in the JSON names.
func TestOpen_partialScoringAndLimits(t *testing.T) {
	var got core.Options
	h := host.New()
	h.Open = func(ctx context.Context, o core.Options) (*core.Engine, error) {
		got = o
		return core.Open(ctx, o)
	}
	openDB(t, h, `{"path":"","scoring":{"recency":0.3},"limits":{"maxContentBytes":100}}`)
	def := core.DefaultScoring()
	if got.Scoring == nil || got.Scoring.Recency != 0.3 || got.Scoring.Relevance != def.Relevance ||
		got.Scoring.TitleBM25 != def.TitleBM25 {
		t.Fatalf("scoring = %+v, want recency 0.3 and every other weight at its default", got.Scoring)
	}
	if got.Limits.MaxContentBytes != 100 {
		t.Fatalf("limits = %+v", got.Limits)
	}
	wantErr(t, h, `{"v":1,"op":"open","args":{"scoring":{"recency":"high"}}}`, "invalid_argument", "scoring.recency")
	wantErr(t, h, `{"v":1,"op":"open","args":{"scoring":{"bogus":1}}}`, "invalid_argument", "scoring.bogus")
	wantErr(t, h, `{"v":1,"op":"open","args":{"limits":{"MaxContentBytes":1}}}`, "invalid_argument", "limits.MaxContentBytes")
}
