package facts

import "strings"

// A wish to change jobs after a work claim is a claim of its own (eighth round, issue 9
// item 1): "我在一家外企做测试，干了四年了，说实话有点想跳槽" (blind.json), "我现在在 Airbnb 做
// React 开发，想跳去 Figma" (blind2.json). A clause of 想 reads as a request or a passing
// want and was dropped; both writers keyed it (跳槽, figma). In the labelled sets the
// other clauses of this shape are someone else's ("我朋友说他想辞职") or material to
// summarise ("总结一下这段：…想辞职"), which the claim rules already pass over. Not "在考虑
// 换工作": considering is a passing state (dev4.json's negative case, like "我们在考虑买房").

// careerWantZH8 is the clause, its lead-in (说实话, 其实) and 我 allowed before it.
var careerWantZH8 = lazy(`^(?:说实话|其实|老实说|坦白说|讲真)?[，,\s]*(?:我)?(?:也|还)?(?:有点|一直|很|挺|正|真)?(?:想|打算)(?:跳槽|跳去|跳到|转行|换工作|换个工作|辞职|离职)`)

// careerWant8 returns the fact of a clause that wishes to change jobs, said by the user
// or going on from the user's claim; ok false otherwise.
func (st *claimState) careerWant8(text string, remember bool) (Fact, bool) {
	if !strings.Contains(text, "想") && !strings.Contains(text, "打算") {
		return Fact{}, false
	}
	m := careerWantZH8.FindStringIndex(text)
	if m == nil || st.subj != "用户" && !strings.HasPrefix(strings.TrimLeft(text, "说实话其老坦白讲真，, "), "我") {
		return Fact{}, false
	}
	rest := strings.TrimLeft(text, "说实话其老坦白讲真，, ")
	rest = strings.TrimPrefix(rest, "我")
	st.subj = "用户"
	f := classify("用户"+rest, text, remember)
	return f, true
}
