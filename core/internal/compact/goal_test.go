package compact

import (
	"strings"
	"testing"
)

// TestSummarize_goal: the Goal line skips greetings, introductions and questions to the
// memory, and joins the first sentence left to the message's first sentence that asks or
// plans (goal.go); a request in a later message does not displace a stated goal (the
// eleventh new-user pass: "Hi! I'm Dana, I work night shifts as a nurse." was a summary's
// whole Goal, the request after it lost).
func TestSummarize_goal(t *testing.T) {
	cases := []struct {
		name      string
		msgs      []string
		goal      string
		alsoHolds string
	}{
		{"greeting and introduction in one message",
			[]string{"u:Hi! I'm Dana, I work night shifts as a nurse. Can you help me plan meals around my shifts?", "a:Sure."},
			"Goal: I'm Dana, I work night shifts as a nurse. Can you help me plan meals around my shifts?", ""},
		{"the request three sentences on",
			[]string{"u:Hello. My mother is 84 and lives with me in Lyon. She has a tabby cat. I'm planning to find her a day centre near Croix-Rousse.", "a:Okay."},
			"Goal: My mother is 84 and lives with me in Lyon. I'm planning to find her a day centre near Croix-Rousse.", ""},
		{"a request in a later message does not displace the stated goal",
			[]string{"u:My internet keeps dropping since this morning.", "a:I see packet loss.", "u:Can you book a technician?", "a:Booked."},
			"Goal: My internet keeps dropping since this morning.", "Can you book a technician?"},
		{"chinese greeting before the request",
			[]string{"u:你好！我是夜班护士。帮我安排一下下周的买菜清单。", "a:好的。"},
			"目标：我是夜班护士。帮我安排一下下周的买菜清单。", ""},
		{"nothing asked keeps the first statement",
			[]string{"u:Hello! My cat Miso turned seven today.", "a:Happy birthday to Miso!"},
			"Goal: My cat Miso turned seven today.", ""},
		{"a question to the memory is no goal",
			[]string{"u:What do you remember about me?", "a:Not much yet.", "u:Please draft a message to my landlord about the heating.", "a:Done."},
			"Goal: Please draft a message to my landlord about the heating.", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Summarize(conv(t, c.msgs...), 0)
			if !strings.Contains(got, c.goal+"\n") && !strings.HasSuffix(got, c.goal) {
				t.Errorf("want %q in:\n%s", c.goal, got)
			}
			if c.alsoHolds != "" && !strings.Contains(got, c.alsoHolds) {
				t.Errorf("the displaced statement %q is lost:\n%s", c.alsoHolds, got)
			}
		})
	}
}
