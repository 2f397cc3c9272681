package facts

import "testing"

// TestExtract_round12 pins the twelfth round's new-user misses (FACTS.md "Twelfth round"),
// each with its other language's shape, a near variant and what must stay as it was. Each
// row lists a substring of every fact, in order, and none may hold a text of notIn; typ,
// when set, is every fact's type.
func TestExtract_round12(t *testing.T) {
	for _, tc := range []struct {
		text  string
		want  []string
		notIn []string
		typ   string
	}{
		// 1. A relative's pronoun opening the next sentence (";" and ". " end one); before:
		// the medication was lost.
		{"My dad is 81 and has early Parkinson's; he takes levodopa three times a day.", []string{"User's dad is 81 and has early Parkinson's", "User's dad takes levodopa three times a day"}, nil, ""},
		{"My mom has diabetes. She takes metformin every morning.", []string{"User's mom has diabetes", "User's mom takes metformin every morning"}, nil, ""},
		{"My sister Anna lives in Oslo; she teaches maths.", []string{"User's sister Anna lives in Oslo", "User's sister Anna teaches maths"}, nil, ""},
		{"My son is 6. He's obsessed with sharks.", []string{"User's son is 6", "User's son is obsessed with sharks"}, nil, ""},
		{"我爸81岁，有早期帕金森，他每天吃三次左旋多巴", []string{"用户的爸81岁", "用户的爸有早期帕金森", "用户的爸每天吃三次左旋多巴"}, nil, ""},
		{"我爸81岁，有早期帕金森。他每天吃三次左旋多巴", []string{"用户的爸81岁", "用户的爸有早期帕金森", "用户的爸每天吃三次左旋多巴"}, nil, ""},
		// The other gender's pronoun is someone else: left.
		{"My wife is a nurse. He works nights.", []string{"User's wife is a nurse"}, nil, ""},
		{"我老公是老师。她每天跑步", []string{"用户的老公是老师"}, nil, ""},
		// 2. A pet the user lives with is its own fact, the city alone the location; before:
		// one location fact holding the cat, which a move superseded.
		{"I live in Lille with my cat Pistache, she's a grey tabby.", []string{"User lives in Lille", "User has a cat named Pistache", "User's cat Pistache is a grey tabby"}, []string{"Lille with"}, TypeProfile},
		{"I live with my dog Rex in Lyon.", []string{"User lives in Lyon", "User has a dog named Rex"}, nil, TypeProfile},
		{"I live in Leeds with my two cats.", []string{"User lives in Leeds", "User has two cats"}, nil, TypeProfile},
		{"我和我的猫布丁住在上海", []string{"用户住在上海", "用户的猫叫布丁"}, nil, TypeProfile},
		{"我和猫咪一起住在北京", []string{"用户住在北京", "用户和用户的猫咪住在一起"}, nil, TypeProfile},
		// A person the user lives with: split too since the thirteenth round (round13_test.go).
		{"I live in Berlin with my partner.", []string{"User lives in Berlin", "User lives with their partner"}, nil, TypeProfile},
		{"现在和老婆住在南京", []string{"用户现在住在南京", "用户和老婆住在一起"}, nil, TypeProfile},
		// 3. A class of the user's moved, said with "the"; before: nothing.
		{"The watercolour class moved to Thursday evenings.", []string{"User's watercolour class moved to Thursday evenings"}, nil, ""},
		{"The yoga class is now on Fridays.", []string{"User's yoga class is now on Fridays"}, nil, ""},
		// A bare 上课 takes the class the clause before named; before: "用户每周三晚上上课".
		{"我报了个水彩课，每周三晚上上课", []string{"用户报了个水彩课", "用户每周三晚上上水彩课"}, nil, ""},
		// 5. A standing rule told as something to remember; before: a `fact` (English), and
		// "用户下午两点前别给用户打电话" (Chinese).
		{"Remember that I never take calls before 2pm", []string{"User never takes calls before 2pm"}, nil, TypeRule},
		{"Remember, I never take calls before 2pm.", []string{"User never takes calls before 2pm"}, nil, TypeRule},
		{"Please remember I don't do meetings on Fridays", []string{"User doesn't do meetings on Fridays"}, nil, TypeRule},
		{"记住，下午两点前别给我打电话", []string{"下午两点前别给我打电话"}, []string{"用户"}, TypeRule},
		{"记住，周末别给我安排会议", []string{"周末别给我安排会议"}, []string{"用户"}, TypeRule},
		{"周末别给我安排会议", []string{"周末别给我安排会议"}, nil, TypeRule},
		// A diet or taste stays the claim, with a time or without.
		{"Remember I never eat pork", []string{"User never eats pork"}, nil, TypeProfile},
		{"Remember that I don't eat after 8pm", []string{"User doesn't eat after 8pm"}, nil, ""},
	} {
		checkFactsNot(t, tc.text, tc.want, tc.notIn)
		if tc.typ == "" {
			continue
		}
		for _, f := range Extract([]Message{{Role: "user", Text: tc.text}}, Options{MinMessages: 1}).Facts {
			if f.Type != tc.typ {
				t.Errorf("%q: %q is a %s, want %s", tc.text, f.Content, f.Type, tc.typ)
			}
		}
	}
}

// TestSingleValued_round12 pins the predicates of the twelfth round's slots: a fact that
// fills one (the user's own budget, when one of their classes is) is SingleValued under it, so the engine's commit lets
// the newer supersede the older; a budget for something else keeps its kind.
func TestSingleValued_round12(t *testing.T) {
	for _, tc := range []struct {
		text, pred string
	}{
		{"我的预算现在改成2000欧元了", "budget"},
		{"我每月预算1800欧元", "budget"},
		{"my budget is now 2000 euros", "budget"},
		{"My budget is 1800 euros a month.", "budget"},
		{"My monthly budget is 1800 euros.", "budget"},
		{"预算改成2000欧元了", "budget"}, // the user left out; before: nothing
		// When a class of the user's is: a slot per class, in each language.
		{"I have watercolour class on Wednesday evenings", "schedule:watercolour class"},
		{"The watercolour class moved to Thursday evenings.", "schedule:watercolour class"},
		{"I have piano lessons on Mondays.", "schedule:piano lesson"},
		{"My piano lesson is on Monday at 5pm.", "schedule:piano lesson"},
		{"我每周三晚上上水彩课", "schedule:水彩课"},
		{"水彩课改到周四晚上了", "schedule:水彩课"},
		{"我每周三晚上有水彩课", "schedule:水彩课"},
		// A relative's class, a class with no name, no time: no slot.
		{"My daughter's piano lessons are on Tuesdays.", ""},
		{"周末老是得送儿子去上围棋课", ""},
		{"I have a class on Monday.", ""},
		{"我有一节课在周一", ""},
		{"I love my pottery class.", ""},
		// Not the user's one budget, or no amount: not the slot.
		{"My budget for the trip is 3000 euros.", ""},
		{"我的装修预算是十万", ""},
		{"装修预算十万", "-"}, // no fact at all
		{"My budget is tight.", ""},
	} {
		got := Extract([]Message{{Role: "user", Text: tc.text}}, Options{MinMessages: 1}).Facts
		if tc.pred == "-" {
			if len(got) != 0 {
				t.Errorf("%q: got %+v, want no fact", tc.text, got)
			}
			continue
		}
		if len(got) != 1 {
			t.Errorf("%q: got %+v, want one fact", tc.text, got)
			continue
		}
		if sv := SingleValued(got[0]); sv != (tc.pred != "") || sv && got[0].Predicate != tc.pred {
			t.Errorf("%q: %q under %q, single-valued %v; want the slot %q", tc.text, got[0].Content, got[0].Predicate, sv, tc.pred)
		}
	}
}
