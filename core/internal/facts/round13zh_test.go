package facts

import "testing"

// TestExtract_round13zh pins the thirteenth round's Chinese new-user misses (FACTS.md
// "Thirteenth round, Chinese"), each with a near variant and what must stay as it was.
// Each row lists a substring of every fact, in order, none holding a text of notIn; pred,
// when set, is the predicate of every fact that has one of want's names (by index).
func TestExtract_round13zh(t *testing.T) {
	for _, tc := range []struct {
		text  string
		want  []string
		notIn []string
		preds []string // the facts' predicates, in order, when set
	}{
		// 1. "这么叫我" names nobody; before: "同事都这么叫用户", predicate name.
		{"同事都这么叫我", nil, nil, nil},
		{"我的英文名叫Lynn，同事都这么叫我", []string{"用户的英文名叫Lynn"}, []string{"这么"}, nil},
		{"家里人都这样叫我", nil, nil, nil},
		// A second name after the user's own is a nickname; before: two `name` facts, the
		// second superseding the first.
		{"你好呀，我叫周晓琳，大家都叫我琳琳", []string{"用户叫周晓琳", "用户也叫琳琳"}, nil, []string{"name", "nickname"}},
		{"我叫王芳，朋友都叫我芳芳", []string{"用户叫王芳", "用户也叫芳芳"}, nil, []string{"name", "nickname"}},
		// One name alone stays the name.
		{"大家都叫我阿杰", []string{"用户叫阿杰"}, nil, []string{"name"}},
		{"我叫林晓棠，叫我小棠就行", []string{"用户叫林晓棠"}, nil, nil},
		// Being called something the user dislikes, or a kind of name, is no name; before:
		// "用户叫胖子", "用户叫全名哈哈" (name), each superseding the real one.
		{"我不喜欢别人叫我胖子", []string{"用户不喜欢别人叫用户胖子"}, []string{"用户叫"}, []string{"dislikes"}},
		{"我最怕别人叫我全名哈哈", []string{"用户最怕别人叫用户全名"}, []string{"用户叫"}, nil},
		{"我叫李雷，不喜欢别人叫我雷子", []string{"用户叫李雷", "用户不喜欢别人叫用户雷子"}, nil, []string{"name", "dislikes"}},
		// A liked or disliked thing's 我 is the user's; before: "…给我打电话", "我妈".
		{"我讨厌别人上班时间给我打电话", []string{"用户讨厌别人上班时间给用户打电话"}, nil, nil},
		{"我受不了我妈唠叨", []string{"用户受不了用户的妈唠叨"}, nil, nil},
		// "我是" and a name, a surname first; before: "用户是陈浩", a `fact`.
		{"我是陈浩", []string{"用户叫陈浩"}, nil, []string{"name"}},
		{"hi，我是陈浩，在深圳读研究生", []string{"用户叫陈浩", "用户在深圳读研究生"}, nil, []string{"name", "job"}},
		// A role, a place, a job or a passer-by's phrase: no name.
		{"我是老师", []string{"用户是老师"}, nil, []string{"job"}},
		{"我是江西人", []string{"用户是江西人"}, nil, nil},
		{"我是王老师", []string{"用户是王老师"}, nil, []string{"job"}},
		{"我是周末来的", []string{"用户是周末来的"}, []string{"用户叫"}, nil},
		// 2. A regular sum with the user left out; before: nothing.
		{"每个月房贷4800，压力好大啊", []string{"用户每个月房贷4800"}, nil, nil},
		{"每个月生活费大概2500，房租另外1500", []string{"用户每个月生活费大概2500"}, nil, nil},
		{"房租一个月3000", []string{"用户房租一个月3000"}, nil, nil},
		// No amount, or someone else's: stays nothing.
		{"工资太低了", nil, nil, nil},
		{"房租是房东定的", nil, nil, nil},
		// Shifts, the user left out; before: nothing.
		{"最近一直上夜班，一周三个夜班吧，白天根本睡不够", []string{"用户最近一直上夜班"}, nil, nil},
		{"一周两个夜班", []string{"用户一周两个夜班"}, nil, nil},
		// A passing day at work: stays nothing.
		{"上班好累", nil, nil, nil},
		{"又上夜班了，困死", nil, nil, nil},
		// An arrangement with the user left out; before: nothing.
		{"周五晚上跟闺蜜约了吃火锅", []string{"用户周五晚上跟闺蜜约了吃火锅"}, nil, nil},
		{"明天约了牙医", []string{"用户明天约了牙医"}, nil, nil},
		// A question about the user's plans: stays nothing.
		{"你明天约了谁", nil, nil, nil},
		// What a doctor says of the user; before: reported speech, nothing.
		{"医生说我有点贫血，让我多吃红肉", []string{"用户有点贫血"}, nil, nil},
		{"医生说我妈血压太高", []string{"用户的妈血压太高"}, nil, nil},
		// Other people's words, or a doctor's advice with no claim: stay nothing.
		{"医生说多喝水", nil, nil, nil},
		{"同事说我太拼了", nil, nil, nil},
		// Where the user is based, said the mixed way: a location of its own; before: joined
		// to the clause before ("用户在一家startup做PM，base在深圳", an event).
		{"我在一家startup做PM，base在深圳", []string{"用户在一家startup做PM", "用户base在深圳"}, nil, []string{"", "location"}},
		{"base在深圳", []string{"用户base在深圳"}, nil, []string{"location"}},
		// 3. A bare job after a clause of the user's; before: one `fact` holding both.
		{"我在成都，华西医院的护士，干了八年了", []string{"用户在成都", "用户是华西医院的护士"}, nil, []string{"", "job"}},
		{"我在北京，一名程序员", []string{"用户在北京", "用户是一名程序员"}, nil, []string{"", "job"}},
		{"我今天终于转正了！在那家做跨境物流的公司，干运营", []string{"用户今天终于转正了", "用户在那家做跨境物流的公司", "用户干运营"}, nil, []string{"", "", "job"}},
		// A doing, not a bare job: as it was.
		{"我在成都，在读研究生", []string{"用户在成都", "用户在读研究生"}, []string{"用户是"}, nil},
		// A job noun that is not the whole clause, or no user before: as it was.
		{"我在上海，护士长人很好", []string{"用户在上海"}, []string{"用户是"}, nil},
		// 5. A Chinese clause after an English claim takes its subject; before: nothing.
		{"my girlfriend's name is 小鹿，她是做产品经理的", []string{"User's girlfriend's name is 小鹿", "用户的女朋友是做产品经理的"}, nil, nil},
		{"My sister lives in 杭州，她是老师", []string{"User's sister lives in 杭州", "用户的姐妹是老师"}, nil, nil},
		{"I'm trying to learn English，每天练二十分钟", []string{"User is trying to learn English", "用户每天练二十分钟"}, nil, nil},
		// Someone not a relative, or a clause naming its own subject: as it was.
		{"My boss is 老王，他人很好", []string{"User's boss is 老王"}, nil, nil},
		{"I work at Tencent，我住在深圳", []string{"User works at Tencent", "用户住在深圳"}, nil, nil},
		// A correction in one sentence says the right value; before: the fact held both.
		{"我其实不是PM，是做operation的", []string{"用户是做operation的"}, []string{"PM"}, nil},
		{"其实考试不是月底，改成下个月十五号了", []string{"用户考试改成下个月十五号了"}, []string{"月底"}, nil},
		{"我不是北京人，是天津人", []string{"用户是天津人"}, []string{"北京"}, nil},
		// A reason, or not the user's: as it was.
		{"我不是不想去，是没时间", []string{"用户不是不想去，是没时间"}, nil, nil},
		{"这不是我的错，是系统的问题", []string{"这不是用户的错，是系统的问题"}, nil, nil},
		// 4. What was quit, the object left out; before: "用户生了豆豆以后就戒了".
		{"我以前抽烟，生了豆豆以后就戒了", []string{"用户以前抽烟", "用户生了豆豆以后就戒烟了"}, nil, nil},
		{"我以前喝酒，去年戒了", []string{"用户以前喝酒", "用户去年戒酒了"}, nil, nil},
		{"我以前很爱喝奶茶，现在戒掉了", []string{"用户以前很爱喝奶茶", "用户现在戒奶茶了"}, nil, nil},
		// Said with its object: as it was.
		{"我去年戒烟了", []string{"用户去年戒烟了"}, nil, nil},
	} {
		checkFactsNot(t, tc.text, tc.want, tc.notIn)
		if tc.preds == nil {
			continue
		}
		got := Extract([]Message{{Role: "user", Text: tc.text}}, Options{MinMessages: 1}).Facts
		for i, f := range got {
			if i < len(tc.preds) && tc.preds[i] != "" && f.Predicate != tc.preds[i] {
				t.Errorf("%q: %q has predicate %q, want %q", tc.text, f.Content, f.Predicate, tc.preds[i])
			}
		}
	}
}

// TestSingleValued_round13zh pins the age slots (round13zh_age.go): a fact that only says
// how old the user or one relative is fills "age" or "age:<relative>", an age corrected
// with "不是A，是B" is the new age alone, and a fact that says more keeps its kind.
func TestSingleValued_round13zh(t *testing.T) {
	for _, tc := range []struct {
		text, content, pred string
	}{
		{"我妈今年73了", "用户的妈今年73了", "age:妈"},
		{"其实我妈不是73，是74", "用户的妈74岁", "age:妈"}, // before: "用户的妈不是73，是74", family
		{"我女儿不是三岁，是两岁半", "用户的女儿两岁半", "age:女儿"},
		{"我儿子今年5岁了", "用户的儿子今年5岁了", "age:儿子"},
		{"我今年35岁", "用户今年35岁", "age"},
		// The mixed budget is the budget slot (round12slot.go); before: "about".
		{"我的budget改成五千了", "用户的budget改成五千了", "budget"},
		{"My mom is 73", "User's mom is 73", "age:mom"},
		// More than an age, a pet, or no age: no slot.
		{"我女儿两岁半，小名叫豆豆", "用户的女儿两岁半，小名叫豆豆", "family"},
		{"我家猫3岁了", "用户的家猫3岁了", "family"},
		{"我体重不是60，是65", "用户体重是65", "identity"}, // the correction (round13zh_fix.go), no slot
	} {
		got := Extract([]Message{{Role: "user", Text: tc.text}}, Options{MinMessages: 1}).Facts
		if len(got) != 1 || got[0].Content != tc.content || got[0].Predicate != tc.pred {
			t.Errorf("%q: got %+v, want %q under %q", tc.text, got, tc.content, tc.pred)
			continue
		}
		if sv := SingleValued(got[0]); sv != (tc.pred != "family" && tc.pred != "identity") {
			t.Errorf("%q: SingleValued %v", tc.text, sv)
		}
	}
}
