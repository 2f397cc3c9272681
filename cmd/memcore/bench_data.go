package main

// The benchmark's synthetic data: agent memories, queries and conversation turns in
// English and Chinese (and some mixed), drawn from small vocabularies by a fixed-seed PCG
// so that every run sees the same texts. A few dozen words per slot give queries a
// realistic selectivity: a city or a food matches a few percent of the memories, a
// person's name fewer, a Chinese character unigram many more.

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/memcore/memcore/core"
)

// vocab is the generator's word lists, one per slot of the templates.
var vocab = map[string][]string{
	// English
	"lang": {"Python", "Go", "Rust", "TypeScript", "JavaScript", "Kotlin", "Swift", "Java",
		"Ruby", "Elixir", "Haskell", "Scala", "Lua", "Julia", "Zig", "Dart", "PHP", "OCaml"},
	"task": {"data analysis", "web scraping", "unit testing", "code review", "CLI tools",
		"REST APIs", "database migrations", "log parsing", "machine learning", "game prototypes",
		"shell scripts", "CI pipelines", "mobile apps", "PDF reports", "image processing",
		"chatbots", "dashboards", "ETL jobs", "load testing", "documentation"},
	"tool": {"VS Code", "Neovim", "Emacs", "IntelliJ", "Docker", "Kubernetes", "Git", "tmux",
		"Postgres", "Redis", "SQLite", "Terraform", "Ansible", "Jupyter", "Figma", "Notion",
		"Obsidian", "Slack", "Linear", "Jira", "Grafana", "Sentry"},
	"city": {"Berlin", "Tokyo", "Paris", "London", "Toronto", "Seattle", "Singapore", "Sydney",
		"Madrid", "Lisbon", "Austin", "Dublin", "Oslo", "Zurich", "Boston", "Denver", "Prague",
		"Vienna", "Seoul", "Taipei"},
	"food": {"sushi", "ramen", "tacos", "pizza", "dumplings", "pho", "curry", "falafel",
		"bagels", "paella", "kimchi", "burritos", "croissants", "barbecue", "pasta", "oatmeal"},
	"hobby": {"hiking", "cycling", "chess", "photography", "climbing", "running", "guitar",
		"painting", "swimming", "gardening", "yoga", "baking", "skiing", "surfing", "pottery"},
	"person": {"Alice", "Bob", "Carol", "David", "Emma", "Frank", "Grace", "Henry", "Iris",
		"Jack", "Kate", "Leo", "Mia", "Noah", "Olivia", "Paul", "Quinn", "Rosa"},
	"relation": {"manager", "sister", "brother", "colleague", "mentor", "wife", "husband",
		"friend", "roommate", "client", "teammate", "daughter", "son", "neighbor"},
	"project": {"Atlas", "Borealis", "Cobalt", "Delta", "Ember", "Falcon", "Granite", "Helix",
		"Juniper", "Kestrel", "Lumen", "Mosaic", "Nimbus", "Orion", "Pulsar", "Quartz"},
	"job": {"data engineer", "product manager", "designer", "nurse", "teacher", "lawyer",
		"accountant", "journalist", "researcher", "site reliability engineer", "architect"},
	"error": {"timeout", "out of memory error", "permission denied error", "segfault",
		"flaky test", "race condition", "deadlock", "null pointer exception", "TLS handshake failure",
		"disk full error", "rate limit error", "schema mismatch"},
	"when": {"Monday mornings", "Friday afternoons", "weekends", "late evenings", "early mornings",
		"the first week of the month", "public holidays", "Wednesday lunch"},
	"month": {"January", "March", "April", "June", "August", "October", "November", "December"},

	// Chinese
	"城市": {"北京", "上海", "广州", "深圳", "杭州", "成都", "重庆", "武汉", "西安", "南京", "苏州",
		"天津", "长沙", "厦门", "青岛", "大连", "昆明", "郑州", "合肥", "沈阳"},
	"食物": {"火锅", "川菜", "粤菜", "饺子", "包子", "面条", "烤鸭", "小龙虾", "寿司", "牛肉面",
		"麻辣烫", "煎饼果子", "馄饨", "米粉", "奶茶", "烧烤", "酸菜鱼", "肠粉"},
	"爱好": {"爬山", "跑步", "游泳", "下棋", "钓鱼", "摄影", "弹吉他", "画画", "骑自行车",
		"打羽毛球", "看电影", "读小说", "练瑜伽", "打篮球", "书法", "养花"},
	"职业": {"程序员", "产品经理", "设计师", "医生", "老师", "律师", "会计", "记者", "工程师",
		"研究员", "销售", "翻译"},
	"人名": {"小王", "小李", "老张", "小陈", "刘洋", "王芳", "李娜", "张伟", "陈静", "赵磊",
		"孙悦", "周婷", "吴昊", "郑爽"},
	"关系": {"同事", "领导", "妹妹", "哥哥", "妻子", "丈夫", "朋友", "室友", "导师", "客户",
		"女儿", "儿子"},
	"任务": {"写脚本", "做报表", "数据分析", "写周报", "整理文档", "代码审查", "部署服务",
		"写测试", "做幻灯片", "订机票", "回邮件", "备份数据"},
	"时间": {"周末", "每天早上", "晚上", "周一上午", "周五下午", "春节", "国庆节", "下个月"},
	"品牌": {"华为", "小米", "苹果", "荣耀", "联想", "大疆"},
	"错误": {"超时", "内存不足", "权限不足", "连接失败", "证书过期", "磁盘已满"},
}

// template is one memory shape: its type and text with {slot} placeholders.
type template struct{ typ, text string }

var englishTemplates = []template{
	{core.TypePreference, "The user prefers {lang} for {task}."},
	{core.TypePreference, "The user uses {tool} every day and dislikes {tool}."},
	{core.TypeProfile, "The user lives in {city} and works as a {job}."},
	{core.TypeFact, "{person} is the user's {relation} and lives in {city}."},
	{core.TypeFact, "The {project} project is written in {lang} and deployed with {tool}."},
	{core.TypePreference, "The user likes {food} and goes {hobby} on {when}."},
	{core.TypeRule, "Always run {tool} checks before merging changes to {project}."},
	{core.TypeError, "Running {task} in {lang} failed with a {error}; a smaller batch fixed it."},
	{core.TypeSkill, "To debug a {error} in {project}, read the {tool} logs first."},
	{core.TypeNote, "The meeting with {person} about {project} moved to {when}."},
	{core.TypeFact, "The user's birthday is in {month}; {person} is planning a {food} dinner."},
	{core.TypeFact, "The user is learning {lang} to build {task} for {project}."},
}

var chineseTemplates = []template{
	{core.TypePreference, "用户在{城市}工作，喜欢吃{食物}。"},
	{core.TypePreference, "用户{时间}喜欢{爱好}，不太喜欢{爱好}。"},
	{core.TypeProfile, "用户是一名{职业}，住在{城市}。"},
	{core.TypeFact, "{人名}是用户的{关系}，在{城市}上班。"},
	{core.TypeRule, "帮用户{任务}之前，先确认截止时间。"},
	{core.TypeNote, "{时间}和{人名}一起去{城市}吃{食物}。"},
	{core.TypeError, "上次{任务}时遇到{错误}，重试三次才成功。"},
	{core.TypeFact, "用户的{关系}{人名}喜欢{爱好}，最近在学{爱好}。"},
	{core.TypePreference, "用户的手机是{品牌}，平时{时间}{任务}。"},
	{core.TypeProfile, "用户老家在{城市}，现在在{城市}当{职业}。"},
}

// mixedTemplates are Chinese sentences with English names in them, the way people write.
var mixedTemplates = []template{
	{core.TypePreference, "用户喜欢用 {lang} {任务}，编辑器是 {tool}。"},
	{core.TypeFact, "{project} 项目用 {lang} 写的，部署在{城市}的机房。"},
	{core.TypeSkill, "遇到{错误}时先看 {tool} 的日志。"},
	{core.TypeNote, "{person} 下周来{城市}出差，想吃{食物}。"},
}

// gen is the deterministic generator.
type gen struct{ r *rand.Rand }

func newGen(seed uint64) *gen { return &gen{r: rand.New(rand.NewPCG(seed, 0x6d656d636f7265))} }

func (g *gen) pick(list []string) string { return list[g.r.IntN(len(list))] }

// fill replaces each {slot} of s with a random word of that slot.
func (g *gen) fill(s string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := strings.IndexByte(s[i:], '}') + i
		b.WriteString(s[:i])
		b.WriteString(g.pick(vocab[s[i+1:j]]))
		s = s[j+1:]
	}
}

// memories returns n memories: about 45% English, 45% Chinese, 10% mixed. A third carry
// tags and a fifth a subject, as an agent's extraction would give them.
func (g *gen) memories(n int) []core.MemoryInput {
	out := make([]core.MemoryInput, n)
	tagsOf := map[string][]string{
		core.TypePreference: {"preference", "taste"}, core.TypeProfile: {"profile"},
		core.TypeFact: {"people", "work"}, core.TypeRule: {"workflow"}, core.TypeError: {"incident"},
		core.TypeSkill: {"howto"}, core.TypeNote: {"calendar"},
	}
	for i := range out {
		var t template
		switch p := g.r.IntN(100); {
		case p < 45:
			t = englishTemplates[g.r.IntN(len(englishTemplates))]
		case p < 90:
			t = chineseTemplates[g.r.IntN(len(chineseTemplates))]
		default:
			t = mixedTemplates[g.r.IntN(len(mixedTemplates))]
		}
		imp := 0.3 + 0.6*g.r.Float64()
		m := core.MemoryInput{Type: t.typ, Content: g.fill(t.text), Importance: &imp}
		if g.r.IntN(3) == 0 {
			m.Tags = tagsOf[t.typ][:1+g.r.IntN(len(tagsOf[t.typ]))]
		}
		if g.r.IntN(5) == 0 {
			m.Subject = "user"
		}
		out[i] = m
	}
	return out
}

// query is one benchmark query.
type query struct {
	text    string
	chinese bool
}

var englishQueries = []string{
	"What language does the user prefer for {task}?",
	"where does {person} live",
	"{project} deployment",
	"what food does the user like",
	"who is the user's {relation}",
	"{error} in {project}",
	"{hobby} on {when}",
	"which editor does the user use",
	"{lang} {task}",
	"meeting with {person}",
	"does the user like {food}?",
	"user job in {city}",
}

// chineseQuerySlots are the slots whose words (two to four characters) are Chinese queries.
var chineseQuerySlots = []string{"城市", "食物", "爱好", "职业", "人名", "关系", "任务", "错误"}

// queries returns q queries, alternating English natural questions and Chinese words.
func (g *gen) queries(q int) []query {
	out := make([]query, q)
	for i := range out {
		if i%2 == 0 {
			out[i] = query{text: g.fill(englishQueries[g.r.IntN(len(englishQueries))])}
		} else {
			out[i] = query{text: g.pick(vocab[g.pick(chineseQuerySlots)]), chinese: true}
		}
	}
	return out
}

var (
	englishTurns = [][2]string{
		{"Can you help me set up {tool} for {task}?", "Sure. Install {tool}, then add a config for {task}; I can write it in {lang} if you like."},
		{"My {task} job in {lang} keeps failing with a {error}.", "A {error} usually means the batch is too big. Try halving it and check the {tool} logs."},
		{"Remind me what {person} said about {project}.", "{person} wants {project} moved to {tool} before {when}."},
		{"Book a table for {food} in {city} on {when}.", "Done: a table for two at a {food} place in {city}."},
	}
	chineseTurns = [][2]string{
		{"帮我查一下{城市}明天的天气。", "{城市}明天多云，适合{爱好}。"},
		{"我想{时间}和{人名}去吃{食物}。", "好的，已经为你找到{城市}附近三家{食物}店。"},
		{"{任务}的时候遇到{错误}怎么办？", "先检查配置，再重试；如果还是{错误}，请联系{关系}。"},
		{"提醒我{时间}{任务}。", "已设置提醒：{时间}{任务}。"},
	}
)

// turns returns sessions of conversation turns, perSession turns each, n turns in all; half
// of the sessions are in Chinese.
func (g *gen) turns(n, perSession int) [][]core.TurnInput {
	var sessions [][]core.TurnInput
	for left := n; left > 0; left -= perSession {
		pairs := englishTurns
		if len(sessions)%2 == 1 {
			pairs = chineseTurns
		}
		s := make([]core.TurnInput, 0, perSession)
		for len(s) < min(perSession, left) {
			p := pairs[g.r.IntN(len(pairs))]
			s = append(s, core.TurnInput{Role: core.RoleUser, Content: g.fill(p[0])})
			if len(s) < min(perSession, left) {
				s = append(s, core.TurnInput{Role: core.RoleAssistant, Content: g.fill(p[1])})
			}
		}
		sessions = append(sessions, s)
	}
	return sessions
}

// sessionID names the i-th generated session.
func sessionID(i int) string { return fmt.Sprintf("s%05d", i) }
