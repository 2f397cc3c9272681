package facts

import "strings"

// A correction said in one sentence (thirteenth round, FACTS.md "Thirteenth round,
// Chinese"): "我其实不是PM，是做operation的", "其实考试不是月底，改成下个月十五号了", "我不是医生，
// 是护士". The fact held both the wrong and the right ("用户其实不是PM，是做operation的"), so
// recall found it by the wrong one and its kind was read from both. Now it says the right
// one ("用户是做operation的", "用户考试改成下个月十五号了", "用户是护士"), its kind read again.
// Ages have their own (ageFix13), which runs first.

// fixZH13 is "<who>(其实)不是A，(而)是/改成/改到B" as a whole fact; A opening with 不/没 is
// no correction ("我不是不想去，是没时间": a reason).
var fixZH13 = lazy(`^(用户[^，,。不]{0,8}?)(?:其实)?不是([^，,。不没][^，,。]{0,11})[，,]\s*(?:而)?(是|改成|改到|换成)([^，,。]{1,20})$`)

// fix13 rewrites f when its content is fixZH13's correction, its kind read from the new
// content.
func fix13(f Fact) Fact {
	if !strings.Contains(f.Content, "不是") {
		return f
	}
	m := fixZH13.FindStringSubmatch(f.Content)
	if m == nil {
		return f
	}
	c := m[1] + m[3] + m[4]
	g := classify(c, strings.Replace(c, "用户", "我", 1), f.Confidence >= 0.85) // kindOf reads the user's words
	g.Evidence, g.Confidence = f.Evidence, f.Confidence
	return g
}
