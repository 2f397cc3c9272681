package facts

import "testing"

// TestClaims_part8 covers the eighth round's fixes in phrasings other than the labelled
// sets', and the shapes each must leave alone: what follows "X here," (heretail8.go), a
// "don't recommend" rule after a Chinese claim (ruleafter8.go), a lasting use after "so"
// (consequence8.go), Chinese continuations of a taste, a commute or an old injury
// (contzh8.go) and a wish to change jobs (careerwant8.go).
func TestClaims_part8(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string // a substring of each fact, in order; nil: no fact
	}{
		// What follows "X here," says more of the user.
		{"en_here_age_role", "Hi! Priya here, 47, retired midwife from Leeds.", []string{"User's name is Priya", "User is 47", "User is a retired midwife from Leeds"}},
		{"en_here_habit", "Early bird here, usually up by 5am", []string{"User is an early bird", "User is usually up by 5am"}},
		{"en_here_been", "coeliac here, been gluten-free since 2015", []string{"User is a coeliac", "User has been gluten-free since 2015"}},
		{"en_here_age_and", "retired nurse here, 71 and still gardening", []string{"User is a retired nurse", "User is 71"}},
		{"en_here_verb", "Vegan here, cook mostly Indian food", []string{"User is a vegan", "User cooks mostly Indian food"}},
		{"en_here_unknown_tail", "Newbie here, sorry for the dumb question", []string{"User is a newbie"}},
		{"en_here_alone", "Night owl here.", []string{"User is a night owl"}},
		// A "don't recommend / don't give me" rule after a Chinese claim is a rule too.
		{"zh_rule_after_claim", "我乳糖不耐受，别给我推荐奶茶", []string{"别给我推荐奶茶", "乳糖不耐受"}},
		{"zh_rule_topic_first", "我在减肥，油炸的东西尽量别给我推荐", []string{"油炸的东西尽量别给我推荐", "用户在减肥"}},
		{"zh_rule_you", "我没有车，你别老推荐自驾游", []string{"你别老推荐自驾游", "用户没有车"}},
		{"zh_rule_give_me", "我用的是安卓手机，别给我 iPhone 的教程", []string{"别给我 iPhone 的教程", "安卓手机"}},
		{"zh_rule_not_ask", "别担心，我没事", nil},
		{"zh_rule_vague", "周六我要去看演唱会，别给我安排别的事", []string{"用户周六要去看演唱会"}},
		// A lasting use or taste after "so" is a fact of its own; a passing state stays joined.
		{"en_so_use", "I'm colorblind so I use a high-contrast theme", []string{"User is colorblind", "User uses a high-contrast theme"}},
		{"en_so_prefer", "I have dyslexia, so I prefer audiobooks.", []string{"User has dyslexia", "User prefers audiobooks"}},
		{"en_so_speak", "I'm half Korean so I speak Korean at home", []string{"User is half Korean", "User speaks Korean at home"}},
		{"en_so_please", "i'm vision impaired so i use a screen magnifier, please keep answers short", []string{"keep answers short", "User is vision impaired", "User uses a screen magnifier"}},
		{"en_so_passing", "I sprained my ankle so I'm working from home this week", []string{"User sprained their ankle so they're working from home this week"}},
		// A taste of the moment and what fills a commute are continuations of their own.
		{"zh_cont_craze", "我女儿叫朵朵，最近迷上了芭蕾", []string{"用户的女儿叫朵朵", "用户的女儿最近迷上了芭蕾"}},
		{"zh_cont_watching", "我每天睡前看会儿书，最近在看《活着》", []string{"看会儿书", "用户最近在看《活着》"}},
		{"zh_cont_commute", "我每天坐地铁上班，路上一般听有声书", []string{"坐地铁上班", "用户路上一般听有声书"}},
		{"zh_cont_commute_bare", "我挺喜欢听相声的，开车的时候听", []string{"用户挺喜欢听相声的，开车的时候听"}},
		{"zh_cont_injury", "我每周打三次羽毛球，不过脚踝之前扭伤过", []string{"用户每周打三次羽毛球", "用户脚踝之前扭伤过"}},
		{"zh_cont_plain", "我在银行上班，经常加班", []string{"用户在银行上班，经常加班"}},
		// A wish to change jobs after a work claim is a claim of its own.
		{"zh_career_quit", "我在一家银行做柜员，干了六年了，其实有点想转行", []string{"用户在一家银行做柜员", "用户有点想转行"}},
		{"zh_career_to", "我现在在美团做前端，想跳去字节", []string{"用户现在在美团做前端", "用户想跳去字节"}},
		{"zh_career_considering", "我在考虑换工作", nil},
		{"zh_career_friend", "我朋友说他想辞职，你觉得呢？", nil},
	} {
		t.Run(tc.name, func(t *testing.T) { checkFacts(t, tc.text, tc.want) })
	}
}
