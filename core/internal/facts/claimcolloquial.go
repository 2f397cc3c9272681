package facts

import "strings"

// Colloquial ways of saying "I" and claims that leave the subject out, in Chinese.

// colloquialZH rewrites the colloquial first person at the start of a clause to 我 so that
// the claim rules read it like any other: 本人 (formal), 俺 (northern), 咱/咱家/咱们
// (the speaker, or the speaker's household). "俺是山东人" is "我是山东人", "咱家闺女对芒果
// 过敏" is "我家闺女对芒果过敏". Only the start: inside a clause 咱们 may be "you and I"
// ("咱们继续吧" starts a clause and notClaimWe turns it away as a suggestion).
func colloquialZH(text string) string {
	for _, p := range []string{"本人", "俺们", "俺", "咱们", "咱家", "咱"} {
		if rest, ok := strings.CutPrefix(text, p); ok {
			switch p {
			case "俺们", "咱们":
				return "我们" + rest
			case "咱家":
				return "我家" + rest
			}
			return "我" + rest
		}
	}
	return text
}

// dropSubjectZH matches a Chinese clause that starts a sentence with the subject left out
// the way people talk about themselves: a word of time or aspect, then what the user is
// doing or did ("最近在减脂", "上个月刚搬到北京", "目前在创业", "刚换了工作"). The time word is
// required unless the verb itself places the user (住在, 搬到): a bare "学 Python" is as
// likely a request.
var dropSubjectZH = lazy(`^(?:(?:最近|目前|现在|这阵子|这段时间|这几年|今年|去年|上个月|上周|前段时间|前阵子|刚刚|刚|已经|一直|正在|还在|平时)+` +
	`(?:在)?(?:减脂|减肥|健身|备孕|备考|考研|创业|找工作|学|戒|带娃|装修|读|搬|换|买|养|入职|离职|跳槽|转行|开始|练|跑|住|怀孕|休产假|请假|实习|做)` +
	`|(?:住在|搬到|搬去|搬回|定居在?))`)
