package facts

import "testing"

// TestClaims_part3 covers the fourth round of issue 9 (dev7.json: users who write
// colloquially, without punctuation, in the words of their trade), one user message at a
// time, in phrasings that are not dev7's: spaces as clause breaks in Chinese, who the user
// is with no subject, 家里那位 and 俩娃, colloquial questions, 俺/咱 before 以后, a reply
// asked shorter, lead-ins 对/好 only before punctuation, and English bare roles and leads.
func TestClaims_part3(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string // a substring of each fact, in order; nil: no fact
	}{
		// A space between two Han characters is a clause break.
		{"zh_space_clauses", "我是保安 天天上夜班 有啥助眠的办法", []string{"用户是保安", "夜班"}},
		{"zh_space_latin_kept", "我平时用 VS Code 写代码", []string{"VS Code"}},
		{"zh_space_question_only", "夜班 怎么调作息", nil},
		// Who the user is, subject left out.
		{"zh_trade_de", "开出租的，一天跑十二个小时", []string{"开出租的", "一天跑十二个小时"}}, // hours a day: a fact of their own since the fifth round
		{"zh_trade_de_others", "卖菜的大妈今天没来", nil},
		{"zh_hometown", "老家在东北，现在在广州漂着", []string{"老家在东北", "现在在广州漂着"}},
		{"zh_before_retiring", "退休前在银行上班", []string{"退休前在银行上班"}},
		{"zh_study_year", "研一 学的是材料", []string{"研一", "学的是材料"}},
		{"zh_major", "土木工程专业的，明年毕业", []string{"土木工程专业", "明年毕业"}},
		{"zh_workplace", "在一家物流公司当调度", []string{"物流公司当调度"}},
		{"zh_clock_routine", "每天早上四点起来和面", []string{"四点起来和面"}},
		{"zh_condition", "一型糖尿病，得随身带糖", []string{"一型糖尿病"}},
		{"zh_role_measure", "程序员一枚，坐标成都", []string{"程序员一枚"}},
		{"zh_not_a_role", "苹果一个，香蕉两根", nil},
		// Family words people use instead of 我老婆 / 我的孩子.
		{"zh_spouse_at_home", "家里那位不吃香菜", []string{"家里那位不吃香菜"}},
		{"zh_two_kids", "俩孩子都在上幼儿园", []string{"俩孩子都在上幼儿园"}},
		{"zh_duixiang", "对象是做设计的", []string{"用户的对象是做设计的"}},
		{"zh_dui_leadin", "对，我在成都", []string{"用户在成都"}},
		// Colloquial questions are no claims.
		{"zh_question_za", "胰岛素咋保存", nil},
		{"zh_question_neng_bu", "高血压能喝咖啡不", nil},
		{"zh_hypo_an_yihou", "要是咱以后换个城市住，你觉得哪儿好", nil},
		// A reply asked shorter or simpler is a rule.
		{"zh_rule_simpler", "回答的时候说通俗点", []string{"通俗点"}},
		// English.
		{"en_bare_role", "Retired postal worker. Lots of free time now.", []string{"User is a retired postal worker"}},
		{"en_bare_role_caps", "ER nurse here, 12 years", []string{"nurse"}},
		{"en_not_a_role", "The teacher.", nil},
		{"en_majoring", "majoring in biology, minor in chem", []string{"majoring in biology"}},
		{"en_year", "sophomore year, studying nursing", []string{"User is in their sophomore year, studying nursing"}},
		{"en_year_then_question", "senior year, what electives should i pick", []string{"User is in their senior year"}},
		{"en_year_not_alone", "senior year was the best", nil},
		{"en_drive_for", "drive for lyft at night to make rent", []string{"User drives for lyft"}},
	} {
		t.Run(tc.name, func(t *testing.T) { checkFacts(t, tc.text, tc.want) })
	}
}
