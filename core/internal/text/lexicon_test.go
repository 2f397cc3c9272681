package text

import (
	"slices"
	"testing"
)

func TestExpandTerms_cases(t *testing.T) {
	tests := []struct {
		name, query string
		want, not   []string
	}{
		{"english weekday question finds chinese weekdays", "Which day is the product meeting?",
			[]string{"周三", "星期", "wednesday", "开会", "会议", "产品"}, []string{"meetings", "products"}},
		{"chinese synonym", "我表弟的家乡是哪里", []string{"老家", "hometown"}, nil},
		{"phone", "舅妈的联系方式是多少", []string{"电话", "联系", "phone"}, nil},
		{"english expands only into cjk", "what does she like", []string{"喜欢"}, []string{"love", "enjoy"}},
		{"allergy", "what is Lily allergic to?", []string{"过敏", "allergy", "allergies"}, []string{"intolerance", "diet"}},
		{"dentist", "when is the dentist?", []string{"牙医"}, []string{"dentists"}},
		{"牙医", "我什么时候看牙医", []string{"dentist"}, nil},
		{"allergic from allergy", "does she have any allergies", []string{"过敏", "allergic"}, []string{"intolerance"}},
		{"a diet question finds conditions, one way", "What can't I eat?", []string{"coeliac", "vegetarian", "gluten"}, []string{"过敏"}},
		{"a condition does not find the diet question", "I am coeliac", nil, []string{"eat", "food"}},
		{"忌口 finds conditions", "我有什么忌口？", []string{"过敏", "乳糖", "素食"}, []string{"coeliac"}},
		{"nothing to expand", "the quarterly report", nil, []string{"周三"}},
		{"a kind finds its things", "我用的家电是啥呀？", []string{"洗衣", "冰箱", "空调"}, nil},
		{"a thing does not find its kind", "我家的冰箱是什么牌子", nil, []string{"家电", "空调"}},
		{"cosmetics", "我用的美妆产品是哪些", []string{"精华", "口红", "遮瑕"}, nil},
		{"a feeling said another way", "我今天好难过", []string{"失望", "失落", "伤心"}, nil},
		{"worry", "我好紧张，快要考试了", []string{"焦虑", "担心", "期末", "复习"}, nil},
		{"drawing", "他们总是说我的画画不好", []string{"绘画", "美术", "素描"}, nil},
		{"a pet finds pets, one way", "我想养一只宠物", []string{"狗", "猫", "乌龟"}, nil},
		{"a cat does not find dogs", "我们家的猫生病了", []string{"发烧", "感冒"}, []string{"狗", "宠物"}},
		{"budget into chinese", "What's my monthly budget?", []string{"预算"}, nil},
		{"预算 into english", "我的预算是多少", []string{"budget"}, nil},
		{"medication into chinese", "what medication does my dad take", []string{"吃药", "药物", "爸爸"}, nil},
		{"feelings stay chinese", "I felt sad and lonely", nil, []string{"难过", "孤单"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := QueryTokens(tt.query)
			for _, w := range tt.want {
				if !slices.Contains(got, w) {
					t.Errorf("QueryTokens(%q) = %q, missing %q", tt.query, got, w)
				}
			}
			for _, w := range tt.not {
				if slices.Contains(got, w) {
					t.Errorf("QueryTokens(%q) = %q, should not hold %q", tt.query, got, w)
				}
			}
			checkQueryTokens(t, tt.query, got)
		})
	}
}

func TestDropGlueBigrams_cases(t *testing.T) {
	tests := []struct {
		in, want []string
	}{
		{[]string{"上司", "司的", "的生", "生日"}, []string{"上司", "生日"}},
		{[]string{"是什"}, []string{"是什"}}, // all glue: kept rather than nothing
		{[]string{"python", "的"}, []string{"python", "的"}},
	}
	for _, tt := range tests {
		if got := dropGlueBigrams(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("dropGlueBigrams(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestLexicon_wellFormed(t *testing.T) {
	for _, g := range lexicon {
		for _, term := range append(slices.Clone(g.terms), g.targets...) {
			if term == "" || Normalize(term) != term {
				t.Errorf("lexicon term %q: empty or not normalized", term)
			}
			if len(termTokens(term)) == 0 {
				t.Errorf("lexicon term %q has no tokens", term)
			}
		}
	}
}
