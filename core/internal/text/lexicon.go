package text

import (
	"strings"
	"unicode/utf8"
)

// A compact bilingual lexicon for query expansion, with no embedder: groups of words
// that a question and the statement answering it use for the same thing ("电话号码" and
// "联系电话", "家乡" and "老家", "meeting" and "开会", "which day" and "周三"). It covers
// what people ask an assistant to remember about them and their plans: contacts, age,
// origin, education, work, likes, dates and weekdays, places, sizes and durations, family
// and common nouns; and, in Chinese, the feelings and everyday experiences a conversation
// names one way and the memory of it another (难过 / 失望, 画画 / 绘画). See
// docs/SCORING.md ("Query shaping").
//
// Each group is a line of terms separated by "|"; a term is an English word (matched as
// a whole query token) or a CJK word (matched as a substring of the query). A group can
// name a target after "=>": then its terms expand only to the target's terms (one-way,
// "which day" => the weekdays), instead of to each other.
var lexiconSource = []string{
	// Contacts and identity.
	"电话|电话号码|联系电话|联系方式|手机号|手机号码|phone|telephone|cell",
	"邮箱|邮件|电子邮件|邮箱地址|email|mail",
	"名字|名叫|叫做|name|named|called",
	"地址|住址|住在|address|live|lives",
	"老家|家乡|故乡|籍贯|来自|哪里人|哪里的人|哪的人|地方的人|hometown",
	"年龄|多大|几岁|岁|age|old",
	"生日|出生|过生日|birthday|born",
	"身高|多高|个子|height|tall",
	"体重|多重|weight",
	// Education and work.
	"学历|教育背景|毕业|学校|读的是|念到|上的是|本科|专科|硕士|博士|高中|大学|education|degree|school|graduated|university|college",
	"工作|职业|职位|上班|干什么|做什么|干啥|job|work|works|occupation|profession",
	"工作地|上班|单位|公司|workplace|office|company|employer",
	"上司|老板|领导|boss|manager",
	"同事|colleague|coworker",
	// Likes.
	"喜欢|爱好|喜爱|兴趣|热爱|爱吃|爱|like|likes|love|loves|hobby|hobbies|enjoy|enjoys|favorite|favourite",
	"讨厌|不喜欢|hate|hates|dislike|dislikes",
	"过敏|allergy|allergies|allergic",
	// Diet, one way: "What can't I eat?" / "我有什么忌口？" names the kind, the memory the
	// condition ("User is coeliac", "Tom is a vegetarian", "乳糖不耐受"). The English and
	// the Chinese triggers expand within their language (see the feelings' note below). A
	// meal asked for ("Any dinner ideas for tonight?", "今晚做什么菜？") needs the conditions
	// too: it recalled nothing beside "User has been vegetarian" for a new user.
	"eat|eats|eating|food|foods|diet|dietary|meal|meals|dinner|lunch|breakfast|cook|cooking|recipe|recipes=>coeliac|celiac|gluten|vegetarian|vegan|allergic|allergy|allergies|intolerant|intolerance|lactose|halal|kosher|dairy",
	"忌口|不能吃|饮食|做饭|做菜|做什么菜|吃什么|晚饭|午饭|早饭|吃饭|菜谱|食谱=>过敏|素食|吃素|忌口|不吃|麸质|乳糖|清真|不耐受",
	// Word forms the stemmer keeps apart (Porter: allergic → allerg, allergy → allergi):
	// "What am I allergic to?" did not find "User has a nut allergy" in the web demo. No
	// dev set of make eval has either word, so no figure there moves.
	"allergic=>allergy|allergies",
	"allergy|allergies=>allergic",
	// Events: what, where, how big, how long, when.
	"会议|开会|例会|meeting|meetings",
	"产品|product|products",
	"项目|project|projects",
	"规模|人数|参与人数|多少人|size|attendees",
	"持续时间|多久|多长时间|几天|duration|long",
	"地点|在哪|在哪里|在哪儿|地方|where|place|location|venue",
	"主要内容|内容|关于|content|about|topic",
	// Family.
	"妈妈|母亲|老妈|mother|mom|mum",
	"爸爸|父亲|老爸|father|dad",
	"女儿|daughter",
	"儿子|son",
	"妻子|老婆|太太|wife",
	"丈夫|老公|先生|husband",
	"孩子|小孩|child|children|kid|kids",
	"朋友|friend|friends",
	// Kinds of things, one way (a question names the kind, a statement the thing):
	// "我用的家电是啥" finds "我家的洗衣机是西门子的".
	"家电|家用电器|电器|appliance|appliances=>洗衣机|冰箱|空调|电饭煲|电视|微波炉|热水器|净化器|吸尘器|烤箱|油烟机|电风扇",
	"美妆|化妆品|护肤品|cosmetics|makeup|skincare=>精华|口红|唇膏|粉底|遮瑕|面霜|乳液|润肤|眼影|香水|面膜|防晒|精油",
	// Common things.
	"咖啡|coffee",
	"茶|tea",
	"猫|cat|cats",
	"狗|dog|dogs",
	"花生|peanut|peanuts",
	"医生|doctor",
	"医院|hospital",
	// Eighth new-user pass: "When is the dentist?" did not find "用户周五下午三点要去看牙医".
	// No dev set of make eval has any of these words, so no figure there moves.
	"牙医|看牙|dentist|dentists",
	"护照|passport|passports",
	"生病|病|发烧|感冒|sick|ill",
	// Twelfth round, new users: "What's my monthly budget?" did not find "我每月预算1800欧元",
	// nor "what medication does my dad take?" "我爸每天吃三次左旋多巴".
	"预算|budget|budgets",
	// Thirteenth round: extraction writes "我妈74岁" as "用户的妈74岁" (a parent's age is a
	// slot), which holds neither 妈妈 nor 母亲: "How old is my mom?" found nothing. English
	// words reach the lone character one way; a Chinese query is not touched (妈 would
	// match 舅妈 and 姑妈), and no English set of make eval has Chinese text to match.
	"mother|mom|mum|mommy=>妈",
	"father|dad|daddy=>爸",
	"吃药|服药|用药|药物|medication|medications|medicine|medicines|meds",
	// Feelings, and what people go through, said one way in a conversation and another
	// in the memory of it ("我好难过" / "感到非常失望"). Chinese only: English words here
	// would expand English questions into Chinese and so turn on searchTurns' feedback
	// for them (text.HasCJK), which moved 16 of LoCoMo's dev questions (R@5 −0.001).
	"难过|伤心|悲伤|失望|失落|沮丧|遗憾",
	"紧张|焦虑|担心|害怕|不安|着急",
	"生气|愤怒|气愤|恼火",
	"孤单|孤独|寂寞",
	"吵架|争吵|争执|矛盾",
	"误会|误解|冤枉",
	"画画|绘画|美术|素描|画作",
	"考试|期末|测验|复习|成绩",
	"比赛|竞赛|获奖|得奖|名次",
	"搬家|搬到|搬走",
	"宠物=>狗|猫|乌龟|兔子|鹦鹉|金鱼",
	"动物园=>大象|企鹅|熊猫|长颈鹿|老虎|猴子|狮子",
	"甜点|甜品=>蛋糕|冰淇淋|巧克力|布丁",
	// Weekdays, and questions about a day.
	"周一|星期一|礼拜一|monday",
	"周二|星期二|礼拜二|tuesday",
	"周三|星期三|礼拜三|wednesday",
	"周四|星期四|礼拜四|thursday",
	"周五|星期五|礼拜五|friday",
	"周六|星期六|礼拜六|saturday",
	"周日|周天|星期日|星期天|礼拜天|sunday",
	"哪天|周几|星期几|礼拜几|几号|day|date|when=>周一|周二|周三|周四|周五|周六|周日|星期|monday|tuesday|wednesday|thursday|friday|saturday|sunday",
	"明天|tomorrow",
	"昨天|yesterday",
	"今天|today",
}

type lexGroup struct {
	terms   []string // triggers
	targets []string // what they expand to (the terms themselves for a symmetric group)
	oneWay  bool
}

var lexicon = func() []lexGroup {
	var out []lexGroup
	for _, line := range lexiconSource {
		from, to, oneWay := strings.Cut(line, "=>")
		g := lexGroup{terms: strings.Split(from, "|"), oneWay: oneWay}
		if oneWay {
			g.targets = strings.Split(to, "|")
		} else {
			g.targets = g.terms
		}
		out = append(out, g)
	}
	return out
}()

// expandTerms returns the expansion tokens of a normalized query whose tokens are toks:
// for every lexicon group with a term in the query, the tokens of the group's other
// terms (for CJK words, their bigrams, or the character of a one-character word), not
// already in toks, deduplicated. An English trigger expands only into the CJK terms of
// its group (one-way groups, such as "day" => the weekdays, expand into all targets): English synonyms ("like" → "love", "enjoy") cost 0.014 R@10 on LoCoMo,
// where Porter stemming already joins word forms, while the CJK side lets an English
// question find a Chinese statement.
func expandTerms(norm string, toks []string) []string {
	has := make(map[string]bool, len(toks))
	for _, t := range toks {
		has[t] = true
	}
	var out []string
	add := func(t string) {
		if !has[t] {
			has[t] = true
			out = append(out, t)
		}
	}
	for _, g := range lexicon {
		hit := ""
		for _, term := range g.terms {
			if isCJKTerm(term) {
				if strings.Contains(norm, term) {
					hit = term
					break
				}
			} else if has[term] && !IsStopword(term) {
				hit = term
				break
			}
		}
		if hit == "" || scheduleQuestion(norm, hit) {
			continue
		}
		for _, term := range g.targets {
			if term == hit || (!g.oneWay && !isCJKTerm(hit) && !isCJKTerm(term)) {
				continue // English expands only into CJK, except in one-way groups: see above
			}
			for _, t := range termTokens(term) {
				add(t)
			}
		}
	}
	for _, t := range locationExpansion(norm) { // location.go: "where do I live"
		add(t)
	}
	for _, t := range verbFormExpansion(toks) { // verbforms.go: "teach" ↔ "taught"
		add(t)
	}
	return out
}

func isCJKTerm(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return isCJK(r)
}

// termTokens are the tokens a lexicon term searches for: an English word itself, a
// CJK word's bigrams (its character when it has one).
func termTokens(term string) []string {
	toks := Tokens(term)
	if !isCJKTerm(term) || len(toks) == 1 {
		return toks
	}
	out := toks[:0]
	for _, t := range toks {
		if utf8.RuneCountInString(t) == 2 {
			out = append(out, t)
		}
	}
	return out
}
