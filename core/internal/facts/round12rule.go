package facts

import "strings"

// Twelfth round (issue 9): a standing rule told as something to remember. "Remember that I
// never take calls before 2pm" was the claim "User never takes calls before 2pm" (a
// `fact`), and "记住，下午两点前别给我打电话" the claim "用户下午两点前别给用户打电话" — the
// directive read as if the user said it of themselves. Both are rules for the assistant:
// when to reach, book or bother the user. "周末别给我安排会议", standing alone, was nothing.
//
// English: after "remember (that)" (discourseStrip reports it), the user's negated doing
// bounded by a time ("before 2pm", "after 6pm", "on Fridays", "at weekends"): a limit the
// assistant keeps when it schedules or reaches out. Not a negated taste with no time
// ("Remember I never eat pork" stays the diet claim), nor eating and drinking with a time
// ("I don't eat after 8pm" is a habit).
//
// Chinese: a clause whose opening (a time or occasion, no person) is followed by
// 别/不要/不许/不准 and an action done to the user (给我/帮我/替我/找我 + 打电话, 安排, 约,
// 发, 排, 推荐, 提醒): after 记住 or standing alone. "我老婆周末别…" (a person first) and a
// clause opening with 别 (the rule patterns read it) are left as they were.

// remindRuleEN12 is the user's doing, negated, then a time bound, within one clause.
var remindRuleEN12 = lazy(`(?i)^I\s+(?:never|don't|do\s+not|won't|can't|cannot)\s+(?:ever\s+|usually\s+|really\s+)?([a-z]+)\b[^.!?;]{0,50}?\b(?:before|after|until|till|past|on|during|at|between|in\s+the)\s+(?:\d|noon|midday|midnight|lunch|(?:the\s+)?weekends?|weekdays?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|mornings?|evenings?|nights?|afternoons?)`)

// tasteVerbs12 are the doings whose negation is a diet or a taste, a claim even with a
// time: "I don't eat after 8pm".
var tasteVerbs12 = wordSet(`eat drink like love have own know want`)

// rememberRuleNeed12 is the cheap check before remindRuleEN12: the clause starts with "I "
// and holds a negation.
func rememberRuleNeed12(t string) bool {
	return len(t) > 12 && (t[0] == 'I' || t[0] == 'i') && t[1] == ' ' &&
		(strings.Contains(t, "n't ") || strings.Contains(t, "never ") || strings.Contains(t, " not ") || strings.Contains(t, "cannot "))
}

// rememberRuleEN12 is the rule a remembered English clause states, in the user's words
// made the user's ("User never takes calls before 2pm"), when it has the shape above.
func rememberRuleEN12(t string) (Fact, bool) {
	if !rememberRuleNeed12(t) {
		return Fact{}, false
	}
	if m := remindRuleEN12.FindStringSubmatch(head(t, 96)); m == nil || tasteVerbs12[strings.ToLower(m[1])] {
		return Fact{}, false
	}
	return Fact{Type: TypeRule, Content: clip(rewriteEN(t, true)), Subject: "user", Confidence: 0.8}, true
}

// directiveToMeZH12 is a Chinese directive on what is done to the user, after an opening
// of at most ten characters that names no one.
var directiveToMeZH12 = lazy(`^[^，。,！!？?\s我你您他她它们]{0,10}?(?:别|不要|不许|不准)(?:再)?(?:给我|帮我|替我|找我|跟我|和我)(?:打电话|打|安排|约|发|排|推荐|提醒|订|预约)`)

// directiveNeedZH12 is the cheap check before directiveToMeZH12.
func directiveNeedZH12(t string) bool {
	return directiveNeed11(t) && (strings.Contains(t, "给我") || strings.Contains(t, "帮我") || strings.Contains(t, "替我") ||
		strings.Contains(t, "找我") || strings.Contains(t, "跟我") || strings.Contains(t, "和我"))
}

// directiveRuleZH12 is the rule of a Chinese clause telling the assistant what not to do to
// the user: the clause, verbatim, like every rule. A clause opening with 别 or 不要 is the
// rule patterns' (they read the sentence), so it is left, and so is one after a
// connective (所以, 但是…: "…，所以别给我推荐太辣的菜" is read by rulesAfter8).
func directiveRuleZH12(t string) (Fact, bool) {
	if h := head(t, 24); !directiveNeedZH12(t) || contStop.MatchString(h) || contMerge.MatchString(h) || contLead.MatchString(h) || !directiveToMeZH12.MatchString(head(t, 48)) {
		return Fact{}, false
	}
	if meaningful(t) < 6 {
		return Fact{}, false
	}
	return Fact{Type: TypeRule, Content: clip(t), Confidence: 0.75}, true
}

// rule12 is the rule of a clause in either shape above, if it has one. remember: the
// clause or its sentence asked to remember (the English shape needs it).
func rule12(text string, remember bool) (Fact, bool) {
	if remember && rememberRuleNeed12(text) {
		return rememberRuleEN12(text)
	}
	if directiveNeedZH12(text) && hasHan(text) {
		return directiveRuleZH12(text)
	}
	return Fact{}, false
}
