package text

import "testing"

// TestScheduleQuestion_case: 做什么 after a word of time asks about a plan, not a job.
func TestScheduleQuestion_case(t *testing.T) {
	for _, tc := range []struct {
		name, query, hit string
		want             bool
	}{
		{"friday", "我周五要做什么？", "做什么", true},
		{"tomorrowAfternoon", "我明天下午干什么", "干什么", true},
		{"weekend", "周末干啥好", "干啥", true},
		{"job", "我做什么工作？", "做什么", false},
		{"jobPlain", "你是做什么的", "做什么", false},
		{"timeAfter", "做什么运动好，周末", "做什么", false},
		{"otherGroup", "我周五喜欢什么", "喜欢", false},
	} {
		if got := scheduleQuestion(Normalize(tc.query), tc.hit); got != tc.want {
			t.Errorf("%s: scheduleQuestion(%q, %q) = %v, want %v", tc.name, tc.query, tc.hit, got, tc.want)
		}
	}
}
