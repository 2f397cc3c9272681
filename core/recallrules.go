package core

import (
	"cmp"
	"context"
	"slices"
)

// The standing rules for a question about them ("What should you never do?", "我给你定过
// 什么规矩？"): a rule shares no word with such a question, nor, in the other language, with
// the rule asked about — "What should you never do?" found "Please never schedule anything
// for me on Sunday mornings" by "never", and not "以后回答我的时候尽量简短一点，别写太长"
// (a new user's conversation, issue 9 item 3).

// recallRulesMax is how many rule memories a rules question brings (the block's 500
// characters cut the list further).
const recallRulesMax = 10

// aboutRulesCues are phrases of a question about the rules the user gave the agent,
// matched in the normalized question: English ones as whole words, CJK ones as substrings.
// They name the agent's conduct ("you never do", "规矩", "你应该注意什么"), so that a
// question about something else that has "never" or "rule" in it ("What should I never
// eat?", "the rules of chess") is not one.
var aboutRulesCues = []string{
	"should you never", "should you always", "you never do", "you always do", "shouldn't you",
	"should not you", "my rules", "your rules", "rules for you", "told you to", "asked you to",
	"my instructions", "ground rules", "did i ask you",
	"规矩", "你应该注意什么", "你该注意什么", "你要注意什么", "你需要注意什么", "对你有什么要求",
	"我的要求", "我交代", "我嘱咐", "你不能做什么", "你不该做什么", "你不要做什么", "你别做什么",
}

// isAboutRules reports whether q asks about the user's standing rules for the agent.
func isAboutRules(q string) bool { return questionHasCue(q, aboutRulesCues) }

// ruleMemories lists the namespace's live rule memories for a rules question: the most
// important first, the newest among equals (List's order).
func (n *Namespace) ruleMemories(ctx context.Context) ([]*Memory, error) {
	res, err := n.List(ctx, ListOptions{Filter: Filter{Types: []string{TypeRule}}, Limit: 50})
	if err != nil {
		return nil, err
	}
	ms := res.Memories
	slices.SortStableFunc(ms, func(a, b *Memory) int { return cmp.Compare(b.Importance, a.Importance) })
	return ms[:min(len(ms), recallRulesMax)], nil
}
