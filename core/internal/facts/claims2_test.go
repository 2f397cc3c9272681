package facts

import (
	"strings"
	"testing"
)

// TestClaims_part1 covers what this round of issue 9 changed, one user message at a
// time: one fact per distinct claim (the subject going on after "and"/a comma, a fact a
// tool), colloquial Chinese (俺, 咱家, 本人, the subject left out), and what is not a fact
// (the moment of speaking, a passing state, a pronoun with no one named, a text to be
// written, fiction).
func TestClaims_part1(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string // a substring of each fact, in order; nil: no fact
	}{
		{"and_verb", "I live in Austin and work as a nurse.", []string{"User lives in Austin", "User works as a nurse"}},
		{"comma_verbs", "So I moved to Denver in March, started a new job at a startup, and adopted a dog.", []string{"Denver", "started a new job at a startup", "adopted a dog"}},
		{"and_status", "I'm vegan and allergic to soy", []string{"vegan", "User is allergic to soy"}},
		{"to_verb_stays", "I like to cook and bake.", []string{"User likes to cook and bake"}},
		{"so_question", "I'm vegetarian, so could you suggest something for dinner?", []string{"vegetarian"}},
		{"name_s", "Name's Greta btw", []string{"User's name is Greta"}},
		{"turned", "Just turned 60 last month", []string{"User just turned 60"}},
		{"tools_zh", "我的配置是 Windows 11 + WSL2 + Docker Desktop", []string{"Windows 11", "用户也用 WSL2", "用户也用 Docker Desktop"}},
		{"tools_en", "Our stack is Next.js, Supabase, and Vercel.", []string{"Next.js", "Supabase", "Vercel"}},
		{"an_zh", "俺是山东人，说话比较直", []string{"用户是山东人"}},
		{"zanjia_zh", "咱家闺女对芒果过敏", []string{"芒果"}},
		{"dropped_subject_zh", "最近在减脂，晚饭只吃沙拉", []string{"用户最近在减脂，晚饭只吃沙拉"}}, // no cue of its own: joins
		{"moved_zh", "刚从哈尔滨搬到海口，热得受不了", []string{"海口"}},
		{"gender_zh", "本人女，90后，射手座", []string{"用户是女性", "90后", "射手座"}},
		{"self_zh", "我这人吧，就是不爱运动", []string{"不爱运动"}},
		{"continuation_cues_zh", "我叫王磊，今年35，东北人", []string{"王磊", "35", "东北人"}},
		{"kin_lead_zh", "老公最近迷上钓鱼了", []string{"用户的老公最近迷上钓鱼了"}},
		{"kin_lead_en", "Wife works nights.", []string{"User's wife works nights"}},
		{"kin_lead_generic_zh", "孩子应该多运动", nil},
		{"kin_lead_reported_zh", "老公说今天不回来吃饭", nil},
		{"informal_im", "im a nurse in leeds", []string{"User is a nurse in leeds"}},
		{"informal_ive", "ive been vegan for 3 years", []string{"User has been vegan for 3 years"}},
		{"informal_names", "my names tom", []string{"User's name is tom"}},
		{"run_on", "i am a teacher i live in ohio", []string{"User is a teacher", "User lives in ohio"}},
		{"no_run_on_after_so", "I'm recovering from COVID, so I'm working half days.", []string{"User is recovering from COVID, so they're working half days"}},
		{"dash_then_subject", "I'm Tom — I live in Oslo", []string{"Tom", "User lives in Oslo"}},
		{"lasting_today", "我今天入职新公司", []string{"入职"}},
		{"appointment_today", "I have a dentist appointment today at 3", []string{"dentist"}},
		{"moment_en", "I had pasta for lunch today.", nil},
		{"moment_zh", "我今天吃了火锅", nil},
		{"now_en", "I'm cooking dinner right now.", nil},
		{"now_zh", "我刚吃完饭", nil},
		{"state_phone", "My phone is dying.", nil},
		{"state_zh", "我的快递还没到", nil},
		{"at_work", "I'm at work.", nil},
		{"pronoun_en", "He's a vegan and I'm cooking for him on Saturday, any ideas?", nil},
		{"pronoun_antecedent", "My sister Anna is coming to stay, and I'm picking her up on Friday.", []string{"User's sister Anna is coming to stay", "User is picking her up on Friday"}},
		{"pronoun_zh", "他是素食者，周六我要请他吃饭，有什么建议？", nil},
		{"write_request_zh", "帮我写条朋友圈，宣布我升职成销售副总裁了", nil},
		{"translate_dash", "Translate this into Spanish — I live in Madrid and I love tapas.", nil},
		{"make_this", "Make this sound more professional: I'm really good at Excel and I love teamwork.", nil},
		{"in_the_game", "In the game, I'm a level 40 mage who lives in the capital.", nil},
		{"saying", "As my grandma used to say, I'm never too old to learn.", nil},
		{"logging_off", "That's all for today, I'm logging off.", nil},
		{"habit_not_rule_zh", "我每次坐车都晕车", []string{"用户每次坐车都晕车"}},
		{"rule_still_zh", "以后每次回答都先给结论", []string{"以后每次回答都先给结论"}},
		{"about_the_talk_zh", "我上次跟你说的那个项目", nil},
		{"going_to_shower_zh", "我要去洗澡了", nil},
		{"meaning_to", "I've been meaning to call my dad.", nil},
		{"not_really_sure", "I'm not really sure what I want for dinner.", nil},
		{"almost_finished", "I'm almost finished with the report.", nil},
		{"a_cold", "I've got a cold.", nil},
		{"out_of_milk", "We're out of milk.", nil},
		{"errand", "I need to buy milk.", nil},
		{"grab_coffee", "I'm gonna grab coffee.", nil},
		{"fever_zh", "我女儿发烧了", nil},
		{"allergy_stays", "I'm allergic to cold weather", []string{"cold weather"}},
		{"prefer_you_zh", "我 prefer 你用中文回答", []string{"你用中文回答"}},
		{"character_zh", "我的角色是一个住在森林里的半精灵游侠", nil},
		{"object_me_zh", "文字说明对我更友好", nil},
		{"idiom_zh", "我的锅，打错字了", nil},
		{"laugh_zh", "哈哈哈笑死我了", nil},
		{"got_it", "ok got it, thanks!", nil},
		{"me_too", "yeah me too haha", nil},
		{"thinking_we", "We're thinking about buying someday.", nil},
	} {
		t.Run(tc.name, func(t *testing.T) { checkFacts(t, tc.text, tc.want) })
	}
}

// TestToolItems_case: the items of a list of tools after the first, and none where a
// piece is not a tool.
func TestToolItems_case(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string
	}{
		{"I use VS Code, Docker and Postgres", "Docker|Postgres"},
		{"我们技术栈是 Vue、Node 和 MySQL", "Node|MySQL"},
		{"I use Vim for notes and for code at work", ""},
		{"我用 Figma 做设计", ""},
		{"I use Vim", ""},
	} {
		if got := strings.Join(toolItems(tc.in), "|"); got != tc.want {
			t.Errorf("toolItems(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// checkFacts extracts from one user message and checks the facts against want: as many,
// in order, each containing its substring (nil: no fact).
func checkFacts(t *testing.T, text string, want []string) {
	t.Helper()
	checkFactsNot(t, text, want, nil)
}

// checkFactsNot is checkFacts where, besides, no fact may contain a string of not.
func checkFactsNot(t *testing.T, text string, want, not []string) {
	t.Helper()
	got := Extract([]Message{{Role: "user", Text: text}}, Options{MinMessages: 1}).Facts
	ok := len(got) == len(want)
	for i := 0; ok && i < len(got); i++ {
		ok = strings.Contains(got[i].Content, want[i])
		for _, n := range not {
			ok = ok && !strings.Contains(got[i].Content, n)
		}
	}
	if !ok {
		t.Errorf("%q: got %+v, want %q (none holding %q)", text, got, want, not)
	}
}
