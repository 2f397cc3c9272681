package facts

import (
	"strings"
	"unicode"
)

// What kind of claim a clause is: its type and predicate.

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
	{TypeProfile, "health", "allerg* asthma* diabet* intoleran* surgery migraine* pregnan* injur* adhd autis* anxiety depress* covid physio* insomnia condition medication* sick disease* arthritis celiac coeliac", "blood_pressure", "过敏 哮喘 糖尿病 高血压 胃不好 手术 失眠 不耐受 腰椎 颈椎 近视 怀孕 病 疼 痛 聋 听力 视力 残疾 色盲 切除 切了", false},
	{TypeProfile, "diet", "vegetarian vegan pescatarian keto kosher halal gluten* alcohol dairy", "don't_eat do_not_eat don't_drink never_eat no_red_meat", "吃素 素食 不吃 不喝 戒酒 减肥 控糖 忌口 节食", false},
	{TypePreference, "likes", "like likes love loves prefer prefers enjoy enjoys into favorite favourite rather adore go-to", "fan_of", "喜欢 最爱 偏好 偏爱 热爱 钟爱 习惯 prefer 爱吃 爱喝 爱看 爱听 爱玩", false},
	{TypeProfile, "habit", "every each usually daily weekly nightly always habit routine", "most_nights most_mornings most_days most_evenings most_weekends on_weekends", "每天 每周 每个 每晚 每月 每年 平时 一般 周末 通常 经常 习惯 每次", false},
	{TypeFact, "event", "tomorrow tonight next monday* tuesday* wednesday* thursday* friday* saturday* sunday* january february march april may june july august september october november december deadline appointment flight flying wedding interview conference due trip visiting exam defense offsite am pm", "this_week this_weekend this_month this_morning this_afternoon this_evening", "明天 后天 大后天 下周 下个月 下礼拜 这周 本周 周一 周二 周三 周四 周五 周六 周日 周天 周末 星期 礼拜 月底 月初 月 号 日 点 国庆 春节 假期 出差 开会 面试 考试 截止 到期 航班 婚礼 约了", false},
	{TypeProfile, "family", "daughter* son sons wife husband partner kid kids children mom mum mother dad father brother* sister* parents grand* twins baby girlfriend boyfriend fianc* dog dogs cat cats pet pets puppy kitten family in-law in-laws cousin* niece nephew aunt uncle roommate", "", "闺女 女儿 儿子 老婆 老公 妻子 丈夫 孩子 妈 爸 父母 哥 姐 弟 妹 外婆 奶奶 爷爷 外公 姥 女朋友 男朋友 对象 猫 狗 金毛 宠物 宝宝 家人", false},
	{TypeProfile, "job", "work works worked working job engineer developer programmer teacher nurse designer manager lead team company startup freelanc* intern employ* career doctor lawyer student studying study major retired founder consultant analyst researcher professor chef accountant pm ceo cto", "", "工作 上班 公司 团队 工程师 老师 教师 程序员 经理 律师 护士 实习 创业 离职 职业 学生 研究生 读书 上学 专业 退休 医生 会计 策划 运营 设计师 做前端 做后端", false},
	{TypeProfile, "location", "live lives lived living moved move from based commute house apartment hometown originally", "grew_up", "住 搬 老家 来自 家在 定居 通勤 base在", false},
	{TypeProfile, "uses", "use uses using used code coding laptop machine setup editor computer phone linux mac macbook windows ide keyboard monitor vim neovim emacs vscode run runs deploy stack", "write_in vs_code", "用 电脑 手机 平板 装的 系统 技术栈 配置", false},
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

// kindWordMin maps each English word of claimKinds to the first kind that lists it: the
// first kind whose words hold a clause's token is the least of its tokens' entries, one
// map lookup a token instead of one a token and kind.
var kindWordMin = func() map[string]int {
	m := map[string]int{}
	for i := len(kindCues) - 1; i >= 0; i-- {
		for w := range kindCues[i].words {
			m[w] = i
		}
	}
	return m
}()

// kindOf returns the index in claimKinds of a clause's kind, -1 when none fits: the first
// kind, in order, one of whose words, prefixes, digits, phrases or Chinese strings the
// clause holds. The tokens' cues are found first (best); only kinds before best need
// their phrases and Chinese strings looked for.
func kindOf(clause string) int {
	lower := strings.ToLower(clause)
	toks := strings.FieldsFunc(lower, func(r rune) bool {
		return !(r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '-' || r == '.'))
	})
	for i, t := range toks {
		toks[i] = strings.Trim(t, ".") // "Next.js" is one word, not "next"
	}
	best := len(claimKinds)
	for _, t := range toks {
		if i, ok := kindWordMin[t]; ok && i < best {
			best = i
		}
	tok:
		for i := 0; i < best; i++ {
			for _, p := range kindCues[i].prefixes {
				if strings.HasPrefix(t, p) {
					best = i
					break tok
				}
			}
			if claimKinds[i].digits && len(t) <= 3 && strings.Trim(t, "0123456789") == "" {
				best = i
				break
			}
		}
	}
	if best == 0 {
		return 0
	}
	spaced := " " + strings.Join(toks, " ") + " "
	han := hasHan(clause)
	for i := 0; i < best; i++ {
		c := &kindCues[i]
		for _, p := range c.phrases {
			if strings.Contains(spaced, p) {
				return i
			}
		}
		if han && containsAny(clause, c.han) {
			return i
		}
	}
	if best < len(claimKinds) {
		return best
	}
	return -1
}

func containsAny(s string, need []string) bool {
	if len(need) > 4 {
		if a := listAC(need); a != nil { // needscan.go
			return a.anyIn(s)
		}
		return containsAnyOf(s, classOf(s), need) // textclass.go
	}
	for _, w := range need {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// familyLead: a claim whose subject is someone of the user's family or a pet.
var familyLead = lazy(`(?i)^(?:User's|User and their)\s+(?:\w+\s+)?(?:daughters?|sons?|wife|husband|partner|kids?|children|mom|mum|mother|dad|father|brothers?|sisters?|parents|grand\w+|twins|baby|girlfriend|boyfriend|fianc\w*|dogs?|cats?|pets?|puppy|kitten|family|in-laws?|cousins?|niece|nephew|aunt|uncle)\b|^用户的(?:闺女|女儿|儿子|孩子|小孩|老婆|老公|媳妇|妻子|丈夫|爱人|对象|女朋友|男朋友|妈|爸|父母|哥|姐|弟|妹|外婆|外公|奶奶|爷爷|姥|家人|家猫|家狗|猫|狗|宝宝|大儿子|小儿子|大女儿|小女儿|双胞胎)`)

// classify types a claim by its words; what none fits is a fact. An explicit request to
// remember raises the confidence.
func classify(content, clause string, remember bool) Fact {
	if remember {
		content = strings.TrimRight(content, "?？ ") // "Could you remember that my dentist is Dr. Lee?"
	}
	f := Fact{Type: TypeFact, Content: clip(content), Subject: "user", Predicate: "about", Confidence: 0.7}
	if mayFamilyLead(content) && familyLead.MatchString(content) {
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
	return slots13(slots12(f)) // the budget, a class's time: slots a newer fact supersedes (round12slot.go, round13class.go)
}
