package facts

import "testing"

// TestClaims_part7 covers the seventh round's fixes (namecounted.go, assomeone.go, the
// "since" lead in claimrewrite.go), in phrasings other than dev10.json's. The file's name
// sorts after dfa_test.go on purpose: the tests before TestDFA2_compiles leave it about 90
// of dfaMaxTotal's 8,000 DFA states, and the DFAs these messages make took the rest.
func TestClaims_part7(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string // a substring of each fact, in order; nil: no fact
	}{
		// A bare "叫X" after a counted noun names it, not the user.
		{"zh_pet_name", "我养了一条狗，叫旺财", []string{"用户养了一条狗，叫旺财"}},
		{"yue_pet_name", "我屋企有隻貓，叫咪咪", []string{"叫咪咪"}},
		{"zh_son_name", "我有个儿子，叫小宇", []string{"用户有个儿子，叫小宇"}},
		{"zh_user_counted", "我是一个程序员，叫小王", []string{"用户是一个程序员", "用户叫小王"}},
		{"zh_user_name_first", "我叫李明，是一名工程师", []string{"用户叫李明", "工程师"}},
		// "As someone who…" leads a request with a claim.
		{"en_as_someone_is", "As someone who's colorblind, which palettes work?", []string{"User is colorblind"}},
		{"en_as_someone_with", "As someone with ADHD, how do I plan my week?", []string{"User has ADHD"}},
		{"en_as_someone_verb", "as someone who hates crowds, where should I go in Paris?", []string{"User hates crowds"}},
		{"en_as_someone_question", "As someone who?", nil},
		// A named tool in a continuation is a fact of its own, a group's too.
		{"zh_tool_stored", "我平时用 Bear 写日记，照片都存在 Google Photos", []string{"Bear", "用户照片都存在 Google Photos"}},
		{"zh_group_tool", "我们 team 用 Linear 管需求，CI 是 CircleCI", []string{"Linear", "用户他们CI 是 CircleCI"}},
		{"zh_group_no_tool", "我们公司用 Slack，挺好用的", []string{"用户所在的公司用 Slack，挺好用的"}},
		{"zh_is_of", "明天 10am 我有个 interview，是 Amazon 的", []string{"interview，是 Amazon 的"}},
		// A work claim's tools after ", mostly" are a fact of their own; a taste's are not.
		{"en_mostly_tools", "I work at Stripe on the billing team, mostly Scala", []string{"User works at Stripe on the billing team", "User mostly uses Scala"}},
		{"en_some_tool", "I code mostly in Go at work, some Rust for fun", []string{"Go at work", "User also uses some Rust for fun"}},
		{"en_mostly_taste", "I love old films, mostly Hitchcock", []string{"Hitchcock"}},
		// Whom a request is for; a remember-question.
		{"en_for_kin_said", "This is for my son Leo, he's 4 and loves trains.", []string{"User's son Leo is 4", "User's son Leo loves trains"}}, // an age and a second claim: two (tenth round, coordage9.go)
		{"en_for_kin_name", "ok it's for my wife Anna", []string{"User's wife is named Anna"}},
		{"en_for_kin_bare", "It's for my mom", nil},
		{"en_for_not_kin", "It's for my presentation, it's due Monday", nil},
		{"zh_remember_ask", "你可以帮我记住我每周三晚上有羽毛球课吗？", []string{"用户每周三晚上有羽毛球课"}},
		{"zh_remember_ask_you", "你能记住你上次说的吗", nil},
		{"zh_remember_ask_thing", "你能记住我的名字吗", nil},
		{"zh_remember_ask_is", "你能记住我是素食者吗", []string{"用户是素食者"}},
		// 他/她 after a clause that named a relative beside the user is that relative.
		{"zh_kin_with", "我跟我姐关系很好，她在上海当律师", []string{"关系很好", "用户的姐在上海当律师"}},
		{"zh_kin_have", "我有个弟弟，他今年考研", []string{"用户有个弟弟", "用户的弟弟今年考研"}},
		{"zh_kin_wrong_gender", "我有个弟弟，她今年考研", []string{"用户有个弟弟"}},
		{"zh_kin_they", "我和我妹去旅游了，他们都说好玩", nil}, // a trip (passing), and 他们 is not the sister
		// "Since I…" is a reason; "since 2019" is a time.
		{"en_since_reason", "Since I only have a Chromebook, which editors can I use?", []string{"User only has a Chromebook"}},
		{"en_since_time", "Since 2019 I have lived in Berlin.", []string{"User has lived in Berlin since 2019"}},
	} {
		t.Run(tc.name, func(t *testing.T) { checkFacts(t, tc.text, tc.want) })
	}
}

// TestClaims_sinceReason: the reason's "since" is dropped, not moved to the end as a time
// ("User only has a Chromebook since" before the seventh round).
func TestClaims_sinceReason(t *testing.T) {
	got := Extract([]Message{{Role: "user", Text: "Since I only have a Chromebook, which editors can I use?"}}, Options{MinMessages: 1}).Facts
	if len(got) != 1 || got[0].Content != "User only has a Chromebook" {
		t.Errorf("got %+v, want one fact %q", got, "User only has a Chromebook")
	}
}
