package facts

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Claims: first-person statements about the user and their world ("My daughter Lily is
// allergic to peanuts", "下周三我要去北京参加设计大会", "我平时用 Figma 做设计，偶尔用 Python 写点脚本").
// A sentence is cut into clauses where a new subject starts (", and I…", "，我老公…") or,
// in Chinese, at a comma; a comma inside a claim stays ("small, focused commits"). A
// clause is a claim when its subject is the user (I, my, 我, 我的…, after discourse words
// and time words: "Every Tuesday I…", "下周三我…"), or it continues a Chinese claim with
// its subject left out ("…，偶尔用 Python 写点脚本"), or an explicit "remember this /
// 帮我记一下 / 记住 / 别忘了" asks for it — and it is not a question, a hypothetical, reported
// or quoted speech, a request to the assistant, chit-chat or a passing state ("I'm so
// tired", "我明白了"). The claim is rewritten in the third person, whole: "User's daughter
// Lily is allergic to peanuts", "用户下周三要去北京参加设计大会".

// Message-level gates: a user message that hands the assistant material — a content
// request with its payload ("Translate: I like cats", "总结一下这段话：我叫张伟…") — or sets up
// fiction or role-play says nothing about the user.
var (
	contentRequest = regexp.MustCompile(`(?i)^[\s\W]*(?:(?:hi|hey|ok|okay|so|please|pls|can you|could you|would you|now|also|and)[,!\s]+)*(?:translate|summari[sz]e|rewrite|rephrase|paraphrase|proofread|correct|check|fix\s+(?:the\s+|my\s+)?(?:grammar|spelling|typos?|english)|polish|reword|shorten|expand|write|draft|compose|turn|convert|analy[sz]e|give\s+me\s+(?:an?\s+)?examples?|make\s+(?:a|up)|use)\b[^\n:："“「]*[:："“「]` +
		`|^[\s\W]*(?:请|麻烦你?|帮我|帮忙|能不能帮我|你能帮我|可以帮我)?[^\n:：“「"]{0,12}(?:翻译|总结|概括|改写|润色|造句|例句|举个例子|缩写|扩写|写一|写个|写段|改一下|改得|改成|改为|修改|翻成|译成|检查一下|分析一下)[^\n:：“「"]*[：:“「"]`)
	fiction = regexp.MustCompile(`(?i)\b(?:d&d|dnd|dungeons\s+(?:&|and)\s+dragons|tabletop\s+rpg)|\b(?:(?:in|for)\s+my\s+(?:story|novel|book|script|game|screenplay|fic|fanfic|campaign|dream)|my\s+(?:character|protagonist|oc|hero|heroine|villain|bard|wizard|paladin|rogue|warlock|druid|cleric|sorcerer|ranger|avatar)|role[- ]?play|let'?s\s+play|pretend\s+(?:you|I|that|to)|the\s+(?:hero|heroine|protagonist|main\s+character)\b)` +
		`|\b(?:novel|story|book|screenplay|script|fanfic)\s+(?:I'm|I\s+am|I've\s+been|I\s+was)\s+writing|我在写(?:小说|故事|剧本)|小说里|小说中|故事里|故事中|角色扮演|主角|扮演|假设你是|假装你是|假装我是|剧本里|游戏里的角色|梦见`)
)

// userMaterial reports whether a user message is material rather than the user speaking.
func userMaterial(text string) bool {
	lower := strings.ToLower(text)
	if (!prefilter || containsAny(lower, materialNeed)) && contentRequest.MatchString(text) {
		return true
	}
	return (!prefilter || containsAny(lower, fictionNeed)) && fiction.MatchString(text)
}

// materialNeed and fictionNeed prefilter userMaterial's expressions: a content request
// hands over its payload after a colon or in quotes.
var (
	materialNeed = []string{":", "：", "\"", "“", "「"}
	fictionNeed  = words("d&d dnd dungeons tabletop story novel book script game screenplay fic campaign dream character protagonist oc hero villain bard wizard paladin rogue warlock druid cleric sorcerer ranger avatar role play pretend 小说 故事 剧本 角色扮演 主角 扮演 假设你是 假装 游戏 梦见")
)

// Parts of a clause.
var (
	// discourse words before a claim, and explicit requests to remember it (group 1).
	discourseEN = regexp.MustCompile(`(?i)^(?:(?:oh|ok|okay|so|also|and|but|plus|btw|by\s+the\s+way|fyi|for\s+context|for\s+the\s+record|background|context|important|quick\s+intro|intro|about\s+me|a\s+few\s+things\s+about\s+me|some\s+context|well|hi|hey|hello|yeah|yes|again|honestly|actually|anyway|oh\s+and|(?:just\s+)?a\s+(?:quick\s+)?heads[- ]up(?:\s+that)?|heads[- ]up(?:\s+that)?|just\s+fyi|(?:hi|hey|hello)\s+there|good\s+(?:morning|afternoon|evening))[\s,:!.—–-]+` +
		`|((?:please\s+|can\s+you\s+(?:please\s+)?|could\s+you\s+(?:please\s+)?)?(?:remember|note|keep\s+in\s+mind|don't\s+forget|do\s+not\s+forget|make\s+a\s+note|save\s+this(?:\s+for\s+later)?|just\s+so\s+you\s+know|for\s+your\s+(?:info|information))(?:\s+(?:that|this))?(?:\s*[:,—–-]\s*|\s+)))`)
	discourseZH = regexp.MustCompile(`^(?:(?:先)?(?:说下|说一下|介绍下|介绍一下|讲下|讲一下|简单说下|简单说一下)?(?:我的)?(?:情况|背景|基本信息|个人信息)(?:是|如下)?[:：，,]\s*|(?:对了|另外|还有|顺便说一下|顺便说下|顺便提一下|简单介绍一下|介绍一下|自我介绍一下|其实|说实话|老实说|嗯嗯|嗯|哦|噢|好的|好|那个|是这样的|是这样|补充一下|提一下|你好|您好|hi|Hi|hello|Hello|对|重要)[\s，,：:！!~～]*` +
		`|((?:这个|这件事|这些)?(?:请|你|麻烦你?)?(?:帮我|帮忙)?(?:记住|记一下|记下|记着点?|记着|记好|记下来|备忘一下|备注一下|别忘了|不要忘了|千万别忘了|remember一下|remember)(?:一下)?[\s，,：:！!]*))`)
	rememberOnly = regexp.MustCompile(`(?i)^(?:(?:到时候|记得|请|你|麻烦你?)*提醒我(?:一下|一声)?|(?:请|你|麻烦你?|帮我|帮忙)?(?:记住|记一下|记下|记着点?|记着|记好|记下来|备忘一下|别忘了|remember一下)(?:一下|了|哦|啊|哈|吧|啦)*|(?:please\s+)?(?:remember|note|save|keep)\s+(?:this|that)(?:\s+(?:for\s+me|please))?|(?:please\s+)?(?:don't\s+forget|note\s+it\s+down|write\s+that\s+down))[\s.!。！~～]*$`)
	remindEN     = regexp.MustCompile(`(?i)^(?:please\s+|can\s+you\s+|could\s+you\s+)?remind\s+me\s+(?:to\s+|that\s+|about\s+)?`)
	remindZH     = regexp.MustCompile(`^(?:请|麻烦你?|记得)?提醒我(?:一下)?[\s，,：:]*`)

	// subject: the user, after words of time and place ("Every Tuesday I…", "下周三我…").
	subjectEN = regexp.MustCompile(`(?i)^((?:(?:every|each|most|on|in|at|this|next|last|these|by|since|for|from|today|tomorrow|tonight|now|right\s+now|currently|lately|recently|nowadays|usually|sometimes|often|then|and|so|but|plus|starting|until|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekends|weekdays|mornings|evenings|both|all|one|two|three|some|most|later)\b[^,;.!?]{0,30}?[,\s]+)?)(i'm|i’m|i've|i’ve|i'd|i’d|i'll|i’ll|i\s+am|i|my|our|we're|we've|we|me\s+and\s+my)\b`)
	timeZH    = regexp.MustCompile(`(?i)^(?:[\p{Han}0-9A-Za-z:： ]*(?:年|月|日|号|周|星期|礼拜|天|今|明|后天|昨|晚|早|中午|下午|上午|点|节|假|末|平时|每|现在|目前|最近|之前|以前|去年|今年|明年|下个|上个|这个|这周|本周|以后|刚|马上|monday|tuesday|wednesday|thursday|friday|saturday|sunday|next|tomorrow|tonight|week|month|weekend)[\p{Han}0-9A-Za-z:： ]*)?$`)

	// questions, hypotheticals.
	questionEN = regexp.MustCompile(`(?i)^(?:do|does|did|is|are|was|were|can|could|would|will|should|shall|may|might|have|has|what|what's|how|why|where|when|who|which|whose|am\s+i|any|anyone)\b`)
	questionZH = regexp.MustCompile(`什么|哪|怎么|为什么|为啥|多少|是不是|要不要|能不能|会不会|有没有|可不可以|该不该|好不好|对不对|行不行|吗|呢[。.!！~～]*$|吧[？?]`)
	condEN     = regexp.MustCompile(`(?i)^(?:if|when|whenever|once|until|after|before|suppose|supposing|imagine|assuming|unless|in\s+case|what\s+if|even\s+if|as\s+soon\s+as)\b|\bif\s+i\s+(?:were|was|had|could|lived)\b|\bwere\s+i\b`)
	condZH     = regexp.MustCompile(`如果|假如|假设|要是|的话|万一|倘若|假使|想象|等(?:我|你|他|到)|一旦`)

	// what a first-person clause says that is not a fact about the user: opinions on the
	// conversation, passing states, requests to the assistant, hedges and plans to reply.
	notClaimEN = regexp.MustCompile(`(?i)^(?:(?:just|really|also|so|very|quite|pretty|super|a\s+bit|a\s+little|kind\s+of|kinda|totally|completely|actually|honestly|still|now|only|even|all|too)\s+)*` +
		`(?:'m|’m|am|was|'ll|’ll|will|'d|’d|would)?\s*(?:(?:just|really|also|so|very|quite|pretty|super|a\s+bit|a\s+little|kind\s+of|kinda|totally|completely|actually|honestly|still|now|only|even|all|too)\s+)*` +
		`(?:not\s+sure|sure|sorry|glad|happy\s+to|afraid|wondering|curious|confused|lost|stuck|kidding|joking|back|here|ready|done|fine|good|ok|okay|alright|great|tired|exhausted|bored|hungry|thirsty|sleepy|stressed|nervous|excited|upset|annoyed|frustrated|thinking|trying|looking\s+(?:for|at|into)|going\s+to\s+(?:ask|try|need|send|paste|share|give|check|go|be\s+honest)|about\s+to|asking|writing\s+to|not\s+certain|impressed|grateful|thankful|amazed|surprised|disappointed|working\s+on\s+(?:it|this|that)|on\s+(?:it|my\s+way)|heading\s+(?:out|home|off|back)|at\s+the\s+(?:airport|station|office|gym|store|doctor's)|in\s+a\s+(?:meeting|call)|got\s+home|getting\s+(?:ready|home)|off\s+to\s+(?:bed|sleep)|brb|afk|think|thought|guess|suppose|believe|feel\s+like|wonder|wondered|hope|wish|mean|meant|see|saw\s+that|know|knew|understand|agree|disagree|bet|doubt|assume|imagine|appreciate|apologi[sz]e|forgot|need\s+(?:you|help|a|an|the|some|to\s+know|more|it|this|that|to\s+(?:write|know|figure|find|ask|decide|choose|pick|understand|learn\s+how|come\s+up))|want\s+(?:you|a|an|the|some|to\s+know|it|this|that)|'d\s+(?:like|love|appreciate|say|suggest|be\s+(?:happy|glad|grateful))|would\s+(?:like|love|appreciate|say|suggest|be)|could|should|might|may|must|can't\s+believe|try\s+(?:it|this|that|again|later)|check|let|get\s+back|be\s+back|look\s+into|do\s+that|have\s+a\s+(?:question|quick\s+question|problem|request|favor)|just\s+wanted|wanted\s+to|got\s+it|get\s+it|love\s+(?:it|this|that|you|your|how)|like\s+(?:it|this|that|your|how)|hate\s+(?:it|this|that)(?:\s*[.!]*$)|said|told|asked|tried|did|didn't|don't\s+(?:really\s+|even\s+)?(?:know|think|understand|get|see|care|mind|remember)|have\s+no\s+idea|can't\s+remember|cannot\s+remember|can't\s+recall|used\s+to|probably|maybe|can't\s+wait|promise|owe\s+you|see\s+you|just\s+realized)\b`)
	notClaimZH = regexp.MustCompile(`^(?:也|还|就|都|真的|其实|只是|刚|刚刚|现在|马上|先|再|有点|有些|挺|很|好|太|真|可|以后|将来|未来|总|今天|今晚|这会儿|这两天)*` +
		`(?:觉得|认为|想问|想知道|想了解|想请|想让|想要|想|不知道|不确定|不太确定|不是很确定|不太清楚|不是很清楚|不清楚|在想|猜|希望你|需要你|要你|让你|请你|明白|知道|懂|同意|看看|看一下|试试|试一下|也是|还好|没事|很好|挺好|不错|累|饿|困|回来了|来了|来啦|刚才|问|说|看不清|看不懂|听不懂|不明白|是说|的意思|随便|感觉|谢谢|喜欢你|爱你|很忙|好忙|忙|要一|需要一|要个|需要个|打算问|应该|是不是|能不能|可不可以|会不会|该不该|要不要|去吃|去睡|紧张|开心|高兴|难过|郁闷|无聊|烦死|可能|估计|大概|感谢|错了|同意|理解|收到|看到了|查一下|找一下|帮你|给你|跟你|和你|是在问|不懂|好奇|有个问题|有一个问题|有问题|有几个问题|不太懂|不是很懂|看了|看到了|试了|下班|起床|到家|回家了|在路上|在地铁|在车上|在外面|在开会|在吃饭|在忙|喜欢这|喜欢那|爱这|讨厌这|讨厌那|受不了这|累死)`)
	// notClaimWe: "我们继续吧", "we can start".
	notClaimWe = regexp.MustCompile(`(?i)^(?:们)?(?:继续|开始|来|先|再|聊|看|讨论|一起|可以|能不能|要不要|试试)|^(?:can|could|should|will|'ll|might|may|need\s+to\s+talk|continue|start)\b`)

	leadVerbEN = regexp.MustCompile(`(?i)^(big\s+fan\s+of|huge\s+fan\s+of|not\s+a\s+(?:big\s+|huge\s+)?fan\s+of|just\s+got|got|been|just\s+started|started|just\s+finished|finished|just\s+moved|moved|heading|flying|off\s+to|currently\s+working|working|living|just\s+bought|bought|recently\s+started|have\s+been|gonna\s+be|going\s+to\s+be)\s+`)
	leadVerbs  = map[string]string{"big fan of": "is a big fan of", "huge fan of": "is a huge fan of", "not a fan of": "is not a fan of",
		"not a big fan of": "is not a big fan of", "not a huge fan of": "is not a huge fan of", "just got": "just got", "got": "got", "been": "has been", "just started": "just started",
		"started": "started", "just finished": "just finished", "finished": "finished", "just moved": "just moved", "moved": "moved",
		"heading": "is heading", "flying": "is flying", "off to": "is off to", "currently working": "is currently working",
		"working": "is working", "living": "is living", "just bought": "just bought", "bought": "bought",
		"recently started": "recently started", "have been": "has been", "gonna be": "is going to be", "going to be": "is going to be"}
	firstPersonEN = regexp.MustCompile(`(?i)\b(?:I|I'm|I've|I'd|I'll|me|my|mine|myself)\b`)
	imperativeEN  = regexp.MustCompile(`(?i)^(?:please\s+|pls\s+|kindly\s+|now\s+|ok\s+|okay\s+|so\s+)*(?:tell|give|show|help|let|let's|write|make|find|send|explain|draft|translate|create|list|remind|check|fix|summari[sz]e|teach|walk|get|take|bring|call|email|text|ask|trust|believe|excuse|forgive|pardon|thank|thanks|thx|ty|can|could|would|will|do|don't|use|keep|stop|sorry|hey|hi|hello|wait|hold|look|see|go|come|try|remember|forget|put|add|set|read|review|compare|suggest|recommend|plan|build|implement|convert|rewrite|proofread|calculate|describe|outline|sign|pick|choose|answer|reply|respond|no\s+worries|no\s+problem|nice|great|cool|awesome|wow|ok|okay|yes|yeah|yep|nope|lol|haha|good|sounds|that\s+works|that's|this\s+is|it's|it\s+was|you)\b`)
	thirdEN       = regexp.MustCompile(`(?i)["“”「」]|^(?:it|this|that|these|those|which)\b|\b(?:quote|quoted|saying|proverb|lyrics?|line\s+from)\b|\b(?:he|she|they|his|her|their|him)\s+(?:said|says|told|thinks|asked|wrote)\b|\b(?:said|says|told\s+me)\b`)
	requestZH     = regexp.MustCompile(`^(?:请|麻烦|帮我|帮忙|给我|告诉我|让我|教我|替我|能不能|可不可以|可以|想请|陪我|带我|问我|跟我|和我|叫我|求|快|赶紧|记得|别|不要|写(?:一|个|首|篇|段|封|份)|翻译|总结|造|举|列|推荐|解释|讲|画|生成|查|算|改|把|用[“「"])`)
	objectVerbZH  = regexp.MustCompile(`(?:让|给|帮|请|叫|跟|和|对|被|把|替|教|告诉|问|陪|带|找|送|借|催|约|等|逗|骗|吓|说|像|比|为|向|同)$`)
	asRoleEN      = regexp.MustCompile(`(?i)^(?:as|being)\s+(an?)\s+([a-z][a-z -]{1,40})$`)
	asRoleZH      = regexp.MustCompile(`^作为(一个|一名|一位|一枚|个)?([\p{Han}A-Za-z]{2,12})$`)
	ourPlace      = regexp.MustCompile(`^们(?:公司|团队|部门|组|学校|项目|单位|小区|班)`)
	pronounsEN    = regexp.MustCompile(`(?i)\b(?:she/her|he/him|they/them|she/they|he/they|xe/xem|ze/zir)\b`)
	hereEN        = regexp.MustCompile(`(?i)^([a-z0-9][a-z0-9 -]{2,40}?)\s+here(?:[,.!;]|$)`)
	whenItComes   = regexp.MustCompile(`(?i)^when\s+it\s+comes\s+to\b`)
	hedgeEN       = regexp.MustCompile(`(?i)^i\s+(?:think|guess|feel\s+like|suppose|believe)\s+(?:that\s+)?(?:i\b)`)
	callMe        = regexp.MustCompile(`(?i)^(?:you\s+can\s+|just\s+|please\s+)?call\s+me\s+(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)`)
	// myThing: "my code compiles", "my build failed" are the work at hand, not the user.
	myThing = regexp.MustCompile(`(?i)^(?:code|script|function|program|build|app|test|tests|query|class|output|pr|branch|commit|repo|server|api|endpoint|question|answer|point|bad|mistake|message|previous|last|first|request|prompt)\b`)
	// kin and possessions after 我 ("我老婆叫小雨" is about the user's wife).
	kinZH = regexp.MustCompile(`^(?:闺女|女儿|儿子|孩子|小孩|老婆|老公|媳妇|妻子|丈夫|爱人|对象|女朋友|男朋友|未婚妻|未婚夫|妈妈|妈|爸爸|爸|父母|爸妈|哥哥|哥|姐姐|姐|弟弟|弟|妹妹|妹|外婆|外公|奶奶|爷爷|姥姥|姥爷|家人|家猫|家狗|猫|狗|室友|同事|老板|领导|朋友|同学|导师|舅舅|姑姑|阿姨|叔叔|婆婆|公公|岳父|岳母|宝宝|大儿子|小儿子|大女儿|小女儿|表哥|表姐|表妹|表弟|堂哥|堂姐|侄子|侄女|外甥|双胞胎)`)
	// cueZH: a continuation with one of these is a claim of its own; without, it says
	// more about the claim before it and joins it ("我老公在银行上班，经常加班").
	cueZH     = regexp.MustCompile(`喜欢|讨厌|爱|用|住|真名|本名|名字|娃|^(?:今年|已经|刚满|快|才|马上).{0,6}岁|在.{1,12}(?:工作|上班|读书|上学|实习)|做|养|有|过敏|不吃|不喝|吃素|控糖|减肥|健身|备孕|戒|每|周末|平时|习惯|去|来自|老家|家在|搬|学|考|参加|开会|面试|出差|结婚|offer|prefer|like|use`)
	contMerge = regexp.MustCompile(`^(?:是|因为|所以|因此|然后|用了|结果|导致|尤其|特别是|比如|例如|包括|已经|一共|大概|主要|基本)`)
	contLead  = regexp.MustCompile(`^(?:但是|但|不过|可是|而且|并且|也)+`)
	contStop  = regexp.MustCompile(`^(?:哈哈|谢谢|嗯|好的|对吧|是吧|你|您|他|她|它|这|那|大家|别人|别|不要|请)`)
)

// claimClauses splits a sentence into clauses: rune spans [from, to).
func claimClauses(r []rune) [][2]int {
	var out [][2]int
	start := 0
	cut := func(end, next int) {
		if end > start {
			out = append(out, [2]int{start, end})
		}
		start = next
	}
	for i := 0; i < len(r); i++ {
		c := r[i]
		switch {
		case c == '，' || c == '；' || c == ';':
			// Chinese commas cut when the next clause starts with Han text or a subject.
			cut(i, i+1)
		case c == ',':
			if hanAt(r, i+1) && hanAt(r, i-1) || subjectAt(r, skipConj(r, i+1)) || questionTail(r, i+1) {
				cut(i, i+1)
			}
		case c == ' ' && (i+2 < len(r)) && (r[i+1] == '—' || r[i+1] == '–' || r[i+1] == '-') && r[i+2] == ' ':
			// A dash cuts before a new subject or a question, not before a list.
			if subjectAt(r, i+3) || strings.HasSuffix(strings.TrimSpace(string(r[i:])), "?") {
				cut(i, i+3)
			}
		case c == '—' && (i+1 < len(r)) && r[i+1] != '—' && (i == 0 || r[i-1] != ' '):
			if subjectAt(r, i+1) || strings.HasSuffix(strings.TrimSpace(string(r[i:])), "?") {
				cut(i, i+1)
			}
		case c == ' ' && i > 0 && r[i-1] != ',':
			// " and I…", " but my…": a new subject (not "my wife and I…"); " but live in…":
			// the same subject, a new claim.
			j := skipConj(r, i+1)
			if j > i+1 && (subjectAt(r, j) && !compoundSubject(r[start:i]) || hasPrefixFold(r[i+1:], "but ") && verbAt(r, j)) {
				cut(i, i+1)
			}
		}
	}
	cut(len(r), len(r))
	return out
}

// questionTail reports whether the text from i is a question that ends the sentence
// ("I'm vegan, what should we cook?"): the statement before it stays a claim.
func questionTail(r []rune, i int) bool {
	rest := strings.TrimSpace(string(r[i:]))
	return strings.HasSuffix(rest, "?") && questionEN.MatchString(head(rest, 32))
}

// verbAt reports whether one of the verbs a claim goes on with starts at i ("…, but live
// in Lisbon now").
func verbAt(r []rune, i int) bool {
	w := strings.ToLower(string(r[i:min(len(r), i+12)]))
	for _, v := range contVerbsEN {
		if strings.HasPrefix(w, v+" ") {
			return true
		}
	}
	return false
}

var contVerbsEN = words("live work moved love like hate have use prefer speak study teach go play own run lived worked grew")

// compoundSubject reports whether a clause so far is "my wife" of "my wife and I…".
func compoundSubject(r []rune) bool {
	w := strings.Fields(strings.ToLower(string(r)))
	return len(w) > 0 && len(w) <= 3 && (w[0] == "my" || w[0] == "our" || w[0] == "so" && len(w) > 1 && w[1] == "my")
}

// skipConj returns where the text after a conjunction starts (i when there is none).
func skipConj(r []rune, i int) int {
	for i < len(r) && r[i] == ' ' {
		i++
	}
	for _, w := range []string{"and ", "but ", "plus ", "and also ", "and now "} {
		if hasPrefixFold(r[i:], w) {
			return i + len(w)
		}
	}
	return i
}

// hasPrefixFold reports whether r starts with w, case-folded (w is lower case).
func hasPrefixFold(r []rune, w string) bool {
	i := 0
	for _, c := range w {
		if i >= len(r) || unicode.ToLower(r[i]) != c {
			return false
		}
		i++
	}
	return true
}

func hanAt(r []rune, i int) bool {
	for i < len(r) && r[i] == ' ' {
		i++
	}
	return i >= 0 && i < len(r) && unicode.Is(unicode.Han, r[i])
}

// subjectAt reports whether an English first-person subject starts at i (after a word of
// time: "…, Wednesday my daughter has a recital").
func subjectAt(r []rune, i int) bool {
	for i < len(r) && r[i] == ' ' {
		i++
	}
	if m := timeWordEN.FindStringIndex(string(r[i:min(len(r), i+40)])); m != nil {
		i += utf8.RuneCountInString(string(r[i:min(len(r), i+40)])[:m[1]])
	}
	for _, w := range []string{"i ", "i'm ", "i’m ", "i've ", "i'd ", "i'll ", "my ", "we ", "we're ", "our ", "我"} {
		if hasPrefixFold(r[i:], w) {
			return true
		}
	}
	return false
}

var timeWordEN = regexp.MustCompile(`(?i)^(?:on\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|today|next\s+week|this\s+weekend|later)\s+`)

// claimState carries what the clauses of a sentence share.
type claimState struct {
	subj     string // the subject of the last Chinese claim, for clauses that leave it out
	last     int    // index in out of the last claim, -1 when none
	cond     bool   // a condition or hypothesis started: the rest is not a claim
	remember bool   // the sentence asks to remember
	en       bool   // the last claim was an English one with the user as subject
}

// claims returns the facts of a user sentence's claims. skip holds rune indexes of cues
// other kinds took (a rule, a completion…): their clauses are not claims too.
func claims(s *sentence, idx int, skip []int, phrasedFacts func() []spanFact) []Fact {
	var out []Fact
	st := claimState{last: -1}
	spans := claimClauses(s.r)
	only := make([]bool, len(spans))
	for k, sp := range spans {
		t := strings.TrimSpace(string(s.r[sp[0]:sp[1]]))
		only[k] = len(t) < 60 && rememberOnly.MatchString(strings.TrimRightFunc(t, func(r rune) bool {
			return unicode.IsSpace(r) || strings.ContainsRune(".。!！~～…", r)
		}))
		st.remember = st.remember || only[k]
	}
	for k, sp := range spans {
		from, to := sp[0], sp[1]
		for from < to && (unicode.IsSpace(s.r[from]) || strings.ContainsRune(",，;；:：—–-", s.r[from])) {
			from++
		}
		text := strings.TrimRightFunc(string(s.r[from:to]), func(r rune) bool {
			return unicode.IsSpace(r) || strings.ContainsRune(".。!！~～…", r)
		})
		if text == "" || s.quoted(from) || skipped(skip, from, to) {
			st.last = -1
			continue
		}
		if only[k] {
			continue
		}
		if st.cond || (hasLatin(text) && (!prefilter || containsAny(strings.ToLower(text), condENNeed)) && condEN.MatchString(text) && !whenItComes.MatchString(text)) ||
			(hasHan(text) && (!prefilter || containsAny(text, condZHNeed)) && condZH.MatchString(text)) {
			st.cond = true
			continue
		}
		last := k == len(spans)-1
		f, ok := st.claim(text, last && s.ask)
		if !ok && f.Content == "" {
			st.last = -1
			continue // neither a claim nor a continuation: the patterns are not needed
		}
		var mine []spanFact
		preds := map[string]bool{}
		for _, p := range phrasedFacts() {
			if p.from >= from && p.from < to {
				mine = append(mine, p)
				preds[p.Predicate] = true
			}
		}
		if !ok && (f.Content == "" || len(mine) == 0) {
			if f.Content != "" && st.last >= 0 {
				// A continuation that adds to the claim before it.
				out[st.last].Content = clip(out[st.last].Content + "，" + f.Content)
			} else {
				st.last = -1
			}
			continue
		}
		if !ok && st.subj != "用户" {
			// A continuation about someone else ("我养了一只金毛，叫旺财"): it joins.
			if st.last >= 0 {
				out[st.last].Content = clip(out[st.last].Content + "，" + f.Content)
			}
			continue
		}
		switch {
		case len(preds) >= 2 || !ok:
			// Several things in one clause, or a continuation the patterns phrase.
			for _, p := range mine {
				out = append(out, p.Fact)
			}
		case len(mine) == 1 && mine[0].to >= from+utf8.RuneCountInString(text) && len(strings.Fields(string(s.r[from:max(from, mine[0].start)]))) <= 2:
			// The pattern phrases the whole clause ("I'm Tom" → "User's name is Tom").
			out = append(out, mine[0].Fact)
		default:
			if items := isList(f.Content); len(mine) < 2 && items != nil {
				// "I'm 52, Dutch, and a grandfather of three": one fact an item.
				for k, it := range items {
					g := classify("User is "+it, it, f.Confidence >= 0.85)
					if k == 0 && nameWord.MatchString(it) && !notName[strings.ToLower(it)] {
						g = Fact{Type: TypeProfile, Content: "User's name is " + it, Subject: "user", Predicate: "name", Confidence: 0.8}
					}
					g.Evidence = []int{idx}
					out = append(out, g)
				}
				break
			}
			if len(mine) > 0 {
				f.Type, f.Predicate = mine[0].Type, mine[0].Predicate
			}
			f.Evidence = []int{idx}
			out = append(out, f)
		}
		st.last = len(out) - 1
	}
	return out
}

func skipped(skip []int, from, to int) bool {
	for _, i := range skip {
		if i >= from && i < to {
			return true
		}
	}
	return false
}

// claim makes the fact of one clause. When it is not a claim but continues the one
// before (Chinese, no cue of its own), it returns ok false and the clause as Content.
func (st *claimState) claim(text string, ask bool) (Fact, bool) {
	remember := st.remember
	if m := discourseStrip(text); m.rest != text {
		text, remember = m.rest, remember || m.remember
	}
	if strings.HasPrefix(text, "本人") {
		text = "我" + text[len("本人"):]
	}
	latin, han := hasLatin(text), hasHan(text)
	if m := hedgeEN.FindStringIndex(head(text, 48)); latin && m != nil {
		text = text[m[1]-1:] // "I think I prefer the second option"
	}
	if text == "" {
		return Fact{}, false
	}
	if m := remindEN.FindStringIndex(head(text, 48)); latin && m != nil && m[1] < len(text) {
		return claimFact(clip("User asked to be reminded to "+rewriteEN(text[m[1]:], false)), "reminder", 0.8), true
	}
	if m := remindZH.FindStringIndex(head(text, 48)); han && m != nil && m[1] < len(text) {
		return claimFact(clip("提醒用户"+rewriteZH(text[m[1]:])), "reminder", 0.8), true
	}
	if m := callMe.FindStringSubmatch(head(text, 80)); latin && m != nil {
		return Fact{Type: TypeProfile, Content: clip("User goes by " + m[1]), Subject: "user", Predicate: "name", Confidence: 0.85}, true
	}
	if strings.HasSuffix(text, "吧") && !remember {
		return Fact{}, false // a suggestion: "我们这个问题以后再说吧"
	}
	if m := hereEN.FindStringSubmatch(head(text, 64)); latin && m != nil && !hereNot[strings.ToLower(strings.Fields(m[1])[0])] {
		// "Type 1 diabetic here"
		f := classify("User is "+article(m[1]), text, remember)
		return f, true
	}
	if m := asRoleEN.FindStringSubmatch(head(text, 64)); latin && m != nil {
		return classify("User is "+strings.ToLower(m[1])+" "+m[2], text, remember), true // "As a nurse, …"
	}
	if m := asRoleZH.FindStringSubmatch(head(text, 48)); han && m != nil {
		return classify("用户是"+m[1]+m[2], text, remember), true // "作为一个程序员，…"
	}
	if han && strings.Index(text, "叫我") > 0 && !strings.ContainsAny(text, "你您") {
		// "大家都叫我阿杰": a name; the patterns phrase it.
		st.subj = "用户"
		return classify(rewriteZH(text), text, remember), true
	}
	question := (ask && !remember) || han && (!prefilter || containsAny(text, questionZHNeed)) && questionZH.MatchString(text) && !remember || strings.HasSuffix(text, "?") || strings.HasSuffix(text, "？")
	if question && !remember {
		st.subj = ""
		return Fact{}, false
	}
	if m := subjectMatch(text); latin && m != nil && !questionEN.MatchString(head(text, 32)) {
		subj := strings.ToLower(text[m[4]:m[5]])
		rest := strings.TrimSpace(text[m[5]:])
		if strings.HasPrefix(subj, "i") && len(subj) > 1 {
			rest = strings.TrimSpace(subj[1:]) + " " + rest // "'d love a…", "am not sure"
		}
		if subj == "we" || subj == "we're" || subj == "we've" || subj == "our" {
			if notClaimWe.MatchString(head(rest, 48)) {
				return Fact{}, false
			}
		} else if subj == "my" && myThing.MatchString(head(rest, 32)) {
			return Fact{}, false
		} else if strings.HasPrefix(subj, "i") && notClaimEN.MatchString(head(rest, 64)) {
			return Fact{}, false
		}
		if meaningful(rest) < 2 {
			return Fact{}, false
		}
		st.subj = ""
		st.en = strings.HasPrefix(subj, "i")
		content := rewriteEN(text, true)
		return classify(content, text, remember), true
	}
	if latin && st.en && verbAt([]rune(strings.ToLower(text)), 0) {
		// "I'm from Brazil but live in Lisbon now": the same subject goes on.
		verb, tail, _ := strings.Cut(text, " ")
		return classify("User "+conjugate(strings.ToLower(verb))+" "+rewriteEN(tail, false), text, remember), true
	}
	if m := pronounsEN.FindString(text); latin && m != "" {
		return Fact{Type: TypeProfile, Content: "User's pronouns are " + strings.ToLower(m), Subject: "user", Predicate: "identity", Confidence: 0.8}, true
	}
	if m := leadVerbEN.FindStringSubmatchIndex(head(text, 48)); latin && m != nil && !strings.Contains(text, "?") && meaningful(text[m[1]:]) >= 4 {
		// "Been dealing with tennis elbow for weeks", "Got an interview on the 9th".
		lead := strings.ToLower(strings.Join(strings.Fields(text[m[2]:m[3]]), " "))
		content := "User " + leadVerbs[lead] + " " + rewriteEN(text[m[1]:], false)
		f := classify(content, text, remember)
		f.Confidence -= 0.1
		return f, true
	}
	if i := strings.Index(text, "我"); i >= 0 && timeZH.MatchString(text[:i]) && !strings.ContainsAny(text[:i], "你他她它是有") {
		rest := text[i+len("我"):]
		subj := "用户"
		switch {
		case strings.HasPrefix(rest, "们家"):
			subj, rest = "用户家", rest[len("们家"):]
		case ourPlace.MatchString(rest):
			subj, rest = "用户所在的", rest[len("们"):]
		case strings.HasPrefix(rest, "们"):
			if notClaimWe.MatchString(head(rest, 48)) {
				return Fact{}, false
			}
			subj, rest = "用户他们", rest[len("们"):]
		case strings.HasPrefix(rest, "的"):
			k := kinZH.FindString(rest[len("的"):])
			subj, rest = "用户的"+k, rest[len("的")+len(k):]
			if k == "" {
				subj, rest = "用户", "的"+rest
			}
		default:
			if k := kinZH.FindString(rest); k != "" {
				subj, rest = "用户的"+k, rest[len(k):]
			} else if notClaimZH.MatchString(head(rest, 48)) {
				st.subj = ""
				return Fact{}, false
			}
		}
		if meaningful(rest) < 2 {
			return Fact{}, false
		}
		st.subj = subj
		content := subj + strings.TrimSpace(text[:i]) + rewriteZH(rest)
		return classify(content, text, remember), true
	}
	if i := strings.Index(text, "我"); i > 0 && !strings.ContainsAny(text, "你您他她它") && !requestZH.MatchString(head(text, 24)) &&
		!objectVerbZH.MatchString(text[:i]) && !strings.HasPrefix(text[i:], "我们") && utf8.RuneCountInString(text[:i]) <= 12 &&
		!strings.ContainsAny(text[:i], "说讲问“\"「：:") {
		// "写东西我一般用 Typora", "甜豆花是我的最爱": the user, after a topic.
		if notClaimZH.MatchString(head(text[i+len("我"):], 48)) {
			return Fact{}, false
		}
		st.subj = "用户"
		f := classify(rewriteZH(text), text, remember)
		f.Confidence -= 0.1
		return f, true
	}
	if latin && !han && firstPersonEN.MatchString(text) && !imperativeEN.MatchString(head(text, 48)) && !questionEN.MatchString(head(text, 32)) &&
		!thirdEN.MatchString(text) && meaningful(text) >= 8 {
		// "Spreadsheets bore me to tears", "Home for me is a flat in Glasgow".
		f := classify("User: "+rewriteEN(text, false), text, remember)
		f.Confidence -= 0.15
		return f, true
	}
	if hasHan(text) && st.subj != "" && !contStop.MatchString(head(text, 24)) && !strings.Contains(text, "你") {
		if contMerge.MatchString(head(text, 24)) || !cueZH.MatchString(text) {
			return Fact{Content: rewriteZH(text)}, false
		}
		if notClaimZH.MatchString(head(text, 48)) {
			return Fact{}, false
		}
		return classify(st.subj+rewriteZH(contLead.ReplaceAllString(text, "")), text, remember), true
	}
	if remember && meaningful(text) >= 4 {
		if hasHan(text) {
			return classify("用户"+rewriteZH(text), text, true), true
		}
		return classify("User noted: "+strings.TrimRight(rewriteEN(text, false), "?？ "), text, true), true
	}
	st.subj = ""
	return Fact{}, false
}

type stripped struct {
	rest     string
	remember bool
}

// discourseStrip drops discourse words and requests to remember from the start of a
// clause, reporting the latter.
func discourseStrip(text string) stripped {
	out := stripped{rest: text}
	for range 4 {
		t := strings.TrimSpace(out.rest)
		m := discourseEN.FindStringSubmatchIndex(head(t, 80))
		if m == nil {
			m = discourseZH.FindStringSubmatchIndex(head(t, 80))
		}
		if m == nil || m[1] == 0 {
			out.rest = t
			return out
		}
		if m[2] >= 0 {
			out.remember = true
		}
		out.rest = t[m[1]:]
	}
	out.rest = strings.TrimSpace(out.rest)
	return out
}

// subjectMatch is subjectEN's submatch indexes, nil without running it when the first
// word of text cannot start a match.
func subjectMatch(text string) []int {
	first := strings.ToLower(text)
	if i := strings.IndexFunc(first, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' && r != '’' }); i >= 0 {
		first = first[:i] // the leading word: `I"000` starts with "i"
	}
	if prefilter && !subjectFirst[first] && !strings.HasPrefix(first, "i'") && !strings.HasPrefix(first, "i’") && !strings.HasPrefix(first, "we'") {
		return nil
	}
	return subjectEN.FindStringSubmatchIndex(head(text, 80))
}

var subjectFirst = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range words(`i my our we me every each most on in at this next last these by since for from today tomorrow
		tonight now right currently lately recently nowadays usually sometimes often then and so but plus starting until monday
		tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays saturdays sundays
		weekends weekdays mornings evenings both all one two three some later`) {
		m[w] = true
	}
	return m
}()

// head returns the first n bytes of s, cut back to a character boundary: the anchored
// expressions only look at the start of a clause, and Go's backtracker costs the length
// of its input times the size of the expression.
func head(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

var nameWord = regexp.MustCompile(`^\p{Lu}\p{Ll}+$`)

// listSep cuts "52, Dutch, and a grandfather of three" into its items.
var listSep = regexp.MustCompile(`\s*,\s*(?:and\s+)?|\s+and\s+`)

// isList returns the items of a claim "User is A, B and C" when it is a short list (2 to
// 5 items of at most 5 words, none with a verb of its own), else nil.
func isList(content string) []string {
	rest, ok := strings.CutPrefix(content, "User is ")
	if !ok || !strings.Contains(rest, ",") && !strings.Contains(rest, " and ") {
		return nil
	}
	items := listSep.Split(rest, -1)
	if !strings.Contains(rest, ",") && (len(items) != 2 || len(strings.Fields(items[0])) > 2 || len(strings.Fields(items[1])) > 2) {
		return nil // "28 and Brazilian", not "tired of meetings and emails"
	}
	if len(items) < 2 || len(items) > 5 {
		return nil
	}
	if len(strings.Fields(items[0])) > 3 || strings.HasSuffix(strings.Fields(items[0])[0], "ing") {
		return nil // not "heading out now, talk later"
	}
	for _, it := range items {
		w := strings.Fields(it)
		if len(w) == 0 || len(w) > 5 || listLead[strings.ToLower(w[0])] {
			return nil
		}
		for _, x := range w {
			if listVerb[strings.ToLower(x)] {
				return nil
			}
		}
	}
	return items
}

// listLead are first words of an elaboration, not an item ("pregnant, due in February").
var listLead = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range words("especially so just due nothing not also but which who like mostly in at on with for since because though although except plus even only still then") {
		m[w] = true
	}
	return m
}()

var listVerb = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range words("is am are was were have has had do does did work works live lives use uses like likes love loves go goes they i my their") {
		m[w] = true
	}
	return m
}()

// Literal prefilters of condEN, condZH and questionZH: each match contains one.
var (
	condENNeed     = words("if when once until after before suppose imagine assuming unless case were soon")
	condZHNeed     = words("如果 假如 假设 要是 的话 万一 倘若 假使 想象 等我 等你 等他 等到 一旦")
	questionZHNeed = words("什么 哪 怎么 为什么 为啥 多少 是不是 要不要 能不能 会不会 有没有 可不可以 该不该 好不好 对不对 行不行 吗 呢 吧")
)

// hasLatin reports whether s has an ASCII letter (English regexps need one).
func hasLatin(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c >= 'a' && c <= 'z' {
			return true
		}
	}
	return false
}

func claimFact(content, pred string, conf float64) Fact {
	return Fact{Type: TypeFact, Content: content, Subject: "user", Predicate: pred, Confidence: conf}
}

// claimKinds are the kinds of claim, tried in order on the clause: the first with one of
// its English words (whole words, lower case; a trailing * is a prefix), English phrases
// ("_" for a space) or Chinese strings gives the type and predicate. Word lists, not
// expressions: this runs on every claim, and Go's regexp costs the input's length times
// the expression's size.
var claimKinds = []struct {
	typ, pred string
	words     string // English words; "x*" matches a prefix
	phrases   string // English phrases, "_" for a space
	han       string // Chinese strings
	digits    bool   // a number of 1–3 digits is a cue
}{
	{TypeProfile, "name", "", "my_name call_me i_go_by", "名字 我叫 叫我", false},
	{TypePreference, "dislikes", "hate hates dislike dislikes detest", "don't_like don't_really_like don't_enjoy don't_love do_not_like doesn't_like dont_like can't_stand cannot_stand not_a_fan not_a_big_fan not_a_huge_fan not_into not_really_into not_much_of_a", "不喜欢 讨厌 受不了 反感 不爱 烦 不习惯", false},
	{TypeProfile, "health", "allerg* asthma* diabet* intoleran* surgery migraine* pregnan* injur* adhd autis* anxiety depress* covid physio* insomnia condition medication* sick disease* arthritis celiac coeliac", "blood_pressure", "过敏 哮喘 糖尿病 高血压 胃不好 手术 失眠 不耐受 腰椎 颈椎 近视 怀孕 病 疼 痛", false},
	{TypeProfile, "diet", "vegetarian vegan pescatarian keto kosher halal gluten* alcohol dairy", "don't_eat do_not_eat don't_drink never_eat no_red_meat", "吃素 素食 不吃 不喝 戒酒 减肥 控糖 忌口 节食", false},
	{TypePreference, "likes", "like likes love loves prefer prefers enjoy enjoys into favorite favourite rather adore go-to", "fan_of", "喜欢 最爱 偏好 偏爱 热爱 钟爱 习惯 prefer 爱吃 爱喝 爱看 爱听 爱玩", false},
	{TypeProfile, "habit", "every each usually daily weekly nightly always habit routine", "most_nights most_mornings most_days most_evenings most_weekends on_weekends", "每天 每周 每个 每晚 每月 每年 平时 一般 周末 通常 经常 习惯 每次", false},
	{TypeFact, "event", "tomorrow tonight next monday* tuesday* wednesday* thursday* friday* saturday* sunday* january february march april may june july august september october november december deadline appointment flight flying wedding interview conference due trip visiting exam defense offsite am pm", "this_week this_weekend this_month this_morning this_afternoon this_evening", "明天 后天 大后天 下周 下个月 下礼拜 这周 本周 周一 周二 周三 周四 周五 周六 周日 周天 周末 星期 礼拜 月底 月初 月 号 日 点 国庆 春节 假期 出差 开会 面试 考试 截止 到期 航班 婚礼 约了", false},
	{TypeProfile, "family", "daughter* son sons wife husband partner kid kids children mom mum mother dad father brother* sister* parents grand* twins baby girlfriend boyfriend fianc* dog dogs cat cats pet pets puppy kitten family in-law in-laws cousin* niece nephew aunt uncle roommate", "", "闺女 女儿 儿子 老婆 老公 妻子 丈夫 孩子 妈 爸 父母 哥 姐 弟 妹 外婆 奶奶 爷爷 外公 姥 女朋友 男朋友 对象 猫 狗 金毛 宠物 宝宝 家人", false},
	{TypeProfile, "job", "work works worked working job engineer developer programmer teacher nurse designer manager lead team company startup freelanc* intern employ* career doctor lawyer student studying study major retired founder consultant analyst researcher professor chef accountant pm ceo cto", "", "工作 上班 公司 团队 工程师 老师 教师 程序员 经理 律师 护士 实习 创业 离职 职业 学生 研究生 读书 上学 专业 退休 医生 会计 策划 运营 设计师 做前端 做后端", false},
	{TypeProfile, "location", "live lives lived living moved move from based commute house apartment hometown originally", "grew_up", "住 搬 老家 来自 家在 定居 通勤", false},
	{TypeProfile, "uses", "use uses using used code coding laptop machine setup editor computer phone linux mac macbook windows ide keyboard monitor vim neovim emacs vscode run runs deploy stack", "write_in vs_code", "用 电脑 手机 平板 装的 系统", false},
	{TypeProfile, "identity", "pronouns nationality citizen canadian american british chinese german french indian japanese korean", "years_old year_old", "岁 属 国籍", true},
}

// kindCues are claimKinds' lists, split once.
var kindCues = func() (out []struct {
	words                  map[string]bool
	prefixes, phrases, han []string
}) {
	out = make([]struct {
		words                  map[string]bool
		prefixes, phrases, han []string
	}, len(claimKinds))
	for i, k := range claimKinds {
		out[i].words = map[string]bool{}
		for _, w := range strings.Fields(k.words) {
			if strings.HasSuffix(w, "*") {
				out[i].prefixes = append(out[i].prefixes, w[:len(w)-1])
			} else {
				out[i].words[w] = true
			}
		}
		for _, p := range strings.Fields(k.phrases) {
			out[i].phrases = append(out[i].phrases, " "+strings.ReplaceAll(p, "_", " ")+" ")
		}
		out[i].han = strings.Fields(k.han)
	}
	return out
}()

// kindOf returns the index in claimKinds of a clause's kind, -1 when none fits.
func kindOf(clause string) int {
	lower := strings.ToLower(clause)
	toks := strings.FieldsFunc(lower, func(r rune) bool {
		return !(r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '-'))
	})
	spaced := " " + strings.Join(toks, " ") + " "
	han := hasHan(clause)
	for i, k := range claimKinds {
		c := &kindCues[i]
		for _, t := range toks {
			if c.words[t] {
				return i
			}
			for _, p := range c.prefixes {
				if strings.HasPrefix(t, p) {
					return i
				}
			}
			if k.digits && len(t) <= 3 && strings.Trim(t, "0123456789") == "" {
				return i
			}
		}
		for _, p := range c.phrases {
			if strings.Contains(spaced, p) {
				return i
			}
		}
		if han && containsAny(clause, c.han) {
			return i
		}
	}
	return -1
}

func containsAny(s string, need []string) bool {
	for _, w := range need {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// familyLead: a claim whose subject is someone of the user's family or a pet.
var familyLead = regexp.MustCompile(`(?i)^(?:User's|User and their)\s+(?:\w+\s+)?(?:daughters?|sons?|wife|husband|partner|kids?|children|mom|mum|mother|dad|father|brothers?|sisters?|parents|grand\w+|twins|baby|girlfriend|boyfriend|fianc\w*|dogs?|cats?|pets?|puppy|kitten|family|in-laws?|cousins?|niece|nephew|aunt|uncle)\b|^用户的(?:闺女|女儿|儿子|孩子|小孩|老婆|老公|媳妇|妻子|丈夫|爱人|对象|女朋友|男朋友|妈|爸|父母|哥|姐|弟|妹|外婆|外公|奶奶|爷爷|姥|家人|家猫|家狗|猫|狗|宝宝|大儿子|小儿子|大女儿|小女儿|双胞胎)`)

// classify types a claim by its words; what none fits is a fact. An explicit request to
// remember raises the confidence.
func classify(content, clause string, remember bool) Fact {
	if remember {
		content = strings.TrimRight(content, "?？ ") // "Could you remember that my dentist is Dr. Lee?"
	}
	f := Fact{Type: TypeFact, Content: clip(content), Subject: "user", Predicate: "about", Confidence: 0.7}
	if familyLead.MatchString(content) {
		f.Type, f.Predicate, f.Confidence = TypeProfile, "family", 0.75
		if remember {
			f.Confidence = 0.85
		}
		return f
	}
	if i := kindOf(clause); i >= 0 {
		f.Type, f.Predicate, f.Confidence = claimKinds[i].typ, claimKinds[i].pred, 0.75
	}
	if remember {
		f.Confidence = 0.85
	}
	return f
}

// English third-person rewrite.
var (
	enLead = []struct{ from, to string }{
		{"i am ", "User is "}, {"i'm ", "User is "}, {"i’m ", "User is "}, {"i've ", "User has "}, {"i’ve ", "User has "},
		{"i have ", "User has "}, {"i'd ", "User would "}, {"i’d ", "User would "}, {"i'll ", "User will "}, {"i’ll ", "User will "},
		{"i was ", "User was "}, {"i don't ", "User doesn't "}, {"i dont ", "User doesn't "}, {"i do not ", "User does not "},
		{"i do ", "User does "}, {"my ", "User's "}, {"our ", "User's "}, {"we're ", "User and family are "},
		{"we've ", "User and family have "}, {"we ", "User and family "}, {"me and my ", "User and their "},
	}
	enMid = strings.NewReplacer(" my ", " their ", " My ", " their ", " our ", " their ", " Our ", " their ", " I'm ", " they're ", " I’m ", " they're ",
		" I've ", " they've ", " I'd ", " they'd ", " I'll ", " they'll ", " I ", " they ", " me ", " them ",
		" myself", " themselves", " mine", " theirs", " me.", " them.", " me,", " them,")
	enAdverb = regexp.MustCompile(`(?i)^(?:(?:really|also|just|mostly|usually|always|often|sometimes|never|still|normally|typically|generally|currently|now|actually|only|rarely|totally|absolutely|definitely|personally|mainly|primarily|even|already|finally|recently|kind\s+of|kinda|honestly|seriously|genuinely|occasionally|regularly|basically)\s+)*`)
	enNoConj = func() map[string]bool {
		m := map[string]bool{}
		for _, w := range words(`can could will would should must might may used can't won't didn't cannot had was got went came
			made took saw did said bought thought found left felt kept began ran wrote met sent spent built paid lost won grew knew
			flew drove ate drank slept woke broke chose forgot gave told heard held sat stood taught caught fell brought sold quit
			put set cut hit let shut read became began swam sang rode hung led lent meant understood`) {
			m[w] = true
		}
		return m
	}()
)

// rewriteEN puts an English clause in the third person: "I prefer small, focused
// commits" → "User prefers small, focused commits"; with lead false only the inside
// ("renew my passport" → "renew their passport").
func rewriteEN(clause string, lead bool) string {
	c := strings.TrimSpace(clause)
	out := c
	if lead {
		m := subjectMatch(c)
		pre, body := "", c
		if m != nil {
			pre, body = strings.TrimSpace(c[:m[4]]), c[m[4]:]
		}
		if m := pairSubject.FindStringSubmatchIndex(body); m != nil {
			// "My partner and I are…" → "User and their partner are…"
			body = "User and their " + body[m[2]:m[3]] + body[m[1]:]
		}
		lower := strings.ToLower(body)
		done := strings.HasPrefix(body, "User and their ")
		for _, l := range enLead {
			if strings.HasPrefix(lower, l.from) {
				body, done = l.to+body[len(l.from):], true
				break
			}
		}
		if done && strings.HasPrefix(body, "User and family") && containsAny(strings.ToLower(c), workWords) {
			body = "User's team" + strings.TrimPrefix(body, "User and family")
		}
		if !done && (strings.HasPrefix(lower, "i ")) {
			rest := body[2:]
			adv := enAdverb.FindString(rest)
			verb, tail, _ := strings.Cut(rest[len(adv):], " ")
			body = "User " + adv + conjugate(verb) + spaceIf(tail)
		}
		if pre != "" {
			// "Every Tuesday I teach…" → "User teaches … every Tuesday"; conjunctions go.
			pre = strings.TrimSpace(conjRE.ReplaceAllString(strings.TrimRight(pre, ", "), ""))
			if pre != "" {
				body = strings.TrimRight(body, " ,") + " " + strings.ToLower(pre[:1]) + pre[1:]
			}
		}
		out = body
	}
	out = strings.TrimSpace(enMid.Replace(" " + out + " "))
	return trimTail(out)
}

// hereNot are first words of "X here" that do not describe the user ("nothing to see here").
var hereNot = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range words("nothing something anything everything everyone everybody nobody someone anyone who what it it's this that same not no just all ok okay hi hello hey thanks thank same back still look see come get over") {
		m[w] = true
	}
	return m
}()

// article puts "a" or "an" before a noun phrase that starts with a letter or a digit.
func article(x string) string {
	x = strings.TrimSpace(x)
	if x == "" {
		return x
	}
	if strings.ContainsRune("aeiouAEIOU8", rune(x[0])) {
		return "an " + lowerFirst(x)
	}
	return "a " + lowerFirst(x)
}

func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || (r == 'I' && (len(s) == 1 || !unicode.IsLetter(rune(s[1])))) {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}

func spaceIf(s string) string {
	if s == "" {
		return ""
	}
	return " " + s
}

var conjRE = regexp.MustCompile(`(?i)^(?:(?:and|so|but|plus|then)\b[\s,]*)+`)

var pairSubject = regexp.MustCompile(`(?i)^(?:my|our)\s+([a-z]+(?:\s+[a-z]+)?)\s+and\s+I\b`)

var workWords = words("work team company office startup project colleagues job")

// conjugate puts a base-form verb in the third person singular.
func conjugate(v string) string {
	lv := strings.ToLower(v)
	switch {
	case v == "" || enNoConj[lv] || strings.HasSuffix(lv, "ed") && !strings.HasSuffix(lv, "eed") || strings.ContainsAny(lv, "'’") || !isLower(v):
		return v
	case lv == "have":
		return "has"
	case lv == "do", lv == "go":
		return v + "es"
	case lv == "be":
		return "is"
	case strings.HasSuffix(lv, "s") || strings.HasSuffix(lv, "sh") || strings.HasSuffix(lv, "ch") || strings.HasSuffix(lv, "x") || strings.HasSuffix(lv, "z"):
		return v + "es"
	case len(lv) > 1 && strings.HasSuffix(lv, "y") && !strings.ContainsRune("aeiou", rune(lv[len(lv)-2])):
		return v[:len(v)-1] + "ies"
	}
	return v + "s"
}

func isLower(s string) bool {
	for _, r := range s {
		if !unicode.IsLower(r) {
			return false
		}
	}
	return true
}

// trimTail drops trailing discourse: ", by the way", ", lol", "，哈哈", "，帮我记一下".
var tailRE = regexp.MustCompile(`(?i)[\s,，]*(?:by\s+the\s+way|btw|lol|haha|fyi|just\s+so\s+you\s+know|哈哈+|嘿嘿|(?:帮我|请|你)?(?:记一下|记住|记着|记下来|记好)(?:哦|啊|吧)?|谢谢)[\s.!。！~～]*$`)

func trimTail(s string) string {
	if prefilter && !containsAny(strings.ToLower(s), tailNeed) {
		return strings.TrimSpace(s)
	}
	return strings.TrimSpace(tailRE.ReplaceAllString(s, ""))
}

var tailNeed = words("way btw lol haha fyi know 哈哈 嘿嘿 记一下 记住 记着 记下 记好 谢谢")

// rewriteZH puts the rest of a Chinese clause in the third person: 我的/我 → 用户的/用户.
func rewriteZH(s string) string {
	s = trimTail(s)
	s = strings.ReplaceAll(s, "我们", "用户他们")
	s = strings.ReplaceAll(s, "我的", "用户的")
	for _, k := range []string{"闺女", "女儿", "儿子", "孩子", "老婆", "老公", "妈", "爸", "家"} {
		s = strings.ReplaceAll(s, "我"+k, "用户的"+k)
	}
	s = strings.ReplaceAll(s, "我", "用户")
	if utf8.RuneCountInString(s) > 0 {
		s = trimTail(strings.TrimSpace(s))
	}
	return s
}
