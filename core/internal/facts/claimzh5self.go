package facts

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Chinese and mixed claims the fifth round reads that earlier rounds missed (issue 9
// item 1; blind3.json's Chinese misses, grouped by kind; dev8.json has each in other
// words):
//
//   - what the doctor told the user: "医生让我控糖", "医生让我戒酒减重", "医生让我 low GI diet" —
//     the user's regimen ("医生让用户控糖"), though the user is the object of 让;
//   - where the user is, said as "my side": "我这边是厦门" (not "我这边没问题");
//   - "我俩" (the user and their partner): "我俩打算明年结婚" → "用户他们俩打算明年结婚";
//   - a name said with 是 and a familiar prefix: "我是阿华", "我是小林" → the name;
//   - a colloquial 俺/咱 after a word of time: "下礼拜一俺闺女开学";
//   - 娃 opening a sentence, the user's child: "娃今年上一年级";
//   - an intro lead-in the older list lacked: "简单介绍下：", "介绍下，", and a mixed "I'm 陈晨,
//     大三, …" read as "我是陈晨，大三，…";
//   - a sentence's first clause with no subject (selfCueZH5, through selfClaimZH): a
//     workplace after a word of time ("现在在一家 4A 广告公司做 copywriter"), an English verb
//     after a word of time ("最近刚 relocate 到 Berlin", "每天早上 journaling 十分钟"), a
//     setup with a Latin name ("日常用 Notion 做 planning"), a place's setup by brand
//     ("店里收银用的是美团的收银机", "地里打药用的是大疆的植保无人机"), a plan months ahead
//     ("六月份要参加教师资格证面试"), an exam's date ("JLPT N2 考试是 12 月第一个周日"), a
//     diagnosis after a word of time ("上周查出来脂肪肝"), a body part that is not well ("腰不太好"),
//     and from dev8's later batches a setup by activity ("写代码用 Cursor"), a day ahead with
//     an English noun ("下周一 onboarding"), a weekly class in English ("每周二晚上有 Spanish
//     class"), a move after 年初/去年 ("年初搬来了昆明"), "考上了…";
//   - Cantonese function words read as Mandarin ("我系做装修嘅，喺广州"), "算是纯素吧" read as a
//     claim (not a suggestion), and a bare gender opening a list ("女，三十二，…").
var (
	doctorNeedZH5 = words("医生 大夫 营养师 教练")
	doctorZH5     = lazy(`^(?:医生|大夫|营养师|教练)(?:让|叫|要|建议|说让|嘱咐)我\s*(.+)$`)
	mySideZH5     = lazy(`^我(?:这边|这里|这儿)(?:是|在)\s*(\p{Han}{2,6}|\p{Lu}[\p{L} ]{1,20})$`)
	// coupleZH5: what "我俩" plan or are together ("我俩打算明年结婚"; not "我俩都忙").
	coupleZH5 = lazy(`^(?:打算|准备|计划|决定|要|是|在一起|已经|谈了|认识|结婚|订婚|领证)`)
	// pointerEndZH5: an order with no object of its own ("医生让我每天早上量一次").
	pointerEndZH5 = lazy(`(?:一次|一下|一遍|一回)$`)
	// cantoneseZH5: Cantonese function words read as Mandarin ("我系做装修嘅，喺广州").
	cantoneseZH5     = strings.NewReplacer("我系", "我是", "系做", "是做", "喺", "在", "嘅", "的", "咗", "了", "唔", "不", "佢", "他")
	cantoneseNeedZH5 = words("我系 系做 喺 嘅 咗 唔 佢")
	// maybeSoZH5: "算是纯素吧" — a hedge on a claim, not a suggestion.
	maybeSoZH5 = lazy(`^(算是\p{Han}{1,8})吧$`)
	// kidsZH5: how many children, opening a continuation.
	kidsZH5   = lazy(`^(?:俩|两个)(?:娃|孩子|儿子|闺女|女儿)`)
	nameIsZH5 = lazy(`^我是((?:阿|小|老)\p{Han}{1,2})$`)
	// introNameZH5: "I'm 陈晨, 大三, …" rewritten "我是陈晨, 大三…": a name of two or three
	// characters before an ASCII comma.
	introNameZH5 = lazy(`^我是(\p{Han}{2,3})\s*,`)
	// introNameEndZH5 is a name that ends the clause, only after "I'm" (我是老师 is no name).
	introNameEndZH5 = lazy(`^我是(\p{Han}{2,3})$`)
	lateAnZH5       = lazy(`^([\p{Han}0-9]{1,6}?)(?:俺|咱)`)
	introZH5        = lazy(`^(?:简单|先)?(?:自我)?介绍下[:：，,]\s*|^(?i:I'm|I am)\s+(\p{Han})`)
	selfCueZH5a     = lazy(`^在(?:那家|这家|一家)[^，,。]{1,16}(?:公司|厂|医院|学校|店|单位|机构)$|^(?:现在|目前|最近|如今)在(?:一家|那家|这家|一个|家|个)?[^，,。]{1,16}(?:公司|厂|医院|学校|店|单位|机构)(?:做|当|干|上班|工作|$)` +
		`|^(?:最近|目前|现在|平时|每天|每周|每晚|周末|早上|晚上|刚刚|刚)+\s*(?:早上|晚上)?\s*(?:刚|在|都|会)?\s*[a-z]{4,}\b` +
		`|^(?:日常|平时|一般|主要|工作|写东西|做笔记|写代码|记笔记|画图|剪视频|修图|作图|办公|编程|开发|部署|记账|画画|写作|做设计|做饭)(?:都|就|一般|主要)?用\s*[A-Z]` +
		`|^(?:明天|后天|下周.|下礼拜.|下个?月|周[一二三四五六日末])\s*[a-z]{5,}\b` +
		`|^(?:每周.|每天|每晚|周[一二三四五六日末]|每个?月)\p{Han}{0,4}(?:有|去|上)\s*[A-Za-z]{3,}` +
		`|^(?:店里|家里|地里|厂里|车上|单位)\p{Han}{0,4}用的(?:是)?\p{Han}{2,}`)
	selfCueZH5b = lazy(`^(?:(?:[一二三四五六七八九十]{1,3}|\d{1,2})\s*月份?|明年|今年|年底|年初|下半年|上半年|暑假|寒假)\p{Han}{0,4}?(?:要|得|准备)(?:去|参加|考|办|搬|换|装修|结婚|生|出国)` +
		`|^[\p{Han}A-Za-z0-9 ]{2,24}?(?:考试|面试|婚礼|答辩|手术)(?:是|在|定在|安排在)\s*(?:\d{1,2}|[一二三四五六七八九十]{1,3})\s*月` +
		`|^(?:上周|上礼拜|上个?月|前几天|前段时间|去年|年初|刚刚?)\s*(?:刚)?(?:体检)?(?:查出来?|确诊了?|发现)\p{Han}{2,}` +
		`|^(?:年初|年底|年中|月初|月底|去年|前年|今年|上个?月|上半年|下半年)\s*(?:刚)?(?:搬|回|去)(?:来|到|去|回)?了?\p{Han}{2,}` +
		`|^(?:刚|终于|已经)?(?:考上|考进|入职)了?\p{Han}{2,}` +
		`|^(?:腰|膝盖|胃|肩膀|颈椎|眼睛|牙|皮肤|心脏|肝|肾|睡眠)(?:一直|也|还|有点|不太|不大|老是|总是)*(?:不好|不太好|不行|疼|痛|有问题|受过伤)`)
	selfNeedZH5 = words("每周 每天 每晚 每个月 每月 写代码 记笔记 画图 剪视频 修图 作图 办公 编程 开发 部署 记账 画画 写作 做设计 做饭 明天 后天 下周 下礼拜 下月 下个 周 在 年初 年中 月初 月底 前年 上个 上月 考上 考进 入职 现在 目前 最近 如今 平时 每天 每周 每晚 周末 早上 晚上 刚 日常 一般 主要 工作 写东西 做笔记 店里 家里 地里 厂里 车上 单位 月 明年 今年 年底 年初 下半年 上半年 暑假 寒假 考试 面试 婚礼 答辩 手术 上周 上礼拜 前几天 前段时间 去年 腰 膝盖 胃 肩膀 颈椎 眼睛 牙 皮肤 心脏 肝 肾 睡眠")
)

// selfCueZH5 reports whether a sentence's first clause with no person in it is the
// user's claim by the fifth round's cues (selfClaimZH calls it).
func selfCueZH5(text string) bool {
	t := head(text, 60)
	return may(t, selfNeedZH5) && (selfCueZH5a.MatchString(t) && !strings.Contains(t, "一下") || selfCueZH5b.MatchString(t))
}

// claimZH5 reads the clause kinds above that claim's other rules do not: it returns the
// clause to read on (an intro or a colloquial subject rewritten), and a fact when the
// clause is one of the kinds that make their own.
func (st *claimState) claimZH5(text string, remember bool) (string, Fact, bool) {
	if !hasHan(text) {
		return text, Fact{}, false
	}
	if r, _ := utf8.DecodeRuneInString(text); r > 0x2000 && unicode.Is(unicode.So, r) {
		text = strings.TrimLeftFunc(text, func(r rune) bool { return unicode.Is(unicode.So, r) || unicode.IsSpace(r) }) // "🎉 在那家…"
	}
	introI := false // "I'm 李娜" made 我是李娜: the name may end the clause
	for range 2 {
		if lower := strings.ToLower(head(text, 80)); !strings.Contains(text, "介绍下") && !strings.Contains(lower, "i'm") && !strings.Contains(lower, "i am") {
			break
		}
		m := introZH5.FindStringSubmatchIndex(text)
		switch {
		case m == nil:
		case m[2] >= 0:
			text, introI = "我是"+text[m[2]:], true // "I'm 陈晨, 大三, …"
		default:
			text = text[m[1]:]
		}
	}
	m := submatchIf(strings.HasPrefix(text, "我是"), introNameZH5, text)
	if m == nil && introI {
		m = introNameEndZH5.FindStringSubmatch(text) // "I'm 李娜" split from ", 28, 做 UX 的"
		st.cond = m != nil                           // the list after the name is not read, as with a comma
	}
	if m != nil {
		st.subj = "用户" // "I'm 陈晨, 大三": the name; the list after it is not read
		return text, Fact{Type: TypeProfile, Content: "用户叫" + m[1], Subject: "user", Predicate: "name", Confidence: 0.8}, true
	}
	if m := lateAnIndex(text); m != nil && m[3] > 0 && timeZH.MatchString(text[:m[3]]) {
		text = text[:m[3]] + "我" + text[m[1]:] // "下礼拜一俺闺女开学"
	}
	if strings.HasPrefix(text, "娃") && !strings.HasPrefix(text, "娃娃") && st.first && !strings.ContainsAny(text, "你您他她") {
		text = "我孩子" + text[len("娃"):] // "娃今年上一年级": the user's child
	}
	if may(text, cantoneseNeedZH5) {
		text = cantoneseZH5.Replace(text) // "我系做装修嘅，喺广州"
	}
	if m := submatchIf(strings.HasPrefix(text, "算是"), maybeSoZH5, text); m != nil {
		text = m[1] // "…，算是纯素吧": a claim, not a suggestion
	}
	if (text == "女" || text == "男") && st.first {
		st.subj = "用户" // "女，三十二，一米六，…": a list of what the user is
		return text, Fact{Type: TypeProfile, Content: "用户是" + text + "性", Subject: "user", Predicate: "identity", Confidence: 0.75}, true
	}
	asked := func() bool {
		return strings.ContainsAny(text, "?？") || may(text, questionZHNeed) && questionZH.MatchString(text)
	}
	if rest, ok := strings.CutPrefix(text, "我俩"); ok && meaningful(rest) >= 2 && !kidsZH5.MatchString("俩"+rest) && !asked() {
		if !coupleZH5.MatchString(rest) {
			st.subj = ""
			return "", Fact{}, false // "我俩都挺懒的": a remark on the pair
		}
		st.subj = "用户"
		return text, classify("用户他们俩"+rewriteZH(rest), text, remember), true
	}
	if st.subj == "用户" && kidsZH5.MatchString(text) {
		text = "我" + text // "我在家带孩子，俩儿子一个七岁一个三岁": the user's sons
	}
	if m := submatchIf(may(text, doctorNeedZH5), doctorZH5, text); m != nil && meaningful(m[1]) >= 2 && !strings.ContainsAny(m[1], "你您？?") && !pointerEndZH5.MatchString(m[1]) && !asked() {
		st.subj = "用户"
		f := classify(strings.TrimSuffix(strings.TrimSpace(m[0][:len(m[0])-len(m[1])]), "我")+"用户"+rewriteZH(m[1]), text, remember)
		if f.Predicate == "about" {
			f.Type, f.Predicate = TypeProfile, "health"
		}
		return text, f, true
	}
	if m := submatchIf(strings.HasPrefix(text, "我这"), mySideZH5, text); m != nil && !strings.ContainsAny(m[1], "没不") && !asked() {
		st.subj = "用户"
		return text, Fact{Type: TypeProfile, Content: "用户在" + m[1], Subject: "user", Predicate: "location", Confidence: 0.7}, true
	}
	if m := submatchIf(strings.HasPrefix(text, "我是"), nameIsZH5, text); m != nil && !asked() {
		st.subj = "用户"
		return text, Fact{Type: TypeProfile, Content: "用户叫" + m[1], Subject: "user", Predicate: "name", Confidence: 0.8}, true
	}
	return text, Fact{}, false
}

// submatchIf is re's submatches in text when ok (a literal check that every match
// passes), else nil without running re.
func submatchIf(ok bool, re *lazyRE, text string) []string {
	if !ok {
		return nil
	}
	return re.FindStringSubmatch(text)
}

// lateAnIndex is lateAnZH5's submatch indexes, nil without running it when text has
// neither 俺 nor 咱.
func lateAnIndex(text string) []int {
	if !strings.ContainsAny(text, "俺咱") {
		return nil
	}
	return lateAnZH5.FindStringSubmatchIndex(text)
}
