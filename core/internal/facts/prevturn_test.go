package facts

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// turns builds a conversation of alternating user and assistant messages, the first
// said by the user.
func turns(texts ...string) []Message {
	msgs := make([]Message, len(texts))
	for i, t := range texts {
		msgs[i] = Message{Role: "user", Text: t}
		if i%2 == 1 {
			msgs[i].Role = "assistant"
		}
	}
	return msgs
}

// contents are the facts' contents.
func contents(fs []Fact) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Content
	}
	return out
}

// TestPrevTurn_answer: a short answer to the assistant's question is a fact with the
// question's slot; the last user message is the answer, and want is every fact of it.
func TestPrevTurn_answer(t *testing.T) {
	for _, tc := range []struct {
		name string
		msgs []Message
		want []string
	}{
		{"en_place", turns("how's the weather this weekend?", "Where are you located?", "Portland, Oregon. the east side"),
			[]string{"User lives in Portland, Oregon (the east side)"}},
		{"en_place_near", turns("a good weekend hike?", "Sure, where are you based?", "near Boulder"), []string{"User lives near Boulder"}},
		{"en_place_then_claim", turns("a weekend trip?", "Sure, where are you based?", "Near Seattle. I don't drive though."),
			[]string{"User lives near Seattle", "User doesn't drive though"}},
		{"en_place_own_subject", turns("a weekend trip?", "Where are you based?", "I live in Leeds."), []string{"User lives in Leeds"}},
		{"en_kids", turns("naps for two toddlers?", "How old are your kids?", "twins, 20 months"), []string{"User's kids are twins, 20 months old"}},
		{"en_twins", turns("naps for two toddlers?", "Twins or different ages?", "twins, 20 months. Lily and Rose."),
			[]string{"User's kids are twins, 20 months old"}},
		{"en_name", turns("hi", "Hi! What's your name?", "Priya"), []string{"User's name is Priya"}},
		{"en_age", turns("a training plan?", "Sure. How old are you?", "34"), []string{"User is 34 years old"}},
		{"en_work_role", turns("help with my CV", "What do you do for work?", "school admin"), []string{"User works as a school admin"}},
		{"en_work_field", turns("help with my CV", "What do you do for a living?", "marketing, mostly B2B"), []string{"User works in marketing, mostly B2B"}},
		{"en_work_role_known", turns("help with my CV", "What do you do for work?", "nurse"), []string{"User is a nurse"}},
		{"en_work_at", turns("help with my CV", "Where do you work?", "at Stripe, on payments"), []string{"User works at Stripe, on payments"}},
		{"en_pets", turns("pet insurance?", "Do you have any pets?", "yeah, two cats"), []string{"User has two cats"}},
		{"en_setup", turns("my build is slow", "What's your setup?", "monorepo with Bazel, M1 Max 64GB"),
			[]string{"User's setup is monorepo with Bazel, M1 Max 64GB"}},
		{"en_diet", turns("meal plan?", "Any dietary restrictions?", "vegetarian"), []string{"User is vegetarian"}},
		{"en_allergy", turns("snack ideas?", "Any allergies?", "peanuts"), []string{"User is allergic to peanuts"}},
		{"en_when", turns("prep me", "When is your interview?", "next Tuesday at 10"), []string{"User's interview is next Tuesday at 10"}},
		{"en_plan", turns("help me prep for next week", "What's coming up?", "board presentation on Wednesday"),
			[]string{"User has a board presentation on Wednesday"}},
		{"en_yes_adds", turns("insurance?", "Do you have a car?", "yes, a 2015 Civic"), []string{"User has a car, a 2015 Civic"}},
		{"zh_tools_two_questions", turns("我家网老是卡", "你用的是什么路由器？宽带是哪家的？", "电信 500 兆，路由器是 TP-Link 的老款"),
			[]string{"用户的宽带是电信 500 兆", "用户的路由器是 TP-Link 的老款"}},
		{"zh_kids", turns("最近娃老是半夜哭", "孩子多大了？", "双胞胎，十个月"), []string{"用户的孩子是双胞胎，十个月"}},
		{"zh_name", turns("你好", "你好！怎么称呼你？", "小林"), []string{"用户叫小林"}},
		{"zh_place", turns("推荐个周末去处", "好的，你在哪个城市？", "深圳南山"), []string{"用户住在深圳南山"}},
		{"zh_from", turns("推荐点家乡菜", "你是哪里人？", "四川的"), []string{"用户是四川人"}},
		{"zh_work", turns("帮我写个自我介绍", "你做什么工作的？", "在银行上班"), []string{"用户在银行上班"}},
		{"zh_pets", turns("推荐个宠物医院", "你养了什么宠物？", "一只橘猫，叫大橘"), []string{"用户养了一只橘猫"}},
		{"zh_diet", turns("中午吃啥", "有什么忌口吗？", "香菜"), []string{"用户不吃香菜"}},
		{"zh_yes_adds", turns("帮我写个作品集介绍", "你是做设计的吗？", "对，做 UI 的"), []string{"用户是做设计的，做 UI 的"}},
		{"mix_place", turns("周末 plan 一下", "What city are you in?", "深圳南山"), []string{"用户住在深圳南山"}},
		{"mix_zh_question_en_answer", turns("帮我找个 gym", "你在哪个城市？", "near Boulder"), []string{"User lives near Boulder"}},
		// Negatives: no question, no slot, a question back, a no, small talk.
		{"no_question", turns("weather?", "Here's the forecast for this weekend.", "Portland"), nil},
		{"no_slot", turns("help me write a toast", "Happy to! What's the occasion?", "a wedding"), nil},
		{"answer_asks", turns("weather?", "Where are you based?", "why do you ask?"), nil},
		{"answer_no", turns("snack ideas?", "Any allergies?", "nope"), nil},
		{"answer_smalltalk", turns("tell me a joke", "Want another one?", "lol"), nil},
		{"answer_deferral", turns("你还记得我喜欢什么颜色吗", "抱歉，你喜欢什么颜色呢？", "算了不重要"), nil},
		{"zh_no", turns("中午吃啥", "你有什么忌口吗？", "没有"), nil},
		{"en_work_it", turns("help with my CV", "What do you do?", "IT, mostly helpdesk"), []string{"User works in IT, mostly helpdesk"}},
		{"answer_request", turns("weather?", "Where are you based?", "can you just give me general advice"), nil},
		{"answer_hedge", turns("help with my CV", "What do you do for work?", "honestly, nothing much these days"), nil},
		{"answer_not_place", turns("weather?", "Where are you based?", "somewhere cold lol"), nil},
		{"kids_no_age", turns("bedtime tips?", "How old are your kids?", "they're a handful"), nil},
		{"zh_answer_request", turns("推荐个周末去处", "你在哪个城市？", "你先给个通用的建议吧"), nil},
		{"answer_other_sentence", turns("weather?", "Where are you based?", "Paris is lovely this time of year"), nil},
		{"kids_they_are", turns("bedtime tips?", "How old are your kids?", "they are 3 and 5"), nil},
		{"zh_not_yet", turns("推荐个周末去处", "你在哪个城市？", "还没定"), nil},
		{"zh_long_story", turns("推荐点家乡菜", "你是哪里人？", "说来话长"), nil},
		{"yes_alone", turns("insurance?", "Do you have a car?", "yes"), nil},
		{"yes_vague_question", turns("stretches?", "Do you have any diagnosed conditions?", "yeah, scoliosis"), []string{"User has scoliosis"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := lastMessageFacts(tc.msgs); !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestPrevTurn_material: what a user hands over a turn after asking for a translation,
// summary or correction is not the user speaking, as "Translate: I like cats" is not.
func TestPrevTurn_material(t *testing.T) {
	for _, tc := range []struct {
		name string
		msgs []Message
		want []string // facts of the last message
	}{
		{"en_ack", turns("translate this to German please", "Sure, send it over.", "I have two brothers and I live in a small house near the sea."), nil},
		{"en_asks_for_text", turns("can you proofread something for me?", "Of course! What's the text?", "My name is Tom and I work at a bakery."), nil},
		{"en_user_user", []Message{{Role: "user", Text: "translate this into French"}, {Role: "user", Text: "I'm a nurse in Leeds."}}, nil},
		{"zh_ack", turns("帮我翻译几句话", "好的，请发", "我喜欢猫"), nil},
		{"zh_summary", turns("帮我总结一下", "好的，请把内容发给我。", "我叫张伟，在上海做销售"), nil},
		{"mix_ack", turns("帮我翻译一下", "好的，发过来吧", "I love hiking with my dog every weekend."), nil},
		{"en_following", turns("Translate the following into Spanish", "Sure, what is it?", "My sister lives in Madrid."), nil},
		{"en_my_email", turns("can you proofread my email?", "Of course, please provide the text.", "Hi Tom, I moved to Leeds last month."), nil},
		{"zh_below", turns("帮我翻译一下下面的内容", "好的，请提供原文。", "我下周去东京出差"), nil},
		{"zh_verb_first", turns("翻译几句话", "好的", "我养了一只猫"), nil},
		// Not material: the request had its payload, or the assistant asked something else.
		{"zh_learning", turns("我在学翻译", "不错！", "我在上海工作"), []string{"用户在上海工作"}},
		{"zh_payload_latin", turns("帮我翻译 thank you", "谢谢", "我在上海工作"), []string{"用户在上海工作"}},
		{"payload_given", turns("Translate: hello", "Hallo", "I live in Berlin."), []string{"User lives in Berlin"}},
		{"other_question", turns("translate this to German please", "Sure — where are you based, by the way?", "near Boulder"),
			[]string{"User lives near Boulder"}},
		{"later_turn", turns("translate this to German please", "Sure, send it over.", "Ich habe zwei Brüder.", "Here it is: I have two brothers.", "I live in Berlin."),
			[]string{"User lives in Berlin"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := lastMessageFacts(tc.msgs); !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestPrevTurn_wholeAndKnown: with answers and handed-over material, reading turn by turn
// (Known, the whole conversation each time) gives the facts reading once does, with the
// message cache on and off; one text answering two questions is two cache entries.
func TestPrevTurn_wholeAndKnown(t *testing.T) {
	msgs := turns("a good weekend hike?", "Where are you based?", "near Boulder",
		"Nice. What do you do for work?", "nurse",
		"translate this to German please", "Sure, send it over.", "I have two brothers and I live by the sea.",
		"Danke!", "What city are you in?", "near Boulder", "ok")
	for _, cache := range []bool{true, false} {
		setMsgCache(cache)
		once := fmt.Sprint(contents(Extract(msgs, Options{}).Facts))
		var union []Fact
		known := make([]bool, len(msgs))
		for end := 1; end <= len(msgs); end++ {
			r := Extract(msgs[:end], Options{Known: known[:end]})
			union = append(union, r.Facts...)
			for _, i := range r.Read {
				known[i] = true
			}
		}
		if got := fmt.Sprint(contents(Fold(union))); got != once {
			t.Errorf("cache %v: turn by turn %s, once %s", cache, got, once)
		}
		if want := "[User lives near Boulder User is a nurse]"; once != want {
			t.Errorf("cache %v: once %s, want %s", cache, once, want)
		}
	}
	setMsgCache(true)
	// The same text after a question of no slot is no fact, cached or not.
	other := turns("hi", "Where's the trailhead, do you know?", "near Boulder", "ok", "thanks", "bye")
	for range 2 {
		if r := Extract(other, Options{}); len(r.Facts) != 0 {
			t.Errorf("near Boulder after no slot: %q", contents(r.Facts))
		}
	}
	if k := (msgKey{before: turnBefore(msgs, 2)}); !strings.HasPrefix(k.before, "place") {
		t.Errorf("the key of an answer to 'Where are you based?' holds %q", k.before)
	}
}

func TestTailRunes_cases(t *testing.T) {
	long := strings.Repeat("长", 1000) + "你在哪个城市？"
	for _, tc := range []struct {
		s    string
		n    int
		want string
	}{
		{"abc", 2, "bc"},
		{"abc", 5, "abc"},
		{"你好吗", 1, "吗"},
		{long, 7, "你在哪个城市？"},
		{strings.Repeat("x", 900) + "é?", 2, "é?"},
	} {
		if got := tailRunes(tc.s, tc.n); got != tc.want {
			t.Errorf("tailRunes(%.10q…, %d) = %q, want %q", tc.s, tc.n, got, tc.want)
		}
	}
	if s := askedSlot(long); s != "place" {
		t.Errorf("a long turn ending in a question: slot %q", s)
	}
}

// lastMessageFacts returns the contents of the facts whose evidence is the last message.
func lastMessageFacts(msgs []Message) []string {
	last := len(msgs) - 1
	var got []string
	for _, f := range Extract(msgs, Options{MinMessages: 1}).Facts {
		if slices.Contains(f.Evidence, last) {
			got = append(got, f.Content)
		}
	}
	return got
}
