package core_test

import (
	"context"
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
)

// A chat like the web demo's without an LLM — statements acknowledged "Got it." / "好的，记下
// 了。", questions answered "Here is what I remember:" / "我记得：" — gives an episode whose
// facts and lessons are what the user said, not the acknowledgements, the lead-ins or the
// questions ("你记得我什么？" has the lesson cue 记得), and whose title is not the greeting.
// Found in the web demo: such episodes were recalled for unrelated statements.
func TestEndSession_acknowledgementsAreNoFindings(t *testing.T) {
	r, m := endedEpisode(t, [][2]string{
		{"user", "Hi! I'm Marco, I work as a night-shift nurse at St. Mary's in Leeds."}, {"assistant", "Got it."},
		{"user", "我对海鲜过敏，吃虾会起疹子。"}, {"assistant", "好的，记下了。"},
		{"user", "What do you remember about me?"}, {"assistant", "Here is what I remember:"},
		{"user", "你记得我什么？"}, {"assistant", "我记得："},
		{"user", "The build failed because the disk was full, so I learned to check df first."}, {"assistant", "Got it."},
	})
	for _, noise := range []string{"好的，记下了", "Here is what I remember", "我记得：", "- 你记得我什么"} {
		if strings.Contains(m.Content, noise) && !strings.Contains(noise, "你记得") || strings.Contains(strings.Join(r.Episode.Lessons, "|"), strings.TrimPrefix(noise, "- ")) {
			t.Errorf("episode holds %q:\n%s\nlessons %q", noise, m.Content, r.Episode.Lessons)
		}
	}
	if !strings.Contains(strings.Join(r.Episode.Lessons, "|"), "check df first") {
		t.Errorf("lessons = %q, want the real one", r.Episode.Lessons)
	}
	if r.Episode.Goal == "Hi!" || !strings.Contains(m.Title, "Marco") {
		t.Errorf("goal %q, title %q: want the sentence after the greeting", r.Episode.Goal, m.Title)
	}
}

// An abbreviation's period does not end the goal: the web demo's "We're driving to St.
// Ives…" gave an episode titled "Episode: We're driving to St." and a task "Ives with Dr.
// Patel's family…".
func TestEndSession_abbreviationsKeepTheSentence(t *testing.T) {
	r, m := endedEpisode(t, [][2]string{
		{"user", "We're driving to St. Ives with Dr. Patel's family next month for a week of surfing."}, {"assistant", "Got it."},
		{"user", "Pack light, e.g. one bag each, and remind me to book the ferry later."}, {"assistant", "Got it."},
	})
	if !strings.Contains(r.Episode.Goal, "St. Ives with Dr. Patel's family") || !strings.Contains(m.Title, "St. Ives") {
		t.Errorf("goal %q, title %q: cut at an abbreviation", r.Episode.Goal, m.Title)
	}
	for _, line := range strings.Split(m.Content, "\n") {
		if l := strings.TrimPrefix(line, "- "); strings.HasPrefix(l, "Ives") || strings.HasPrefix(l, "Patel") || strings.HasPrefix(l, "one bag") {
			t.Errorf("a sentence starts after an abbreviation: %q in\n%s", line, m.Content)
		}
	}
}

// The web demo's session without an LLM, as a new user had it: its "no answer" reply is no
// finding, its last reply (a lead-in) is no outcome, "记得提醒我" is a task and no lesson,
// and "Todoist" is a tool, not a to-do.
func TestEndSession_demoRepliesAreNoOutcome(t *testing.T) {
	r, _ := endedEpisode(t, [][2]string{
		{"user", "Hey, I'm a high school chemistry teacher in Portland."}, {"assistant", "Got it."},
		{"user", "I use a Kindle for reading and Todoist for tasks."}, {"assistant", "Got it."},
		{"user", "下个月15号我妈过生日，记得提醒我。"}, {"assistant", "好的，记下了。"},
		{"user", "What am I allergic to?"}, {"assistant", "I don't remember anything about that yet."},
		{"user", "What do you know about me?"}, {"assistant", "Here is what I remember:"},
	})
	if r.Episode.Outcome != "no answer: the assistant only acknowledged" {
		t.Errorf("outcome = %q", r.Episode.Outcome)
	}
	if strings.Contains(r.Episode.Summary, "I don't remember anything") {
		t.Errorf("the no-answer reply is a finding:\n%s", r.Episode.Summary)
	}
	if strings.Contains(r.Episode.Summary, "Open tasks:\n- I use a Kindle") {
		t.Errorf("Todoist read as a to-do:\n%s", r.Episode.Summary)
	}
	if strings.Contains(strings.Join(r.Episode.Lessons, "|"), "提醒我") {
		t.Errorf("lessons = %q: a reminder is no lesson", r.Episode.Lessons)
	}
}

// endedEpisode appends pairs (role, content) as the turns of a session of a new database,
// ends the session, and returns the result and the episode's memory.
func endedEpisode(t *testing.T, pairs [][2]string) (*core.EndSessionResult, *core.Memory) {
	t.Helper()
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	var in []core.TurnInput
	for _, p := range pairs {
		in = append(in, core.TurnInput{Role: p[0], Content: p[1]})
	}
	if _, err := ns.AppendTurns(ctx, "s1", in); err != nil {
		t.Fatal(err)
	}
	r, err := ns.EndSession(ctx, "s1")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ns.Get(ctx, r.Episode.MemoryID)
	if err != nil {
		t.Fatal(err)
	}
	return r, m
}

// The ninth new-user pass, in the web demo without an LLM: the episode's title was the
// self-introduction, its facts held the assistant's reactions ("That sounds like a busy
// household.") and the demo's canned reply ("Without an LLM…"), and "记得别推荐…" (an
// instruction to the assistant) was a lesson. Facts come from what the user said; an
// instruction is a rule.
func TestEndSession_chitChatIsNoFinding(t *testing.T) {
	r, m := endedEpisode(t, [][2]string{
		{"user", "I'm Marco, nice to meet you."}, {"assistant", "Nice to meet you too, Marco!"},
		{"user", "I have two kids and a dog at home."}, {"assistant", "That sounds like a busy household."},
		{"user", "Can you translate my shopping list into Italian?"},
		{"assistant", "Without an LLM this demo only remembers: it cannot translate, summarise or write. Connect one in Settings."},
		{"user", "我不吃香菜，记得别推荐有香菜的菜。"}, {"assistant", "好的，记下了。"},
	})
	if strings.Contains(r.Episode.Goal, "nice to meet you") {
		t.Errorf("goal %q is the introduction", r.Episode.Goal)
	}
	for _, noise := range []string{"busy household", "Without an LLM", "Nice to meet you too"} {
		if strings.Contains(m.Content, noise) {
			t.Errorf("episode holds the assistant's %q:\n%s", noise, m.Content)
		}
	}
	if !strings.Contains(m.Content, "two kids") {
		t.Errorf("episode lost the user's fact:\n%s", m.Content)
	}
	if l := strings.Join(r.Episode.Lessons, "|"); strings.Contains(l, "别推荐") {
		t.Errorf("lessons %q hold an instruction", r.Episode.Lessons)
	}
	if !strings.Contains(m.Content, "别推荐") {
		t.Errorf("episode lost the instruction:\n%s", m.Content)
	}
}
