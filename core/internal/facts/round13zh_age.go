package facts

import "strings"

// Ages (thirteenth round, FACTS.md "Thirteenth round, Chinese"). "我妈今年73了" and, a turn
// later, "其实我妈不是73，是74" gave "用户的妈今年73了" and "用户的妈不是73，是74": two `family`
// facts, both live, the wrong age recalled beside the right one. A fact that only says how
// old the user or one relative is now has the predicate "age" or "age:<relative>", slots
// SingleValued lists, and "<who>不是A，是B" with two ages says the newer age alone.

// ageNumZH13 is an age: digits or Chinese numerals, maybe 岁 and 半.
const ageNumZH13 = `(?:\d{1,3}|[一二两三四五六七八九十]{1,3})(?:周)?(?:岁)?(?:半)?`

// ageFactZH13: a fact that only says how old the user or a relative is ("用户今年35岁",
// "用户的妈今年73了", "用户的女儿两岁半"); ageFactEN13 its English ("User is 35", "User's
// mom is 73 years old"). Group 1 is the relative, empty for the user.
var (
	ageFactZH13 = lazy(`^用户(?:的(` + kinAgeZH13 + `))?(?:今年|现在|已经|都|快)*(?:是)?(?:\d{1,3}(?:周)?(?:岁半|岁)?|[一二两三四五六七八九十]{1,3}(?:周)?(?:岁半|岁))(?:多)?(?:了|啦)?$`)
	ageFactEN13 = lazy(`^User(?:'s (` + kinAgeEN13 + `))? is (?:now )?\d{1,3}(?: years old)?$`)
)

// kinAgeZH13 and kinAgeEN13 are the relatives an age slot is kept for, one slot each.
const (
	kinAgeZH13 = `妈妈|妈|爸爸|爸|老婆|老公|媳妇|妻子|丈夫|女儿|儿子|闺女|孩子|大女儿|小女儿|大儿子|小儿子|奶奶|爷爷|外婆|外公|姥姥|姥爷|哥哥|哥|姐姐|姐|弟弟|弟|妹妹|妹|女朋友|男朋友|宝宝`
	kinAgeEN13 = `mom|mum|mother|dad|father|wife|husband|partner|daughter|son|kid|grandma|grandpa|grandmother|grandfather|brother|sister|girlfriend|boyfriend|baby`
)

// ageFixZH13 is "<who>(其实)不是A，(而)是B" with two ages: the user correcting an age they gave.
var ageFixZH13 = lazy(`^(用户(?:的(?:` + kinAgeZH13 + `))?)(?:其实)?不是(` + ageNumZH13 + `)[，,]\s*(?:而)?是(` + ageNumZH13 + `)(?:[，,。].*)?$`)

// ageFix13 rewrites content that corrects an age ageFixZH13's way to the new age alone:
// "用户的妈不是73，是74" → "用户的妈74岁", what the writer meant and what fills the slot.
func ageFix13(content string) string {
	if !strings.Contains(content, "不是") {
		return content
	}
	m := ageFixZH13.FindStringSubmatch(content)
	if m == nil {
		return content
	}
	age := m[3]
	if !strings.Contains(age, "岁") {
		age += "岁"
	}
	return m[1] + age
}

// ageSlot13 gives f the predicate "age" or "age:<relative>" when its content only says how
// old the user or one relative is now.
func ageSlot13(f Fact) Fact {
	c := f.Content
	if !strings.ContainsAny(c, "0123456789岁") || len(c) > 60 {
		return f
	}
	var m []string
	if strings.HasPrefix(c, "用户") {
		m = ageFactZH13.FindStringSubmatch(c)
	} else if strings.HasPrefix(c, "User") {
		m = ageFactEN13.FindStringSubmatch(c)
	}
	if m == nil {
		return f
	}
	f.Predicate = "age"
	if m[1] != "" {
		f.Predicate = "age:" + strings.ToLower(m[1])
	}
	return f
}

// ages13 settles the age facts of one sentence's claims, once their clauses are joined:
// a correction becomes the new age (ageFix13) — another correction the new value
// (fix13) — and a fact that only says an age gets its slot (ageSlot13). Changes out in
// place.
func ages13(out []Fact) {
	for i := range out {
		if out[i].Subject != "user" || out[i].Predicate != "family" && out[i].Predicate != "identity" && out[i].Predicate != "about" && out[i].Predicate != "event" {
			continue
		}
		if c := ageFix13(out[i].Content); c != out[i].Content {
			out[i].Content = c
		} else {
			out[i] = fix13(out[i]) // "用户其实不是PM，是做operation的" → "用户是做operation的" (round13zh_fix.go)
		}
		out[i] = ageSlot13(out[i])
	}
}
