package text

import "strings"

// "我周五要做什么？" asks what is planned for Friday, yet 做什么 is a term of the work group
// ("你是做什么的"), so the question also searched job, work, 工作 and the eighth new-user
// pass saw "User works as a nurse" recalled first (issue 9 item 2). After a word of time
// 做什么 / 干什么 / 干啥 asks about the plan: the work group is not expanded, and the day's
// own tokens (周五, and friday from the weekday group) rank the memories that name it.

// doingTerms are the work group's terms that also ask "what will I do".
var doingTerms = map[string]bool{"做什么": true, "干什么": true, "干啥": true}

// scheduleTimeWords are Chinese words of time that make a following 做什么 a plan question.
var scheduleTimeWords = []string{"周一", "周二", "周三", "周四", "周五", "周六", "周日", "周天", "周末", "星期", "礼拜",
	"今天", "明天", "后天", "昨天", "今晚", "明晚", "上午", "下午", "中午", "晚上", "早上", "下周", "这周", "本周",
	"月底", "假期", "放假", "号", "点"}

// scheduleQuestion reports whether hit, the term of a lexicon group found in norm, is a
// 做什么 that follows a word of time ("我周五要做什么", "明天下午干什么"); "我做什么工作" is not.
func scheduleQuestion(norm, hit string) bool {
	if !doingTerms[hit] {
		return false
	}
	before := norm[:max(strings.Index(norm, hit), 0)]
	for _, w := range scheduleTimeWords {
		if strings.Contains(before, w) {
			return true
		}
	}
	return false
}
