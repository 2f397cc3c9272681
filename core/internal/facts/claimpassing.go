package facts

import "strings"

// Passing events: "I had pasta for lunch today", "我今天吃了火锅", "I'm cooking dinner right
// now" are first-person statements but not facts worth remembering — what the user did or
// is doing at the moment of speaking. A claim anchored to the moment (today, yesterday,
// right now, this morning; 今天, 昨天, 刚才, 现在正在…) is dropped unless it says something
// lasting happened (started a job, moved, got engaged, was diagnosed; 入职, 搬家, 确诊…) or
// names an appointment still ahead (a meeting, an interview, a flight; 面试, 开会, 航班…).

var (
	momentEN = lazy(`(?i)\b(?:today|tonight|this\s+(?:morning|afternoon|evening)|yesterday|last\s+night|just\s+now|earlier\s+today|be\s+right\s+back|brb|just\s+(?:had|ate|got\s+back|woke\s+up|finished\s+(?:lunch|dinner|breakfast|eating)))\b`)
	momentZH = lazy(`今天|今儿|今晚|昨天|昨晚|昨儿|刚才|刚刚|这会儿|现在正在|正在|(?:^|我)在(?:做饭|吃饭|洗澡|开车|上班的路上|路上|睡觉|看电视|看剧|追剧|排队|泡茶|煮|洗|收拾)|马上回来|感冒了|发烧了|头疼|头痛|没奶了|(?:要|先|得)?去(?:洗澡|睡觉|睡了|吃饭了|上厕所)|刚(?:吃|睡|起|到家|下班|回来|回家|看完|洗)|没电|坏了|卡了|死机|掉线|断网|还没到|没收到|^我?在(?:公司|家|学校|单位|外面|医院|车上|地铁上|路上)(?:呢|了|啊|哦)?$`)
	// nowEN with everydayEN: "I'm cooking dinner right now", "going to bed now" (not "I'm
	// doing keto right now", which is how the user eats these days).
	nowEN      = lazy(`(?i)\b(?:right\s+now|now|at\s+the\s+moment)\b`)
	everydayEN = lazy(`(?i)\b(?:making\s+(?:tea|coffee|dinner|lunch|breakfast)|cook(?:ing)?|eat(?:ing)?|having\s+(?:lunch|dinner|breakfast|coffee|a\s+break)|going\s+to\s+(?:bed|sleep)|heading|watching|waiting|sitting|lying|driving|walking\s+home|on\s+(?:the|a|my)\s+(?:train|bus|plane|way))\b`)
	// lastingEN / lastingZH: what happened at the moment and stays true.
	lastingEN = lazy(`(?i)\b(?:start(?:ed|ing)|mov(?:ed|ing)|got\s+(?:engaged|married|divorced|promoted|hired|fired|laid\s+off|diagnosed|pregnant|a\s+(?:job|dog|cat|puppy|kitten|new\s+job))|engaged|married|diagnosed|quit|resigned|retired|joined|adopted|born|passed\s+away|died|graduated|signed|accepted|enrolled|bought\s+a\s+(?:house|home|flat|apartment|car)|turn(?:ed|s)\s+\d+|birthday|anniversary|allergic|surgery|baby|twins)\b`)
	lastingZH = lazy(`入职|离职|辞职|被裁|搬|确诊|结婚|订婚|离婚|怀孕|出生|生了|去世|升职|毕业|录取|退休|开始|生日|纪念日|过敏|手术|买了房|买房|领养|养了|转正|跳槽|换工作|拿到offer|拿到了offer|考上|上岸|领证|偏头痛|老是头|经常头`)
	// aheadEN / aheadZH: an appointment the moment words point ahead to.
	aheadEN = lazy(`(?i)\b(?:appointment|meeting|interview|flight|exam|test|deadline|presentation|call\s+with|party|wedding|dinner\s+with|date|surgery|concert|game\s+at|class\s+at|at\s+\d{1,2}(?::\d\d)?\s*(?:am|pm)?|\d{1,2}(?::\d\d)?\s*(?:am|pm))\b`)
	aheadZH = lazy(`面试|开会|会议|航班|飞机|考试|截止|汇报|约了|预约|聚会|婚礼|演出|比赛|[0-9一二三四五六七八九十两]+点`)
)

// passingClaim reports whether a claim's clause is about the moment of speaking only.
func passingClaim(clause string) bool {
	if hasHan(clause) {
		return (!prefilter || containsAny(clause, momentZHNeed)) && momentZH.MatchString(clause) &&
			!lastingZH.MatchString(clause) && !aheadZH.MatchString(clause)
	}
	if !hasLatin(clause) {
		return false
	}
	lower := strings.ToLower(clause)
	if prefilter && !containsAny(lower, momentENNeed) {
		return false
	}
	return (momentEN.MatchString(clause) || nowEN.MatchString(clause) && everydayEN.MatchString(clause) || ailmentEN.MatchString(clause)) &&
		!lastingEN.MatchString(clause) && !aheadEN.MatchString(clause)
}

// momentENNeed: every match of momentEN or nowEN contains one.
var momentENNeed = words("today tonight this yesterday last just earlier now moment back brb cold fever headache hangover sore flu out")

// ailmentEN: a passing ailment or errand ("I've got a cold", "my kid has a fever", "We're
// out of milk"), not a fact about the user that lasts.
var ailmentEN = lazy(`(?i)\b(?:a\s+(?:cold|fever|headache|hangover|sore\s+throat)|the\s+flu|out\s+of\s+(?:milk|coffee|bread|eggs|toilet\s+paper))\b`)

var momentZHNeed = words("今天 今儿 今晚 昨天 昨晚 昨儿 刚 这会儿 在 去 马上回来 感冒了 发烧了 头疼 头痛 没奶了 没电 坏了 卡了 死机 掉线 断网 还没到 没收到")

// remembered reports whether the user asked for the fact to be remembered (claims then
// have confidence 0.85 or more): a passing event they ask to keep is kept.
func (f Fact) remembered() bool { return f.Confidence >= 0.85 }
