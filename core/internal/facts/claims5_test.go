package facts

import "testing"

// TestClaims_part4 covers the fifth round's Chinese and mixed kinds (claimzh5*.go), one
// user message at a time, in phrasings that are neither blind3's nor dev8's: the
// sentence gate's negatives, continuations that are claims of their own, subject-less
// and colloquial claims, and the new rule shapes.
func TestClaims_part4(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string // a substring of each fact, in order; nil: no fact
	}{
		// Mix-ups and corrections.
		{"zh_mixup_not_me", "我周六要搬家——哦不对，是我姐搬，不是我", nil},
		{"zh_mixup_you_misremember", "你是不是记错了，我没养猫", nil},
		{"zh_mixup_said_wrong", "我刚才说错了，我在南京工作，不是苏州", []string{"用户在南京工作"}},
		// Someone else's world, titles, practice scenes, questions without a mark.
		{"zh_unnamed_friend", "我有个朋友在考研，压力很大", nil},
		{"zh_chain_of_de", "我舅舅的同事的女儿考上了清华", nil},
		{"zh_people_say", "我们老家的人都说那边风水好", nil},
		{"mix_friend_de", "my colleague 的 wife 是医生", nil},
		{"zh_title", "作文题目叫《我的理想》，帮我开个头", nil},
		{"zh_practice_scene", "模拟一下面试：你当HR，我是应届生", nil},
		{"zh_laizhe", "我妈常吃的那个降压药叫啥来着", nil},
		// Only the claim: feelings, pointers, requests, lead-ins after it.
		{"zh_feeling_after", "我爸中风住院了，我这两天都撑不住了", []string{"用户的爸中风住院了"}},
		{"zh_pointer_after", "年底要考驾照，我打算这几个月好好准备", []string{"年底要考驾照"}},
		{"zh_bought_after", "我家的路由器是华硕的，前年买的", []string{"华硕"}},
		{"zh_request_after", "记住，我每天要吃两次药，别让我忘了", []string{"每天要吃两次药"}},
		{"zh_habit_leadin", "我最近养成了个习惯，每天走一万步", []string{"每天走一万步"}},
		{"zh_plural_age", "我有两个外甥，一个叫豆豆一个叫丁丁，今年都八岁了", []string{"两个外甥"}},
		// Continuations that name a thing of their own.
		{"zh_tool_after", "我用的笔记本是联想小新，装的 Windows 11", []string{"联想小新", "Windows 11"}},
		{"mix_tools_after", "我剪视频用 Final Cut，配音用 Audition", []string{"Final Cut", "Audition"}},
		{"zh_duty_after", "我在医院当护士，负责夜间急诊", []string{"当护士", "负责夜间急诊"}},
		{"zh_drug_after", "我有癫痫，一直在吃丙戊酸钠", []string{"癫痫", "丙戊酸钠"}},
		{"zh_due_after", "我老婆怀孕了，预产期是八月", []string{"怀孕", "用户的老婆预产期是八月"}},
		{"zh_school_after_kid", "我儿子今年十二，上初一了", []string{"十二", "用户的儿子上初一"}},
		{"zh_refusal_after", "我喜欢吃川菜，内脏一律不碰", []string{"川菜", "内脏一律不碰"}},
		{"zh_day_of_month", "我每个月5号发工资，20号还车贷", []string{"5号发工资", "20号还车贷"}},
		{"zh_job_hours", "我是小马，在饿了么送外卖，一天跑十个小时", []string{"小马", "在饿了么送外卖", "一天跑十个小时"}},
		{"zh_bare_place", "我做程序员，人在成都", []string{"程序员", "用户人在成都"}},
		{"zh_not_a_place", "我刚辞职，现在在创业", []string{"辞职，现在在创业"}},
		// Subject-less and colloquial claims.
		{"zh_doctor", "医生让我少吃甜的", []string{"医生让用户少吃甜的"}},
		{"zh_doctor_no_object", "医生让我下周再复查一次", nil},
		{"zh_my_side", "我这边是大连，海风很大", []string{"用户在大连"}},
		{"zh_couple_plan", "我俩打算明年去云南旅行结婚", []string{"用户他们俩打算明年去云南旅行结婚"}},
		{"zh_couple_remark", "我俩都很宅", nil},
		{"zh_name_is", "我是小周，在成都开网店", []string{"用户叫小周", "用户在成都开网店"}},
		{"zh_an_after_time", "下周三俺媳妇过生日", []string{"用户的媳妇"}},
		{"zh_wa_lead", "娃今年三岁了，刚上托班", []string{"用户的孩子今年三岁了"}},
		{"mix_intro_name", "先介绍下，I'm 李娜, 28, 做 UX 的", []string{"用户叫李娜"}},
		{"mix_workplace", "目前在一家 SaaS 公司做 sales", []string{"SaaS 公司做 sales"}},
		{"mix_verb_after_time", "每天早上 meditation 十分钟", []string{"meditation"}},
		{"mix_verb_request", "周末帮我 plan 一下行程", nil},
		{"mix_latin_setup", "日常用 Slack 沟通", []string{"Slack"}},
		{"zh_brand_setup", "店里记账用的是金蝶的软件", []string{"金蝶"}},
		{"zh_months_plan", "九月份要去英国读研", []string{"九月份要去英国读研"}},
		{"mix_exam_date", "GRE 考试是 11 月初", []string{"GRE"}},
		{"zh_diagnosis", "上个月查出来颈椎病", []string{"颈椎病"}},
		{"zh_body_part", "胃一直不好，吃凉的就疼", []string{"胃一直不好"}},
		{"zh_moved_after_time", "去年搬到了青岛", []string{"青岛"}},
		{"zh_cantonese", "我系做外贸嘅，喺东莞", []string{"外贸", "东莞"}},
		{"zh_maybe_so", "我不吃猪肉，算是清真吧", []string{"清真"}},
		{"zh_gender_list", "女，二十八，一米六五", []string{"女性", "二十八岁", "一米六五"}},
		{"zh_promotion_today", "我今天转正了", []string{"转正"}},
		// Second batch of dev8 (u8b_*): more continuations, setups, exclamations.
		{"zh_field_after", "我在读研，研究方向是自然语言处理", []string{"读研", "研究方向是自然语言处理"}},
		{"zh_shift_after", "我在工厂上班，三班倒", []string{"工厂上班", "三班倒"}},
		{"zh_device_after", "我电脑是 ThinkPad，手机是小米的", []string{"ThinkPad", "手机是小米的"}},
		{"zh_age_after_name", "我叫老刘，六十一，退休前是电工", []string{"老刘", "六十一岁", "退休前是电工"}},
		{"zh_trade_years", "我叫阿强，修车十几年了", []string{"阿强", "修车十几年了"}},
		{"zh_worked_years_joins", "我在医院上班，干了五年了", []string{"医院上班，干了五年了"}},
		{"mix_activity_setup", "剪视频用 CapCut", []string{"CapCut"}},
		{"mix_time_noun", "明天 interview，有点紧张", []string{"interview"}},
		{"zh_rule_more_examples", "讲知识点的时候多举例子", []string{"多举例子"}},
		{"zh_exclamation", "哈哈我气死了", nil},
		{"zh_migraine", "我有偏头痛", []string{"偏头痛"}},
		// Third batch of dev8 (u8c_*, mixed): a named one's age, reported speech, a weekly class.
		{"mix_named_pet_age", "我家 corgi 叫 Biscuit，今年 2 岁", []string{"叫 Biscuit，今年 2 岁"}},
		{"zh_own_age_after_name", "我叫小林，今年 25 岁", []string{"小林", "25 岁"}},
		{"mix_boss_says", "my manager 说明年要裁员", nil},
		{"mix_weekly_class", "每周四晚上有 yoga class", []string{"yoga class"}},
		{"mix_latin_first_verb", "我用 Notion 管项目，Anki 背单词", []string{"Notion", "Anki 背单词"}},
		{"mix_latin_first_past", "最爱的专辑是 Blue，Blue 听了很多遍", []string{"Blue"}},
		{"mix_rule_code", "code 里的 comment 都用英文写", []string{"comment"}},
		// Names and rules.
		{"zh_call_me", "往后叫我小白就行，别叫我白总", []string{"用户叫小白"}},
		{"zh_rule_occasion", "给我讲历史的时候统一用公元纪年", []string{"公元纪年"}},
		{"zh_rule_unsure", "你如果不清楚就直说，别乱编", []string{"不清楚"}},
		{"zh_rule_answer_keeps", "回答里的人名保留原文", []string{"人名保留原文"}},
		{"zh_rule_after_claim", "我是色盲，所以你回复别用颜色区分", []string{"你回复别用颜色区分", "色盲"}},
	} {
		t.Run(tc.name, func(t *testing.T) { checkFacts(t, tc.text, tc.want) })
	}
}
