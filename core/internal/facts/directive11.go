package facts

import (
	"strings"
	"unicode/utf8"
)

// Eleventh round (issue 9): a clause that tells the assistant what not to do is no claim
// about the subject of the clause before it. "我老婆不吃辣，做饭的时候记得别推荐太辣的菜" had
// given "用户的老婆做饭的时候记得别推荐太辣的菜" beside "用户的老婆不吃辣": the subject carried
// onto a clause that is an instruction (contStop stops only a clause that opens with 别 or
// 不要; here a time phrase comes first). The clause is left to the rule patterns.

// directiveZH11 is an instruction to the assistant within a clause's first characters: an
// optional 记得/请/千万/一定, then 别/不要/不许/不准, then an action the assistant takes
// for the user (推荐, 安排, 提醒…), maybe after 给我/帮我.
var directiveZH11 = lazy(`^[^，。,！!？?]{0,10}?(?:记得|请|千万|一定|可)?(?:别|不要|不许|不准)(?:再)?(?:给我|帮我|替我|跟我|和我|为我)?(?:推荐|安排|提醒|发|说|用|写|问|约|排|点|买|加|放|订|预订|打电话|叫)`)

// directiveNeed11 holds a literal every match of directiveZH11 contains: the cheap check
// that keeps the expression off nearly every clause.
func directiveNeed11(t string) bool {
	return strings.Contains(t, "别") || strings.Contains(t, "不要") || strings.Contains(t, "不许") || strings.Contains(t, "不准")
}

// isDirectiveZH11 reports whether the clause t is an instruction to the assistant.
func isDirectiveZH11(t string) bool {
	return directiveNeed11(t) && directiveZH11.MatchString(head(t, 48))
}

// directiveRuleZH11 is the user's standing rule a directive clause states, when it stands
// alone: not after a connective (所以, 但是… — the rule patterns read "所以别给我推荐…"
// already) and not opening with 别/不要 (the same), and with enough to say.
func directiveRuleZH11(t string) (Fact, bool) {
	h := head(t, 24)
	m := directiveZH11.FindString(head(t, 48))
	// What is not to be done must be said: "…，做菜的时候提醒我一下别放" (放 what?) stays nothing.
	if rest := strings.TrimRight(t[len(m):], "。.!！~～ "); utf8.RuneCountInString(rest) < 2 ||
		contStop.MatchString(h) || contMerge.MatchString(h) || contLead.MatchString(h) || meaningful(t) < 5 {
		return Fact{}, false
	}
	return Fact{Type: TypeRule, Content: clip(t), Confidence: 0.7}, true
}
