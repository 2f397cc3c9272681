package core

import (
	"slices"
	"strings"
	"testing"

	"github.com/memcore/memcore/core/internal/chat"
)

func TestExtractEntities(t *testing.T) {
	for _, tc := range []struct {
		text      string
		want, not []string
	}{
		{"We met Alice Smith in Paris last week.", []string{"Alice Smith", "Paris"}, nil},
		{"Deploy Atlas to staging.", []string{"Atlas"}, []string{"Deploy Atlas", "Deploy"}},
		{"Yesterday was long. Then Kubernetes broke.", []string{"Kubernetes"}, []string{"Yesterday", "Then", "Then Kubernetes"}},
		{"Yesterday was long. Broken builds everywhere.", nil, []string{"Yesterday", "Broken"}},
		{"Kubernetes broke. We restarted Kubernetes.", []string{"Kubernetes"}, nil},
		{"The AWS bill is high.", []string{"AWS"}, []string{"The"}},
		{"I ran `make test` and fixed parseConfig in config_loader.go, then called os.Getenv(x).",
			[]string{"parseConfig", "config_loader.go", "os.Getenv"}, []string{"config_loader", "I"}},
		{"Use `values.yaml` not values.yml", []string{"values.yaml"}, nil},
		{"我明天要去北京出差，见王经理和小李。", []string{"北京", "王经理", "小李"}, nil},
		{"我们住在杭州市西湖区。", []string{"杭州市"}, []string{"杭州"}},
		{"Thanks! OK. Yes, please.", nil, []string{"Thanks", "OK", "Yes"}},
	} {
		got := extractEntities(tc.text, 20)
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("%q: %v lacks %q", tc.text, got, w)
			}
		}
		for _, n := range tc.not {
			if slices.Contains(got, n) {
				t.Errorf("%q: %v has %q", tc.text, got, n)
			}
		}
	}
	var many []string
	for i := range 30 {
		many = append(many, "Name"+string(rune('A'+i%26))+strings.Repeat("x", i/26))
	}
	if got := extractEntities("see "+strings.Join(many, " and "), 20); len(got) != 20 {
		t.Errorf("limit: %d entities", len(got))
	}
}

func TestSentences(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"One. Two! Three? Four", []string{"One.", "Two!", "Three?", "Four"}},
		{"v1.2 is out. ok", []string{"v1.2 is out.", "ok"}},
		{"第一句。第二句！第三句？", []string{"第一句。", "第二句！", "第三句？"}},
		{"line one\n\n  line   two  ", []string{"line one", "line two"}},
		{"", nil},
		// Abbreviations do not end a sentence (the web demo's "St. Ives" episode).
		{"We're driving to St. Ives with Dr. Patel. Back on Monday.", []string{"We're driving to St. Ives with Dr. Patel.", "Back on Monday."}},
		{"Sports, e.g. surfing. She is in the U.S. now", []string{"Sports, e.g. surfing.", "She is in the U.S. now"}},
		{"Come with us. It is fun", []string{"Come with us.", "It is fun"}},
	} {
		if got := sentences(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("sentences(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestRecallQuery(t *testing.T) {
	msgs := []chat.Message{
		chat.NewText("user", "oldest one"),
		chat.NewText("user", "a"),
		chat.NewText("user", "b"),
		chat.NewText("assistant", "not me"),
		chat.NewText("user", "c"),
		chat.NewText("user", "d"),
		chat.NewText("user", "newest   words\nhere"),
	}
	if got := recallQuery(msgs); got != "newest words here d c b a" {
		t.Errorf("query %q", got)
	}
	long := []chat.Message{chat.NewText("user", strings.Repeat("é", 300)), chat.NewText("user", strings.Repeat("z", 300)),
		chat.NewText("user", strings.Repeat("y", 300))}
	got := recallQuery(long)
	parts := strings.Split(got, " ")
	if len(parts) != 3 || len([]rune(parts[0])) != 200 || len([]rune(parts[1])) != 200 || len([]rune(got)) > 502 {
		t.Errorf("caps: %d parts, %d chars", len(parts), len([]rune(got)))
	}
}

func TestWorkingRender_trim(t *testing.T) {
	w := workingState{plan: &Plan{Goal: "g", Steps: []PlanStep{{Title: "a", Status: StepPending}}}, state: "st"}
	for i := range 10 {
		w.scratch = append(w.scratch, ScratchEntry{Key: "k" + string(rune('0'+i)), Value: strings.Repeat("v ", 50)})
	}
	full := w.render(-1)
	cut := w.render(60)
	if !strings.Contains(full, "k9") || strings.Contains(cut, "k9") || !strings.Contains(cut, "Goal: g") ||
		!strings.Contains(cut, "entries left out") {
		t.Errorf("cut:\n%s", cut)
	}
	if got := w.render(3); got != "" {
		t.Errorf("tiny budget: %q", got)
	}
	if got := (&workingState{}).render(-1); got != "" {
		t.Errorf("empty: %q", got)
	}
}

func TestDropOldest(t *testing.T) {
	sum := chat.NewText("user", "[compacted] Summary of 4 earlier messages:\nGoal: x")
	msgs := []chat.Message{sum, chat.NewText("user", strings.Repeat("old ", 50)),
		chat.NewText("assistant", strings.Repeat("answer ", 50)), chat.NewText("user", "recent"),
		chat.NewText("assistant", "ok")}
	got := dropOldest(msgs, 40)
	if len(got) != 3 || got[0].Text() != sum.Text() || got[1].Text() != "recent" {
		t.Errorf("kept %d: %v", len(got), got)
	}
	if got := dropOldest(msgs, 0); len(got) != 0 {
		t.Errorf("nothing fits: %v", got)
	}
}
