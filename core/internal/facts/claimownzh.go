package facts

import "strings"

// New-user pass: "我下个月要去 Tokyo 出差，帮我记一下 flight 是 JL 61" gave "用户flight 是 JL 61".
// A clause with no subject of its own that says what a thing is ("flight 是 JL 61",
// "航班号是 JL 61", "wifi 密码是 abc123") — a noun, then 是 — names the user's thing, not
// the user: "用户" glued before it reads as if the user were the flight. It becomes "用户的"
// and the noun ("用户的 flight 是 JL 61", "用户的航班号是 JL 61").

// nounIsZH is a short noun (Latin words or Han characters with no adverb or verb of
// their own) and 是 or 为 after it.
var nounIsZH = lazy(`^(?:[A-Za-z][A-Za-z0-9 _-]{0,20}?|[\p{Han}A-Za-z0-9 ]{1,10}?)\s*(?:是|为|：|:)\s*\S`)

// notNounZH are characters that make the words before 是 an adverb or a verb phrase
// ("也是", "就是", "还是", "一直是", "最近在…"), not a thing of the user's.
const notNounZH = "也还就都不真才又只没很太最在要会想去来说得过了着可能应该一直其实本来原来确实现已经曾"

// ownZH returns subj and body joined: "用户的 " + body when subj is the user and body says
// what a thing is, else subj + body.
func ownZH(subj, body string) string {
	b := strings.TrimSpace(body)
	if subj != "用户" || !nounIsZH.MatchString(b) || strings.HasPrefix(b, "用户") {
		return subj + body
	}
	i := strings.IndexAny(b, "是为：:")
	if i <= 0 || strings.ContainsAny(b[:i], notNounZH) {
		return subj + body
	}
	if c := b[0]; c < 0x80 {
		return "用户的 " + b // "用户的 flight 是 JL 61"
	}
	return "用户的" + b
}
