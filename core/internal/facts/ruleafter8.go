package facts

import (
	"strings"

	"github.com/dlclark/regexp2"
)

// A "don't recommend / don't give me" rule after a Chinese claim (eighth round, issue 9
// item 1). The Chinese 别/不要 rule reads a sentence that opens with it; after a claim it
// was lost, the claim kept: "我在控糖，甜的东西尽量别给我推荐", "…不是苹果，别给我 iOS 的教程"
// (blind.json), "我没有孩子，也没打算要，你别老推荐亲子活动" (blind2.json), "我对 penicillin 过敏，
// 别给我推荐含青霉素的药" (dev8.json) — three writers, each keying the rule as a rule. Like
// fromMatchZH5's "…，所以你回复尽量用文字", the rule is the sentence from the clause that
// asks it on, and the claim before it stays.
//
// The clause after a comma asks the assistant not to recommend, give, arrange or mention
// something to the user, its object before the verb or after it: (你)(尽量/千万)别/不要
// (老/再/总)(给我/跟我/向我…|推荐/介绍/安排/提), or "X 尽量别给我推荐". Not "别担心",
// "别客气" (no verb of giving follows), and not at a sentence's start (the rule patterns
// of patterns.go read that).
var rulesAfter8 = []pattern{
	{need: words("别 不要"), re: re(`[，,；;]\s*(?<r>(?:所以|那|但是?|可是?)?(?:你)?(?:也)?(?:尽量|千万|可|就)?(?:别|不要)(?:老是?|总是?|再|一直)?(?:(?:给|跟|向|帮|对|为)我|推荐|介绍|安排|提))` +
		`|[，,；;]\s*(?<r>[^，,。！!？?；;\s][^，,。！!？?；;]{0,11}?(?:尽量|千万|可)?(?:别|不要)(?:再|老|总)?(?:给|跟|向|为)我(?:推荐|推|介绍|安排|发))`),
		build: ruleAfterClaim8},
}

// vagueObject8 is a rule whose object names nothing ("别安排别的", "别给我排别的事" after a
// plan: blind2.json and dev.json keep the plan, and the rule alone says nothing to keep).
var vagueObject8 = lazy(`(?:别的|其他|其它)(?:的)?(?:事|事情|东西|活动|安排)?(?:了|吧|哦|啊)?$`)

// ruleAfterClaim8 makes the rule of the sentence from the clause that asks it on, its
// joining word (所以, 那, 但是) dropped.
func ruleAfterClaim8(m *regexp2.Match, s *sentence) (Fact, bool) {
	g := m.GroupByName("r")
	if g == nil || len(g.Captures) == 0 {
		return Fact{}, false
	}
	text := string(s.r[g.Captures[0].Index:])
	for _, lead := range []string{"所以", "但是", "可是", "但", "可", "那"} {
		text = strings.TrimPrefix(text, lead)
	}
	text = strings.TrimRight(text, "。.！!~～ ")
	if meaningful(text) < 5 || vagueObject8.MatchString(text) {
		return Fact{}, false
	}
	return Fact{Type: TypeRule, Content: clip(text), Confidence: 0.7}, true
}

// ruleAfterClaim reports whether a sentence's rule starts after its first clause ("我没有孩子，
// 也没打算要，你别老推荐亲子活动"): the claims before it were said first and stand on their
// own, so the sentence gate keeps them all, not only the kinds a rule's reason keeps
// (claimgate.go).
func ruleAfterClaim(s *sentence, rule Fact) bool {
	return strings.Index(s.s, rule.Content) > 0
}
