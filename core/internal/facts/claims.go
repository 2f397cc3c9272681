package facts

import (
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
	contentRequest = lazy(`(?i)^[\s\W]*(?:(?:hi|hey|ok|okay|so|please|pls|can you|could you|would you|now|also|and)[,!\s]+)*(?:translate|summari[sz]e|rewrite|rephrase|paraphrase|proofread|correct|check|fix\s+(?:the\s+|my\s+)?(?:grammar|spelling|typos?|english)|polish|reword|shorten|expand|write|draft|compose|turn|convert|analy[sz]e|give\s+me\s+(?:an?\s+)?examples?|make\s+(?:a|up|this|it)|use|fill\s+(?:in|out)|generate|invent)\b[^\n:："“「—–]*[:："“「—–]` +
		`|^[\s\W]*(?:请|麻烦你?|帮我|帮忙|能不能帮我|你能帮我|可以帮我)?[^\n:：“「"]{0,12}(?:翻译|总结|概括|改写|润色|造句|例句|举个例子|缩写|扩写|写一|写个|写段|改一下|改得|改成|改为|修改|翻成|译成|检查一下|分析一下|生成|编几|编一|编个|填一下|填个)[^\n:：“「"]*[：:“「"]`)
	fiction = lazy(`(?i)\b(?:d&d|dnd|dungeons\s+(?:&|and)\s+dragons|tabletop\s+rpg)|\b(?:(?:in|for)\s+my\s+(?:story|novel|book|script|game|screenplay|fic|fanfic|campaign|dream)|my\s+(?:character|protagonist|oc|hero|heroine|villain|bard|wizard|paladin|rogue|warlock|druid|cleric|sorcerer|ranger|avatar)|role[- ]?play|let'?s\s+play|in\s+(?:the\s+)?game\b|pretend\s+(?:you|I|that|to)|the\s+(?:hero|heroine|protagonist|main\s+character)\b)` +
		`|\b(?:novel|story|book|screenplay|script|fanfic)\s+(?:I'm|I\s+am|I've\s+been|I\s+was)\s+writing|我在写(?:小说|故事|剧本)|我的(?:角色|人物)(?:是|叫)|小说里|小说中|故事里|故事中|角色扮演|主角|扮演|演个角色|演一个角色|你演|你来演|假设你是|假装你是|假装我是|剧本里|游戏里的角色|梦见`)
)

// lookAtZH: "帮我看看这段代码为什么报错：print(…)" — a message that opens by asking the
// assistant to look at what follows the colon hands it material (not "我痛风，…，帮我看看这个
// 菜单能点啥：…", where the user speaks first).
var lookAtZH = lazy(`^\s*(?:请|麻烦你?|帮我|帮忙|你)?(?:看看|看一下|看下|瞧瞧)[^\n:：]{0,24}[：:]`)

// userMaterial reports whether a user message is material rather than the user speaking.
func userMaterial(text string) bool {
	lower := strings.ToLower(text)
	if (!prefilter || containsAny(lower, materialNeed)) && (contentRequest.MatchString(text) && !noteLead5EN.MatchString(text) || lookAtZH.MatchString(text)) {
		return true
	}
	return (!prefilter || containsAny(lower, fictionNeed)) && fiction.MatchString(text) || roleplayMessageZH5(text)
}

// materialNeed and fictionNeed prefilter userMaterial's expressions: a content request
// hands over its payload after a colon or in quotes.
var (
	materialNeed = []string{":", "：", "\"", "“", "「", "—", "–"}
	fictionNeed  = words("d&d dnd dungeons tabletop story novel book script game screenplay fic campaign dream character protagonist oc hero villain bard wizard paladin rogue warlock druid cleric sorcerer ranger avatar role play pretend 小说 故事 剧本 角色扮演 主角 扮演 假设你是 假装 游戏 梦见 我的角色 我的人物 演个角色 演一个角色 你演 你来演")
)

// claimState carries what the clauses of a sentence share.
type claimState struct {
	subj     string // the subject of the last Chinese claim, for clauses that leave it out
	last     int    // index in out of the last claim, -1 when none
	cond     bool   // a condition or hypothesis started: the rest is not a claim
	remember bool   // the sentence asks to remember
	en       bool   // the last claim was an English one with the user as subject
	first    bool   // the clause is the sentence's first
	kin      string // a relative a clause named beside the user ("我跟我老公…"), for a 他/她 after it (kinpronoun7.go)
	more     []Fact // facts of the clause after the one claim returns ("X here, 52, …": heretail8.go)
	here     bool   // the clause before was "X here", cut from what follows it ("retired nurse here, 71 and …")
}

// claims returns the facts of a user sentence's claims. skip holds rune indexes of cues
// other kinds took (a rule, a completion…): their clauses are not claims too.
func claims(s *sentence, idx int, skip []int, phrasedFacts func() []spanFact) []Fact {
	var out []Fact
	st := claimState{last: -1}
	spans := claimClauses(s.r)
	only := make([]bool, len(spans))
	for k, sp := range spans {
		t := strings.TrimSpace(s.sub(sp[0], sp[1]))
		only[k] = len(t) < 60 && rememberOnly.MatchString(strings.TrimRightFunc(t, func(r rune) bool {
			return unicode.IsSpace(r) || strings.ContainsRune(".。!！~～…", r)
		}))
		st.remember = st.remember || only[k]
	}
	for k, sp := range spans {
		here := st.here // "X here" ended the clause before; only the next clause read goes on from it
		st.here = false
		from, to := sp[0], sp[1]
		for from < to && (unicode.IsSpace(s.r[from]) || strings.ContainsRune(",，;；:：—–-", s.r[from])) {
			from++
		}
		text := strings.TrimRightFunc(s.sub(from, to), func(r rune) bool {
			return unicode.IsSpace(r) || strings.ContainsRune(".。!！~～…", r)
		})
		if text == "" || s.quoted(from) || skipped(skip, from, to) {
			st.last = -1
			continue
		}
		if only[k] {
			continue
		}
		if k == 0 && (hasHan(text) && writeRequestZH.MatchString(head(text, 24)) || hasLatin(text) && sayingEN.MatchString(head(text, 64))) {
			st.cond = true // "帮我写条朋友圈，宣布我升职了": what follows is the material
		}
		if st.cond || (hasLatin(text) && (!prefilter || containsAny(s.lowerAt(from, text), condENNeed)) && condEN.MatchString(text) && !whenItComes.MatchString(text) && !habitLead5(text)) ||
			(hasHan(text) && (!prefilter || containsAny(text, condZHNeed)) && condZH.MatchString(text) && !topicZH(text)) {
			st.cond = true
			continue
		}
		last := k == len(spans)-1
		if st.last >= 0 && k > 0 && st.subj == "" {
			st.subj = subjAfterEN13(out[st.last], text, st.subj) // "my girlfriend's name is 小鹿, 她是…" (round13zh_mix.go)
		}
		text = pronounKinZH(protectZH(tellYouZH.ReplaceAllString(text, "")), st.subj)
		st.first = k == 0
		st.more, st.here = nil, here
		f, ok := st.claim(text, last && s.ask)
		if ok && (danglingPronoun(protectZH(s.sub(0, from))+" "+f.Content) || !f.remembered() && passingClaim(text) ||
			hasHan(f.Content) && strings.ContainsAny(f.Content, "你您") && talkZH.MatchString(f.Content)) { // "我上次跟你说的那个项目": about the talk
			st.last = -1
			continue
		}
		if ok && (!prefilter || strings.Contains(text, ", ")) {
			st.more = append(st.more, carryTail9(text, f, st.remember)...) // "…, carry an EpiPen" (carrysubject9.go)
		}
		if !ok && f.Content == "" {
			if st.last >= 0 && !st.cond {
				if g, ok := carrySubject9(text, out[st.last].Content, st.remember); ok { // "Allergic to bee stings, carry an EpiPen" (carrysubject9.go)
					g.Evidence = []int{idx}
					out = append(out, g)
					st.last = len(out) - 1
					continue
				}
			}
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
		case len(mine) == 1 && mine[0].to >= from+utf8.RuneCountInString(text) && len(strings.Fields(s.sub(from, max(from, mine[0].start)))) <= 2:
			// The pattern phrases the whole clause ("I'm Tom" → "User's name is Tom").
			out = append(out, mine[0].Fact)
		default:
			if items := isList(f.Content); len(mine) < 2 && items != nil {
				// "I'm 52, Dutch, and a grandfather of three": one fact an item.
				for k, it := range items {
					g := classify("User is "+it, it, f.Confidence >= 0.85)
					if c, ok := carrySubject9(it, f.Content, f.Confidence >= 0.85); ok {
						g = c // "I'm vegan, cook mostly Thai food": a doing, not "User is cook…" (carrysubject9.go)
					}
					if k == 0 && nameWord.MatchString(it) && !notName[strings.ToLower(it)] {
						g = Fact{Type: TypeProfile, Content: "User's name is " + it, Subject: "user", Predicate: "name", Confidence: 0.8}
					}
					if m := pronounsEN.FindString(it); m != "" {
						g = Fact{Type: TypeProfile, Content: "User's pronouns are " + strings.ToLower(m), Subject: "user", Predicate: "identity", Confidence: 0.8}
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
			if f.Predicate == "uses" {
				items := toolItems(text)
				if c := firstToolOnly(out[len(out)-1].Content, items); c != "" {
					out[len(out)-1].Content = c // "User uses Obsidian for notes", not "… and VS Code for coding" too
				}
				for _, it := range items {
					g := f
					g.Content, g.Confidence = "User also uses "+it, f.Confidence-0.05
					if hasHan(text) {
						g.Content = "用户也用 " + it
					}
					out = append(out, g)
				}
			}
		}
		for _, g := range st.more {
			g.Evidence = []int{idx}
			out = append(out, g)
		}
		st.last = len(out) - 1
	}
	for i := range out {
		out[i].Content = unprotectZH(out[i].Content)
	}
	if petNeed12(out) {
		out = petSplit12(out) // "I live in Lille with my cat Pistache": the city alone is the location (round12pet.go)
	}
	if len(out) > 1 && hasHan(s.s) && strings.Contains(s.s, "上课") {
		classCarry12(out) // "我报了个水彩课，每周三晚上上课" (round12sched.go)
	}
	if hasHan(s.s) && strings.Contains(s.s, "叫我") {
		out = namesZH13(s, out) // "同事都这么叫我", "我叫周晓琳，大家都叫我琳琳" (round13zh_name.go)
	}
	if strings.Contains(s.s, "岁") || strings.ContainsAny(s.s, "0123456789") || strings.Contains(s.s, "不是") {
		ages13(out) // "我妈今年73了", "其实我妈不是73，是74" (round13zh_age.go)
	}
	if len(out) > 1 && strings.Contains(s.s, "戒") {
		quitCarry13(out) // "我以前抽烟，…就戒了" (round13zh.go)
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
	if st.here {
		st.here = false
		if fs := hereTail(text, remember); len(fs) > 0 {
			st.more = fs[1:] // the rest of "X here, …" the clause splitter cut off (heretail8.go)
			return fs[0], true
		}
	}
	intro := introEN.MatchString(head(text, 40))
	if m := discourseStrip(text); m.rest != text {
		text, remember = m.rest, remember || m.remember
		if intro && introNameEN.MatchString(head(text, 40)) {
			text = "I'm " + text // "Quick intro: Aisha Bello, 29, Nigerian, …": the user introducing themselves
		}
	}
	text = colloquialZH(text)
	if f, ok := rule12(text, remember); ok { // "Remember that I never take calls before 2pm" (round12rule.go)
		return f, true
	}
	if f, ok := availRule13(text); ok { // "I never take calls before 2pm", "我从不在早上九点前开会" (round13rule.go)
		return f, true
	}
	if t, ok := scheduleMove12(text); ok { // "The watercolour class moved to…": the user's (round12sched.go)
		text = t
	}
	if f, ok := st.careerWant8(text, remember); ok { // "…，说实话有点想跳槽" (careerwant8.go)
		return f, true
	}
	if f, ok := st.kinPronoun7(text, remember); ok {
		return f, true
	}
	text, f5, ok5 := st.claimZH5(text, remember) // the fifth round's Chinese kinds (claimzh5self.go)
	if ok5 {
		return f5, true
	}
	if f, ok := st.claimZH13(text, remember, ask); ok { // "我是陈浩", "我在成都，华西医院的护士" (round13zh.go)
		return f, true
	}
	if hasHan(text) {
		if g := genderZH(text); g != "" {
			st.subj = "用户"
			return Fact{Type: TypeProfile, Content: "用户是" + g, Subject: "user", Predicate: "identity", Confidence: 0.75}, true
		}
		if selfZH.MatchString(text) {
			st.subj = "用户" // "我这人吧，就是不爱运动": the claim follows
			return Fact{}, false
		}
		if idiomZH.MatchString(head(text, 24)) {
			st.subj = ""
			return Fact{}, false
		}
	}
	latin, han := hasLatin(text), hasHan(text)
	if latin {
		text = informalEN(text)
	}
	if m := hedgeEN.FindStringIndex(head(text, 48)); latin && m != nil {
		text = text[m[1]-1:] // "I think I prefer the second option"
	}
	if text == "" {
		return Fact{}, false
	}
	if m := remindEN.FindStringIndex(head(text, 48)); latin && m != nil && m[1] < len(text) {
		how := "to " // "remind me to call…"; "remind me that the conference is…", "remind me about the vet"
		if lead := strings.ToLower(strings.TrimSpace(text[:m[1]])); strings.HasSuffix(lead, " that") || strings.HasSuffix(lead, " about") {
			how = lead[strings.LastIndexByte(lead, ' ')+1:] + " "
		}
		return claimFact(clip("User asked to be reminded "+how+rewriteEN(text[m[1]:], false)), "reminder", 0.8), true
	}
	if m := remindZH.FindStringIndex(head(text, 48)); han && m != nil && m[1] < len(text) {
		return claimFact(clip("提醒用户"+rewriteZH(text[m[1]:])), "reminder", 0.8), true
	}
	if m := namesEN.FindStringSubmatch(head(text, 80)); latin && m != nil {
		return Fact{Type: TypeProfile, Content: "User's name is " + m[1], Subject: "user", Predicate: "name", Confidence: 0.85}, true // "Name's Greta btw"
	}
	if m := callMe.FindStringSubmatch(head(text, 80)); latin && m != nil {
		return Fact{Type: TypeProfile, Content: clip("User goes by " + m[1]), Subject: "user", Predicate: "name", Confidence: 0.85}, true
	}
	if strings.HasSuffix(text, "吧") && !remember {
		return Fact{}, false // a suggestion: "我们这个问题以后再说吧"
	}
	if m := hereEN.FindStringSubmatchIndex(head(text, 64)); latin && m != nil && !hereNot[strings.ToLower(strings.Fields(text[m[2]:m[3]])[0])] {
		if place := placeHere(text[m[2]:m[3]], text[m[3]:], st.first); place != "" { // "Boston here." (hereplace.go)
			return Fact{Type: TypeProfile, Content: "User is in " + place, Subject: "user", Predicate: "location", Confidence: 0.7}, true
		}
		if name := nameHere(text[m[2]:m[3]], text[m[3]:], st.first); name != "" { // "Hey, Marcus here." (namehere.go)
			if m[1] < len(text) && text[m[1]-1] == ',' {
				st.more = hereTail(text[m[1]:], remember) // "Marta here, 52, …" (heretail8.go)
			}
			st.here = m[1] == len(text)
			return Fact{Type: TypeProfile, Content: "User's name is " + name, Subject: "user", Predicate: "name", Confidence: 0.8}, true
		}
		// "Type 1 diabetic here"
		f := classify("User is "+article(text[m[2]:m[3]]), text, remember)
		if m[1] < len(text) && text[m[1]-1] == ',' {
			st.more = hereTail(text[m[1]:], remember) // "…, usually up till 2am" (heretail8.go)
		}
		st.here = m[1] == len(text)
		return f, true
	}
	if !han && (latin || st.en) {
		if f, ok, stop := st.claimEN5(text, remember, ask); ok || stop { // fifth round (claimen5lead.go)
			return f, ok
		}
	}
	if m := asRoleEN.FindStringSubmatch(head(text, 64)); latin && m != nil {
		return classify("User is "+strings.ToLower(m[1])+" "+m[2], text, remember), true // "As a nurse, …"
	}
	if m := asSomeoneEN.FindStringSubmatch(head(text, 80)); latin && m != nil {
		return classify(asSomeone(m[1], m[2]), text, remember), true
	}
	if m := asRoleZH.FindStringSubmatch(head(text, 48)); han && m != nil {
		return classify("用户是"+m[1]+m[2], text, remember), true // "作为一个程序员，…"
	}
	if m := callMeZH.FindStringSubmatch(text); han && st.first && m != nil && !strings.HasPrefix(m[1], "一") {
		st.subj = "用户" // "叫我阿Ken就好": the name the user goes by
		return Fact{Type: TypeProfile, Content: "用户叫" + m[1], Subject: "user", Predicate: "name", Confidence: 0.85}, true
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
	if t, ok := objectLead13(text, latin); ok { // "Currently living in Denver with my wife" (round13.go)
		text = t
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
		} else if subj == "my" && myThing.MatchString(head(rest, 32)) && !(kinNegNeed11(rest) && kinNegEN11.MatchString(head(rest, 80))) && !classWhen13(rest) { // "my class moved to Thursday" is no code (round13class.go)
			return Fact{}, false
		} else if strings.HasPrefix(subj, "i") && mayNotClaimEN(head(rest, 64)) && notClaimEN.MatchString(head(rest, 64)) && !effortEN.MatchString(head(rest, 64)) && !checkHabit5EN.MatchString(head(rest, 120)) {
			return Fact{}, false
		}
		if meaningful(rest) < 2 {
			return Fact{}, false
		}
		st.subj = ""
		st.en = strings.HasPrefix(subj, "i")
		content := rewriteENAt(text, true, m)
		return classify(content, text, remember), true
	}
	if latin && st.en && statusAt([]rune(strings.ToLower(text)), 0) {
		// "I'm vegan and allergic to soy": what the user is, going on.
		if statusVerb13(text) {
			return classify("User "+rewriteEN(text, false), text, remember), true // "… and retired last spring" (round13and.go)
		}
		return classify("User is "+rewriteEN(text, false), text, remember), true
	}
	if latin && st.en && verbAt([]rune(strings.ToLower(text)), 0) {
		// "I'm from Brazil but live in Lisbon now": the same subject goes on.
		verb, tail, _ := strings.Cut(text, " ")
		return classify("User "+conjugate(strings.ToLower(verb))+" "+rewriteEN(tail, false), text, remember), true
	}
	if m := pronounsEN.FindString(text); latin && m != "" {
		return Fact{Type: TypeProfile, Content: "User's pronouns are " + strings.ToLower(m), Subject: "user", Predicate: "identity", Confidence: 0.8}, true
	}
	if c := roleClaimEN(text); latin && !han && st.last < 0 && c != "" {
		// "Retired high school chemistry teacher.": a role with "I'm a" left out (claimwhoen.go).
		st.en = true
		f := classify(c, text, remember)
		f.Confidence -= 0.1
		return f, true
	}
	if m := leadVerbEN.FindStringSubmatchIndex(head(text, 48)); latin && m != nil && !strings.Contains(text, "?") && meaningful(text[m[1]:]) >= 4 &&
		!leadObjectEN.MatchString(text[m[1]:]) {
		// "Been dealing with tennis elbow for weeks", "Got an interview on the 9th".
		lead := strings.ToLower(strings.Join(strings.Fields(text[m[2]:m[3]]), " "))
		if lead == "trying to" && !effortEN.MatchString("'m "+text[m[2]:]) {
			return Fact{}, false // "Trying to help, sorry": not an effort that lasts
		}
		content := "User " + leadVerbs[lead] + " " + rewriteEN(text[m[1]:], false)
		f := classify(content, text, remember)
		f.Confidence -= 0.1
		st.en = true // "Grew up in Manila, live in Seattle these days": the subject left out goes on
		return f, true
	}
	if i := strings.Index(text, "我"); i >= 0 && timeZH.MatchString(text[:i]) && !strings.ContainsAny(text[:i], "你他她它是有") && !objectVerbZH.MatchString(text[:i]) {
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
	if st.subj == "" && st.last < 0 && !strings.Contains(text, "?") && !strings.Contains(text, "？") {
		if han && !strings.ContainsAny(text, "我你您他她它") && kinLeadZH.MatchString(text) && !requestZH.MatchString(text) {
			return st.claim("我"+text, ask) // "老公最近迷上钓鱼了"
		}
		if latin && !han && kinLeadEN.MatchString(head(text, 40)) {
			return st.claim("My "+strings.ToLower(text[:1])+text[1:], ask) // "Wife works nights"
		}
	}
	if han && st.subj == "" && st.last < 0 && !strings.ContainsAny(text, "我你您他她它") && dropSubjectZH.MatchString(head(text, 36)) {
		// "最近在减脂，晚饭只吃沙拉": the user, subject left out.
		st.subj = "用户"
		f := classify("用户"+rewriteZH(text), text, remember)
		f.Confidence -= 0.1
		return f, true
	}
	if han && st.subj == "" && st.last < 0 && st.first && selfClaimZH(text) {
		// "最近失眠挺严重的", "最爱吃螺蛳粉": the user's body, diet, taste or week.
		st.subj = "用户"
		if petZH.MatchString(head(text, 30)) {
			st.subj = "用户家" // "家里还有一只柯基叫馒头，三岁了": what follows is the dog's
		}
		f := classify("用户"+rewriteZH(text), text, remember)
		f.Confidence -= 0.1
		return f, true
	}
	if hasHan(text) && st.subj != "" && isDirectiveZH11(text) {
		return directiveRuleZH11(text) // "…，做饭的时候记得别推荐太辣的菜" (directive11.go)
	}
	if hasHan(text) && st.subj != "" && !contStop.MatchString(head(text, 24)) && !strings.Contains(text, "你") {
		if i := strings.Index(text, "我"); i > 0 && objectVerbZH.MatchString(text[:i]) {
			return Fact{}, false // "…，文字说明对我更友好": the user is the object, not the subject
		}
		if contMerge.MatchString(head(text, 24)) || st.subj == "用户家" || st.subj == "用户所在的" || !cueZH.MatchString(text) && !(st.subj == "用户" && contPlaceZH.MatchString(head(text, 40))) {
			// (After "我们家狗狗叫可乐", "今年三岁了" is the dog's: the household is no person.)
			return Fact{Content: rewriteZH(text)}, false
		}
		if notClaimZH.MatchString(head(text, 48)) {
			return Fact{}, false
		}
		return classify(ownZH(st.subj, rewriteZH(contLead.ReplaceAllString(text, ""))), text, remember), true
	}
	if remember && meaningful(text) >= 4 {
		if hasHan(text) {
			return classify(ownZH("用户", rewriteZH(text)), text, true), true // "记一下 flight 是 JL 61" (claimownzh.go)
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
		var m []int
		if mayDiscourse(t) {
			m = discourseEN.FindStringSubmatchIndex(head(t, 80))
			if m == nil {
				m = discourseZH.FindStringSubmatchIndex(head(t, 80))
			}
		}
		if m == nil || m[1] == 0 || haveOneZH9(t, m[1]) {
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
// word of text cannot start a match, and found without it when that word is the subject
// (subjectLead).
func subjectMatch(text string) []int {
	first := leadingWord(text)
	if prefilter && !subjectFirst[first] {
		return nil
	}
	h := head(text, 80)
	if prefilter {
		if m, ok := subjectLead(h, first); ok {
			return m
		}
	}
	return subjectEN.FindStringSubmatchIndex(h)
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

// hasLatin reports whether s has an ASCII letter (English regexps need one).
func hasLatin(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c >= 'a' && c <= 'z' {
			return true
		}
	}
	return false
}
