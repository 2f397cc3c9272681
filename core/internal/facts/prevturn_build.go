package facts

import (
	"strings"
	"unicode"
)

// answerEN builds the facts of an English short answer to a question of slot (noun: the
// thing asked about, for the slots that name one). rest is the answer without its yes.
func answerEN(slot, noun, rest string) []Fact {
	f := firstFragment(rest, false)
	if notAnswerEN.MatchString(f) || verbEN.MatchString(f) {
		return nil
	}
	fs := answerEN1(slot, noun, rest, f)
	for i := range fs {
		fs[i].Subject = f // what it quotes (answerFacts)
	}
	return fs
}

func answerEN1(slot, noun, rest, f string) []Fact {
	if f == "" || len(strings.Fields(f)) > 8 || selfWordEN.MatchString(f) || strings.ContainsAny(f, "\"“”'`") && slot != "name" {
		return nil
	}
	lf := strings.ToLower(f)
	switch slot {
	case "place":
		if !placeLeadEN.MatchString(lf) && !startsUpper(f) {
			return nil // "somewhere cold lol", not a place's name
		}
		if loc := lowerAfterCommaEN.FindStringIndex(f); loc != nil {
			f = f[:loc[0]] // "Leeds, moved here from Glasgow last year"
		}
		c := "User lives in " + f
		if placeLeadEN.MatchString(lf) {
			c = "User lives " + lowerLead(f)
		}
		if more := secondFragmentEN(rest); more != "" {
			c += " (" + more + ")"
		}
		return []Fact{{Content: c, Predicate: "location", Confidence: 0.75}}
	case "from":
		return []Fact{{Content: "User is from " + strings.TrimPrefix(f, "from "), Predicate: "location"}}
	case "name":
		f = strings.Trim(f, "\"“”'")
		if !nameEN.MatchString(f) {
			return nil
		}
		return []Fact{{Content: "User's name is " + f, Predicate: "name", Confidence: 0.8}}
	case "age":
		if m := ageEN.FindStringSubmatch(lf); m != nil {
			return []Fact{{Content: "User is " + m[1] + " years old", Predicate: "age", Confidence: 0.8}}
		}
	case "kids":
		if !kidsAgeEN.MatchString(lf) {
			return nil
		}
		verb := " are "
		if !strings.HasSuffix(noun, "s") && !strings.HasSuffix(noun, "ren") {
			verb = " is "
		}
		if noun == "twins" || noun == "" {
			noun = "kids"
		}
		if agedEN.MatchString(lf) {
			f += " old"
		}
		return []Fact{{Content: "User's " + noun + verb + f, Predicate: "family"}}
	case "work":
		switch {
		case strings.HasPrefix(lf, "at ") || strings.HasPrefix(lf, "for ") || strings.HasPrefix(lf, "in "):
			return []Fact{{Content: "User works " + lowerLead(f), Predicate: "job"}}
		case strings.HasPrefix(lf, "a ") || strings.HasPrefix(lf, "an "):
			return []Fact{{Content: "User is " + lowerLead(f), Predicate: "job"}}
		case roleEndEN.MatchString(lf):
			return []Fact{{Content: "User works as " + anArticle(lf) + lf, Predicate: "job"}}
		}
		if head, _, _ := strings.Cut(f, ","); len(strings.Fields(head)) > 3 {
			return nil
		}
		return []Fact{{Content: "User works in " + f, Predicate: "job"}}
	case "pets":
		if countLeadEN.MatchString(lf) {
			return []Fact{{Content: "User has " + lowerLead(f), Predicate: "pets"}}
		}
	case "allergy":
		if !strings.Contains(lf, "allerg") {
			return []Fact{{Content: "User is allergic to " + f, Predicate: "health"}}
		}
	case "diet":
		if dietEN.MatchString(lf) {
			return []Fact{{Content: "User is " + lf, Predicate: "diet"}}
		}
	case "setup":
		return []Fact{{Type: TypeFact, Content: "User's setup is " + f, Predicate: "uses"}}
	case "uses":
		return []Fact{{Type: TypeFact, Content: "User uses " + f, Predicate: "uses"}}
	case "when":
		return []Fact{{Type: TypeFact, Content: "User's " + noun + " is " + f, Predicate: "event"}}
	case "plan":
		if !countLeadEN.MatchString(lf) && !strings.HasPrefix(lf, "the ") {
			f = anArticle(lf) + f
		}
		return []Fact{{Type: TypeFact, Content: "User has " + f, Predicate: "event"}}
	case "yn":
		if strings.HasPrefix(noun, "User ") && !vagueEN.MatchString(noun) {
			return []Fact{{Content: noun + ", " + f, Predicate: "about"}}
		}
	}
	return nil
}

var (
	// notAnswerEN: a fragment that opens as a request, a hedge or a reply to the
	// question itself, not as its answer ("can you just give me general advice",
	// "honestly, nothing much").
	notAnswerEN = lazy(`(?i)^(?:can|could|would|will|please|pls|just|why|what|how|who|where|when|which|sorry|actually|honestly|basically|well|um+|uh+|hmm+|kinda|kind of|sort of|(?-i:it)|it's|that|that's|this|there|doesn't|don't|does|do|is|are|never ?mind|skip|pass|same|as|like|tell|give|let's|you|your|yours|but|and|or|also|lots|a lot|stuff|various|somewhere|something|someone|everywhere|all over|here|there)\b`)
	// verbEN: a fragment with a verb of its own is a sentence about something else
	// ("Paris is lovely this time of year", "they are 3 and 5"), not an answer's value.
	verbEN            = lazy(`(?i)\b(?:is|are|was|were|am|be|been|has|have|had|will|would|can|could|should|shall|must|do|does|did|isn't|aren't|wasn't|don't|doesn't|didn't|won't|can't)\b`)
	kidsAgeEN         = lazy(`\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|twins?|triplets|teens?|teenagers?|toddlers?|babies|baby|newborns?|infants?|months?|years?)\b`)
	lowerAfterCommaEN = lazy(`,\s+\p{Ll}`)
	vagueEN           = lazy(`(?i)\b(?:any|anything|some|something|other|else)\b`)
	placeLeadEN       = lazy(`^(?:near|outside|just outside|around|in|on|close to|north of|south of|east of|west of)\s`)
	nameEN            = lazy(`^\p{Lu}[\p{L}'’\-]*(?:\s\p{Lu}[\p{L}'’\-]*){0,2}$`)
	ageEN             = lazy(`^(\d{1,2})(?:\s*(?:years old|years|yrs|yo|y/o))?(?:\s+(?:this year|now))?$`)
	agedEN            = lazy(`\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|eighteen) (?:months?|years?|weeks?)$`)
	roleEndEN         = lazy(`^[a-z][a-z \-]{0,30}(?:er|or|ist|ian|ant|ent|nurse|chef|dev|engineer|analyst|lawyer|teacher|consultant|designer|doctor|medic|clerk|cook|tech|pm|admin)$`)
	countLeadEN       = lazy(`^(?:a|an|one|two|three|four|five|\d+)\s`)
	dietEN            = lazy(`^(?:strictly |mostly |fully )?(?:vegetarian|vegan|pescatarian|pescetarian|gluten[- ]free|dairy[- ]free|kosher|halal|keto|paleo|lactose intolerant|low[- ]carb|coeliac|celiac)$`)
)

// secondFragmentEN is a short lower-case fragment after the first sentence ("Portland,
// Oregon. the east side"), or "".
func secondFragmentEN(rest string) string {
	i := strings.IndexAny(rest, ".!\n")
	if i < 0 {
		return ""
	}
	s := strings.TrimSpace(rest[i+1:])
	if j := strings.IndexAny(s, ".!?\n"); j >= 0 {
		if strings.TrimSpace(s[j+1:]) != "" {
			return ""
		}
		s = s[:j]
	}
	s = strings.TrimSpace(s)
	if s == "" || len(strings.Fields(s)) > 4 || !strings.HasPrefix(s, strings.ToLower(s[:1])) || selfWordEN.MatchString(s) || strings.ContainsAny(s, ",") {
		return ""
	}
	return s
}

// lowerLead lowers an English fragment's first letter when its first word is a
// function word ("Near Seattle" → "near Seattle").
func lowerLead(f string) string {
	w, rest, _ := strings.Cut(f, " ")
	lw := strings.ToLower(w)
	if lw == w || !placeLeadEN.MatchString(lw+" ") && !countLeadEN.MatchString(lw+" ") && lw != "at" && lw != "for" && lw != "the" {
		return f
	}
	if rest == "" {
		return lw
	}
	return lw + " " + rest
}

// startsUpper reports whether an English fragment opens with a capital letter.
func startsUpper(f string) bool {
	for _, r := range f {
		return unicode.IsUpper(r)
	}
	return false
}

// anArticle is "a " or "an " for an English noun phrase.
func anArticle(lf string) string {
	if lf != "" && strings.ContainsRune("aeiou", rune(lf[0])) {
		return "an "
	}
	return "a "
}

// answerZH builds the facts of a Chinese short answer (see answerEN).
func answerZH(slot, noun, rest string) []Fact {
	clauses := clausesZH(rest)
	if len(clauses) == 0 {
		return nil
	}
	fs := answerZH1(slot, noun, clauses)
	for i := range fs {
		if fs[i].Subject == "" {
			fs[i].Subject = clauses[0] // what it quotes (answerFacts)
		}
	}
	return fs
}

func answerZH1(slot, noun string, clauses []string) []Fact {
	f := clauses[0]
	if notAnswerZH.MatchString(f) || slot != "tool" && slot != "kids" && vagueZH.MatchString(f) {
		return nil
	}
	own := strings.ContainsAny(f, "我咱") || runes(f) > 20
	switch slot {
	case "place":
		if own {
			return nil
		}
		f = strings.TrimPrefix(strings.TrimPrefix(f, "住在"), "在")
		return []Fact{{Content: "用户住在" + f, Predicate: "location", Confidence: 0.75}}
	case "from":
		if own {
			return nil
		}
		f = strings.TrimSuffix(f, "的")
		if !strings.HasSuffix(f, "人") {
			f += "人"
		}
		return []Fact{{Content: "用户是" + strings.TrimPrefix(f, "是"), Predicate: "location"}}
	case "name":
		f = strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(f, "我叫"), "叫我"), "叫")
		if runes(f) < 1 || runes(f) > 4 || !onlyHan(f) {
			return nil
		}
		return []Fact{{Content: "用户叫" + f, Predicate: "name", Confidence: 0.8}}
	case "age":
		if m := ageZH.FindStringSubmatch(f); m != nil {
			return []Fact{{Content: "用户" + m[1] + "岁", Predicate: "age", Confidence: 0.8}}
		}
	case "kids":
		var got []string
		for _, c := range clauses {
			if len(got) == 0 && kidsBothZH.MatchString(c) {
				continue
			}
			if !kidClauseZH.MatchString(c) || strings.ContainsAny(c, "我咱") {
				break
			}
			got = append(got, c)
		}
		if len(got) == 0 {
			return nil
		}
		quoted := got[len(got)-1]
		if noun == "" || strings.Contains(noun, "小孩") {
			noun = "孩子"
		}
		j := strings.Join(got, "，")
		if strings.HasPrefix(j, "双胞胎") || strings.HasPrefix(j, "龙凤胎") {
			return []Fact{{Content: "用户的" + noun + "是" + j, Subject: quoted, Predicate: "family"}}
		}
		return []Fact{{Content: "用户的" + noun + j, Subject: quoted, Predicate: "family"}}
	case "work":
		if own {
			return nil
		}
		switch {
		case strings.HasPrefix(f, "在"):
			if !strings.ContainsAny(f, "做干当搞") && !strings.HasSuffix(f, "上班") && !strings.HasSuffix(f, "工作") {
				f += "工作"
			}
			return []Fact{{Content: "用户" + f, Predicate: "job"}}
		case strings.HasSuffix(f, "的"):
			return []Fact{{Content: "用户是" + strings.TrimPrefix(f, "是"), Predicate: "job"}}
		}
		return []Fact{{Content: "用户的工作是" + f, Predicate: "job"}}
	case "pets":
		if own || !countZH.MatchString(strings.TrimPrefix(strings.TrimPrefix(f, "养了"), "养")) {
			return nil
		}
		return []Fact{{Content: "用户养了" + strings.TrimPrefix(strings.TrimPrefix(f, "养了"), "养"), Predicate: "pets"}}
	case "allergy":
		if own {
			return nil
		}
		return []Fact{{Content: "用户对" + strings.TrimSuffix(strings.TrimPrefix(f, "对"), "过敏") + "过敏", Predicate: "health"}}
	case "diet":
		if own || runes(f) > 6 || !onlyHan(f) {
			return nil
		}
		return []Fact{{Content: "用户不吃" + f, Predicate: "diet"}}
	case "tool":
		return toolAnswerZH(strings.Split(noun, "|"), clauses)
	case "when":
		if own {
			return nil
		}
		return []Fact{{Type: TypeFact, Content: "用户的" + noun + "在" + f, Predicate: "event"}}
	case "yn":
		if own || !strings.HasPrefix(noun, "用户") {
			return nil
		}
		return []Fact{{Content: noun + "，" + f, Predicate: "about"}}
	}
	return nil
}

var (
	// notAnswerZH: a clause that opens as a request, a hedge or a reply to the question
	// itself ("你先给个通用的", "为什么问这个", "这个不方便说").
	// vagueZH: a clause that hedges, wants or has not yet ("还没定", "想搬走", "说来话长")
	// is no slot's value.
	vagueZH     = lazy(`[没不别想要吧呢啊哦嘛呀吗]|还在|说来话长|一言难尽|秘密|暂时|目前还`)
	notAnswerZH = lazy(`^(?:你|您|能|可以|请|帮|为什么|为啥|怎么|干嘛|这个|那个|这|那|随便|不用|跳过|先|就是|反正|其实|哎|唉|呃|额|嗯哼|看|问这)`)
	ageZH       = lazy(`^(?:今年)?([\d一二三四五六七八九十两]{1,4})(?:岁|周岁)?(?:了|啦)?$`)
	kidsBothZH  = lazy(`^(?:俩|两个)?都是$`)
	kidClauseZH = lazy(`^(?:双胞胎|龙凤胎|老大|老二|老三|大的|小的|一个|儿子|女儿)?.{0,3}[\d一二三四五六七八九十两半]+(?:岁|个月|周|周岁|个多月)|^(?:双胞胎|龙凤胎)$`)
	countZH     = lazy(`^[\d一二三四五六七八九十两]+(?:只|条|个|头)`)
)

// clausesZH splits a Chinese answer into its clauses (at most the first sentence's).
func clausesZH(t string) []string {
	if i := strings.IndexAny(t, "。！？!?\n"); i >= 0 {
		t = t[:i]
	}
	var out []string
	for _, c := range strings.FieldsFunc(t, func(r rune) bool { return strings.ContainsRune("，,；;、", r) }) {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// toolAnswerZH: the clauses that name a thing asked about are its facts ("路由器是 TP-Link
// 的老款" → "用户的路由器是 TP-Link 的老款"); a first clause that names none is the value of
// the thing no clause names ("电信 500 兆" after "宽带是哪家的？" → "用户的宽带是电信 500 兆").
func toolAnswerZH(nouns []string, clauses []string) []Fact {
	var out []Fact
	named := map[string]bool{}
	for _, c := range clauses {
		for _, n := range nouns {
			if strings.HasPrefix(c, n) && !strings.ContainsAny(c, "我咱") {
				out = append(out, Fact{Type: TypeFact, Content: "用户的" + c, Subject: c, Predicate: "uses"})
				named[n] = true
			}
		}
	}
	f := clauses[0]
	if strings.ContainsAny(f, "我咱是") || runes(f) > 16 {
		return out
	}
	for _, n := range nouns {
		if !named[n] && !strings.HasPrefix(f, n) {
			return append([]Fact{{Type: TypeFact, Content: "用户的" + n + "是" + f, Subject: f, Predicate: "uses"}}, out...)
		}
	}
	return out
}

// onlyHan reports whether s is Chinese characters only.
func onlyHan(s string) bool {
	for _, r := range s {
		if !unicode.Is(unicode.Han, r) {
			return false
		}
	}
	return s != ""
}
