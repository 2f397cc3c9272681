package facts

import "strings"

// Twelfth round (issue 9): the user's budget is a slot of one value. "我的预算现在改成2000欧元了"
// gave "用户的预算现在改成2000欧元了" under the predicate "about" and "我每月预算1800欧元" gave
// "用户每月预算1800欧元" under "habit": kinds of claim, which the engine keeps as tags, so the
// new budget superseded nothing and both stayed live ("my budget is now 2000 euros" and
// "My budget is 1800 euros a month" likewise). A fact that states the user's own budget
// with an amount now has the predicate "budget", which SingleValued lists: the newer
// replaces the older. A budget for something ("my budget for the trip is 3000 euros", "用户
// 的装修预算…") is not the slot — the user may have several — and keeps its kind.

// budgetEN12 and budgetZH12: the user's own budget at the start of a fact, maybe monthly,
// weekly… (English) or 每月, 现在的… (Chinese).
var (
	budgetEN12 = lazy(`^User's\s+(?:(?:monthly|weekly|yearly|annual|total|overall|current|new|food|grocery)\s+)?budget\b(?:\s+(?:is|was|has|went|got|'s)\b|'s\b)`)
	budgetZH12 = lazy(`^用户(?:的)?(?:每月|每个月|一个月|月|每周|每年|现在的?|目前的?|总)?(?:的)?(?:预算|budget)`) // budget: "我的budget改成五千了" (thirteenth round)
)

// budgetSlot12 gives f the predicate "budget" when its content c states the user's own
// budget with an amount.
func budgetSlot12(f Fact, c string) Fact {
	if !strings.ContainsAny(c, "0123456789") && !strings.ContainsAny(c, "一二三四五六七八九十百千万两") {
		return f
	}
	if strings.HasPrefix(c, "User") {
		if i := strings.Index(c, "budget"); i < 0 || strings.Contains(c[i:], " for ") || !budgetEN12.MatchString(head(c, 48)) {
			return f
		}
	} else if !budgetZH12.MatchString(head(c, 36)) {
		return f
	}
	f.Predicate = "budget"
	return f
}

// mayBudget12 is the cheap check before budgetSlot12.
func mayBudget12(c string) bool {
	return strings.Contains(c, "budget") || strings.Contains(c, "预算")
}

// slots12 gives a fact classify made the predicate of a twelfth-round slot when it fills
// one: the user's budget, or when one of their classes is (round12sched.go).
func slots12(f Fact) Fact {
	if !containsAny(f.Content, slotWords12) { // one pass of an automaton (needscan.go), not a Contains a word
		return f
	}
	if mayBudget12(f.Content) {
		return budgetSlot12(f, f.Content)
	}
	if maySchedule12(f.Content) {
		return scheduleSlot12(f)
	}
	return f
}

// budgetLeadZH12 reports a Chinese clause that opens with the budget and gives an amount,
// the user left out ("预算改成2000欧元了", "每月预算现在是1800"): the user's own budget, read by
// selfClaimZH as the user's claim.
func budgetLeadZH12(t string) bool {
	i := strings.Index(t, "预算")
	return i >= 0 && i <= len("现在的每个月") && strings.ContainsAny(t, "0123456789一二三四五六七八九十百千万两") &&
		budgetZH12.MatchString("用户"+head(t, 24))
}

// slotWords12 are the words mayBudget12 and maySchedule12 look for, in one list for
// containsAny: most facts hold none, and one pass tells.
var slotWords12 = strings.Fields(`budget 预算 课 训练 排练 class lesson course practice rehearsal session training club appointment`)
