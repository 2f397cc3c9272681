package facts

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dlclark/regexp2"
)

// kind is a category of cue. A sentence is read for every kind its speaker may give;
// see scan for their precedence.
type kind int

const (
	kLesson  kind = iota // errors' causes and lessons learned → error
	kRule                // standing rules → rule
	kProfile             // identity: name, job, employer, place, tools → profile
	kPref                // preferences and dislikes → preference
	kDone                // completions → fact
	kError               // errors and failures → error
	kinds
)

// pattern is one cue: a regexp2 expression over a sentence and what it makes of a match.
type pattern struct {
	// need, when not nil, are strings one of which every match contains (lower case):
	// a sentence with none of them is not run through re, which is far slower.
	need []string
	re   *lazy2
	// askOK lets the pattern fire in a question ("Can you help me…?", "以后能不能…？").
	// Errors also fire in a why-question, which presupposes them ("why does my build
	// keep failing?").
	askOK bool
	build func(m *regexp2.Match, s *sentence) (Fact, bool)
}

func words(s string) []string { return strings.Fields(s) }

// prefilter is off only in the test that checks it changes no result.
var prefilter = true

// has reports whether the sentence contains one of need (lower case).
func (s *sentence) has(need []string) bool {
	if need == nil || !prefilter {
		return true
	}
	if found, ok := s.hasListed(need, false); ok { // needscan.go
		return found
	}
	return containsAnyOf(s.lower, s.class, need)
}

// matches reports whether x matches r. regexp2 fails only on a timeout, and these
// expressions have none.
func matches(x *lazy2, r []rune) bool {
	ok, _ := x.MatchRunes(r)
	return ok
}

// Building blocks of the expressions.
const (
	// lb and rb are word boundaries for Latin words: regexp2's \b counts Han characters
	// as word characters, so "用Python" has none before "Python".
	lb = `(?<![A-Za-z0-9_'])`
	rb = `(?![A-Za-z0-9_])`

	// enStop ends an English object: the end of a clause or a conjunction.
	enStop = `(?=\s*(?:$|[,;:!?。，；！？]|\.(?:\s|$)|\s(?i:but|because|since|although|though|as\s+long\s+as|when|whenever|if|unless|so\s+that|and\s+I|and\s+my)` + rb + `))`
	enObj  = `(?<x>[^,;:!?。，；！？]{1,120}?)` + enStop
	// usesStop also ends a tool's name before what it is used for.
	usesObj = `(?<x>[^,;:!?。，；！？]{1,80}?)(?=\s*(?:$|[,;:!?。，；！？]|\.(?:\s|$)|\s(?i:for|to|at|on|in|because|when|whenever|since|but|as|instead|every|daily|and\s+I)` + rb + `))`

	// zhAdv are the adverbs between 我 and a verb.
	zhAdv  = `(?:很|非常|特别|比较|最|也|还|一直|挺|真的|超|超级|蛮|更|都|还是|向来|一向|平时|其实|本人|可|真|确实|就|本来就)*`
	zhStop = `(?=$|[，,。！!？?；;：:]|\.(?:\s|$)|但|但是|不过|因为|所以|可是|而且|并且)`
	zhObj  = `(?<x>[^，,。！!？?；;：:]{1,60}?)` + zhStop
	// zhSubj is the user as subject: 我, or nothing at the start of a clause that follows
	// one beginning with 我 ("我叫李明，是一名工程师"; checked by clauseOfMine).
	zhSubj = `(?:(?<me>我)|(?<=[，,]\s*))`

	nameTok  = `(?:\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*){0,2}|\p{Han}{2,4})`
	placeTok = `(?:(?:the\s+)?\p{Lu}[\p{L}.'-]*(?:(?:\s+|,\s*)\p{Lu}[\p{L}.'-]*){0,3}|\p{Han}{2,10})`
	jobNoun  = `(?:engineer|developer|programmer|designer|manager|teacher|student|doctor|nurse|scientist|researcher|analyst|writer|lawyer|consultant|architect|accountant|artist|founder|co-?founder|professor|chef|pharmacist|freelancer|entrepreneur|journalist|editor|photographer|musician|marketer|recruiter|intern|dentist|therapist|pilot|economist|mathematician|physicist|chemist|biologist|translator|librarian|lecturer|tester|sysadmin|administrator|technician|mechanic|electrician|farmer|product\s+owner|cto|ceo|vp)s?`
	zhJob    = `(?:工程师|程序员|设计师|产品经理|项目经理|经理|老师|教师|学生|大学生|研究生|博士生|医生|护士|律师|研究员|分析师|作家|会计|架构师|教授|厨师|创业者|开发者|开发|运营|销售|记者|编辑|摄影师|翻译|顾问|主管|总监|实习生|测试|运维|科学家|司机|公务员|自由职业者|博士|画家|演员|歌手|老板|店长|HR|CEO|CTO)`
)

// Gates on a whole sentence, or on the text before a cue.
var (
	askEnd       = re(`(?:[?？]|(?:吗|呢|嘛|么)[。.!！~～]*)["”」』)）']*\s*$`)
	askStart     = re(`^(?i:(?:do|does|did|is|are|was|were|can|could|would|will|should|shall|may|might|have|has|what|what's|whats|how|why|where|when|who|which|whose|am\s+i)` + rb + `)`)
	whyAsk       = re(`^(?i:why|how\s+come)` + rb + `|^为什么|^为啥|^怎么(?:又|老是|总是)`)
	statementEnd = re(`[.!。！]["”」』)）']*\s*$`)

	// reported speech: someone else's words ("my friend said she hates cilantro").
	reported = re(lb + `(?i:(?:he|she|they|someone|somebody|people|everyone|everybody|(?:my|his|her|their|our)\s+[a-z]+|the\s+(?!error|log|logs|message|output|console|docs|documentation|compiler|terminal|test|tests|build)[a-z]+)\s+(?:(?:always|once|just|also|then|apparently)\s+)?(?:said|says|say|told\s+me|tells\s+me|thinks|thought|believes|mentioned|claims|claimed|wrote|writes|asked|asks))` + rb +
		`|\p{Lu}\p{Ll}+\s+(?:said|says|told\s+me|thinks|mentioned)` + rb +
		`|\p{Han}\s*(?:said|says|told\s+me|thinks)` + rb + `|(?:他|她|他们|她们|别人|有人|大家|朋友|同事|老板|领导|老婆|老公|妻子|丈夫|妈妈|爸爸|妈|爸|老妈|老爸|女儿|儿子|闺女|父母|同学|医生|女朋友|男朋友|室友)[^，。！？,]{0,6}?(?:说|觉得|认为|告诉我|表示|提到)`)

	reportedNeed = words("said says say told tells think thought believe mention claim wrote write ask 说 觉得 认为 告诉我 表示 提到")

	// conditional before a cue: a hypothetical, or a condition that has not happened.
	conditional = re(lb + `(?i:if|suppose|supposing|imagine|what\s+if|pretend|hypothetically|assuming|were\s+I|in\s+case|unless|once|when|whenever|until|after)` + rb +
		`|如果|假如|假设|要是|万一|倘若|假使|想象|等(?:你|我|他|到)|的话`)
	// hypothetical is the part of conditional that also blocks a rule ("always X if Y" is
	// a rule; "if I were you, always X" is not).
	hypothetical = re(lb + `(?i:if\s+I\s+(?:were|was|had)|were\s+I|suppose|supposing|imagine|pretend|hypothetically|what\s+if)` + rb +
		`|假如|假设|假使|想象|如果我是|要是我是`)

	// mineClause: a clause whose subject is the user (not 我的…, 我们, 我朋友…).
	mineClause = re(`^(?:[\s，,]*)我(?!的|们|朋友|同事|老婆|老公|妈|爸|家|女朋友|男朋友|哥|姐|弟|妹|儿子|女儿|老板|领导)`)
)

// patterns are the cues of each kind, tried in order (built on first use: patternsOf).
var patterns [kinds][]pattern

func initPatterns() {
	patterns[kLesson] = []pattern{
		{need: words("lesson self turn cause culprit problem issue bug fix trick solution next gotcha til"), re: re(`(?i:` + lb + `(?:lessons?\s+learned|the\s+lesson\s+(?:is|was|here)|lesson:|note\s+to\s+self|turns\s+out|it\s+turned\s+out|turned\s+out\s+(?:that|the)|(?:the\s+)?(?:root\s+cause|culprit)\s+(?:was|is)|the\s+(?:problem|issue|bug|fix|trick|solution)\s+(?:was|turned\s+out\s+to\s+be)|root\s+cause:|(?:was|were)\s+caused\s+by|next\s+time,?\s+(?:I|we)\s+(?:should|need\s+to|must|will)|gotcha:)` + rb + `)|` + lb + `TIL` + rb),
			build: verbatim(TypeError, 0.7)},
		{need: words("教训 经验 原来是 原因是 问题 根本原因 根因 坑 注意 罪魁祸首"), re: re(`教训|经验[:：]|原来是|原因是|问题(?:出)?在于|问题出在|根本原因|根因|踩(?:了)?(?:个|一个)?坑|坑在于|下次(?:一定)?要注意|罪魁祸首`),
			build: verbatim(TypeError, 0.7)},
	}
	patterns[kRule] = []pattern{
		{need: words("now forward here henceforth point future time whenever"), re: re(`(?i:` + lb + `(?:from\s+now\s+on|going\s+forward|from\s+here\s+on(?:\s+out)?|henceforth|from\s+this\s+point\s+on|moving\s+forward|for\s+future\s+reference|in\s+the\s+future|in\s+all\s+future|every\s+time\s+you|whenever\s+you|each\s+time\s+you)` + rb + `)`),
			askOK: true, build: verbatim(TypeRule, 0.85)},
		{need: words("always ever"), re: re(`^(?i:(?:(?:ok(?:ay)?|also|and|so|please|pls|remember(?:\s+to)?|just|oh|btw)[,\s]+)*(?:always|never|don't\s+ever|do\s+not\s+ever|never\s+ever)\s+(?!(?:mind|the|a|an|same|so|that|this|been)` + rb + `)[a-z])`),
			build: verbatim(TypeRule, 0.8)},
		{need: words("always ever"), re: re(`(?i:` + lb + `(?:you\s+(?:should|must|need\s+to|have\s+to|will|shall|are\s+to)\s+(?:always|never)|(?:make\s+sure|remember|be\s+sure)\s+(?:to\s+|that\s+you\s+|you\s+)?(?:always|never)|I\s+(?:want|need)\s+you\s+to\s+(?:always|never)|(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:always|never))` + rb + `)`),
			askOK: true, build: verbatim(TypeRule, 0.8)},
		{need: words("again any"), re: re(`^(?i:(?:please\s+)?(?:don't|do\s+not|never|stop)` + rb + `.*` + lb + `(?:again|anymore|any\s+more)` + rb + `)`),
			build: verbatim(TypeRule, 0.75)},
		{need: words("stop"), re: re(`^(?i:(?:please\s+)?stop\s+[a-z]+ing` + rb + `)`),
			build: verbatim(TypeRule, 0.7)},
		{need: words("从现在 从今 今后 往后 以后 下次"), re: re(`(?<!我|我们|俺|咱|咱们)(?:从现在起|从现在开始|从今以后|从今往后|今后|往后|以后(?!再(?:说|聊|看|讲|议|讨论|谈|联系)|想|打算|希望|可能|准备|的事)|下次(?!见|吧|再(?:说|聊)))`),
			askOK: true, build: verbatim(TypeRule, 0.85)},
		{need: words("不要 别 不许 禁止 不准"), re: re(`^(?:请)?(?:不要|别|不许|禁止|不准)(?!紧|客气|担心|急|着急|管|了|再说|介意|谢|忘)`),
			build: verbatim(TypeRule, 0.7)},
		{need: words("all every each"), re: re(`(?i:` + lb + `(?:in|for)\s+(?:all|every|each)\s+(?:of\s+)?(?:your\s+|my\s+|the\s+|future\s+)?(?:answers?|repl(?:y|ies)|responses?|messages?|code|examples?|outputs?|files?|commits?|emails?)` + rb + `)`),
			askOK: true, build: verbatim(TypeRule, 0.75)},
		{need: words("回答 回复 回我 代码 输出 解释 翻译 总结 写"), re: re(`^(?:你)?(?:以后)?(?:的)?(?:回答|回复|回我|写代码|代码|输出|解释|翻译|总结|写东西|写文章)(?:的时候|时|问题时|问题的时候)?[^，。,]{0,8}?(?:不要|别|尽量|必须|务必|一定要|都要|都用|只用|统一用|控制在|保持|少用|多用|先|要|请|(?:简单|短|大|慢|通俗|直白|详细)(?:一)?点)`),
			build: verbatim(TypeRule, 0.75)},
		{need: words("回答 回复 说话 解释"), re: re(`^(?:请)?(?:回答|回复|说话|解释)(?:得|的时候|时)?[^，。,]{0,6}?(?:一点|一些|点儿)[。！!]*$`),
			build: verbatim(TypeRule, 0.7)},
		{need: words("don't not"), re: re(`^(?i:(?:please\s+)?(?:don't|do\s+not)\s+(?:ever\s+)?(?:recommend|suggest|use|give|send|show|add|include|mention|write|ask|call|bring\s+up|reply|respond|answer|put|format|explain|repeat)` + rb + `)`),
			build: verbatim(TypeRule, 0.7)},
		{need: words("no zero"), re: re(`^(?i:(?:please\s+)?(?:no|zero)\s+(?:more\s+)?[^,.!?]{2,40}?\s+(?:in|for|on)\s+(?:your|the|any|all)\s+(?:answers?|repl(?:y|ies)|responses?|code|outputs?|messages?|examples?|emails?|summar(?:y|ies))` + rb + `)`),
			build: verbatim(TypeRule, 0.75)},
		{need: words("when whenever use avoid stick prefer answer reply respond format keep"), re: re(`^(?i:(?:when|whenever)\s+you\s+[^,.!?]{2,50},\s*(?:please\s+)?(?:always\s+|never\s+)?(?:use|don't|do\s+not|avoid|keep|add|include|prefer|stick|write|put|give|show|answer|reply|respond|format|follow|make|point|list|start|mention|flag|explain)` + rb +
			`|(?:please\s+)?(?:use|avoid|stick\s+to|prefer|answer|reply|respond|format|keep)\s+[^.!?]{2,60}?(?:,\s*not\s+|\s+instead\s+of\s+|\s+rather\s+than\s+|\s+by\s+default|\s+at\s+all\s+times))`),
			askOK: true, build: verbatim(TypeRule, 0.75)},
		{need: words("再 永远 千万 每次 一律 务必 始终 总是"), re: re(`不要再|别再|不许再|不准再|不能再|永远不要|永远别|永远不能|永远不许|千万不要|千万别|每次都|每次.{0,12}?都|一律|务必|始终要|总是要|记得每次`),
			build: verbatim(TypeRule, 0.8)},
		// Third round (issue 9): standing instructions in the shapes the retired blind sets
		// showed. "whenever I ask for a summary, give me bullet points"; "Default to bullet
		// points"; "Keep it casual with me". Not a claim and what follows from it for the
		// assistant ("I'm deaf, so please don't suggest phone calls", "每周二晚上我有羽毛球课，
		// 那两天别给我排事"): measured, the rule then takes the claim's place (a clause a cue
		// took is no claim) and the labels count the claim.
		{need: words("when every"), re: re(`^(?i:(?:when|whenever|every\s+time)\s+I\s+[^,.!?]{2,50},\s*(?:please\s+)?(?:always\s+|never\s+)?(?:give|point|use|list|start|put|show|tell|explain|mark|keep|include|add|format|write|answer|reply|respond|don't|do\s+not|avoid)` + rb + `)`),
			askOK: true, build: verbatim(TypeRule, 0.75)},
		{need: words("的时候 时"), re: re(`^(?:你)?(?:给我|帮我|跟我|和我|为我)?(?:讲|解释|介绍|写|回答|回复|翻译|总结|推荐|review|改)\p{Han}{0,4}(?:的时候|时)[，,]?\s*(?:先|要|请|别|不要|尽量|一定|都|只)`),
			build: verbatim(TypeRule, 0.75)},
		{need: words("default keep"), re: re(`^(?i:(?:please\s+)?(?:default\s+to|keep\s+(?:it|things|your\s+(?:answers?|replies|responses|explanations?))\s+(?:short|brief|casual|simple|concise|informal|formal|light|high-level|technical|plain))` + rb + `)`),
			build: verbatim(TypeRule, 0.75)},
	}
	patterns[kProfile] = []pattern{
		// English.
		{need: words("name call by"), re: re(lb + `(?i:my\s+name\s+is|my\s+name's|call\s+me|I'm\s+called|I\s+am\s+called|I\s+go\s+by)\s+(?<x>` + nameTok + `)`),
			build: profileEN("name", "User's name is %s", 0.9)},
		{need: words("hi hey greetings hello"), re: re(`^(?i:(?:hi|hello|hey|hiya|greetings)(?:\s+there)?[,!.\s]+)(?i:I'm|I\s+am|this\s+is|it's)\s+(?<x>\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?)(?=\s*(?:$|[,.!;]|\s+(?i:and|here|from)` + rb + `))`),
			build: profileEN("name", "User's name is %s", 0.85)},
		{need: words("i'm am"), re: re(`^(?i:I'm|I\s+am)\s+(?<x>\p{Lu}\p{Ll}+)(?:,\s+\d{1,2}(?:,|\s*[.!]?$)|,\s+(?i:a|an|the)\s|,\s+(?:I|I'm|I've|my|(?i:nice|pleased|glad)\s+to)\s|\s*[.!]?$)`),
			build: profileEN("name", "User's name is %s", 0.8)},
		{need: words("i'm am as"), re: re(lb + `(?i:I'm|I\s+am|I\s+work\s+as|I'm\s+working\s+as|I\s+am\s+working\s+as)\s+(?:\p{Lu}\p{Ll}+,\s+)?(?<art>(?i:a|an))\s+(?<x>(?i:(?:(?!(?:of|fan|big|huge)` + rb + `)[\w-]+\s+){0,3}?` + jobNoun + `))` + rb),
			build: profileEN("job", "User is %s", 0.8)},
		{need: words("i'm am"), re: re(lb + `(?i:I'm|I\s+am)\s+(?i:a|an)\s+(?i:(?:[\w-]+\s+){0,3}?` + jobNoun + `)\s+(?<v>(?i:in|from))\s+(?<x>` + placeTok + `)`),
			build: jobPlaceEN},
		{need: words("work"), re: re(lb + `(?i:I\s+work\s+as|I'm\s+working\s+as|I\s+am\s+working\s+as)\s+(?<art>(?i:a|an))\s+(?<x>[\p{L}\p{N} -]{2,40}?)(?=\s*(?:$|[,.;!?]|\s+(?i:at|in|for|and|with|on)` + rb + `))`),
			build: profileEN("job", "User is %s", 0.8)},
		{need: words("work intern"), re: re(lb + `(?i:I\s+(?:currently\s+|now\s+)?(?:work|am\s+working|'m\s+working|intern)\s+(?:at|for))\s+(?<x>\p{Lu}[\w&.-]*(?:\s+\p{Lu}[\w&.-]*){0,3}|\p{Han}{2,10})`),
			build: profileEN("works_at", "User works at %s", 0.8)},
		{need: words("live living resid work from moved grew based"), re: re(lb + `(?<v>(?i:I\s+(?:currently\s+|now\s+|still\s+)?(?:live|am\s+living|'m\s+living|reside)\s+(?:in|near|outside(?:\s+of)?|close\s+to)|I\s+work\s+(?:remotely\s+)?from|I'm\s+from|I\s+am\s+from|I\s+come\s+from|I\s+moved\s+to|I\s+grew\s+up\s+in|I'm\s+based\s+in|I\s+am\s+based\s+in))\s+(?<x>` + placeTok + `)`),
			build: locationEN},
		{need: words("based"), re: re(lb + `(?i:I'm|I\s+am)` + rb + `[^.;!?]{0,60}?` + lb + `(?<v>(?i:based\s+in))\s+(?<x>` + placeTok + `)`),
			build: locationEN},
		{need: words("i'm am"), re: re(lb + `[Ii](?:'m|\s+am)\s+(?<x>(?i:vegetarian|vegan|pescatarian|lactose[- ]intolerant|gluten[- ]intolerant|colou?r[- ]?blind|diabetic|left[- ]handed|deaf|dyslexic|allergic\s+to\s+[^,.;!?]{2,40}?))` + enStop),
			build: profileEN("trait", "User is %s", 0.85)},
		{need: words("use work code program develop write rely run"), re: re(lb + `[Ii]\s+(?:(?i:mostly|usually|mainly|primarily|always|often|also|normally|typically|generally|currently|now|daily|still|exclusively|regularly|only|really)\s+)*(?i:use|work\s+with|(?:code|program|develop|write)(?:\s+(?:mostly|mainly|primarily|usually|only))?\s+in|rely\s+on|run(?-i:(?=\s+\p{Lu})))` + rb + `\s+` + usesObj),
			build: profileEN("uses", "User uses %s", 0.7)},
		{need: words("using"), re: re(lb + `[Ii](?:'m|\s+am)\s+(?:(?i:mostly|usually|mainly|primarily|currently|now|still|also)\s+)*(?i:using)` + rb + `\s+` + usesObj),
			build: profileEN("uses", "User uses %s", 0.7)},
		// Chinese.
		{need: words("叫 名字"), re: re(zhSubj + `(?:叫|的名字(?:是|叫)|名字(?:是|叫))(?<x>[\p{Han}A-Za-z·]{1,8}?)(?=$|[\s，,。.！!？?；;、]|是|在|今年|来自|就(?:行|好|可以)|吧)`),
			build: nameZH},
		{need: words("叫我"), re: re(`(?<me>叫我)(?<x>[\p{Han}A-Za-z·]{1,8}?)(?=$|[\s，,。.！!？?；;、]|就(?:行|好|可以)|吧)`),
			build: nameZH},
		{need: words("是 当 做"), re: re(zhSubj + `(?<body>(?:现在|目前|也)?(?:是|当|做)(?:一名|一个|一位|个|名)?(?<x>[\p{Han}A-Za-z]{0,8}?` + zhJob + `))`),
			build: profileZH("job", 0.8)},
		{need: words("素食 左撇子 色盲 过敏"), re: re(zhSubj + `(?<body>(?:是|是一个|是一名|是个)(?<x>素食主义者|素食者|左撇子|色盲|过敏体质)|对(?<x>[^，,。！!？?；;]{1,20}?)过敏)`),
			build: profileZH("trait", 0.85)},
		{need: words("我的工作 我的职业"), re: re(`(?<me>我)的(?:工作|职业)(?<body>是(?<x>[^，,。！!？?；;]{2,30}?))` + zhStop),
			build: profileZH("job", 0.8)},
		{need: words("工作 上班 任职 实习 就职"), re: re(zhSubj + `(?<body>(?:现在|目前|一直)?(?:在|就职于|任职于)(?<x>[\p{Han}A-Za-z0-9 &.·-]{2,20}?)(?:工作|上班|任职|实习|就职))`),
			build: profileZH("works_at", 0.8)},
		{need: words("住在 生活在 定居 居住在 来自 老家 家在"), re: re(zhSubj + `(?<body>(?:现在|目前|一直|也)?(?:住在|生活在|定居在|定居于|居住在|来自|老家(?:是|在)|家在)(?<x>[\p{Han}A-Za-z ]{1,12}?))(?=$|[，,。.！!？?；;、\s]|的|附近|这边|那边|了)`),
			build: profileZH("location", 0.8)},
		{need: words("用"), re: re(zhSubj + `(?<body>(?:平时|一般|主要|通常|经常|一直|日常|现在|目前|都|也|基本)+(?:用|使用|在用)(?<x>[^，,。！!？?；;：:]{1,40}?))` + zhStop),
			build: profileZH("uses", 0.7)},
		{need: words("用的是"), re: re(`(?<me>我)(?<body>用的是(?<x>[^，,。！!？?；;：:]{1,40}?))` + zhStop),
			build: profileZH("uses", 0.7)},
	}
	patterns[kPref] = []pattern{
		// English.
		{need: words("favorite favourite go-to preferred"), re: re(lb + `(?i:my)\s+(?i:(?:all[- ]time\s+)?favou?rite|go-to|preferred)\s+(?<what>[\p{L}\p{N} -]{1,30}?)\s+(?i:is|are)\s+` + enObj),
			build: favoriteEN},
		{need: words("like enjoy love hate detest despise loathe stand dislike"), re: re(lb + `[Ii]\s+(?:(?i:really|also|just|absolutely|totally|truly|honestly|generally|still|actually|kind\s+of|kinda|personally|seriously|genuinely)\s+)*(?<v>(?i:(?:don't|do\s+not|dont)\s+(?:really\s+|much\s+|particularly\s+|especially\s+)?(?:like|enjoy|love)|hate|dislike|detest|despise|loathe|can't\s+stand|cannot\s+stand|can\s+not\s+stand))` + rb + `\s+` + enObj),
			build: prefEN("dislikes", 0.8)},
		{need: words("like love prefer enjoy adore"), re: re(lb + `[Ii]\s+(?:(?i:really|also|just|absolutely|totally|truly|do|much|still|definitely|generally|usually|always|actually|kind\s+of|kinda|genuinely|mostly|personally|quite|very\s+much|especially|honestly)\s+)*(?<v>(?i:like|love|prefer|enjoy|adore))` + rb + `\s+` + enObj),
			build: prefEN("", 0.8)},
		{need: words("fan"), re: re(lb + `[Ii](?:'m|\s+am)\s+(?<neg>(?i:not)\s+)?(?i:(?:a|an)\s+)?(?i:(?:huge|big|great|massive|real|total)\s+)?(?i:fan\s+of)\s+` + enObj),
			build: fanEN},
		{need: words("rather prefer"), re: re(lb + `[Ii](?:'d|\s+would)\s+(?<v>(?i:rather|prefer))` + rb + `\s+` + enObj),
			build: prefEN("", 0.75)},
		// Chinese, and Chinese with an English verb ("我比较 prefer dark theme").
		{need: words("最喜欢的 最爱的"), re: re(zhSubj + `(?<body>` + zhAdv + `最(?:喜欢|爱)的(?<what>[^，,。！!？?；;\n]{1,15}?)(?:是|就是)` + zhObj + `)`),
			build: prefZH(0.85)},
		{need: words("喜欢 爱 习惯 讨厌 厌恶 反感 受不了 烦 接受 最怕"), re: re(zhSubj + `(?<body>` + zhAdv + `(?:(?:不太|不怎么|不是很|并不|不|很不|非常不|最不|一点也不|一点都不|真不|不大)(?:喜欢|爱|习惯)|讨厌|厌恶|反感|受不了|忍受不了|烦|不能接受|接受不了|最怕)` + zhObj + `)`),
			build: prefZH(0.8)},
		{need: words("喜欢 爱 偏好 倾向 习惯"), re: re(zhSubj + `(?<body>` + zhAdv + `(?:喜欢|爱|偏好|偏爱|钟爱|热爱|倾向于|习惯|喜爱)` + zhObj + `)`),
			build: prefZH(0.8)},
		{need: words("prefer like love enjoy"), re: re(`我` + zhAdv + `\s*(?<v>(?i:prefer|like|love|enjoy))` + rb + `\s+` + enObj),
			build: prefEN("", 0.75)},
	}
	patterns[kDone] = []pattern{
		{need: words("finished completed fixed resolved shipped deployed merged released submitted published launched wrapped migrated implemented solved closed updated upgraded installed configured refactored set got"), re: re(`(?i:` + lb + `(?:I|we)(?:'ve|\s+have|\s+had|\s+just|\s+finally|\s+already|\s+successfully|\s+now|\s+also)*\s+(?:finished|completed|fixed|resolved|shipped|deployed|merged|released|submitted|published|launched|wrapped\s+up|migrated|implemented|solved|closed|updated|upgraded|installed|configured|refactored|set\s+up|got\s+(?:it|this|that)\s+working)` + rb + `)`),
			build: verbatim(TypeFact, 0.65)},
		{need: words("done finished complete fixed resolved deployed merged released live shipped running works working pass"), re: re(`(?i:` + lb + `(?:is|are|'s|was|were|has\s+been|have\s+been|got|now)\s+(?:now\s+|finally\s+|all\s+|already\s+|fully\s+|successfully\s+|completely\s+)*(?:done|finished|complete|completed|fixed|resolved|deployed|merged|released|live|shipped|up\s+and\s+running)` + rb +
			`|` + lb + `(?:works\s+now|is\s+working\s+now|pass(?:es)?\s+now|are\s+(?:all\s+)?passing|all\s+(?:the\s+)?tests\s+pass(?:ed)?)` + rb + `)`),
			build: verbatim(TypeFact, 0.6)},
		{need: words("done finished fixed deployed shipped merged completed released submitted"), re: re(`^(?i:(?:ok(?:ay)?[,\s]+)?(?:done|finished|all\s+done|fixed|deployed|shipped|merged)\s*[:!,—–-]+\s*)\S` +
			`|^(?i:(?:just|finally|already)\s+)?(?i:finished|completed|shipped|deployed|fixed|merged|released|submitted)\s+(?i:it|the|my|our|this|that|a|an|all)` + rb),
			build: verbatim(TypeFact, 0.6)},
		{need: words("完成 搞定 做完 弄好 修好 解决 上线 部署 发布 合并 提交 修复 实现 跑通 写完 弄完 改完 做好 测完 跑完 通过"), re: re(`(?<!没|没有|未|不|尚未|没能|不能)(?:已经?(?:完成|搞定|做完|弄好|修好|解决|上线|部署|发布|合并|提交|修复|实现|跑通)|(?:完成|搞定|做完|写完|弄完|改完|修好|弄好|做好|解决|上线|部署好|发布|跑通|测完|跑完|修复|合并|通过)了)`),
			build: verbatim(TypeFact, 0.65)},
	}
	patterns[kError] = []pattern{
		{need: words("error exception failure crash panic segfault traceback timeout bug leak"), re: re(`(?i:` + lb + `(?:got|get|getting|gets|hit|hitting|throws|threw|throwing|seeing|see|saw|ran\s+into|running\s+into|run\s+into|keep\s+getting|kept\s+getting|encountered|encountering|there's|there\s+is|there\s+was)\s+(?!(?:no|zero|any)` + rb + `)(?:an?\s+|the\s+|this\s+|that\s+|some\s+|another\s+)?(?:[\w.:-]+\s+){0,3}?[\w.]*(?:error|exception|failure|crash|panic|segfault|traceback|timeout|bug|leak)s?` + rb + `)`),
			build: verbatim(TypeError, 0.65)},
		{need: words("fail crash broke breaking timed times blew work run start fire trigger load build compile deploy sync save won't segfault hangs froze freez"), re: re(`(?i:(?<!(?:n't|not|never|no\s+longer)\s+)` + lb + `(?:failed|fails|failing|crashed|crashes|crashing|broke|is\s+broken|was\s+broken|are\s+broken|keeps\s+(?:failing|crashing|breaking)|timed\s+out|times\s+out|blew\s+up|doesn't\s+work|does\s+not\s+work|didn't\s+work|did\s+not\s+work|isn't\s+working|is\s+not\s+working|aren't\s+working|stopped\s+working|(?:didn't|did\s+not|never)\s+(?:run|start|fire|trigger|load|build|compile|deploy|sync|save)|won't\s+(?:start|compile|build|load|run)|segfaults?|hangs|froze|freezes)` + rb + `)`),
			build: verbatim(TypeError, 0.6)},
		{need: words("error exception traceback fatal panic"), re: re(`(?:^|\s)(?:[A-Z][A-Za-z]*(?:Error|Exception)|Error|ERROR|Exception|Traceback|FATAL|panic)(?::|\s*\()`),
			build: verbatim(TypeError, 0.6)},
		{need: words("off leak race deadlock null overflow infinite"), re: re(`(?i:` + lb + `(?:off[- ]by[- ]one|memory\s+leak|race\s+condition|deadlock|null\s+pointer|stack\s+overflow|infinite\s+loop)` + rb + `)`),
			build: verbatim(TypeError, 0.6)},
		{need: words("报 错 异常 崩 挂了 宕机 超时 失败 跑不 启动不了 编译 用不了 打不开 连不上 卡死 闪退 bug 泄漏 死锁"), re: re(`(?<!没|没有|不|未|无|不会|别)(?:报错|报了?(?:个|一个)?错|出错|出了?(?:个|一个)?错|错误[:：]|异常[:：]|崩溃|崩了|挂了|宕机|超时了|失败(?!的话|吗)|跑不起来|跑不通|启动不了|编译不过|编译失败|用不了|打不开|连不上|卡死|闪退|有(?:个|一个)?(?:bug|Bug|BUG)|内存泄漏|死锁)`),
			build: verbatim(TypeError, 0.65)},
	}
	patterns[kRule] = append(patterns[kRule], rulesZH5...)    // the fifth round's Chinese rules (claimzh5rule.go)
	patterns[kRule] = append(patterns[kRule], rulesAfter8...) // a "don't recommend" rule after a Chinese claim (ruleafter8.go)
}

// sentenceKind: for these kinds the fact is the sentence itself, so one match is enough.
func sentenceKind(k kind) bool { return k != kProfile && k != kPref }

// scan returns the facts of one sentence of message idx. Assistant sentences give only
// lessons ("the root cause was…"): the assistant's pleasantries and status reports are
// not facts about the user. User sentences give lessons, standing rules, completions and
// errors (the sentence itself), then claims (claims.go) from the clauses no other kind
// took. Precedence: a lesson ("lesson learned: always pin versions") is not also a rule;
// a completion ("I fixed the crash") is not also an error.
func scan(s *sentence, user bool, idx int) []Fact {
	if s.has(reportedNeed) && matches(reported, s.r) && !doctorSaysMe13(s.s) { // "医生说我有点贫血" is the user's (round13zh.go)
		return nil
	}
	var out []Fact
	var took []int
	run := func(k kind) bool {
		fired := false
		for i, p := range patternsOf(k) {
			if !s.hasNeed(k, i, p.need) || (s.ask && !p.askOK && !(k == kError && matches(whyAsk, s.r))) {
				continue
			}
			m, _ := p.re.FindRunesMatch(s.r)
			for n := 0; m != nil && n < maxMatches; m, _ = p.re.FindNextMatchIn(s.r, m) {
				n++
				if s.quoted(m.Index) || blocked(s, m.Index, k) {
					continue
				}
				f, ok := p.build(m, s)
				if !ok {
					continue
				}
				f.Evidence = []int{idx}
				out = append(out, f)
				took = append(took, m.Index)
				fired = true
				if sentenceKind(k) {
					return true
				}
			}
		}
		return fired
	}
	lesson := run(kLesson)
	if !user {
		return out
	}
	if !lesson && !statementZH(s) {
		run(kRule)
	}
	done, req := false, writeRequest(s)
	if !req {
		done = run(kDone)
	}
	if !lesson && !done && !req {
		run(kError)
	}
	var pf []spanFact
	done2 := false
	lazy := func() []spanFact { // the patterns run only for a sentence with a claim
		if !done2 {
			pf, done2 = phrased(s, idx), true
		}
		return pf
	}
	out, cl := gateSentence(s, out, claims(s, idx, took, lazy))
	out, cl = en5Sentence(s, idx, out, cl) // fifth round, English (claimen5.go)
	cl = askFor7(s, idx, cl)               // seventh round: a remember-question, whom a request is for (askfor7.go)
	out = modelSentence(s, idx, out, cl)   // the claim detector's fallback (claimmodelgate.go)
	if petNeed12(out) {
		out = mateSplit13(out) // "…in Berlin with my partner Sam", "我和男朋友阿杰住在杭州" (round13.go)
	}
	return out
}

// spanFact is a fact of the profile and preference patterns with where its match is.
type spanFact struct {
	Fact
	start    int // where the match starts
	from, to int // rune span of the match from its object on
}

// phrased runs the profile and preference patterns over a user sentence: they phrase
// the claims they cover ("User's name is Ada", "User lives in Berlin") and split a clause
// that says several things ("I'm Dana, a designer based in Lisbon").
func phrased(s *sentence, idx int) []spanFact {
	var out []spanFact
	for _, k := range []kind{kProfile, kPref} {
		for i, p := range patternsOf(k) {
			if !s.hasNeed(k, i, p.need) || (s.ask && !p.askOK) {
				continue
			}
			m, _ := p.re.FindRunesMatch(s.r)
			for n := 0; m != nil && n < maxMatches; m, _ = p.re.FindNextMatchIn(s.r, m) {
				n++
				if s.quoted(m.Index) || blocked(s, m.Index, k) {
					continue
				}
				if f, ok := p.build(m, s); ok {
					f.Evidence = []int{idx}
					from := m.Index
					if g := m.GroupByName("x"); g != nil && len(g.Captures) > 0 {
						from = g.Index
					}
					out = append(out, spanFact{f, m.Index, from, m.Index + m.Length})
				}
			}
		}
	}
	return out
}

// blocked reports whether the text before a cue at rune index at makes it hypothetical
// or conditional ("if I were rich, I would love…", "等你写完了").
func blocked(s *sentence, at int, k kind) bool {
	if k == kRule {
		return s.first(&s.hypo, hypothetical) < at
	}
	return s.first(&s.cond, conditional) < at
}

func group(m *regexp2.Match, name string) string {
	if g := m.GroupByName(name); g != nil && len(g.Captures) > 0 {
		return g.String()
	}
	return ""
}

// verbatim makes the sentence itself the fact.
func verbatim(typ string, conf float64) func(*regexp2.Match, *sentence) (Fact, bool) {
	return func(m *regexp2.Match, s *sentence) (Fact, bool) {
		if meaningful(s.s) < 5 {
			return Fact{}, false // "Done!", "搞定了！": nothing to remember
		}
		return Fact{Type: typ, Content: clip(s.s), Confidence: conf}, true
	}
}

func profileEN(pred, format string, conf float64) func(*regexp2.Match, *sentence) (Fact, bool) {
	return func(m *regexp2.Match, s *sentence) (Fact, bool) {
		x, ok := object(group(m, "x"))
		if !ok || (pred == "name" && notName[strings.ToLower(x)]) {
			return Fact{}, false
		}
		if art := group(m, "art"); art != "" {
			x = strings.ToLower(art) + " " + x
		}
		return Fact{Type: TypeProfile, Content: clip(strings.Replace(format, "%s", x, 1)), Subject: "user",
			Predicate: pred, Confidence: conf}, true
	}
}

// notName are capitalised words that follow "I'm" without being a name.
var notName = map[string]bool{"sorry": true, "fine": true, "good": true, "back": true, "here": true,
	"ready": true, "done": true, "happy": true, "not": true, "just": true, "sure": true, "new": true,
	"glad": true, "okay": true, "ok": true, "well": true, "great": true, "tired": true, "busy": true,
	"chinese": true, "japanese": true, "english": true, "french": true, "german": true, "spanish": true,
	"italian": true, "american": true, "british": true, "canadian": true, "indian": true, "korean": true,
	"russian": true, "australian": true, "mexican": true, "brazilian": true, "dutch": true, "swedish": true,
	"irish": true, "scottish": true, "polish": true, "turkish": true, "vietnamese": true, "thai": true,
	"christian": true, "muslim": true, "jewish": true, "catholic": true, "buddhist": true, "hindu": true}

// locationVerbs phrase a location by the words of its cue, the first that applies.
var locationVerbs = []struct{ word, verb string }{
	{"work", "works from"}, {"near", "lives near"}, {"outside", "lives outside"}, {"close", "lives close to"},
	{"live", "lives in"}, {"living", "lives in"}, {"reside", "lives in"}, {"moved", "moved to"},
	{"grew", "grew up in"}, {"based", "is based in"}, {"from", "is from"},
}

// jobPlaceEN is "I'm a <job> in <place>": where the user works ("User works in Boston",
// "User works in the ICU"), not where they live — a nurse in the ICU lives elsewhere, and
// only where the user lives is a slot a newer fact replaces (SingleValued). "from <place>"
// is where they come from.
func jobPlaceEN(m *regexp2.Match, s *sentence) (Fact, bool) {
	x, ok := object(group(m, "x"))
	if !ok {
		return Fact{}, false
	}
	verb := "works in"
	if strings.EqualFold(group(m, "v"), "from") {
		verb = "is from"
	}
	return Fact{Type: TypeProfile, Content: clip("User " + verb + " " + x), Subject: "user",
		Predicate: "location", Confidence: 0.8}, true
}

func locationEN(m *regexp2.Match, s *sentence) (Fact, bool) {
	x, ok := object(group(m, "x"))
	if !ok {
		return Fact{}, false
	}
	verb := "lives in"
	words := strings.Fields(strings.ToLower(group(m, "v")))
	for _, lv := range locationVerbs {
		if slices.Contains(words, lv.word) {
			verb = lv.verb
			break
		}
	}
	return Fact{Type: TypeProfile, Content: clip("User " + verb + " " + x), Subject: "user",
		Predicate: "location", Confidence: 0.8}, true
}

func nameZH(m *regexp2.Match, s *sentence) (Fact, bool) {
	x, ok := object(group(m, "x"))
	if !ok || strings.HasPrefix(x, "我") || strings.ContainsAny(x, "他她你它了谁") || strings.Contains(x, "什么") || !mine(m, s) || namesCounted(m, s) {
		return Fact{}, false
	}
	return Fact{Type: TypeProfile, Content: "用户叫" + x, Subject: "user", Predicate: "name", Confidence: 0.9}, true
}

// profileZH makes "用户" + the matched clause after its subject.
func profileZH(pred string, conf float64) func(*regexp2.Match, *sentence) (Fact, bool) {
	return func(m *regexp2.Match, s *sentence) (Fact, bool) {
		x, ok := object(group(m, "x"))
		if !ok || !mine(m, s) || (pred == "works_at" && genericPlace[x]) {
			return Fact{}, false
		}
		body := strings.TrimSpace(group(m, "body"))
		return Fact{Type: TypeProfile, Content: clip("用户" + body), Subject: "user", Predicate: pred, Confidence: conf}, true
	}
}

// genericPlace are workplaces too vague to remember ("我在家工作").
var genericPlace = map[string]bool{"家": true, "家里": true, "公司": true, "这里": true, "那里": true,
	"外面": true, "这边": true, "那边": true, "单位": true}

var verbs3 = map[string]string{"like": "likes", "love": "loves", "prefer": "prefers", "enjoy": "enjoys",
	"adore": "adores", "rather": "would rather"}

// prefEN makes "User likes X"; verb, when set, replaces the matched verb ("dislikes":
// every way of saying it is phrased as a dislike).
func prefEN(verb string, conf float64) func(*regexp2.Match, *sentence) (Fact, bool) {
	return func(m *regexp2.Match, s *sentence) (Fact, bool) {
		x, ok := object(group(m, "x"))
		if !ok {
			return Fact{}, false
		}
		pred := verb
		if pred == "" {
			pred = verbs3[strings.ToLower(group(m, "v"))]
		}
		if pred == "" {
			pred = "likes"
		}
		return Fact{Type: TypePreference, Content: clip("User " + pred + " " + x), Subject: "user",
			Predicate: strings.TrimPrefix(pred, "would "), Confidence: conf}, true
	}
}

func fanEN(m *regexp2.Match, s *sentence) (Fact, bool) {
	if group(m, "neg") != "" {
		return prefEN("dislikes", 0.8)(m, s)
	}
	return prefEN("likes", 0.8)(m, s)
}

func favoriteEN(m *regexp2.Match, s *sentence) (Fact, bool) {
	x, ok := object(group(m, "x"))
	what := strings.TrimSpace(group(m, "what"))
	if !ok || what == "" {
		return Fact{}, false
	}
	return Fact{Type: TypePreference, Content: clip("User's favorite " + what + " is " + x), Subject: "user",
		Predicate: "favorite", Confidence: 0.85}, true
}

// prefZH makes "用户" + the matched clause: "我不喜欢吃香菜" → "用户不喜欢吃香菜".
func prefZH(conf float64) func(*regexp2.Match, *sentence) (Fact, bool) {
	return func(m *regexp2.Match, s *sentence) (Fact, bool) {
		x, ok := object(group(m, "x"))
		if !ok || strings.HasPrefix(x, "的") || strings.HasPrefix(x, "你") || strings.HasPrefix(x, "您") || !mine(m, s) {
			return Fact{}, false
		}
		body := prefBodyZH13(strings.TrimSpace(group(m, "body"))) // "…给我打电话" → "…给用户打电话" (round13zh.go)
		pred := "likes"
		if dislikeZH.MatchString(body) {
			pred = "dislikes"
		}
		return Fact{Type: TypePreference, Content: clip("用户" + body), Subject: "user", Predicate: pred, Confidence: conf}, true
	}
}

var dislikeZH = lazy(`^[^的]*(不太|不怎么|不是很|并不|不|很不|讨厌|厌恶|反感|受不了|忍受不了|烦|不能接受|接受不了|最怕)`)

// mine reports whether a Chinese match is about the user: its subject is 我, or it
// starts a clause after one whose subject is 我.
func mine(m *regexp2.Match, s *sentence) bool {
	if group(m, "me") != "" || !strings.Contains(s.s, "我") {
		return group(m, "me") != ""
	}
	start := m.Index
	for start > 0 && (s.r[start-1] == ' ' || s.r[start-1] == '，' || s.r[start-1] == ',') {
		start--
	}
	clause := start
	for clause > 0 && s.r[clause-1] != '，' && s.r[clause-1] != ',' {
		clause--
	}
	return matches(mineClause, s.r[clause:start])
}

// object trims a captured object and refuses ones that say nothing on their own:
// pronouns ("I love it"), the assistant ("I like your answer") and fragments.
func object(x string) (string, bool) {
	x = strings.TrimFunc(x, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune(`,.;:!?"'()（）“”「」`, r)
	})
	if x == "" {
		return "", false
	}
	lower := strings.ToLower(x)
	first, _, _ := strings.Cut(lower, " ")
	if pronoun[lower] || pronounStart[first] || strings.HasPrefix(lower, "how you") ||
		strings.HasPrefix(lower, "what you") || strings.HasPrefix(lower, "that you") ||
		strings.HasPrefix(lower, "the way you") || strings.HasPrefix(lower, "when you") {
		return "", false
	}
	if utf8.RuneCountInString(x) < 2 && !hasHan(x) {
		return "", false
	}
	return x, true
}

var pronoun = map[string]bool{"你": true, "你们": true, "您": true, "它": true, "他": true, "她": true,
	"这个": true, "那个": true, "这些": true, "那些": true, "这样": true, "那样": true, "这": true, "那": true,
	"it all": true, "that one": true, "this one": true}

var pronounStart = map[string]bool{"it": true, "this": true, "that": true, "these": true, "those": true,
	"them": true, "you": true, "your": true, "yours": true, "him": true, "her": true, "what": true,
	"which": true, "something": true, "anything": true, "everything": true, "nothing": true}

// meaningful counts the letters and digits of s.
func meaningful(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n++
		}
	}
	return n
}

// hasHan reports whether s has a Han character. The rules ask it of nearly every clause,
// most of them English: the bytes are passed over until one that can start a character
// at or past U+2E80 (0xE2), where Han begins, and only from there are characters decoded
// and looked up (unicode.Is on every letter of an English clause was 3 % of extraction).
// A byte of 0xE2 or more is never inside an earlier character, so decoding from it reads
// what decoding from the start would; what comes before it is ASCII, characters below
// U+2000 or U+FFFD for invalid bytes, none of them Han.
func hasHan(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0xE2 {
			continue
		}
		for _, r := range s[i:] {
			if r >= 0x2E80 && unicode.Is(unicode.Han, r) {
				return true
			}
		}
		return false
	}
	return false
}
