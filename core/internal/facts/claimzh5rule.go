package facts

import (
	"strings"

	"github.com/dlclark/regexp2"
)

// Chinese standing rules in the shapes blind3.json's writers used and the rule patterns
// of patterns.go did not read (fifth round, issue 9 item 1; dev8.json has each in other
// words):
//
//   - an instruction for a kind of answer, its occasion first, with any verb of the
//     assistant's and any of the words that make it standing: "你给我推荐菜谱的时候记得都标一下
//     含糖量", "说金额的时候统一用人民币", "涉及用药的事你一定要提醒我先问医生";
//   - what to do when unsure: "你要是不确定就直说不知道，别编" (a condition on the assistant,
//     not a hypothetical about the user);
//   - what an answer keeps, its part named: "回答里的技术名词保留 English，不要硬翻";
//   - a reply instruction after a claim: "我是个聋人，…，所以你回复尽量用文字" (the rule; the
//     claim before it stays when it says what the user is).
//
// Each is the sentence, verbatim, like every rule.
var rulesZH5 = []pattern{
	{need: words("的时候 时 的事 的问题 方面"), re: re(`^(?:你)?(?:给我|帮我|跟我|和我|为我)?(?:讲|说|解释|介绍|写|回答|回复|翻译|总结|推荐|列|算|提到|涉及|报|给|做|安排|排)\p{Han}{0,8}(?:的时候|时|的事|的问题|方面的?)[，,]?\s*(?:你)?(?:先|要|请|别|不要|尽量|一定|都|只|记得|统一|必须|务必|一律|全部|(?:多|少)(?:用|举|写|给|加|说|讲))`),
		build: verbatim(TypeRule, 0.75)},
	{need: words("要是 如果"), re: re(`^(?:你)?(?:要是|如果)(?:不确定|不知道|不清楚|不会|没把握|拿不准|搞不清)\p{Han}{0,6}?(?:就|的话就)(?:直说|说|直接说|告诉我|问我|别|不要)`),
		askOK: true, build: verbatim(TypeRule, 0.75)},
	{need: words("回答 回复 答案 输出 代码 注释 code commit pr 文档"), re: re(`^(?:你)?(?:的)?(?:回答|回复|答案|输出|代码|注释|(?i:code|commit\s*messages?|pr)|文档)\s*(?:里|中|里面)(?:的)?[^，。,]{0,20}?(?:保留|保持|用|写成|换成|改成|不要|别|都)`),
		build: verbatim(TypeRule, 0.75)},
	{need: words("所以 那你 麻烦你"), re: re(`(?:所以|那你|麻烦你)(?:你)?(?:以后)?(?:回答|回复|回我|给我回)[^，。,]{0,6}?(?:尽量|不要|别|都|要|用|只)`),
		build: fromMatchZH5(0.75)},
}

// fromMatchZH5 makes a rule of the sentence from its match on, the claim before it left to
// the claims ("我是个聋人，所以你回复尽量用文字" → "你回复尽量用文字"): the rule is the instruction.
func fromMatchZH5(conf float64) func(*regexp2.Match, *sentence) (Fact, bool) {
	return func(m *regexp2.Match, s *sentence) (Fact, bool) {
		text := strings.TrimLeft(string(s.r[m.Index:]), "所以那麻烦")
		if meaningful(text) < 5 {
			return Fact{}, false
		}
		return Fact{Type: TypeRule, Content: clip(text), Confidence: conf}, true
	}
}
