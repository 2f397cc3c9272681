package compact

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/chat"
	"github.com/memcore/memcore/core/internal/lazyre"
	"github.com/memcore/memcore/core/internal/text"
)

// The extractive summary is sorted into sections, each a heading and short items taken
// verbatim from the conversation (sentences, cut to itemMaxChars).
type section int

const (
	secGoal section = iota
	secDecisions
	secPreferences
	secFacts
	secErrors
	secDone
	secTasks
	secRequests
	secTools
	secEarlier
	numSections
)

// headings are the sections' headings in English and in Chinese (used when the
// conversation is mostly Chinese).
var headings = [2][numSections]string{
	{"Goal:", "Decisions:", "Preferences:", "Facts:", "Errors:", "Done:", "Open tasks:", "Requests:", "Tools used:", "Earlier:"},
	{"目标：", "决定：", "偏好：", "事实：", "错误：", "已完成：", "待办：", "用户请求：", "使用的工具：", "更早："},
}

// sectionCaps is how many items a section keeps (the most recent ones).
var sectionCaps = [numSections]int{1, 6, 6, 8, 3, 5, 5, 4, 12, 6}

// dropOrder is the order sections lose items (oldest first) when the summary is over its
// bound: what is least needed to continue the work goes first.
var dropOrder = []section{secRequests, secEarlier, secErrors, secTools, secDone, secFacts, secTasks, secDecisions, secPreferences, secGoal}

const (
	itemMaxChars = 160 // one item
	goalMaxChars = 200 // the goal
)

var nothingFound = [2]string{
	"No decisions, facts, preferences or open tasks were found.",
	"未发现决定、事实、偏好或待办事项。",
}

// Sentence patterns. A user's sentence goes to the first section whose pattern it
// matches, in the order preference, (a question: request), decision, open task, done,
// request, fact; an assistant's (or a system note's) to decision, open task, done,
// fact, and when none of its sentences matched, its first sentence that is not a
// pleasantry or a question is a fact: what the agent found or answered.
var (
	preferenceRE  = lazyre.New(`(?i)\b(i (really |usually |always |never )?(prefer|like|love|hate|dislike|enjoy)|i'd (rather|prefer)|i would (rather|prefer)|i don't (like|want|use|need|eat|drink)|i do not (like|want|use)|i can only|i can't do|please (always|never|don't|do not|avoid|keep|use)|(always|never) (use|do|write|add|put|call|reply|answer|include)|don't (ever )?use|do not use|my (favorite|favourite|preference)|my budget|budget (is|of))\b|喜欢|偏好|倾向于|讨厌|不想要|希望|习惯|请(总是|始终|一直|不要|别|务必|用)|不要用|别用|一定要|最好(用|是|别)|不吃|不喝|忌口|只能|预算`)
	instructionRE = lazyre.New(`(?i)(^|[.!?]\s+)(always|never|don't|do not|avoid|make sure|stick to|use \S+ (in|for|instead)|keep the)\b|(^|[。！？，])(不要|别|务必|一律|统一用)`)
	requestRE     = lazyre.New(`(?i)\b(can you|could you|would you|please|help me|i need|i want|let's)\b|(^|[.!?:]\s+)(add|remove|exclude|include|run|stop|check|find|make|create|update|fix|show|list|give|tell|send|book|write|look|try|save|compare|set up|install|deploy|triage|explain|teach|chart|plot|summari[sz]e|translate)\b|帮我|请|麻烦|能不能|我想|我要|给我|就订|订`)
	decisionRE    = lazyre.New(`(?i)\b(decided|decide to|decision|we('ll| will) (go with|use|switch|keep|take)|let's (go with|use|switch|keep|stick|book|take)|going with|go with|settled on|agreed|chose|opted|switch(ed)? to|stick with|we('re| are) (using|going with)|we keep)\b|决定|就用|采用|改用|选用|选了|就选|就订|定了|确定(用|了|为)|那就|统一(用|为)|方案是|就这么办`)
	agreementRE   = lazyre.New(`(?i)^(agreed|ok|okay|good|sounds good|fine|yes|sure|right|好的|好|可以|行|同意)\b`)
	taskRE        = lazyre.New(`(?i)\b(todo|to-do|next steps?|still (need|needs|have|has) to|still to do|needs? to be|remaining|pending|follow[- ]up|remember to|don't forget|not (done|finished|implemented|fixed) yet|later|tomorrow|next (week|sprint|month)|afterwards|will need to|haven't)\b|待办|下一步|接下来|还需要|还要|尚未|还没|稍后|之后再|回头|明天|记得|别忘|待处理|未完成|下周`)
	doneRE        = lazyre.New(`(?i)^(done|fixed|finished|completed|updated|added|created|implemented|deployed|installed|removed|renamed|changed|moved|booked|sent|merged|wrote|saved|everything passes|i('ve| have) (fixed|added|updated|created|implemented|deployed|installed|removed|renamed|written|changed|moved|set up|booked|sent|merged|saved))\b|\b(all|the) (\d+ )?(tests?|runs?|checks?) (now )?pass|\b(is|are|has been|have been|was|were) (now )?(fixed|done|deployed|merged|installed|booked|passing|saved)\b|^(已经|已)|完成了|搞定|修复了|改好了|部署了|装好了|订好了|已修复|已完成|已部署|已订|通过了|成功了`)
	userFactRE    = lazyre.New(`(?i)\b(i am|i'm|i have|i've got|i work|i live|my name|my \w+ (is|are)|our \w+ (is|are|uses?|runs?)|we use|we're on|we are on|we have)\b|我是|我叫|我在|我住|我的|我们的|我们公司|我们用|我们在`)
	factRE        = lazyre.New(`(?i)\b(located in|deadline|due (on|by)|runs on|version \d|v\d+\.\d+|port \d+|root cause|the cause|caused by|turned out|found that|the (issue|problem|bug|error) (is|was)|because|lives in|works at|stored in|the path is)\b|住在|位于|截止|版本|端口|原因是|原因|问题是|问题出在|发现|因为|导致|路径|地址|电话|邮箱|生日`)
	pleasantryRE  = lazyre.New(`(?i)^(hi|hello|hey|thanks|thank you|sorry|i'm sorry|i am sorry|i understand|understood|great|good to know|good|sure|ok|okay|you're welcome|happy to help|glad to help|my pleasure|any ?time|will do|no problem|good luck|sounds good|good call|got it|noted|of course|certainly|不客气|好的|明白|抱歉|您好|你好|没问题)\b`)
	// ackZH is a Chinese acknowledgement that is the whole sentence ("好的，记下了。"):
	// pleasantryRE's \b is ASCII-only and never matches after a Chinese word, and a
	// sentence that goes on after one ("明白。9 点以后出发的有…") is a finding. "已记下",
	// "会注意", "我会记住的" are acknowledgements too ("好的，会注意。" was an episode's fact);
	// "好的，会注意少放辣。" goes on, and stays one.
	ackZH       = lazyre.New(`^(?:好的|好嘞|好|嗯|明白了?|收到|没问题|不客气|抱歉|您好|你好)?[，,、！!。.\s]*(?:已?记下(?:了|来了)?|已?记住了|记好了|收到了?|明白了?|知道了|好的|我?会(?:注意|记住|记着)的?)?[。！!.\s]*$`)
	sentenceEnd = lazyre.New(`[.!?]+["')\]]?\s+|[。！？]+`)
	listMarker  = lazyre.New(`^(?:[-*•>]+|\d+[.)]|#+)\s+`)
)

type item struct {
	text string
	key  string
}

// summary collects the items of an extractive summary.
type summary struct {
	items [numSections][]item
	seen  map[string]bool
	tools []toolUse
	cjk   int // CJK characters in the conversation's text
	latin int // Latin letters
}

type toolUse struct {
	name          string
	calls, errors int
}

// Summarize returns a deterministic extractive summary of msgs, at most maxChars
// characters (≤ 0: the default bound): the goal (the first request), decisions, the
// user's preferences, facts, what was done, open tasks, recent requests and the tools
// used, each item a sentence of the conversation, under English or (for a mostly
// Chinese conversation) Chinese headings. An earlier summary among msgs (a message
// starting with Marker) is folded in. It needs no LLM: it is compaction's summary when
// the host has none, and its fallback when the LLM fails.
func Summarize(msgs []chat.Message, maxChars int) string {
	if maxChars <= 0 {
		maxChars = Defaults().SummaryMaxChars
	}
	s := &summary{seen: map[string]bool{}}
	for i := range msgs {
		s.read(&msgs[i])
	}
	return s.render(maxChars)
}

func (s *summary) read(m *chat.Message) {
	if IsSummary(m) {
		s.absorb(m.Text())
		return
	}
	for _, b := range m.Blocks {
		switch b.Kind {
		case chat.ToolCall:
			s.tool(b.Name).calls++
		case chat.ToolResult:
			failed := isFailure(b)
			if b.Text == repeatedError || failed {
				s.tool(b.Name).errors++
			}
			if failed && b.Text != repeatedError {
				name := b.Name
				if name == "" {
					name = "a tool"
				}
				s.add(secErrors, name+": "+errorLine(b.Text))
			}
		}
	}
	if m.Role == "tool" || isAck(m) {
		return
	}
	txt := m.Text()
	for _, r := range txt {
		switch {
		case isCJK(r):
			s.cjk++
		case r < 0x250 && unicode.IsLetter(r):
			s.latin++
		}
	}
	sents := sentences(txt)
	if len(sents) == 0 {
		return
	}
	user := m.Role == "user"
	goal := ""
	if user && len(s.items[secGoal]) == 0 && !NoFinding(txt) && !IntroductionOnly(txt) {
		if goal = goalOf(sents); goal != "" {
			s.addCapped(secGoal, goal, goalMaxChars)
		}
	}
	classified, requested := false, false
	for k, t := range sents {
		if !substantive(t) {
			continue
		}
		question := strings.HasSuffix(t, "?") || strings.HasSuffix(t, "？")
		switch {
		case user && healthStatement(statedPart(t, question)):
			s.add(secFacts, t) // an allergy is no taste (health.go)
		case user && (preferenceRE.MatchString(statedPart(t, question)) || instructionRE.MatchString(t)):
			s.add(secPreferences, t) // even when the goal says it too: it must survive
		case goal != "" && strings.Contains(goal, DropGreeting(t)):
			continue
		case question:
			if user && !requested && goal == "" {
				s.add(secRequests, t)
				requested = true
			}
			continue
		case decisionRE.MatchString(t):
			// "Agreed." says little without what was agreed.
			if agreementRE.MatchString(t) && k+1 < len(sents) {
				t = joinSentences(t, sents[k+1])
			}
			s.add(secDecisions, t)
		case taskRE.MatchString(t):
			s.add(secTasks, t)
		case doneRE.MatchString(t):
			s.add(secDone, t)
		case user && requestRE.MatchString(t):
			if goal == "" {
				s.add(secRequests, t)
				requested = true
			}
		case factRE.MatchString(t) || (user && userFactRE.MatchString(t)):
			s.add(secFacts, t)
		default:
			continue
		}
		classified = true
	}
	// What the agent found or answered: the first statement of a message that calls no
	// tool, when nothing in it matched.
	if !user && !classified && !m.Has(chat.ToolCall) {
		for _, t := range sents {
			if substantive(t) && !pleasantryRE.MatchString(t) && !strings.HasSuffix(t, "?") && !strings.HasSuffix(t, "？") && !noFindingSentence(t) {
				s.add(secFacts, t)
				break
			}
		}
	}
}

// leadIn reports whether a sentence only introduces what follows it ("Here is what I
// remember:", "我记得："): said alone, it is no finding.
func leadIn(t string) bool {
	return strings.HasSuffix(t, ":") || strings.HasSuffix(t, "：")
}

// substantive reports whether a sentence says enough to be an item: three words, or
// four CJK characters.
func substantive(t string) bool {
	return cjkCount(t) >= 4 || len(strings.Fields(t)) >= 3
}

// errorLine returns the line of a tool's output that best says what failed: the first
// that reads like an error, else the first.
func errorLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" && looksError(l) {
			return capRunes(l, 120)
		}
	}
	return firstLine(s)
}

// absorb folds an earlier summary in: its items under known headings go to the same
// sections (as the oldest ones), any other line to Earlier. The working state is left
// out: the new summary carries the current one.
func (s *summary) absorb(t string) {
	cur := secEarlier
	for i, line := range strings.Split(t, "\n") {
		line = strings.TrimSpace(line)
		if i == 0 && strings.HasPrefix(line, Marker) {
			continue
		}
		if line == WorkingStateHeading {
			return
		}
		if line == "" {
			continue
		}
		if sec, rest, ok := heading(line); ok {
			cur = sec
			if rest != "" {
				if sec == secTools {
					s.absorbTools(rest)
				} else {
					s.addCapped(sec, rest, goalMaxChars)
				}
			}
			continue
		}
		if item, ok := strings.CutPrefix(line, "- "); ok && cur != secTools {
			s.add(cur, item)
		} else {
			s.add(secEarlier, line)
		}
	}
}

// heading reports whether line starts with a section heading, and what follows it.
func heading(line string) (section, string, bool) {
	for _, hs := range headings {
		for sec, h := range hs {
			if rest, ok := strings.CutPrefix(line, h); ok {
				return section(sec), strings.TrimSpace(rest), true
			}
		}
	}
	return 0, "", false
}

var toolCountRE = lazyre.New(`^(.*) ×(\d+)(?: \((\d+) failed\))?$`)

// absorbTools reads back a "Tools used:" line.
func (s *summary) absorbTools(line string) {
	for _, part := range strings.Split(line, ", ") {
		if m := toolCountRE.FindStringSubmatch(part); m != nil {
			t := s.tool(m[1])
			var calls, errs int
			fmt.Sscan(m[2], &calls)
			fmt.Sscan(m[3], &errs)
			t.calls += min(calls, 1<<20)
			t.errors += min(errs, 1<<20)
		}
	}
}

func (s *summary) tool(name string) *toolUse {
	if name == "" {
		name = "unknown"
	}
	for i := range s.tools {
		if s.tools[i].name == name {
			return &s.tools[i]
		}
	}
	s.tools = append(s.tools, toolUse{name: name})
	return &s.tools[len(s.tools)-1]
}

func (s *summary) add(sec section, t string) { s.addCapped(sec, t, itemMaxChars) }

// addCapped adds a sentence to a section, unless an equal one is already there.
func (s *summary) addCapped(sec section, t string, maxChars int) {
	t = strings.Join(strings.Fields(t), " ")
	if utf8.RuneCountInString(t) < 4 {
		return
	}
	t = capRunes(t, maxChars)
	key := strings.ToLower(strings.TrimRight(t, ".!。！…"))
	if s.seen[key] {
		return
	}
	s.seen[key] = true
	s.items[sec] = append(s.items[sec], item{text: t, key: key})
}

func (s *summary) render(maxChars int) string {
	lang := 0
	if s.cjk > 0 && s.cjk*4 >= s.latin {
		lang = 1
	}
	var items [numSections][]string
	for sec := range numSections {
		list := s.items[sec]
		if sec == secGoal {
			list = list[:min(len(list), 1)] // the first request (or the earlier summary's goal)
		} else if n := len(list) - sectionCaps[sec]; n > 0 {
			list = list[n:] // the most recent
		}
		for _, it := range list {
			items[sec] = append(items[sec], it.text)
		}
	}
	for _, t := range s.tools {
		e := fmt.Sprintf("%s ×%d", t.name, t.calls)
		if t.errors > 0 {
			e += fmt.Sprintf(" (%d failed)", t.errors)
		}
		items[secTools] = append(items[secTools], e)
	}
	if n := len(items[secTools]) - sectionCaps[secTools]; n > 0 {
		items[secTools] = items[secTools][n:]
	}
	out := renderItems(items, lang)
	for utf8.RuneCountInString(out) > maxChars {
		cut := false
		for _, sec := range dropOrder {
			if len(items[sec]) > 0 {
				items[sec] = items[sec][1:]
				cut = true
				break
			}
		}
		if !cut {
			break
		}
		out = renderItems(items, lang)
	}
	if out == "" {
		out = nothingFound[lang]
	}
	return capRunes(out, maxChars)
}

func renderItems(items [numSections][]string, lang int) string {
	var b strings.Builder
	for sec := range numSections {
		list := items[sec]
		if len(list) == 0 {
			continue
		}
		h := headings[lang][sec]
		sep := " "
		if lang == 1 {
			sep = ""
		}
		switch sec {
		case secGoal:
			b.WriteString(h + sep + list[0] + "\n")
		case secTools:
			b.WriteString(h + sep + strings.Join(list, ", ") + "\n")
		default:
			b.WriteString(h + "\n")
			for _, it := range list {
				b.WriteString("- " + it + "\n")
			}
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// sentences splits text into sentences, leaving out code blocks, list markers and
// Markdown emphasis.
func sentences(in string) []string {
	var out []string
	fence := false
	for _, line := range strings.Split(in, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "```") {
			fence = !fence
			continue
		}
		if fence || t == "" {
			continue
		}
		t = strings.ReplaceAll(listMarker.ReplaceAllString(t, ""), "**", "")
		start := 0
		for _, loc := range sentenceEnd.FindAllStringIndex(t, -1) {
			if strings.TrimSpace(t[loc[0]:loc[1]]) == "." && text.EndsWithAbbrev(t[:loc[0]+1]) {
				continue // "St. Ives", "Dr. Patel", "e.g. surfing": not a sentence end
			}
			if s := strings.TrimSpace(t[start:loc[1]]); s != "" {
				out = append(out, s)
			}
			start = loc[1]
		}
		if s := strings.TrimSpace(t[start:]); s != "" {
			out = append(out, s)
		}
	}
	// A short sentence ("Agreed.", "好的。") says little alone: join it to the next.
	merged := out[:0]
	for i := 0; i < len(out); i++ {
		t := out[i]
		for i+1 < len(out) && short(t) && !strings.HasSuffix(t, "?") && !strings.HasSuffix(t, "？") {
			i++
			t = joinSentences(t, out[i])
		}
		merged = append(merged, t)
	}
	return merged
}

// short reports whether a sentence is too short to stand alone: under 16 characters
// and under 6 CJK ones.
func short(t string) bool {
	return utf8.RuneCountInString(t) < 16 && cjkCount(t) < 6
}

func cjkCount(t string) int {
	n := 0
	for _, r := range t {
		if isCJK(r) {
			n++
		}
	}
	return n
}

// joinSentences joins two sentences, with a space unless the first ends in CJK
// punctuation.
func joinSentences(a, b string) string {
	if r, _ := utf8.DecodeLastRuneInString(a); r >= 0x3000 {
		return a + b
	}
	return a + " " + b
}

// firstLine returns the first non-blank line of s, cut to itemMaxChars.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return capRunes(l, 120)
		}
	}
	return ""
}

// isCJK reports whether r is a Han, kana or Hangul character.
func isCJK(r rune) bool {
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) ||
		unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r)
}

// statedPart returns what of a sentence can state a preference: all of it, or for a
// question only the clauses before the asking one. A question is never a preference
// ("乐乐对什么过敏？", "What do I like?" ask about one), but "但我不吃辣，附近有没有清淡的餐厅？"
// states one before it asks. A request for content states none ("翻译：我喜欢猫").
func statedPart(t string, question bool) string {
	if contentRequest(t) {
		return "" // "Translate: I love cats" (contentrequest.go)
	}
	if !question {
		return t
	}
	i := strings.LastIndexAny(t, "，,；;：:")
	if i < 0 {
		return ""
	}
	return t[:i]
}
