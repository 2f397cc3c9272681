package facts

import ()

// The expressions and word lists claims.go reads a clause with.

// Parts of a clause.
var (
	// discourse words before a claim, and explicit requests to remember it (group 1).
	discourseEN = lazy(`(?i)^(?:(?:oh|ok|okay|so|also|and|but|plus|btw|by\s+the\s+way|fyi|fwiw|tbh|imo|ngl|ugh|welp|anyways|for\s+context|for\s+the\s+record|background|context|important|quick\s+intro|quick\s+context|intro|about\s+me|a\s+few\s+things\s+about\s+me|some\s+context|well|hi|hey|hello|yeah|yes|again|honestly|actually|anyway|oh\s+and|(?:just\s+)?a\s+(?:quick\s+)?heads[- ]up(?:\s+that)?|heads[- ]up(?:\s+that)?|just\s+fyi|(?:hi|hey|hello)\s+there|good\s+(?:morning|afternoon|evening))[\s,:!.—–-]+` +
		`|((?:please\s+|can\s+you\s+(?:please\s+)?|could\s+you\s+(?:please\s+)?)?(?:remember|note|keep\s+in\s+mind|don't\s+forget|do\s+not\s+forget|make\s+a\s+note|save\s+this(?:\s+for\s+later)?|just\s+so\s+you\s+know|for\s+your\s+(?:info|information))(?:\s+(?:that|this))?(?:\s+for\s+later)?(?:\s*[:,—–-]\s*|\s+)))`)
	discourseZH = lazy(`^(?:(?:先)?(?:说下|说一下|介绍下|介绍一下|讲下|讲一下|简单说下|简单说一下)?(?:我的)?(?:情况|背景|基本信息|个人信息)(?:是|如下)?[:：，,]\s*|(?:对了|另外|还有|顺便说一下|顺便说下|顺便提一下|简单介绍一下|介绍一下|自我介绍一下|其实|说实话|老实说|嗯嗯|嗯|哦|噢|好的|好[\s，,：:！!~～]|那个|是这样的|是这样|补充一下|提一下|你好|您好|hi|Hi|hello|Hello|对[\s，,：:！!~～]|重要)[\s，,：:！!~～]*` +
		`|((?:这个|这件事|这些)?(?:请|你|麻烦你?)?(?:帮我|帮忙)?\s*(?:记住|记一下|记下|记着点?|记着|记好|记下来|备忘一下|备注一下|别忘了|不要忘了|千万别忘了|remember\s*一下|remember|备忘|备注)(?:一下)?[\s，,：:！!]*))`)
	rememberOnly = lazy(`(?i)^(?:(?:到时候|记得|请|你|麻烦你?)*提醒我(?:一下|一声)?|(?:请|你|麻烦你?|帮我|帮忙)?(?:记住|记一下|记下|记着点?|记着|记好|记下来|备忘一下|别忘了|remember一下)(?:一下|了|哦|啊|哈|吧|啦)*|(?:please\s+)?(?:remember|note|save|keep)\s+(?:this|that)(?:\s+(?:for\s+me|please))?|(?:please\s+)?remember|(?:please\s+)?(?:don't\s+forget|note\s+it\s+down|write\s+that\s+down))[\s.!。！~～]*$`)
	remindEN     = lazy(`(?i)^(?:please\s+|can\s+you\s+|could\s+you\s+)?remind\s+me\s+(?:to\s+|that\s+|about\s+)?`)
	remindZH     = lazy(`^(?:请|麻烦你?|记得)?提醒我(?:一下)?[\s，,：:]*`)

	// subject: the user, after words of time and place ("Every Tuesday I…", "下周三我…").
	subjectEN = lazy(`(?i)^((?:(?:every|each|most|on|in|at|this|next|last|these|by|since|for|from|today|tomorrow|tonight|now|right\s+now|currently|lately|recently|nowadays|usually|sometimes|often|then|and|so|but|plus|starting|until|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekends|weekdays|mornings|evenings|both|all|one|two|three|some|most|later)\b[^,;.!?]{0,30}?[,\s]+)?)(i'm|i’m|i've|i’ve|i'd|i’d|i'll|i’ll|i\s+am|i|my|our|we're|we've|we|me\s+and\s+my)\b`)
	timeZH    = lazy(`(?i)^(?:[\p{Han}0-9A-Za-z:： ]*(?:年|月|日|号|周|星期|礼拜|天|今|明|后天|昨|晚|早|中午|下午|上午|点|节|假|末|平时|每|现在|目前|最近|之前|以前|去年|今年|明年|下个|上个|这个|这周|本周|以后|刚|马上|monday|tuesday|wednesday|thursday|friday|saturday|sunday|next|tomorrow|tonight|week|month|weekend)[\p{Han}0-9A-Za-z:： ]*)?$`)

	// questions, hypotheticals.
	questionEN = lazy(`(?i)^(?:do|does|did|is|are|was|were|can|could|would|will|should|shall|may|might|have|has|what|what's|how|why|where|when|who|which|whose|am\s+i|any|anyone)\b`)
	questionZH = lazy(`什么|哪|怎么|为什么|为啥|多少|是不是|要不要|能不能|会不会|有没有|可不可以|该不该|好不好|对不对|行不行|吗|呢[。.!！~～]*$|吧[？?]|咋|有啥|是啥|干啥|啥(?:办法|好|意思|时候|样|区别|推荐)|(?:能|可以|行|会)\p{Han}{1,8}(?:不|没)$`)
	condEN     = lazy(`(?i)^(?:if|when|whenever|once|until|after|before|suppose|supposing|imagine|assuming|unless|in\s+case|what\s+if|even\s+if|as\s+soon\s+as|hypothetically|theoretically)\b|\bif\s+i\s+(?:were|was|had|could|lived)\b|\bwere\s+i\b`)
	condZH     = lazy(`如果|假如|假设|要是|的话|万一|倘若|假使|想象|等(?:我|你|他|到)|一旦`)

	// what a first-person clause says that is not a fact about the user: opinions on the
	// conversation, passing states, requests to the assistant, hedges and plans to reply.
	notClaimEN = lazy(`(?i)^(?:(?:just|really|also|so|very|quite|pretty|super|a\s+bit|a\s+little|kind\s+of|kinda|totally|completely|actually|honestly|still|now|only|even|all|too)\s+)*` +
		`(?:'m|’m|am|was|'ll|’ll|will|'d|’d|would)?\s*(?:(?:just|really|also|so|very|quite|pretty|super|a\s+bit|a\s+little|kind\s+of|kinda|totally|completely|actually|honestly|still|now|only|even|all|too)\s+)*` +
		`(?:not\s+(?:really\s+|quite\s+|totally\s+|entirely\s+)?sure|(?:almost|nearly)\s+(?:done|finished|there)|(?:'ve\s+|’ve\s+)?been\s+meaning\s+to|meaning\s+to|gonna\s+(?:grab|get|go|head|take|make|try|ask|check)|going\s+to\s+(?:grab|take|make\s+(?:a|some))|need\s+to\s+(?:buy|get|grab|pick\s+up|call|email|finish|send|pay|book|do)|sure|sorry|glad|happy\s+to|afraid|wondering|curious|confused|lost|stuck|kidding|joking|following|logging\s+off|signing\s+off|back|here|ready|done|fine|good|ok|okay|alright|great|tired|exhausted|bored|hungry|thirsty|sleepy|stressed|nervous|excited|upset|annoyed|frustrated|thinking|trying|looking\s+(?:for|at|into)|going\s+to\s+(?:ask|try|need|send|paste|share|give|check|go|be\s+honest)|about\s+to|asking|writing\s+to|not\s+certain|impressed|grateful|thankful|amazed|surprised|disappointed|working\s+on\s+(?:it|this|that)|on\s+(?:it|my\s+way)|heading\s+(?:out|home|off|back)|at\s+the\s+(?:airport|station|office|gym|store|doctor's)|at\s+(?:work|home|school)\s*$|in\s+a\s+(?:meeting|call)|got\s+home|getting\s+(?:ready|home)|off\s+to\s+(?:bed|sleep)|brb|afk|think|thought|guess|suppose|believe|feel\s+like|wonder|wondered|hope|wish|mean|meant|see|saw\s+that|know|knew|understand|agree|disagree|bet|doubt|assume|imagine|appreciate|apologi[sz]e|forgot|need\s+(?:you|help|a|an|the|some|to\s+know|more|it|this|that|to\s+(?:write|know|figure|find|ask|decide|choose|pick|understand|learn\s+how|come\s+up))|want\s+(?:you|a|an|the|some|to\s+know|it|this|that|to\s+(?:buy|get|order|find|see|watch|eat|cook|go|try|ask|check|make\s+sure))|'d\s+(?:like|love|appreciate|say|suggest|be\s+(?:happy|glad|grateful))|would\s+(?:like|love|appreciate|say|suggest|be)|could|should|might|may|must|can't\s+believe|try\s+(?:it|this|that|again|later)|check|let|get\s+back|be\s+back|look\s+into|do\s+that|have\s+a\s+(?:question|quick\s+question|problem|request|favor)|just\s+wanted|wanted\s+to|got\s+it|get\s+it|love\s+(?:it|this|that|you|your|how)|like\s+(?:it|this|that|your|how)|hate\s+(?:it|this|that)(?:\s*[.!]*$)|said|told|asked|tried|did|didn't|don't\s+(?:really\s+|even\s+)?(?:know|think|understand|get|see|care|mind|remember)|have\s+no\s+idea|can't\s+remember|cannot\s+remember|can't\s+recall|used\s+to|probably|maybe|can't\s+wait|promise|owe\s+you|see\s+you|just\s+realized)\b`)
	notClaimZH = lazy(`^(?:也|还|就是|就|都|真的|其实|只是|之前|刚才|刚|刚刚|现在|马上|先|再|有点|有些|挺|很|好|太|真|可|以后|将来|未来|总|今天|今晚|这会儿|这两天)*` +
		`(?:觉得|认为|想问|想知道|想了解|想请|想让|想要|想|不知道|不确定|不太确定|不是很确定|不太清楚|不是很清楚|不清楚|在想|猜|希望你|需要你|要你|让你|请你|明白|知道|懂|同意|看看|看一下|试试|试一下|也是|还好|没事|很好|挺好|不错|累|饿|困|回来了|来了|来啦|刚才|问|说|看不清|看不懂|听不懂|不明白|是说|的意思|随便|感觉|谢谢|喜欢你|爱你|很忙|好忙|忙|要一|需要一|要个|需要个|打算问|应该|是不是|能不能|可不可以|会不会|该不该|要不要|去吃|去睡|紧张|开心|高兴|难过|郁闷|无聊|烦死|可能|估计|大概|感谢|错了|同意|理解|收到|看到了|查一下|找一下|帮你|给你|跟你|和你|是在问|不懂|好奇|有个问题|有一个问题|有问题|有几个问题|不太懂|不是很懂|看了|看到了|试了|下班|起床|到家|回家了|在路上|在地铁|在车上|在外面|在开会|在吃饭|在忙|喜欢这|喜欢那|爱这|讨厌这|讨厌那|受不了这|累死|等下|等一下|等会|待会|回头|一会|这边|那边|看到|听说|听到|心情|情绪|问过|在考虑|考虑)`)
	// notClaimWe: "我们继续吧", "we can start".
	notClaimWe = lazy(`(?i)^(?:们)?(?:继续|开始|来|先|再|聊|看|讨论|一起|可以|能不能|要不要|试试)|^(?:can|could|should|will|'ll|might|may|need\s+to\s+talk|continue|start|(?:(?:'re|’re|are)\s+)?(?:thinking|wondering|considering|not\s+sure|debating|curious))\b|^(?:们)?(?:在|还在|正在)?(?:考虑|商量|纠结|犹豫)`)

	leadVerbEN = lazy(`(?i)^(big\s+fan\s+of|huge\s+fan\s+of|not\s+a\s+(?:big\s+|huge\s+)?fan\s+of|just\s+got|got|been|just\s+started|started|just\s+finished|finished|just\s+moved|moved|heading|flying|off\s+to|currently\s+working|working|living|just\s+bought|can't\s+(?:have|eat|drink|do)|cannot\s+(?:have|eat|drink|do)|bought|recently\s+started|have\s+been|gonna\s+be|going\s+to\s+be|just\s+turned|turned|grew\s+up|born\s+and\s+raised|born|had|not\s+(?:really\s+)?into|trying\s+to|originally\s+from|going\s+on|majoring\s+in|minoring\s+in|(?:do|doing)\s+deliveries|drive\s+for|driving\s+for|deliver\s+for|delivering\s+for)\s+`)
	leadVerbs  = map[string]string{"big fan of": "is a big fan of", "huge fan of": "is a huge fan of", "not a fan of": "is not a fan of",
		"not a big fan of": "is not a big fan of", "not a huge fan of": "is not a huge fan of", "just got": "just got", "got": "got", "been": "has been", "just started": "just started",
		"started": "started", "just finished": "just finished", "finished": "finished", "just moved": "just moved", "moved": "moved",
		"heading": "is heading", "flying": "is flying", "off to": "is off to", "currently working": "is currently working",
		"working": "is working", "can't have": "can't have", "can't eat": "can't eat", "can't drink": "can't drink", "can't do": "can't do",
		"cannot have": "cannot have", "cannot eat": "cannot eat", "cannot drink": "cannot drink", "cannot do": "cannot do", "living": "is living", "just bought": "just bought", "bought": "bought",
		"recently started": "recently started", "have been": "has been", "gonna be": "is going to be", "going to be": "is going to be",
		"just turned": "just turned", "turned": "turned", "grew up": "grew up", "born and raised": "was born and raised", "born": "was born",
		"had": "had", "not into": "is not into", "not really into": "is not really into",
		"trying to": "is trying to", "originally from": "is originally from", "going on": "is going on",
		"majoring in": "is majoring in", "minoring in": "is minoring in", "do deliveries": "does deliveries", "doing deliveries": "is doing deliveries",
		"drive for": "drives for", "driving for": "is driving for", "deliver for": "delivers for", "delivering for": "is delivering for"}
	// leadObjectEN: "Got it, thanks", "Been there": the lead verb's object is the talk itself.
	leadObjectEN  = lazy(`(?i)^(?:it|this|that|you|there|here|ya|yeah)\b`)
	namesEN       = lazy(`(?i)^(?:the\s+|my\s+)?name'?s\s+(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)`)
	firstPersonEN = lazy(`(?i)\b(?:I|I'm|I've|I'd|I'll|me|my|mine|myself)\b`)
	imperativeEN  = lazy(`(?i)^(?:please\s+|pls\s+|kindly\s+|now\s+|ok\s+|okay\s+|so\s+)*(?:here's|here\s+is|here\s+are|tell|give|show|help|let|let's|write|make|find|send|explain|draft|translate|create|list|remind|check|fix|summari[sz]e|teach|walk|get|take|bring|call|email|text|ask|trust|believe|excuse|forgive|pardon|thank|thanks|thx|ty|can|could|would|will|do|don't|use|keep|stop|sorry|hey|hi|hello|wait|hold|look|see|go|come|try|remember|forget|put|add|set|read|review|compare|suggest|recommend|plan|build|implement|convert|rewrite|proofread|calculate|describe|outline|sign|pick|choose|answer|reply|respond|no\s+worries|no\s+problem|nice|great|cool|awesome|wow|ok|okay|yes|yeah|yep|nope|lol|haha|good|sounds|that\s+works|that's|this\s+is|it's|it\s+was|you)\b`)
	thirdEN       = lazy(`(?i)["“”「」]|^(?:it|this|that|these|those|which)\b|\b(?:quote|quoted|saying|proverb|lyrics?|line\s+from)\b|\b(?:he|she|they|his|her|their|him)\s+(?:said|says|told|thinks|asked|wrote)\b|\b(?:said|says|told\s+me)\b|\bme\s+(?:too|neither|either)\b`)
	requestZH     = lazy(`^(?:请|麻烦|帮我|帮忙|给我|告诉我|让我|教我|替我|能不能|可不可以|可以|想请|陪我|带我|问我|跟我|和我|叫我|求|快|赶紧|记得|别|不要|写(?:一|个|首|篇|段|封|份)|翻译|总结|造|举|列|推荐|解释|讲|画|生成|查|算|改|把|用[“「"])`)
	objectVerbZH  = lazy(`(?:让|给|帮|请|叫|跟|和|对|被|把|替|教|告诉|问|陪|带|找|送|借|催|约|等|逗|骗|吓|说|像|比|为|向|同|死|坏|疯|哭|醒)$`)
	asRoleEN      = lazy(`(?i)^(?:as|being)\s+(an?)\s+([a-z][a-z -]{1,40})$`)
	// asSomeoneEN: "As someone who's colorblind, …", "as a person with ADHD" (claims.go).
	asSomeoneEN = lazy(`(?i)^as\s+(?:someone|somebody|a\s+person|a\s+guy|a\s+woman|a\s+man|one)\s+(who(?:'s|’s|\s+is|\s+has|\s+was)?|with)\s+([a-z0-9][a-z0-9 '’/-]{1,50})$`)
	asRoleZH    = lazy(`^作为(一个|一名|一位|一枚|个)?([\p{Han}A-Za-z]{2,12})$`)
	ourPlace    = lazy(`^们(?:公司|团队|部门|组|学校|项目|单位|小区|班)`)
	pronounsEN  = lazy(`(?i)\b(?:she/her|he/him|they/them|she/they|he/they|xe/xem|ze/zir)\b`)
	hereEN      = lazy(`(?i)^([a-z0-9][a-z0-9 -]{2,40}?)\s+here(?:[,.!;]|$)`)
	whenItComes = lazy(`(?i)^when\s+it\s+comes\s+to\b`)
	hedgeEN     = lazy(`(?i)^i\s+(?:think|guess|feel\s+like|suppose|believe)\s+(?:that\s+)?(?:i\b)`)
	callMe      = lazy(`(?i)^(?:you\s+can\s+|just\s+|please\s+)?call\s+me\s+(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)`)
	// myThing: "my code compiles", "my build failed" are the work at hand, not the user.
	myThing = lazy(`(?i)^(?:code|script|function|program|build|app|test|tests|query|class|output|pr|branch|commit|repo|server|api|endpoint|question|answer|point|bad|mistake|message|previous|last|first|request|prompt|order|package|parcel|delivery|battery)\b|^[\w'-]+(?:\s+[\w'-]+)?\s+(?:keeps|kept|won't|wont|doesn't|didn't|isn't\s+working|stopped|crashed|crashes|froze|freezes|broke|is\s+(?:broken|slow|dead|dying|acting|not\s+working|down)|died|hasn't\s+arrived)\b`)
	// kin and possessions after 我 ("我老婆叫小雨" is about the user's wife).
	kinZH = lazy(`^(?:家里那位|(?:家里)?(?:俩|两个)(?:娃|孩子|儿子|闺女|女儿)|闺女|女儿|儿子|孩子|小孩|老婆|老公|媳妇|妻子|丈夫|爱人|对象|女朋友|男朋友|未婚妻|未婚夫|妈妈|妈|爸爸|爸|父母|爸妈|哥哥|哥|姐姐|姐|弟弟|弟|妹妹|妹|外婆|外公|奶奶|爷爷|姥姥|姥爷|家人|家猫|家狗|猫|狗|室友|同事|老板|领导|朋友|同学|导师|舅舅|姑姑|阿姨|叔叔|婆婆|公公|岳父|岳母|宝宝|大儿子|小儿子|大女儿|小女儿|表哥|表姐|表妹|表弟|堂哥|堂姐|侄子|侄女|外甥|双胞胎|\s*(?i:wife|husband|partner|boyfriend|girlfriend|mom|mum|dad|son|daughter|kids?|parents|brother|sister|boss)\b)`)
	// cueZH: a continuation with one of these is a claim of its own; without, it says
	// more about the claim before it and joins it ("我老公在银行上班，经常加班").
	cueZH     = lazy(`喜欢|讨厌|爱|用|住|真名|本名|名字|娃|^(?:今年|已经|刚满|快|才|马上).{0,6}岁|^今年\d|^今年[一二三四五六七八九十]|^\d{1,3}\s*岁|^[一二三四五六七八九十]{1,3}岁|退休|毕业|夜班|倒班|全职|兼职|^\d{2}后|^[\p{Han}]{1,4}人$|^属.|座$|打工|离异|离婚|已婚|未婚|单身|丧偶|当|找工作|在读|读研|读博|大[一二三四]|研[一二三]|博[一二三四]|定居|长大|偶尔|有时|病|症|过敏|一枚$|儿子|女儿|孩子|老大|老二|老公|老婆|爸|妈|在.{1,12}(?:工作|上班|读书|上学|实习|打工)|做|养|有|过敏|不吃|不喝|吃素|控糖|减肥|健身|备孕|戒|每|周末|平时|习惯|去|来自|老家|家在|搬|学|考|参加|开会|面试|出差|结婚|offer|prefer|like|use`)
	contMerge = lazy(`^(?:是|因为|所以|因此|然后|用了|结果|导致|尤其|特别是|比如|例如|包括|已经|一共|大概|主要|基本)`)
	contLead  = lazy(`^(?:但是|但|不过|可是|而且|并且|也)+`)
	contStop  = lazy(`^(?:哈哈|谢谢|嗯|好的|对吧|是吧|你|您|他|她|它|这|那|大家|别人|别|不要|请)`)
)

// Literal prefilters of condEN, condZH and questionZH: each match contains one.
var (
	condENNeed     = words("if when once until after before suppose imagine assuming unless case were soon hypothetically theoretically")
	condZHNeed     = words("如果 假如 假设 要是 的话 万一 倘若 假使 想象 等我 等你 等他 等到 一旦")
	questionZHNeed = words("什么 哪 怎么 为什么 为啥 多少 是不是 要不要 能不能 会不会 有没有 可不可以 该不该 好不好 对不对 行不行 吗 呢 吧 咋 啥 能 可以 行 会")
)
