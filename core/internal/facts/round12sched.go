package facts

import "strings"

// Twelfth round (issue 9): when a class of the user's is. "The watercolour class moved to
// Thursday evenings" gave nothing (no "I", no "my": nobody's claim), and when it is said
// ("My watercolour class moved to…", "水彩课改到周四晚上了") the fact was stored under a kind
// (event, habit), so the old "User has watercolour class on Wednesday evenings" / "用户每周
// 三晚上上水彩课" stayed live beside the new time: kinds are tags, and only a slot's
// predicate supersedes (SingleValued). "我报了个水彩课，每周三晚上上课" gave "用户每周三晚上上
// 课", the class lost.
//
//   - "The <activity> class|lesson|practice… moved to / is now on <when>" is read as "My
//     …": the user's own schedule (scheduleMoveEN12).
//   - A fact that says when a named class of the user's is (a day or a time in it) gets the
//     predicate "schedule:<the class>" ("schedule:watercolour class", "schedule:水彩课"),
//     which SingleValued lists: the newer time supersedes the older, in one language. A
//     relative's class ("User's daughter's piano lessons…") is no slot of the user's.
//   - A bare 上课 after a clause of the same sentence that named the class takes the
//     class's name ("用户每周三晚上上水彩课").

// classWordEN12 are the nouns of a recurring activity with a time.
const classWordEN12 = `(?:class|classes|lessons?|course|practice|rehearsals?|sessions?|training|club|appointment)`

var (
	// scheduleMoveEN12: "The watercolour class moved to Thursday evenings".
	scheduleMoveEN12 = lazy(`(?i)^the\s+[a-z][a-z -]{1,30}?\s+` + classWordEN12 + `\s+(?:has\s+been\s+|is\s+being\s+|has\s+|have\s+|was\s+|were\s+|got\s+|is\s+|are\s+)?(?:moved|changed|switched|shifted|rescheduled|pushed|bumped|now\s+on|now\s+at|now)\b`)
	// classSlotEN12: a fact of when the user's named class is; group 1 the class.
	classSlotEN12 = lazy(`^User(?:'s\s+|\s+(?:has|takes|goes\s+to|attends|does)\s+(?:a\s+|an\s+|their\s+)?(?:weekly\s+)?)((?:[a-z][a-z-]*\s+){1,3}?` + classWordEN12 + `)\s+(?:is|are|was|were|has|have|got|moved|changed|switched|shifted|rescheduled|pushed|bumped|on|every|at|in)\b`)
	// classSlotZH12: the same in Chinese, the class a word ending in 课 (or 训练, 排练).
	classSlotZH12 = lazy(`^用户(?:的)?(` + classNameCharsZH12 + `{1,6}(?:课|训练|排练))(?:改到|改成|换到|调到|挪到|推到|改在|在|是|每)|^用户[^，。,]{0,12}?(?:上|有|去上)(` + classNameCharsZH12 + `{1,6}(?:课|训练|排练))`)
	// whenWord12 is a day or a time.
	whenWord12 = lazy(`(?i)(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?|weekdays?|mornings?|evenings?|afternoons?|nights?|\d\s*(?:am|pm|:\d\d)|noon|周[一二三四五六日天末]|星期[一二三四五六日天]|礼拜[一二三四五六日天]|[早晚]上|下午|上午|中午|\d+点|[一二三四五六七八九十]+点`)
	// classNameZH12: the class a clause names, for a bare 上课 after it.
	classNameZH12 = lazy(`(` + classNameCharsZH12 + `{1,4}课)`)
)

// classNameCharsZH12 are the characters of a class's name: Han, but not the words around a
// name ("报了个水彩课", "每周三晚上上课", "有一节课"), so a match cannot reach past the name.
const classNameCharsZH12 = `[^\P{Han}个了的报上有在去门节堂一二两三四五六七八九十每周晚早午点课]`

// notClassNameEN12 are words no class's name holds: people, and the words around a name.
var notClassNameEN12 = wordSet(`my the a an their this next boys girls kids children twins have has is are got take takes go goes do does`)

// othersZH12 are people whose class a fact of the user's may name ("送儿子去上围棋课").
var othersZH12 = strings.Fields(`儿子 女儿 孩子 娃 闺女 宝宝 老婆 老公 媳妇 爸 妈 哥 姐 弟 妹 学生 朋友 同事`)

// moveNeedEN12 is the cheap check before scheduleMoveEN12.
func moveNeedEN12(t string) bool {
	return len(t) > 12 && (t[0] == 'T' || t[0] == 't') && strings.HasPrefix(strings.ToLower(t[:4]), "the ") &&
		(strings.Contains(t, "moved") || strings.Contains(t, " now") || strings.Contains(t, "changed") ||
			strings.Contains(t, "rescheduled") || strings.Contains(t, "switched") || strings.Contains(t, "shifted") ||
			strings.Contains(t, "pushed") || strings.Contains(t, "bumped"))
}

// scheduleMove12 is the clause read as the user's ("My …") when it moves a class of theirs.
func scheduleMove12(t string) (string, bool) {
	if !moveNeedEN12(t) || !scheduleMoveEN12.MatchString(head(t, 80)) {
		return "", false
	}
	return "My " + t[4:], true
}

// maySchedule12 is the cheap check before scheduleSlot12.
func maySchedule12(c string) bool {
	return strings.Contains(c, "课") || strings.Contains(c, "训练") || strings.Contains(c, "排练") ||
		strings.Contains(c, "class") || strings.Contains(c, "lesson") || strings.Contains(c, "course") ||
		strings.Contains(c, "practice") || strings.Contains(c, "rehearsal") || strings.Contains(c, "session") ||
		strings.Contains(c, "training") || strings.Contains(c, "club") || strings.Contains(c, "appointment")
}

// scheduleSlot12 gives f the predicate "schedule:<class>" when its content says when a
// named class of the user's is.
func scheduleSlot12(f Fact) Fact {
	c := f.Content
	if !whenWord12.MatchString(c) {
		return f
	}
	var name string
	if strings.HasPrefix(c, "User") {
		m := classSlotEN12.FindStringSubmatch(head(c, 80))
		if m == nil {
			return f
		}
		name = strings.TrimSpace(strings.ToLower(m[1]))
		for _, w := range strings.Fields(name) {
			if kinWordsEN12[w] != 0 || notClassNameEN12[w] {
				return f // a relative's class, or no name of the class
			}
		}
		// "lessons", "classes": one slot with the singular.
		name = fixSingular12(strings.TrimSuffix(strings.TrimSuffix(name, "es"), "s"))
	} else if strings.HasPrefix(c, "用户") {
		m := classSlotZH12.FindStringSubmatch(head(c, 60))
		if m == nil {
			return f
		}
		name = m[1] + m[2]
		if before, _, _ := strings.Cut(c, name); containsAny(before, othersZH12) {
			return f // "用户周末老是得送儿子去上围棋课": the son's class
		}
	} else {
		return f
	}
	f.Predicate = "schedule:" + name
	return f
}

// fixSingular12 repairs what trimming "es"/"s" did to a class word.
func fixSingular12(name string) string {
	switch {
	case strings.HasSuffix(name, " clas"), name == "clas":
		return name + "s"
	case strings.HasSuffix(name, " cours"):
		return name + "e"
	case strings.HasSuffix(name, " practic"):
		return name + "e"
	}
	return name
}

// classCarry12 gives a bare 上课 in out's facts the class an earlier fact of the sentence
// named ("我报了个水彩课，每周三晚上上课" → "用户每周三晚上上水彩课"), with its slot.
func classCarry12(out []Fact) {
	for i := 1; i < len(out); i++ {
		c := out[i].Content
		j := strings.LastIndex(c, "上课")
		if j < 0 || strings.Count(c, "课") != 1 || !strings.HasPrefix(c, "用户") {
			continue
		}
		for k := i - 1; k >= 0; k-- {
			if m := classNameZH12.FindString(out[k].Content); m != "" && strings.HasPrefix(out[k].Content, "用户") {
				out[i].Content = c[:j] + "上" + m + c[j+len("上课"):]
				out[i] = scheduleSlot12(out[i])
				break
			}
		}
	}
}
