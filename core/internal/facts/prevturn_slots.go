package facts

import (
	"slices"
	"strings"
)

// askedSlot returns the slot of the question an assistant's turn ends with, as
// turnBefore's string: "place", "from", "name", "age", "kids:<noun>", "work", "pets",
// "setup", "uses:<noun>", "tool:<noun>" (Chinese: the thing asked about), "diet",
// "allergy", "when:<noun>", "plan", "yn:<stem>" (a yes/no question: the fact a yes makes
// of it), or "" (no question, or one of no slot: "What's the occasion?").
//
// Why a slot and not the question's text: the answer's fact is built from the slot, so
// two wordings of one question give the same fact, and the message cache keeps one entry.
func askedSlot(a string) string {
	if !endsAsking(a) {
		return ""
	}
	q := lastQuestions(tailRunes(a, beforeTailRunes))
	if q == "" {
		return ""
	}
	l := strings.ToLower(q)
	for _, s := range slotRules {
		if !s.noun {
			if s.re.MatchString(l) {
				return s.slot
			}
			continue
		}
		var nouns []string
		for _, m := range s.re.FindAllStringSubmatch(l, 2) {
			n := ""
			for _, g := range m[1:] {
				if g != "" {
					n = strings.TrimSpace(g)
				}
			}
			if n == "" && s.slot == "kids" {
				n = "kids"
			}
			if n != "" && !strings.ContainsAny(n, "你我他她它的") && !slices.Contains(nouns, n) {
				nouns = append(nouns, n)
			}
		}
		if len(nouns) > 0 {
			return s.slot + ":" + strings.Join(nouns, "|")
		}
	}
	if st := yesNoStem(q); st != "" {
		return "yn:" + st
	}
	return ""
}

// lastQuestions returns the last one or two question sentences of t ("你用的是什么路由器？
// 宽带是哪家的？" asks two things at once).
func lastQuestions(t string) string {
	var qs []string
	start := 0
	rs := []rune(t)
	for i, r := range rs {
		if strings.ContainsRune(".!?。！？\n", r) || i == len(rs)-1 {
			s := strings.TrimSpace(string(rs[start : i+1]))
			start = i + 1
			if strings.HasSuffix(s, "?") || strings.HasSuffix(s, "？") || strings.HasSuffix(s, "吗") || strings.HasSuffix(s, "呢") {
				qs = append(qs, s)
			} else {
				qs = qs[:0]
			}
		}
	}
	if len(qs) > 2 {
		qs = qs[len(qs)-2:]
	}
	return strings.Join(qs, " ")
}

// slotRule is one question shape; noun: the last group names the thing asked about.
type slotRule struct {
	slot string
	re   *lazyRE
	noun bool
}

// slotRules, first match wins: a work question before a place one ("你在哪上班"), a
// child's age before the user's.
var slotRules = []slotRule{
	{"work", lazy(`what do you do(?: for (?:a )?(?:living|work))?\?|what(?:'s| is) your (?:job|occupation|profession|line of work|day job)|where do you work|what (?:kind of )?(?:work|job) do you do|what field are you in|做什么工作|做什么的|干什么的|干哪行|做哪行|什么职业|在哪(?:里|儿)?(?:上班|工作)|哪个公司|什么公司`), false},
	{"from", lazy(`where are you (?:originally )?from|where(?:'s| is) home|哪里人|哪儿人|哪的人|老家(?:是)?(?:在)?哪`), false},
	{"place", lazy(`where (?:are|do) you (?:based|located|live|living|staying)|where(?:'s| is) your (?:home|place)|what (?:city|town|area|country|neighborhood|neighbourhood)|which (?:city|town|area|country|neighborhood|neighbourhood)|你(?:在|住)(?:在)?(?:哪个城市|哪座城市|哪里|哪儿|哪)|你住哪|在哪个城市|(?:坐标|base)(?:在)?哪`), false},
	{"name", lazy(`what(?:'s| is) your name|what (?:should|can|do) i call you|怎么称呼|叫什么名字|你叫什么|您贵姓|你贵姓`), false},
	{"kids", lazy(`how old (?:are|is) (?:your|the) (kids|children|boys|girls|toddlers|little ones|twins|son|daughter|baby|boy|girl|toddler)|twins or different ages|(孩子|娃|宝宝|儿子|女儿|小孩)(?:现在|今年)?(?:多大|几岁|几个月)`), true},
	{"age", lazy(`how old are you|what(?:'s| is) your age|你(?:今年)?(?:多大|几岁)(?:了)?(?:呀|啊)?[？?]|你的年龄`), false},
	{"pets", lazy(`do you have (?:any )?pets|what (?:kind|breed|sort) of (?:dog|cat|pet)|what pets?|养(?:了)?(?:什么)?(?:宠物|狗|猫)|什么(?:宠物|品种)`), false},
	{"allergy", lazy(`any (?:food )?allergies|are you allergic|allergic to anything|对什么过敏|有(?:什么)?过敏`), false},
	{"diet", lazy(`dietary|any (?:food )?restrictions|anything you (?:can't|don't|cannot) eat|what do you (?:not )?eat|忌口|饮食限制|不吃什么|不能吃什么`), false},
	{"setup", lazy(`what(?:'s| is) your (?:setup|set-up|stack|tech stack)`), false},
	{"uses", lazy(`(?:what|which) (editor|ide|os|operating system|laptop|phone|camera|language|framework|distro|browser|note app|notes app|keyboard|database|cloud|car) (?:do|are) you (?:use|using|have|drive|run|on)|what(?:'s| is) your (editor|ide|os|laptop|phone|camera|distro|browser|keyboard|car|router)\?`), true},
	{"tool", lazy(`(?:用的?是?|用)(?:什么|哪个|哪款|哪种|哪家的?)([\p{Han}A-Za-z]{1,4})|([\p{Han}]{1,4})是(?:哪家|什么牌子|哪个牌子|哪款)的?`), true},
	{"when", lazy(`when(?:'s| is) (?:your|the) ([a-z]+(?: [a-z]+)?)\?|(?:你的)?([\p{Han}]{2,4})(?:是|在)?(?:什么时候|哪天|几号)`), true},
	{"plan", lazy(`what(?:'s| is) coming up|what(?:'s| is) on your (?:plate|calendar|schedule|agenda)|what(?:'s| is) your schedule|有(?:哪些|什么)(?:固定)?安排`), false},
}

// yesNoStem returns the fact a "yes" makes of a yes/no question to the user ("Do you
// have a car?" → "User has a car", "你是做设计的吗？" → "用户是做设计的"), or "".
func yesNoStem(q string) string {
	if m := yesNoEN.FindStringSubmatch(q); m != nil {
		switch v := strings.ToLower(m[2]); {
		case strings.EqualFold(m[1], "are") && v == "":
			return "User is " + m[3]
		case strings.EqualFold(m[1], "do") && v != "":
			return "User " + yesVerbs[v] + " " + m[3]
		}
		return ""
	}
	if m := yesNoZH.FindStringSubmatch(q); m != nil {
		return "用户" + m[1] + m[2]
	}
	return ""
}

// yesVerbs are the verbs of a "Do you …?" question a yes turns into a fact about the user.
var yesVerbs = map[string]string{"have": "has", "own": "owns", "use": "uses", "live": "lives", "work": "works", "play": "plays", "speak": "speaks"}

var (
	yesNoEN = lazy(`(?i)(?:^|\s)(do|are) you (?:(have|own|use|live|work|play|speak) )?([a-z0-9][a-z0-9 '\-]{1,40})\?$`)
	yesNoZH = lazy(`你(?:平时|现在|目前|也|还)?(是|有|在|会|养|用)([^，。？?吗]{1,12})(?:吗|么)[？?]?$`)
)
