package compact

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/chat"
)

func TestSummarize_sections(t *testing.T) {
	msgs := conv(t,
		"u:I need a landing page for our bakery. We use Next.js 14 and deploy on Vercel.",
		"a:Happy to help! What should be on it?",
		"u:I prefer a single page, no carousel. Please always use British spelling.",
		"a:Understood. Let's go with a hero, a menu section and opening hours.",
		"c:1:create_file", "r:1:Error: EACCES: permission denied, open 'app/page.tsx'",
		"a:The write failed because the app directory is read-only.",
		"u:Can you add a contact form?",
		"a:I've added the contact form with name, email and message fields.",
		"a:Still to do: connect the form to the mail API tomorrow.",
	)
	s := Summarize(msgs, 2000)
	for _, want := range []string{
		"Goal: I need a landing page for our bakery. We use Next.js 14 and deploy on Vercel.",
		"Decisions:\n- Understood. Let's go with a hero, a menu section and opening hours.",
		"Preferences:\n- I prefer a single page, no carousel.\n- Please always use British spelling.",
		"Facts:\n- The write failed because the app directory is read-only.",
		"Errors:\n- create_file: Error: EACCES: permission denied, open 'app/page.tsx'",
		"Done:\n- I've added the contact form with name, email and message fields.",
		"Open tasks:\n- Still to do: connect the form to the mail API tomorrow.",
		"Requests:\n- Can you add a contact form?",
		"Tools used: create_file ×1 (1 failed)",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %q in:\n%s", want, s)
		}
	}
	if s != Summarize(msgs, 2000) {
		t.Error("not deterministic")
	}
}

func TestSummarize_chinese(t *testing.T) {
	msgs := conv(t, "u:帮我规划一下周末去苏州的行程。我不吃辣。", "a:好的。我们决定周六上午去拙政园，下午去平江路。", "u:记得提醒我带身份证。")
	s := Summarize(msgs, 2000)
	for _, want := range []string{"目标：帮我规划一下周末去苏州的行程。我不吃辣。", "决定：\n- 好的。我们决定周六上午去拙政园，下午去平江路。", "偏好：", "待办：\n- 记得提醒我带身份证。"} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %q in:\n%s", want, s)
		}
	}
}

func TestSummarize_bound(t *testing.T) {
	var lines []string
	for i := range 40 {
		lines = append(lines, "u:We decided to use option "+strings.Repeat("x", i)+" because it is faster and cheaper overall.",
			"a:The root cause was the cache "+strings.Repeat("y", i)+" being cold after every deploy.")
	}
	msgs := conv(t, lines...)
	for _, max := range []int{200, 500, 1000, 2000} {
		s := Summarize(msgs, max)
		if n := utf8.RuneCountInString(s); n > max || n < max/3 {
			t.Errorf("bound %d: %d characters", max, n)
		}
		if !strings.HasPrefix(s, "Goal:") {
			t.Errorf("bound %d: the goal went first: %q", max, s)
		}
	}
	// The most recent decisions are kept.
	if s := Summarize(msgs, 2000); !strings.Contains(s, strings.Repeat("x", 39)) || strings.Contains(s, "option xx because") {
		t.Errorf("not the most recent decisions:\n%s", s)
	}
}

func TestSummarize_nothingFound(t *testing.T) {
	for _, tc := range []struct {
		msgs []chat.Message
		want string
	}{
		{nil, nothingFound[0]},
		{conv(t, "u:ok", "a:👍"), nothingFound[0]},
		{conv(t, "u:好的", "a:嗯"), nothingFound[0]},
	} {
		if got := Summarize(tc.msgs, 0); got != tc.want {
			t.Errorf("got %q", got)
		}
	}
}

func TestSummarize_foldsEarlierSummary(t *testing.T) {
	earlier := "[compacted] Summary of 30 earlier messages:\nGoal: Port the billing service to Go.\nDecisions:\n- We decided to keep PostgreSQL.\nTools used: grep ×4 (1 failed), read_file ×2\nFree prose an LLM wrote.\n\nWorking state:\nPlan: old plan"
	msgs := append([]chat.Message{chat.NewText("user", earlier)}, conv(t, "u:Let's switch to sqlc for the queries.", "c:1:grep", "r:1:no matches")...)
	s := Summarize(msgs, 2000)
	for _, want := range []string{"Goal: Port the billing service to Go.", "- We decided to keep PostgreSQL.\n- Let's switch to sqlc for the queries.",
		"Tools used: grep ×5 (1 failed), read_file ×2", "Earlier:\n- Free prose an LLM wrote."} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %q in:\n%s", want, s)
		}
	}
	if strings.Contains(s, "old plan") {
		t.Error("the stale working state was carried over")
	}
}

func TestSentences_cases(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"First one. Second one here! Third?", []string{"First one. Second one here!", "Third?"}},
		{"Agreed. We ship the v1.2 build on Friday.", []string{"Agreed. We ship the v1.2 build on Friday."}},
		{"- item one is long enough\n- item two is long enough", []string{"item one is long enough", "item two is long enough"}},
		{"text\n```go\nfmt.Println(\"x. y\")\n```\nafter the code block", []string{"text after the code block"}},
		{"好的。我们明天出发。带上护照！", []string{"好的。我们明天出发。", "带上护照！"}},
		{"We're driving to St. Ives with Dr. Patel's family. It takes five hours.", []string{"We're driving to St. Ives with Dr. Patel's family.", "It takes five hours."}},
	} {
		got := sentences(tc.in)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("sentences(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestTranscript_bounded(t *testing.T) {
	var lines []string
	for range 100 {
		lines = append(lines, "u:question "+strings.Repeat("q", 300), "c:c:lookup", "r:c:"+strings.Repeat("r", 5000))
	}
	msgs := conv(t, lines...)
	tr := Transcript(msgs, 8000)
	if n := utf8.RuneCountInString(tr); n > 8000 {
		t.Errorf("%d characters", n)
	}
	if !strings.HasPrefix(tr, "user: question") || !strings.Contains(tr, "messages left out …]") || !strings.Contains(tr, "lookup returned: rrr") {
		t.Errorf("transcript:\n%.300s", tr)
	}
	if !strings.HasSuffix(tr, strings.Repeat("r", 10)+"…") {
		t.Errorf("the last message is not last: %q", tr[len(tr)-40:])
	}
	short := Transcript(conv(t, "u:hi", "c:1:f", "r:1:out"), 1000)
	if short != "user: hi\n\nassistant called f({})\n\nf returned: out" {
		t.Errorf("%q", short)
	}
}

func TestPrompt_bound(t *testing.T) {
	sys, user := Prompt(conv(t, "u:hello there"), 1234)
	if !strings.Contains(sys, "at most 1234 characters") || !strings.HasPrefix(user, "Transcript:\n\nuser: hello there") {
		t.Errorf("%q / %q", sys, user)
	}
}

func TestCleanLLM_cases(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"  summary  ", "summary"},
		{"[compacted] summary", "summary"},
		{"[compacted]\n[compacted] x", "x"},
		{"a\nb\n\nWorking state:\nPlan: y", "a\nb"},
		{"", ""},
		{strings.Repeat("a", 300), strings.Repeat("a", 199) + "…"},
		{strings.Repeat("line\n", 60), strings.TrimSpace(strings.Repeat("line\n", 39))},
	} {
		if got := cleanLLM(tc.in, 200); got != tc.want {
			t.Errorf("cleanLLM(%.30q) = %.60q, want %.60q", tc.in, got, tc.want)
		}
	}
}

func TestCapRunes_cases(t *testing.T) {
	for _, tc := range []struct {
		s    string
		n    int
		want string
	}{
		{"hello", 5, "hello"}, {"hello", 4, "hel…"}, {"你好世界", 3, "你好…"}, {"abc", 1, "…"}, {"abc", 0, ""},
	} {
		if got := capRunes(tc.s, tc.n); got != tc.want {
			t.Errorf("capRunes(%q, %d) = %q", tc.s, tc.n, got)
		}
	}
}

// TestSummarize_chitChat: a self-introduction is no Goal and the assistant's reactions and
// canned replies are no Facts (the ninth new-user pass); the user's own statements are.
func TestSummarize_chitChat(t *testing.T) {
	got := Summarize(conv(t,
		"u:I'm Marco, nice to meet you.", "a:Nice to meet you too, Marco!",
		"u:I have two kids and a dog at home.", "a:That sounds like a busy household.",
		"u:Can you plan our meals for the week?",
		"a:Without an LLM this demo only remembers: it cannot translate, summarise or write. Connect one in Settings."), 0)
	for _, bad := range []string{"Goal: I'm Marco", "too, Marco", "busy household", "Without an LLM", "Connect one"} {
		if strings.Contains(got, bad) {
			t.Errorf("summary holds %q:\n%s", bad, got)
		}
	}
	for _, want := range []string{"Goal: I have two kids", "I'm Marco, nice to meet you."} {
		if !strings.Contains(got, want) {
			t.Errorf("summary lacks %q:\n%s", want, got)
		}
	}
}
