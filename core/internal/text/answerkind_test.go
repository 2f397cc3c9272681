package text

import "testing"

func TestQuestionAnswerKind_cases(t *testing.T) {
	for _, tt := range []struct {
		name, q string
		want    AnswerKind
	}{
		{"zh when", "科技展望盛典什么时候开始？", TimeAnswer},
		{"zh which day", "他的生日是哪一天呢？", TimeAnswer},
		{"zh what time of day", "我们几点见面？", TimeAnswer},
		{"zh how tall", "我同事有多高来着？", NumberAnswer},
		{"zh how many", "那个活动有多少人参加？", NumberAnswer},
		{"zh which one is no count", "我住的那个小区是哪一个来着？", AnyAnswer},
		{"zh what", "我表弟是做什么工作的呢？", AnyAnswer},
		{"en when opens the question", "When did Caroline go to the support group?", TimeAnswer},
		{"en when inside a clause", "What did Mel do when she was sick?", AnyAnswer},
		{"en how many", "How many children does Melanie have?", NumberAnswer},
		{"en what year", "What year did John move?", TimeAnswer},
		{"en what", "What is Caroline's identity?", AnyAnswer},
		{"both kinds name none", "When and how many times did she call?", AnyAnswer},
		{"empty", "", AnyAnswer},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := QuestionAnswerKind(tt.q); got != tt.want {
				t.Fatalf("QuestionAnswerKind(%q) = %d, want %d", tt.q, got, tt.want)
			}
		})
	}
}

func TestHoldsAnswerKind_cases(t *testing.T) {
	for _, tt := range []struct {
		name, s string
		k       AnswerKind
		want    bool
	}{
		{"digits are a number", "我表姐的身高有171厘米。", NumberAnswer, true},
		{"chinese count", "它的持续时间是七个周。", NumberAnswer, true},
		{"chinese numeral without unit", "我们一起去吧。", NumberAnswer, false},
		{"no number", "我表弟是做护士的。", NumberAnswer, false},
		{"chinese time of day", "时间是下下周四下午两点。", TimeAnswer, true},
		{"relative day", "我昨天去了医院。", TimeAnswer, true},
		{"chinese date", "他的生日是三月四号。", TimeAnswer, true},
		{"no time", "我去参观的医院是胸科医院。", TimeAnswer, false},
		{"english weekday", "We met on Tuesday at the park.", TimeAnswer, true},
		{"english date digits", "It was on 7 May 2023.", TimeAnswer, true},
		{"english no time", "I love painting with my kids.", TimeAnswer, false},
		{"any kind always holds", "whatever", AnyAnswer, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := HoldsAnswerKind(tt.s, tt.k); got != tt.want {
				t.Fatalf("HoldsAnswerKind(%q, %d) = %v, want %v", tt.s, tt.k, got, tt.want)
			}
		})
	}
}
