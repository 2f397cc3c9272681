package core_test

import "testing"

// TestEndSession_goal: an episode's goal (its memory's title) is the first thing the user
// said that is no greeting or pleasantry, without a greeting at its head. Found in the web
// demo: a session opened with "Hi!" alone gave the title "Episode: Hi!", and "Hey, I'm a
// teacher…" kept its "Hey,".
func TestEndSession_goal(t *testing.T) {
	for _, tc := range []struct {
		name  string
		turns [][2]string
		goal  string
	}{
		{"greetingTurn", [][2]string{{"user", "Hi!"}, {"assistant", "Hello!"}, {"user", "My daughter Lily is allergic to peanuts."}}, "My daughter Lily is allergic to peanuts."},
		{"greetingLeads", [][2]string{{"user", "Hey, I'm a high school chemistry teacher in Portland."}}, "I'm a high school chemistry teacher in Portland."},
		{"greetingName", [][2]string{{"user", "Hi Claude, please deploy Atlas to staging."}}, "Please deploy Atlas to staging."},
		{"greetingZH", [][2]string{{"user", "你好，我是小王，在杭州做前端。"}}, "我是小王，在杭州做前端。"},
		{"greetingZHTurn", [][2]string{{"user", "你好！"}, {"assistant", "你好！"}, {"user", "谢谢。"}, {"user", "下周三我要去北京参加设计大会。"}}, "下周三我要去北京参加设计大会。"},
		{"pleasantryFirst", [][2]string{{"user", "Thanks! Deploy the Atlas service to staging."}}, "Deploy the Atlas service to staging."},
		{"greetingAsSubject", [][2]string{{"user", "Hello world programs in Go are short."}}, "Hello world programs in Go are short."},
		{"introduction", [][2]string{{"user", "I'm Marco, nice to meet you."}, {"assistant", "Nice to meet you, Marco!"}, {"user", "Can you help me plan meals for my family this week?"}}, "Can you help me plan meals for my family this week?"},
		{"introductionZH", [][2]string{{"user", "我叫小林，很高兴认识你。"}, {"user", "帮我安排一下下周的健身计划。"}}, "帮我安排一下下周的健身计划。"},
		{"askAfterStatement", [][2]string{{"user", "I have two kids and a dog."}, {"assistant", "That sounds like a busy household."}, {"user", "I'm planning a trip to Lisbon in May."}}, "I'm planning a trip to Lisbon in May."},
		{"introWithPlan", [][2]string{{"user", "I'm Marco and I want to learn Go this month."}}, "I'm Marco and I want to learn Go this month."},
		{"memoryProbeIsNoGoal", [][2]string{{"user", "I work nights at St. Mary's."}, {"user", "What do you remember about me?"}}, "I work nights at St. Mary's."},
		{"onlyIntroduction", [][2]string{{"user", "I'm Marco, nice to meet you."}}, "I'm Marco, nice to meet you."},
		{"onlyGreetings", [][2]string{{"user", "Hi!"}, {"assistant", "Hello!"}, {"user", "Thanks."}}, "Hi!"},
	} {
		r, m := endedEpisode(t, tc.turns)
		if r.Episode.Goal != tc.goal || m.Title != "Episode: "+tc.goal {
			t.Errorf("%s: goal %q, title %q; want goal %q", tc.name, r.Episode.Goal, m.Title, tc.goal)
		}
	}
}

// TestEndSession_summaryGoal: the episode's summary (compact.Summarize) starts its Goal line
// without the greeting, and holds the request (the eleventh new-user pass: "Goal: Hi! I'm
// Noor. I work night shifts as a nurse." was the summary of a session titled by its
// request); the goal's sentences are not repeated under Facts. "Hi! I'm Noor." is one
// sentence to the summary (short ones are joined), so the name stays in the goal.
func TestEndSession_summaryGoal(t *testing.T) {
	r, _ := endedEpisode(t, [][2]string{{"user", "Hi! I'm Noor. I work night shifts as a nurse. Can you suggest three easy dinners?"}, {"assistant", "Sure."}})
	want := "Goal: I'm Noor. I work night shifts as a nurse. Can you suggest three easy dinners?"
	if r.Episode.Summary != want {
		t.Errorf("summary %q; want %q", r.Episode.Summary, want)
	}
}
