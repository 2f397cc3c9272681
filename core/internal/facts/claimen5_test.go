package facts

import "testing"

// TestClaimsEN5_case covers the fifth round's English rules (claimen5.go,
// claimen5clause.go, claimen5lead.go), one user message at a time, in phrasings that are neither blind3's
// nor dev9.json's: what a sentence takes back or is about (retractions, the talk, someone
// else's news, forgetting, quoted titles), requests after a claim, two objects with their
// prepositions, a topic before the claim, lead-ins with a colon, claims going on after
// "I'm …", "every time I…", statuses and plans without a subject, rules in new shapes,
// "can you remember…?", children without "my", compound verbs, idioms, a place said twice,
// and the health words added.
func TestClaimsEN5_case(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string // a substring of each fact, in order; nil: no fact
	}{
		// What the sentence takes back or is about.
		{"retract_kidding", "I'm a vegan, just kidding, I love steak", nil},
		{"retract_scrap", "I live in Oslo, scrap that", nil},
		{"retract_friend", "I'm thinking of quitting my job, asking for a friend", nil},
		{"talk_forgot_alone", "I forgot to mention that earlier", nil},
		{"talk_forgot_cut", "I'm diabetic, forgot to mention", []string{"User is diabetic"}},
		{"others_news", "my flatmate Ola just got a job in Paris", nil},
		{"others_of_mine", "A neighbour of mine keeps bees", nil},
		{"family_news_kept", "my brother just got married", []string{"User's brother just got married"}},
		{"forget_alone", "I always forget", nil},
		{"forget_comment", "I swim on Mondays and I always forget my goggles", []string{"User swims on Mondays"}},
		{"quoted_title", "Who sang 'I Want It That Way'?", nil},
		{"idiom_cut", "I'm a carer for my mum, at my wits' end some days", []string{"User is a carer for their mum"}},
		// A request after a claim is a rule of its own.
		{"tail_rule_keep", "I'm autistic, please keep instructions literal", []string{"Please keep instructions literal", "User is autistic"}},
		{"tail_rule_so", "I'm a night owl so short answers please", []string{"Short answers please", "night owl"}},
		{"tail_not_rule_help", "I'm renovating a flat, please help me budget", nil},
		{"tail_not_rule_no", "I'm celiac, so no bread please", []string{"User is celiac"}},
		// Two objects with their prepositions; a topic before the claim.
		{"gap_two_tools", "I write notes in Obsidian and slides in Keynote", []string{"Obsidian", "User also writes slides in Keynote"}},
		{"gap_not_same_prep", "I run in the park and swim at the lido", []string{"park", "lido"}},
		{"topic_pronoun", "board games, I design them in my spare time", []string{"User designs board games in their spare time"}},
		// Lead-ins with a colon; claims going on after "I'm …".
		{"lead_role_list", "Context: hospital porter, working nights, saving for a house", []string{"porter", "working nights", "saving for a house"}},
		{"lead_age_status", "Background: I'm 58, widowed, live in Hull", []string{"58", "widowed", "Hull"}},
		{"lead_name_list", "Quick intro: Lena Park, 27, Korean", []string{"Lena Park", "27", "Korean"}},
		{"age_after_job", "I'm a chef in Porto, 31, training for a triathlon", []string{"chef", "Porto", "User is 31", "triathlon"}},
		{"age_in_brackets", "I'm a dad of two (5, 8)", []string{"dad of two"}},
		{"not_age_range", "I work out between 6 and 7", []string{"between 6 and 7"}},
		{"just_verb", "I'm 41 and just became a grandmother", []string{"41", "User just became a grandmother"}},
		{"now_living", "raised in Cork, now living in Lyon", []string{"Cork", "User is now living in Lyon"}},
		{"every_time", "My knee clicks every time I climb stairs", []string{"every time they climb stairs"}},
		// No subject.
		{"status_lead", "pescatarian, so fish is fine", []string{"User is pescatarian"}},
		{"status_no_food", "vegan, no honey", []string{"User is vegan", "User avoids honey"}},
		{"status_no_worries", "type 1 diabetic, no problem with sugar-free stuff", []string{"User is type 1 diabetic"}},
		// An aside after the status (the web demo's "coeliac btw, so strictly gluten-free please").
		{"status_aside_btw", "coeliac btw, so strictly gluten-free please", []string{"Strictly gluten-free please", "User is coeliac"}},
		{"status_aside_fyi", "lactose intolerant fyi", []string{"User is lactose intolerant"}},
		{"status_aside_question", "vegan btw, what should I cook tonight?", []string{"User is vegan"}},
		// The web demo's reminder: not cut at "Dec.", and "remind me that" stays "that".
		{"remind_that_month", "Remind me that the parent-teacher conference is on Dec. 4 at 6 p.m.", []string{"User asked to be reminded that the parent-teacher conference is on Dec. 4 at 6 p.m"}},
		{"remind_about", "remind me about the vet on Sept. 3", []string{"User asked to be reminded about the vet on Sept. 3"}},
		{"remind_to", "Remind me to call Mum on Sunday.", []string{"User asked to be reminded to call Mum on Sunday"}},
		{"plan_lead", "planning to run the Berlin marathon next year", []string{"User is planning to run the Berlin marathon"}},
		{"day_job", "I paint on weekends, day job is accountant", []string{"paint", "User's day job is accountant"}},
		{"after_habit", "After dinner I walk for half an hour", []string{"walks for half an hour after dinner"}},
		{"check_habit", "I check my glucose every night before bed", []string{"glucose"}},
		{"check_not_habit", "I'll check my email", nil},
		{"just_retired", "just retired from the fire service", []string{"User just retired from the fire service"}},
		{"trade_bare", "indie game dev", []string{"User is an indie game dev"}},
		// Rules in new shapes; questions about remembering.
		{"rule_whenever_remind", "Whenever I plan a trip, remind me about travel insurance", []string{"remind me about travel insurance"}},
		{"rule_can_you_stop", "can you stop using emojis?", []string{"stop using emojis"}},
		{"rule_units", "use celsius please", []string{"use celsius"}},
		{"ask_remember", "do you remember my name?", nil},
		// Children without "my", compound verbs, a place said twice, health words.
		{"kids_plan", "kids have a dentist appointment on Friday at 9", []string{"User's kids have a dentist appointment"}},
		{"kids_opinion", "Kids are so loud these days", nil},
		{"compound_verb", "I meal prep every Sunday", []string{"User meal preps every Sunday"}},
		{"place_once", "moved to Leeds in 2020, now working in Leeds as a nurse", []string{"Leeds in 2020", "working in Leeds"}},
		{"health_word", "My dad has Parkinson's", []string{"Parkinson's"}},
		// Two names joined by "and": a fact each; not a range, not family or days.
		{"coord_names", "I sell on Shopify and Amazon", []string{"Shopify and Amazon", "User sells on Amazon"}},
		{"coord_meds", "I'm on atorvastatin and amlodipine", []string{"atorvastatin and amlodipine", "User is on amlodipine"}},
		{"coord_between", "I split my time between Lisbon and Porto", []string{"between Lisbon and Porto"}},
		{"coord_days", "I swim on Tuesday and Thursday", []string{"Tuesday and Thursday"}},
		// Second batch: numbered lines, idioms, what is still undone, empty requests to
		// remember, "in future" rules and their reasons, a bare status pointing back.
		{"numbered_line", "3) I'm a night-shift security guard", []string{"security guard"}},
		{"bullet_line", "* I live in Derry", []string{"User lives in Derry"}},
		{"idiom_hill", "I use spaces, not tabs, and I will die on this hill", []string{"spaces"}},
		{"undone_after", "I start at Google on Monday and I haven't bought a laptop yet", []string{"Google on Monday"}},
		{"noted_pointer", "note that, just so you know when I bring it up", nil},
		{"in_case", "keep this in mind in case I forget", nil},
		{"future_rule_reason", "in future, always give me metric, I'm still learning imperial", []string{"in future, always give me metric"}},
		{"allergic_pointer", "Shellfish is a no-go for me, I'm allergic", []string{"Shellfish"}},
		{"moving_lead", "relocating to Dublin in the autumn", []string{"User is relocating to Dublin"}},
		// Third batch: "now in X", "from X originally", "A over B", ailments and setups with
		// no subject, "first thing every morning", two objects with an article.
		{"now_in", "grew up in Cardiff, now in Bristol", []string{"Cardiff", "User is now in Bristol"}},
		{"from_originally", "from Accra originally", []string{"User is originally from Accra"}},
		{"over_pref", "vim over emacs, forever", []string{"User prefers vim over emacs"}},
		{"over_not_pref", "Over here it's raining", nil},
		{"over_not_place", "sunsets over the ocean", nil},
		{"moving_not_plan", "moving the car, brb", nil},
		{"body_ailment", "weak ankles, so no running on trails", []string{"User has weak ankles"}},
		{"body_condition", "eczema, mostly in winter", []string{"User has eczema, mostly in winter"}},
		{"running_setup", "using Arch on a ThinkPad T480", []string{"User is using Arch on a ThinkPad T480"}},
		{"running_late", "running late, one sec", nil},
		{"using_question", "using Python, how do I read a file?", nil},
		{"plan_talk", "planning to ask you about taxes later", nil},
		{"note_of_this", "Make a note of this for me", nil},
		{"first_thing", "First thing each day I make a to-do list", []string{"first thing each day"}},
		{"gap_articles", "I keep a paper diary for plans and an app for habits", []string{"paper diary", "User also keeps an app for habits"}},
		// Fourth batch: "make a note:" is a request to remember, not material; a request
		// after a claim that opens with "when you…".
		{"make_note", "Make a note: my bike lock code is 0912", []string{"0912"}},
		{"make_list_material", "Make a list: my favourite films", nil},
		{"when_you_tail", "I'm deaf, so when you recommend films please mention subtitles", []string{"mention subtitles", "User is deaf"}},
		// Probes: duplicates and texts of lists, lead-ins, conditions.
		{"coord_said_by_items", "My partner and I both use Figma and Miro", []string{"Figma and Miro", "both use Miro"}},
		{"count_item", "I'm 44, divorced, three kids", []string{"44", "divorced", "User has three kids"}},
		{"from_list", "I'm from Kent and Essex", []string{"User is from Kent", "User is from Essex"}},
		{"quick_background", "Quick background: I run a bakery in York", []string{"User runs a bakery in York"}},
		{"every_time_condition", "every time I log in, the page is blank", nil},
		{"whenever_be", "Whenever I ask about code, please be concise", []string{"please be concise"}},
		// Fifth batch: an age and a sex, a bare family role, a like or dislike with no
		// subject, a bare role with where.
		{"age_sex", "41M, plumber in Hull", []string{"41", "male", "plumber in Hull"}},
		{"parent_of", "Proud dad of twins, teach chemistry at a sixth form", []string{"dad of twins", "User teaches chemistry"}},
		{"feel_lead", "Love baking sourdough on Sundays", []string{"User loves baking sourdough on Sundays"}},
		{"feel_not_it", "Love it, thanks!", nil},
		{"role_place", "Junior nurse at St Thomas'", []string{"User is a junior nurse at St Thomas"}},
		{"tool_participle", "Our stack is Rails + Redis, hosted on Render", []string{"Rails + Redis", "User also uses Redis", "User also uses Render"}},
	} {
		t.Run(tc.name, func(t *testing.T) { checkFacts(t, tc.text, tc.want) })
	}
}
