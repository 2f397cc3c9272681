package facts

import "testing"

// TestClaims_part9 covers the tenth round's "one fact per distinct claim" fixes (issue 9
// item 1) in phrasings other than the labelled sets', each with the shapes it must leave
// alone: a team's or a project's claim whose group word follows 所在的 directly
// (splittool7.go), a pointer back read in the user's words, not in the rewrite of "me"
// (claimgate.go), the subject of a bare claim carried to the verb after it
// (carrysubject9.go), a consequence after "so" that says how answers suit the user
// (consequence9.go), an age coordinated with a second claim (coordage9.go) and a second
// tool after "and" and a verb (tooland9.go), 还有 before a count (discoursehave9.go) and a state after
// the comma, "…, still on crutches" (commaon9.go) and what a shop sells (contzh9.go).
func TestClaims_part9(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string // a substring of each fact, in order; nil: no fact
	}{
		// A group's claim splits at a named tool also when 公司/项目 follows 我们 directly.
		{"zh_group_direct", "我们公司代码放 GitLab，工单都在 Jira 上", []string{"GitLab", "用户所在的公司工单都在 Jira 上"}},
		{"zh_group_project", "我们项目前端用的 Vue，后端那边用 Django 写接口", []string{"Vue", "Django"}},
		{"zh_group_no_tool", "我们公司用 Slack，挺好用的", []string{"用户所在的公司用 Slack，挺好用的"}},
		// "me" rewritten to "them" is not a pointer back; the user's own "it" is.
		{"en_on_me", "I have a shellfish allergy - I always have an epipen on me", []string{"User has a shellfish allergy", "User always has an epipen on them"}},
		{"en_on_me_comma", "I'm diabetic, I keep glucose tabs on me", []string{"User is diabetic", "User keeps glucose tabs on them"}},
		{"en_back_ref_kept", "I love The Wire, I've rewatched it like 4 times", []string{"User loves The Wire"}},
		// The subject of a bare claim goes on to the verb after it.
		{"en_carry_bare", "Allergic to wasp stings, carry an EpiPen", []string{"llergic to wasp stings", "User carries an EpiPen"}},
		{"en_carry_adverb", "peanut allergy, always carry an epipen", []string{"User has a peanut allergy", "User always carries an epipen"}},
		{"en_carry_wear", "Type 2 diabetic, wear a Libre sensor", []string{"ype 2 diabetic", "User wears a Libre sensor"}},
		{"en_carry_use_instruction", "Vegetarian, use tofu instead", []string{"egetarian"}},
		{"en_carry_third", "Diabetic, takes insulin at night", []string{"iabetic", "User takes insulin at night"}},
		{"en_carry_list", "I'm vegan, cook mostly Thai food", []string{"User is vegan", "User cooks mostly Thai food"}},
		{"en_carry_someone", "My wife is a nurse, works nights", []string{"User's wife is a nurse"}},
		{"en_carry_rule", "When you write Go, use table tests", []string{"use table tests"}},
		{"en_carry_request", "Vegetarian, give me a dinner idea", []string{"egetarian"}},
		// A consequence that says what suits the user, or their timezone, is a fact of its own.
		{"en_so_timezone", "I live in Perth so my timezone is AWST.", []string{"User lives in Perth", "User's timezone is AWST"}},
		{"en_so_works_best", "I'm dyslexic, so short bullet points work best for me.", []string{"User is dyslexic", "For User, short bullet points work best"}},
		{"en_so_zone_bare", "I'm in Lagos, so WAT timezone (UTC+1) please", []string{"User is in Lagos", "User's timezone is WAT (UTC+1)", "User is based in Lagos"}},
		{"en_so_it_works", "I moved to Lisbon, so that works better for me", []string{"User moved to Lisbon"}},
		{"en_so_passing_kept", "I pulled a muscle so running is off for me this week", []string{"User pulled a muscle so running is off for them this week"}},
		// An age and a second claim about the same person are two facts.
		{"en_age_and_kin", "My nephew is 5 and obsessed with trains", []string{"User's nephew is 5", "User's nephew is obsessed with trains"}},
		{"en_age_and_for", "This is for my son Leo, he's 4 and loves trucks", []string{"User's son Leo is 4", "User's son Leo loves trucks"}},
		{"en_age_and_user", "I'm 34 and learning to surf", []string{"User is 34", "User is learning to surf"}},
		{"en_age_and_two_kin", "My son is 8 and my daughter is 5.", []string{"User's son is 8", "User's daughter is 5"}},
		{"en_age_and_months", "My son is 6 and 7 months", []string{"User's son is 6 and 7 months"}},
		{"en_kin_and_no_age", "My mom has diabetes and lives with us now", []string{"User's mom has diabetes and lives with us now"}},
		// A second tool after "and" and a verb of its own is a fact of its own.
		{"en_tool_and_verb", "I draft everything in Ulysses and publish it on Ghost", []string{"User drafts everything in Ulysses", "User also uses Ghost"}},
		{"en_tool_and_use", "I use Things for tasks and back it up with Backblaze.", []string{"User uses Things for tasks", "User also uses Backblaze"}},
		{"en_tool_and_to", "I write in Scrivener and export to Word for my agent.", []string{"User writes in Scrivener and export to Word for their agent"}},
		{"en_tool_and_prep", "I sell prints at the market in Leeds and on Etsy", []string{"User sells prints at the market in Leeds and on Etsy"}},
		// 还有 before a count is "also have", not a discourse word to strip.
		{"zh_have_one", "我平时用小米手环，还有个华为的体脂秤", []string{"用户平时用小米手环", "用户还有个华为的体脂秤"}},
		{"zh_also_discourse", "还有，我对花粉过敏", []string{"用户对花粉过敏"}},
		// A state after the comma, "…, (still) on X", is the user's fact of its own.
		{"en_on_state", "I have mild asthma, still on a daily inhaler.", []string{"User has mild asthma", "User is still on a daily inhaler"}},
		{"en_on_team", "I work at Spotify, on the search team", []string{"User works at Spotify", "User is on the search team"}},
		{"en_on_time", "I run 5k, on weekends mostly", []string{"User runs 5k, on weekends mostly"}},
		{"en_on_kin", "My wife is a nurse, on nights", []string{"User's wife is a nurse, on nights"}},
		// What a shop or a trade sells is a claim of its own; a sale that happened is not.
		{"zh_sell", "我在菜市场摆摊，主要卖水果", []string{"用户在菜市场摆摊", "用户主要卖水果"}},
		{"zh_sold", "我有辆旧车，卖了", []string{"用户有辆旧车，卖了"}},
		{"zh_take_work", "我是自由插画师，主要接游戏的单", []string{"用户是自由插画师，主要接游戏的单"}},
	} {
		t.Run(tc.name, func(t *testing.T) { checkFacts(t, tc.text, tc.want) })
	}
}

// TestCarryOpens9_coversCarrySubject checks that carryTail9's cheap first-word test lets
// through every piece carrySubject9 would make a claim of: the shortcut must not change
// what is found.
func TestCarryOpens9_coversCarrySubject(t *testing.T) {
	for _, p := range []string{
		"carry an EpiPen", "always carry an epipen", "Carries an inhaler", "works nights", "studies law at night",
		"don't eat pork", "usually don't drive at night", "has two cats", "Wear a Libre sensor", "teaches piano",
		"goes to a special school", "use tofu instead", "give me a dinner idea", "mostly Ruby", "take me to the park",
	} {
		_, ok := carrySubject9(p, "User is x", false)
		if ok && !carryOpens9(p) {
			t.Errorf("%q: carrySubject9 makes a claim, carryOpens9 skips it", p)
		}
	}
}
