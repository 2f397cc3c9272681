package facts

import (
	"strings"
	"unicode/utf8"
)

// Thirteenth round, Chinese (FACTS.md "Thirteenth round, Chinese"): shapes a Chinese
// new-user pass (a nurse in 成都, a 研究生 in 深圳) lost or got wrong, each read behind a
// substring check so that a sentence without it pays nothing.

// moneyLeadZH13 is a clause that opens with one of the user's regular sums and gives an
// amount, the user left out ("每个月房贷4800", "房租一个月3000", "每个月生活费大概2500"):
// read by selfClaimZH (selfLeadZH13) as the user's claim, as budgetLeadZH12 reads "预算改成2000了". Before,
// the clause had no person and no cue, and gave nothing.
var moneyLeadZH13 = lazy(`^(?:现在|目前|平时)?(?:每个?月|一个月|每年|一年)?(?:的)?(?:房贷|房租|车贷|工资|月薪|年薪|薪水|收入|生活费|伙食费|开销|花销|学费|保险费|物业费)` +
	`(?:每个?月|一个月|每年|一年)?(?:大概|大约|差不多|才|就|要|是|有|另外|也|还|只有|一共|总共)*` +
	`(?:[0-9][0-9,.]*|[一二两三四五六七八九十几][一二两三四五六七八九十百千万几]*[百千万块元])`)

// moneyWordsZH13 are moneyLeadZH13's nouns, for the substring check before the regexp.
var moneyWordsZH13 = words("房贷 房租 车贷 工资 月薪 年薪 薪水 收入 生活费 伙食费 开销 花销 学费 保险费 物业费")

// shiftLeadZH13 is a clause that opens with the shifts the user works, the user left out
// ("最近一直上夜班", "一周三个夜班", "每个月六个夜班"): before, it gave nothing (with 我 it was
// "用户最近一直上夜班" already).
var shiftLeadZH13 = lazy(`^(?:最近|现在|目前|平时|这阵子|这段时间|这个月|下个月)*(?:一直|都|还|经常|老是|总是|天天|要)*(?:在)?(?:上|轮|倒|值)(?:大|小)?(?:夜班|白班|早班|晚班|中班)` +
	`|^(?:一周|每周|一个月|每个月|每月|一星期|每星期)(?:上|值|要上)?(?:[0-9]+|[一二两三四五六七八九十几]+)个?(?:大|小)?(?:夜班|白班|早班|晚班|中班)`)

// datedZH13 is a clause that opens with when and what the user arranged, the user left out
// ("周五晚上跟闺蜜约了吃火锅", "明天约了牙医"): before, nothing (with 我 it was an event already).
var datedZH13 = lazy(`^(?:(?:下下?|这|本)?(?:周|礼拜|星期)[一二三四五六日天末]?|明天|后天|大后天|今天|今晚|明晚|月底|月初|下下?个?月|[0-9一二三四五六七八九十]{1,3}号|早上|上午|中午|下午|晚上){1,3}` +
	`(?:(?:跟|和)[^，,。我你您]{1,8})?约了`)

// selfLeadZH13 reports whether clause t opens with the user's regular sum (moneyLeadZH13),
// shifts (shiftLeadZH13), an arrangement (datedZH13) or where they are based (baseInZH13),
// the user left out: read by
// selfClaimZH as the user's claim. A substring check first: most clauses have no money
// noun, no 班 and no 约了.
func selfLeadZH13(t string) bool {
	h := head(t, 30)
	return containsAny(h, moneyWordsZH13) && moneyLeadZH13.MatchString(t) || strings.Contains(h, "班") && shiftLeadZH13.MatchString(t) ||
		strings.Contains(h, "约了") && datedZH13.MatchString(t) || strings.Contains(h, "base在") && baseInZH13.MatchString(t)
}

// baseInZH13 is where the user is based, said the mixed way ("base在深圳", "现在base在上海"):
// a location (claimkinds' cue base在) where the user lives now (livesNow).
var baseInZH13 = lazy(`^(?:人|现在|目前|常驻)*base在\s*\p{Han}{2,8}$`)

// doctorSaysZH13 is what a doctor or a check-up says of the user ("医生说我有点贫血", "体检
// 查出我有脂肪肝"): the user's own claim, read without the lead. Before it was someone's
// words and gave nothing.
var doctorSaysZH13 = lazy(`^(?:医生|大夫|体检|体检报告|检查结果|化验结果|报告)(?:说|讲|查出来?|诊断)我(?:的)?`)

// doctorSaysMe13 reports a sentence that opens with doctorSaysZH13's lead: not reported
// speech (patterns.go's reported), which drops the sentence whole.
func doctorSaysMe13(s string) bool {
	return (strings.HasPrefix(s, "医生") || strings.HasPrefix(s, "大夫")) && doctorSaysZH13.MatchString(head(s, 40))
}

// jobTailZH13 is a clause that is only a job, maybe with where ("华西医院的护士", "一名护士",
// "干运营"),
// after a clause whose subject is the user ("我在成都，华西医院的护士，干了八年了"): the user's
// job. Before, it was joined to the clause before ("用户在成都，华西医院的护士，…", a `fact`).
var jobTailZH13 = lazy(`^(?:一名|一个|一位|个|名)?(?:[\p{Han}A-Za-z]{1,10}的)?[\p{Han}A-Za-z]{0,4}?` + zhJob + `$`)

// claimZH13 makes the fact of a clause that is one of the thirteenth round's Chinese
// clauses: "我是陈浩" (iAmNameZH), what a doctor says of the user (doctorSaysZH13), where
// the user is based after their clause (baseInZH13), a bare job after it (jobTailZH).
func (st *claimState) claimZH13(text string, remember, ask bool) (Fact, bool) {
	if text == "" {
		return Fact{}, false
	}
	if text[0] < utf8.RuneSelf { // an ASCII-led clause: only "base在…" is one of these
		if st.subj == "用户" && !st.first && strings.HasPrefix(text, "base在") && baseInZH13.MatchString(text) {
			return classify("用户"+text, text, remember), true // "…，base在深圳": its own claim, not joined
		}
		return Fact{}, false
	}
	if strings.HasPrefix(text, "我是") && len(text) <= len("我是陈晓琳") {
		return st.iAmNameZH(text)
	}
	if doctorLeadZH13(text) {
		if loc := doctorSaysZH13.FindStringIndex(text); loc != nil && loc[1] < len(text) {
			return st.claim("我"+text[loc[1]:], ask) // "医生说我有点贫血" → "我有点贫血"
		}
	}
	return st.jobTailZH(text, remember)
}

// doctorLeadZH13 is the cheap check before doctorSaysZH13: the clause opens with one of its
// leads' first words.
func doctorLeadZH13(t string) bool {
	for _, p := range [...]string{"医生", "大夫", "体检", "检查", "化验", "报告"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}

// jobVerbsZH13 are verbs and particles a bare job has not: "在深圳读研究生" is a doing, read
// as it was ("用户在深圳读研究生").
const jobVerbsZH13 = "在读做当是干去考想要了过着不没"

// jobTailZH reads clause text, not the sentence's first, as jobTailZH13's job of the user.
func (st *claimState) jobTailZH(text string, remember bool) (Fact, bool) {
	if st.first || st.subj != "用户" || len(text) > 45 {
		return Fact{}, false
	}
	verb, job := "是", text
	for _, v := range []string{"干", "做", "当"} {
		if strings.HasPrefix(text, v) {
			verb, job = "", text // "干运营": "用户干运营"
			job = strings.TrimPrefix(text, v)
		}
	}
	if strings.ContainsAny(job, jobVerbsZH13) || !jobTailZH13.MatchString(job) {
		return Fact{}, false
	}
	f := classify("用户"+verb+text, text, remember)
	f.Type, f.Predicate = TypeProfile, "job"
	return f, true
}

// quitZH13 is a clause's end that says the user quit something without naming it: "戒了",
// "戒掉了".
var quitZH13 = lazy(`戒(?:掉)?了$`)

// quitWhatZH13 is what a clause before says the user did: 抽烟, 喝酒, 喝奶茶, 吃糖 — its
// object names what was quit.
var quitWhatZH13 = lazy(`(?:抽|吸|喝|吃)([\p{Han}]{1,3}?)(?:了|的|$|[，,。])`)

// quitCarry13: "我以前抽烟，生了豆豆以后就戒了" gave "用户生了豆豆以后就戒了" — what was quit lost
// with the clause split. A fact of the sentence ending in 戒了 with no object, after a fact
// of the same sentence that says what the user smoked, drank or ate, gets its object:
// "用户生了豆豆以后就戒烟了". Changes out in place.
func quitCarry13(out []Fact) {
	for i := 1; i < len(out); i++ {
		c := strings.TrimRight(out[i].Content, "。.!！~～")
		loc := quitZH13.FindStringIndex(c)
		if loc == nil || !strings.HasPrefix(out[i].Content, "用户") {
			continue
		}
		m := quitWhatZH13.FindStringSubmatch(out[i-1].Content)
		if m == nil || !strings.HasPrefix(out[i-1].Content, "用户") {
			continue
		}
		out[i].Content = c[:loc[0]] + "戒" + m[1] + "了" // 抽烟 → 戒烟了, 喝奶茶 → 戒奶茶了
	}
}

// prefBodyZH13 puts the 我 inside a liked or disliked thing in the third person, as
// rewriteZH does for other claims: "我讨厌别人上班时间给我打电话" gave "用户讨厌别人上班时间给我打电话",
// "我受不了我妈唠叨" "用户受不了我妈唠叨"; now "…给用户打电话", "用户受不了用户的妈唠叨".
func prefBodyZH13(body string) string {
	if !strings.Contains(body, "我") {
		return body
	}
	return rewriteZH(body)
}
