package compact

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memcore/memcore/core/internal/chat"
)

// A fixture is a conversation and the options to compact it with. Its golden file
// (NAME.golden.json) holds what Compact returned; UPDATE_GOLDEN=1 rewrites them.
type fixture struct {
	Description string `json:"description"`
	Options     struct {
		Force           bool   `json:"force"`
		MaxMessages     int    `json:"maxMessages"`
		MaxChars        int    `json:"maxChars"`
		MaxTokens       int    `json:"maxTokens"`
		KeepRecent      int    `json:"keepRecent"`
		SummaryMaxChars int    `json:"summaryMaxChars"`
		WorkingState    string `json:"workingState"`
		// LLMSummary, when set, is what a fake LLM answers; LLMError makes it fail.
		LLMSummary string `json:"llmSummary"`
		LLMError   string `json:"llmError"`
	} `json:"options"`
	// MessagesFrom names another fixture whose messages this one compacts.
	MessagesFrom string          `json:"messagesFrom"`
	Messages     json.RawMessage `json:"messages"`
}

type goldenFile struct {
	Description string          `json:"description"`
	Shape       chat.Shape      `json:"shape"`
	Report      Report          `json:"report"`
	Stored      []string        `json:"stored"` // Report.Removed, one line each: "role: text…"
	Messages    json.RawMessage `json:"messages"`
}

func loadFixture(t testing.TB, path string) fixture {
	t.Helper()
	var f fixture
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if f.MessagesFrom != "" {
		f.Messages = loadFixture(t, filepath.Join(filepath.Dir(path), f.MessagesFrom)).Messages
	}
	return f
}

func (f fixture) options() Options {
	o := Options{Force: f.Options.Force, MaxMessages: f.Options.MaxMessages, MaxChars: f.Options.MaxChars,
		MaxTokens: f.Options.MaxTokens, KeepRecent: f.Options.KeepRecent,
		SummaryMaxChars: f.Options.SummaryMaxChars, WorkingState: f.Options.WorkingState}
	switch {
	case f.Options.LLMError != "":
		o.Summarize = func(context.Context, []chat.Message) (string, error) { return "", errors.New(f.Options.LLMError) }
	case f.Options.LLMSummary != "":
		o.Summarize = func(_ context.Context, msgs []chat.Message) (string, error) {
			if len(msgs) == 0 {
				return "", errors.New("nothing to summarise")
			}
			return f.Options.LLMSummary, nil
		}
	}
	return o
}

// fixtures returns the fixture files of testdata, sorted.
func fixtures(t testing.TB) []string {
	t.Helper()
	all, err := filepath.Glob("testdata/*.json")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range all {
		if !strings.HasSuffix(p, ".golden.json") {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		t.Fatal("no fixtures in testdata")
	}
	return out
}

func TestCompact_golden(t *testing.T) {
	update := os.Getenv("UPDATE_GOLDEN") != ""
	for _, path := range fixtures(t) {
		name := strings.TrimSuffix(filepath.Base(path), ".json")
		t.Run(name, func(t *testing.T) {
			f := loadFixture(t, path)
			msgs, shape, err := chat.Parse(f.Messages, "messages")
			if err != nil {
				t.Fatal(err)
			}
			out, rep, err := Compact(context.Background(), msgs, f.options())
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, msgs, shape, out, rep, f.options())
			enc, err := chat.Encode(out, shape)
			if err != nil {
				t.Fatal(err)
			}
			g := goldenFile{Description: f.Description, Shape: shape, Report: rep, Stored: []string{}, Messages: enc}
			for _, m := range rep.Removed {
				g.Stored = append(g.Stored, m.Role+": "+capRunes(strings.Join(strings.Fields(m.AllText()), " "), 80))
			}
			var buf bytes.Buffer
			e := json.NewEncoder(&buf)
			e.SetEscapeHTML(false)
			e.SetIndent("", " ")
			if err := e.Encode(g); err != nil {
				t.Fatal(err)
			}
			goldenPath := strings.TrimSuffix(path, ".json") + ".golden.json"
			if update {
				if err := os.WriteFile(goldenPath, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(goldenPath)
			if err != nil {
				t.Fatalf("%v (run with UPDATE_GOLDEN=1 to create it)", err)
			}
			if !bytes.Equal(want, buf.Bytes()) {
				t.Errorf("compacted output differs from %s (UPDATE_GOLDEN=1 rewrites it); got:\n%s", goldenPath, buf.Bytes())
			}
		})
	}
}
