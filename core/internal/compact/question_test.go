package compact

import (
	"strings"
	"testing"
)

// TestSummarize_questionNoPreference: a user's question that names a preference word
// ("乐乐对什么过敏？", "What do I like?") asks; it is no preference of the user's, and the
// summary must not list it under Preferences (web demo new-user pass, issue 9 item 6).
// A stated preference in the same conversation still is one.
func TestSummarize_questionNoPreference(t *testing.T) {
	for _, tc := range []struct {
		name, question, pref, section string
	}{
		{"zh", "乐乐对什么过敏？", "我不吃辣。", "偏好："},
		{"en", "What do I like?", "I prefer short answers.", "Preferences:"},
		{"enAllergy", "Which foods am I allergic to?", "I like spicy food.", "Preferences:"}, // an allergy is a fact (health_test.go)
	} {
		s := Summarize(conv(t, "u:Help me plan a dinner party.", "a:Sure.", "u:"+tc.pref, "a:OK.", "u:"+tc.question, "a:OK."), 2000)
		_, after, _ := strings.Cut(s, tc.section)
		var prefs string // the section's "- " items
		for _, l := range strings.Split(strings.TrimPrefix(after, "\n"), "\n") {
			if !strings.HasPrefix(l, "- ") {
				break
			}
			prefs += l + "\n"
		}
		if !strings.Contains(prefs, strings.TrimSuffix(tc.pref, "。")) {
			t.Errorf("%s: preference %q missing from %q in:\n%s", tc.name, tc.pref, tc.section, s)
		}
		if strings.Contains(prefs, tc.question) {
			t.Errorf("%s: question %q listed as a preference in:\n%s", tc.name, tc.question, s)
		}
	}
	// A question after a stated preference keeps the sentence a preference.
	s := Summarize(conv(t, "u:帮我规划杭州的行程。", "a:好的。", "u:但我不吃辣，附近有没有清淡的餐厅？", "a:有的。"), 2000)
	if !strings.Contains(s, "偏好：\n- 但我不吃辣，附近有没有清淡的餐厅？") {
		t.Errorf("stated preference before a question lost:\n%s", s)
	}
}

// TestSummarize_contentRequestNoPreference: a request to translate or summarise carries
// text that is not the user's ("Please translate into Chinese: I love cats.", "翻译：我喜欢猫");
// the summary does not list it under Preferences (eighth new-user pass: an episode did).
func TestSummarize_contentRequestNoPreference(t *testing.T) {
	for _, tc := range []struct{ name, req, pref, section string }{
		{"en", "Please translate into Chinese: I love cats.", "I prefer short answers.", "Preferences:"},
		{"enSummarise", "Summarize this: I hate Mondays and love Fridays.", "I prefer short answers.", "Preferences:"},
		{"zh", "翻译：我喜欢猫", "我不吃辣。", "偏好："},
		{"zhHelp", "帮我翻译一下：我讨厌下雨天。", "我不吃辣。", "偏好："},
	} {
		s := Summarize(conv(t, "u:Help me plan a dinner party.", "a:Sure.", "u:"+tc.pref, "a:OK.", "u:"+tc.req, "a:OK."), 2000)
		_, after, _ := strings.Cut(s, tc.section)
		var prefs string // the section's "- " items
		for _, l := range strings.Split(strings.TrimPrefix(after, "\n"), "\n") {
			if !strings.HasPrefix(l, "- ") {
				break
			}
			prefs += l + "\n"
		}
		if !strings.Contains(prefs, strings.TrimSuffix(tc.pref, "。")) || strings.Contains(prefs, tc.req) {
			t.Errorf("%s: want %q and not %q under %s in:\n%s", tc.name, tc.pref, tc.req, tc.section, s)
		}
	}
}
