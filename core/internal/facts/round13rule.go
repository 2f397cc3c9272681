package facts

import "strings"

// Thirteenth round (issue 9): a standing limit on when the user can be reached or booked,
// said without "remember". "I never take calls before 2pm" was the claim "User never takes
// calls before 2pm" (a `fact`); round12rule.go made it a rule only after "remember". What
// makes it a rule is not the asking but what it says: like "don't schedule anything before
// 2pm for me" (a rule in the labels, dev7), it is a limit the assistant keeps whenever it
// schedules, books or reaches out for the user, not a fact the user may want recalled. So
// the user's habitual refusal (never, don't, 从不, 一般不…; not "rarely") to take calls, meetings, email or
// messages, bounded by a time ("before 2pm", "on weekends", "周末", "早上九点前"), is the
// user's `rule`. Not a one-off ("I can't take calls tomorrow", "我明天不开会"), not eating,
// working or sleeping ("I never eat after 8pm", "I don't work on Fridays": claims about the
// user), and a day must be every one of it ("on Fridays", not "on Friday").

// availEN13: "I never/don't [usually] take|answer|… calls|meetings|email… <time bound>", or
// "I never meet before 10am"; group 1 the time bound.
var availEN13 = lazy(`(?i)^I\s+(?:never|don't|dont|do\s+not)\s+(?:ever\s+|usually\s+|really\s+|normally\s+)?(?:(?:take|do|have|schedule|book|accept|answer|return|join|attend|check|read|reply\s+to|respond\s+to|pick\s+up)\s+(?:any\s+|work\s+|phone\s+|video\s+|client\s+|my\s+)?(?:calls?|phone\s+calls|meetings?|emails?|e-mails?|messages|texts|slack|appointments|zooms?|the\s+phone)|meet(?:\s+anyone|\s+people)?)\b[^.!?;]{0,30}?\b(before\s+(?:\d|noon|midday|lunch)|after\s+(?:\d|noon|midday|lunch|dinner|work|hours)|(?:on|at|during|over)\s+(?:the\s+)?weekends?|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)days\b|in\s+the\s+(?:mornings?|evenings?)|(?:at|during)\s+(?:night|lunch)|outside\s+(?:work|office)\s+hours)`)

// availZH13: the user, a habitual no, a time, then being reached: "我从不在早上九点前开会",
// "我周末不接工作电话", "晚上十点后我一般不回消息".
var availZH13 = lazy(`^(?:[^，。,！!？?\s]{0,10}?我|我[^，。,！!？?\s]{0,10}?)(?:从不|从来不|一般不|基本不|基本上不|绝不|通常不|不)(?:在)?[^，。,！!？?\s]{0,10}?(?:开会|接电话|接工作电话|接打电话|回消息|回复消息|回邮件|回复邮件|看邮件|回微信|接视频|开视频会|约会议|见客户)`)

// notOnceZH13 and notOnceEN13 are the words of one day (a refusal then is no standing
// rule) and, in Chinese, of a team, an opinion, a condition or a question.
var (
	notOnceZH13 = strings.Fields(`今天 明天 后天 今晚 明晚 这周 下周 本周 这个 下个 待会 等会 刚才 我们 觉得 认为 如果 要是 吗`)
	notOnceEN13 = lazy(`(?i)\b(?:today|tomorrow|tonight|this|next)\b`)
)

// availNeed13 is the cheap check before availEN13 and availZH13: a negation and a word of
// being reached.
func availNeed13(t string) bool {
	if len(t) < 12 {
		return false
	}
	if t[0] == 'I' || t[0] == 'i' {
		return t[1] == ' ' && (strings.Contains(t, "n't ") || strings.Contains(t, "never ") || strings.Contains(t, " not ")) &&
			(strings.Contains(t, "call") || strings.Contains(t, "meet") || strings.Contains(t, "mail") || strings.Contains(t, "message") ||
				strings.Contains(t, "text") || strings.Contains(t, "slack") || strings.Contains(t, "Slack") || strings.Contains(t, "Zoom") || strings.Contains(t, "appointment") || strings.Contains(t, "zoom") ||
				strings.Contains(t, "phone"))
	}
	return strings.Contains(t, "不") && strings.Contains(t, "我") &&
		(strings.Contains(t, "会") || strings.Contains(t, "电话") || strings.Contains(t, "消息") || strings.Contains(t, "邮件") ||
			strings.Contains(t, "微信") || strings.Contains(t, "视频") || strings.Contains(t, "客户"))
}

// availRule13 is the rule of a clause stating such a limit, the user made the user
// ("User never takes calls before 2pm", "用户从不在早上九点前开会").
func availRule13(t string) (Fact, bool) {
	if !availNeed13(t) {
		return Fact{}, false
	}
	if t[0] == 'I' || t[0] == 'i' {
		h := head(t, 96)
		if !availEN13.MatchString(h) || notOnceEN13.MatchString(h) {
			return Fact{}, false
		}
		return Fact{Type: TypeRule, Content: clip(rewriteEN(t, true)), Subject: "user", Confidence: 0.75}, true
	}
	h := head(t, 40)
	if !hasHan(t) || !availZH13.MatchString(h) || !whenWord12.MatchString(h) || containsAny(h, notOnceZH13) {
		return Fact{}, false
	}
	return Fact{Type: TypeRule, Content: clip(rewriteZH(t)), Subject: "user", Confidence: 0.75}, true
}
