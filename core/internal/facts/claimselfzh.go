package facts

import (
	"strings"
)

// Chinese claims with the subject left out and no word of time before them. People say
// "最近失眠挺严重的", "腰椎间盘突出好几年了", "最爱吃螺蛳粉", "每天就靠两杯美式续命", "周末老是得送儿子去上围
// 棋课" without 我: in a chat, a statement about health, diet, a favourite or a routine with
// no subject is the speaker's. The retired blind sets had about twenty of them; the rules
// before took only those after a word of time with one of a few verbs (dropSubjectZH).
//
// selfCueZH: the clause opens (within its first few characters, after an optional word of
// time or frequency) with a word that is about a person's own body, diet, taste or week.
var selfCueZH = lazy(`^(?:(?:最近|目前|现在|这阵子|这段时间|这几年|这两年|平时|平常|从小|一直|天天|每天|每周|每晚|每个月|周末|工作日|常年|长期|早上|晚上|睡前|上个月|去年|前年|小时候)\s*){0,2}(?:都|就|老是|老|总是|经常|一直|还|也|在|有点|有些|特别|比较|超|查出来|查出|确诊|得了|有|轻度|严重|吃|得){0,3}` +
	`(?:失眠|过敏|腰椎|颈椎|脂肪肝|贫血|近视|散光|高血压|低血糖|血糖高|胃病|胃不好|哮喘|偏头痛|头疼|抑郁|焦虑|湿疹|痛风|burnout|` +
	`吃素|吃全素|控糖|戒糖|戒酒|戒烟|减脂|减肥|低碳水|生酮|断食|轻断食|不吃|不喝|只吃|只喝|滴酒不沾|` +
	`最爱|最喜欢|超爱|特别喜欢|很喜欢|偏爱|偏好|受不了|讨厌|` +
	`靠.{0,6}续命|通勤|健身|跑步|游泳|练|学|送.{1,4}去|带娃|遛狗|记账|早起|熬夜|备婚|备孕|备考|去|作息|(?:morning\s+)?routine|` +
	`在\s*(?:\p{Han}{2,4}|\p{Lu}\p{Ll}+)\s*(?:待了|住了|生活了|工作了|呆了))`)

// planZH: the user's plans with the subject left out: a day ahead, then what has to be
// done or what is on ("明天下午三点要和客户开个电话会", "月底前要交季度报告", "下周五有个 deadline").
// toolTopicZH: the user's setup, its thing first ("笔记都记在 Obsidian 里", "主力语言 Java",
// "家里路由器是小米的 AX3000"); a Latin name must follow.
var (
	planZH      = lazy(`^(?:明天|后天|大后天|下周.?|下礼拜.?|下星期.?|下个?月|月底|月初|年底|周[一二三四五六日天末]|礼拜[一二三四五六天]|星期[一二三四五六日天]|这周.?|本周.?|\d{1,2}\s*[号日]|\d{1,2}\s*月\s*\d{1,2}\s*[号日])[^，。,]{0,12}?(?:要|有个|有场|有一?个|得|需要|去)`)
	toolTopicZH = lazy(`^(?:家里的?|公司的?|工作用?的?|平时)?\s*(?:笔记|主力语言|主力|NAS|路由器|电脑|笔记本|手机|编辑器|IDE|系统|输入法|浏览器|显示器|键盘|相机|耳机)\s*(?:都|一般|主要)?(?:是|用|记在|放在|装的|跑|\s*[A-Za-z])`)
)

// callMeZH: "叫我阿Ken就好", "叫我小王就行" — the name the user goes by, when the sentence
// starts with it ("我叫林晓棠，叫我小棠就行" is one name, "从现在开始，叫我老王就行" a rule; "大家都
// 叫我阿杰" was a claim already).
var callMeZH = lazy(`^叫我([\p{Han}A-Za-z·]{1,8}?)(?:就行|就好|就可以|即可|吧)[。.!！~～]*$`)

// contPlaceZH: a continuation that says where the user is ("我老家湖南常德的，现在在广州漂着",
// "我在 Google 做 SRE，base 在新加坡"): a claim of its own, not a detail of the one before.
var contPlaceZH = lazy(`^(?:不过|但是?)?(?:现在|目前|如今|后来|人)?(?:还)?(?:在|base\s*在|定居在|待在)\s*(?:\p{Han}{2,4}|\p{Lu}\p{Ll}+)(?:漂|工作|上班|读书|读研|定居|生活|待着)`)

// tellYouZH: "跟你说一下背景：", "跟你说个事哈，" — a lead-in to what the user is about to
// say, dropped before the clause is read (it names 你, which would make the claim one about
// the talk).
var tellYouZH = lazy(`^(?:先)?(?:跟|和|给)你(?:说|讲|交代|介绍)(?:一下|下|个事|件事|几件事)?(?:哈|啊|吧|哦|呀)?(?:我的)?(?:背景|情况|基本情况)?(?:是|如下)?[:：，,]?\s*`)

// petZH: "家里还有一只柯基叫馒头" — the user's home and who lives there, subject left out.
var petZH = lazy(`^(?:家里|家中|屋里)(?:还|也)?(?:有|养了?|养着)(?:一|两|三|四|几)?(?:只|条|个|位)`)

// topicDeZH: "看书的话我偏好纸质书" — a short topic and 的话, then the user: a topic, not a
// condition (如果…的话, 要是…的话 are).
var (
	topicDeZH = lazy(`^\p{Han}{1,5}的话[，,]?\s*我`)
	ifWordZH  = lazy(`如果|假如|假设|要是|万一|倘若|假使|一旦`)
)

func topicZH(text string) bool { return topicDeZH.MatchString(text) && !ifWordZH.MatchString(text) }

// dateOfZH: "公司年会定在1月20号", "这个 sprint 的 deadline 是 11 月 30 号" — an event of the
// user's and its date, the subject left out.
var dateOfZH = lazy(`^[\p{Han}A-Za-z0-9 ]{2,24}?(?:定在|安排在|改到|推到|是|在)\s*(?:\d{1,2}\s*月\s*\d{1,2}\s*[号日]|[一二三四五六七八九十]{1,3}月[一二三四五六七八九十]{1,3}[号日]|下周.|下礼拜.|下个?月|月底|本周.|这周.|周[一二三四五六日末])`)

// selfClaimZH reports whether a clause with no person in it is the user's own claim by
// selfCueZH: no pronoun, not a request, not an opinion about what people should do.
func selfClaimZH(text string) bool {
	// (Only a sentence's first clause: after "用户写道：我住在巴黎，" the next clause is the quote's.)
	return !strings.ContainsAny(text, "我你您他她它") && !requestZH.MatchString(head(text, 24)) &&
		!strings.Contains(text, "应该") && (selfCueZH.MatchString(head(text, 60)) || planZH.MatchString(head(text, 60)) || petZH.MatchString(head(text, 30)) || whoZH.MatchString(head(text, 40)) || dateOfZH.MatchString(head(text, 60)) ||
		toolTopicZH.MatchString(head(text, 40)) && hasLatin(text) || selfCueZH5(text) || budgetLeadZH12(text) || selfLeadZH13(text))
}

// Words with 他, 她 or 它 in them that are not a pronoun ("我在学吉他", "其他的都吃"): the
// checks for a person in a clause must not see one. protectZH swaps their pronoun
// character for a private-use one while the clause is read; unprotectZH swaps it back in
// the facts' text.
var pronounWordsZH = strings.NewReplacer("吉他", "吉\ue000", "其他", "其\ue000", "其它", "其\ue001")
var pronounWordsBack = strings.NewReplacer("\ue000", "他", "\ue001", "它")

func protectZH(s string) string {
	if !strings.Contains(s, "他") && !strings.Contains(s, "它") {
		return s
	}
	return pronounWordsZH.Replace(s)
}

func unprotectZH(s string) string {
	if !strings.ContainsAny(s, "\ue000\ue001") {
		return s
	}
	return pronounWordsBack.Replace(s)
}
