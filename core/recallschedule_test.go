package core_test

import (
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
)

// "我周五要做什么？" asks about Friday, not about a job: 做什么 after a word of time is no
// work question (text/lexicon.go, scheduleQuestion). Found in the eighth new-user pass
// (issue 9 item 2): "User works as a nurse" came first. "我做什么工作？" still finds the job.
func TestRecall_scheduleQuestionNotWork(t *testing.T) {
	_, ns, _ := cxOpen(t, core.Options{})
	rememberContents(t, ns, "User works as a nurse", "用户周五下午三点要去看牙医", "User has a dentist appointment on Friday",
		"用户是一名护士", "用户喜欢喝咖啡")
	for _, tt := range []struct {
		name, query, first, not, has string
	}{
		{"zhFriday", "我周五要做什么？", "周五", "nurse", ""},
		{"zhTomorrow", "我明天下午干什么", "", "nurse", ""},
		{"zhPlan", "周五有什么安排", "周五", "nurse", ""},
		{"enFriday", "what am I doing on Friday", "Friday", "nurse", ""},
		{"zhJob", "我做什么工作？", "", "", "nurse"}, // the job question keeps the job
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := recallContents(t, ns, tt.query)
			all := strings.Join(got, " | ")
			if tt.first != "" && (len(got) == 0 || !strings.Contains(got[0], tt.first)) {
				t.Errorf("recall(%q) = %q: want %q first", tt.query, got, tt.first)
			}
			if tt.not != "" && strings.Contains(all, tt.not) {
				t.Errorf("recall(%q) = %q: not %q", tt.query, got, tt.not)
			}
			if tt.has != "" && !strings.Contains(all, tt.has) {
				t.Errorf("recall(%q) = %q: want %q", tt.query, got, tt.has)
			}
		})
	}
}
