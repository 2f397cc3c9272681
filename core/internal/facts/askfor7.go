package facts

import "strings"

// Seventh round, two shapes that state a fact inside a request, each seen with more than
// one writer of the labelled sets and with none of the rules:
//
//   - who a request is for: "It's for my daughter Zoe, she's turning 9 and is obsessed with
//     dinosaurs", "Nice. It's for my brother Dave, he's training for an ultra", "I'm asking
//     for my mom, she's 70 and diabetic" — the person (a kin word and a name) and what the
//     clause after says of them, in one fact ("User's brother Dave is training for an
//     ultra"), or the name alone ("User's daughter is named Zoe");
//   - a request to remember asked as a question: "你能记住我咖啡要加燕麦奶吗", "能帮我记一下我的
//     工号是 A1234 吗？" — the question is the asking, what follows 记住 is the fact.

var (
	// forKinEN: "it's/this is for my <kin> [Name][, she's/he's …]".
	forKinEN = lazy(`^(?i:(?:(?:ok|okay|nice|cool|great|thanks|so)[,.!]*\s+)?(?:it'?s|it\s+is|this\s+is|that'?s|these\s+are|(?:i'?m\s+|i\s+am\s+)?(?:asking|shopping|buying|planning|cooking))\s+for\s+my\s+(` + kinAlt7 + `))(?:\s+([A-Z][a-z]+))?(?:\s*[,;—-]+\s*(?i:(he|she|they)(?:'s|’s|\s+is|\s+are|'re|’re)\s+)(.+?))?[.!]*$`)
	// rememberSaysZH7: what follows 记住 says something ("我咖啡要加燕麦奶", "我的工号是 A1234"),
	// not only names a thing ("你能记住我的名字吗" asks about the assistant).
	rememberSaysZH7 = lazy(`^我的?\p{Han}{0,8}?(?:是|要|在|有|叫|对|不|爱|喜欢|每|住|用|吃|喝|过敏)|\d`)
	// rememberAskZH: "(你)能(帮我)记住/记一下 我… 吗？".
	rememberAskZH = lazy(`^(?:你)?(?:能|可以|能不能|可不可以|能否)(?:帮我)?(?:记住|记一下|记下|记着|记)(?:一下)?\s*(我.{2,40}?)\s*(?:吗|么|嘛|不)?\s*[？?]?$`)
)

const kinAlt7 = `daughter|son|kid|kids|wife|husband|partner|girlfriend|boyfriend|mom|mum|mother|dad|father|brother|sister|nephew|niece|grandma|grandpa|grandmother|grandfather|aunt|uncle|cousin|toddler|baby|fiance|fiancee|fiancé|fiancée|stepson|stepdaughter|twins`

// forKin7 returns the facts of a sentence saying whom a request is for, if it is one.
func forKin7(text string, idx int) []Fact {
	if !containsLower(text, "for my ") {
		return nil
	}
	m := forKinEN.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil || m[2] == "" && m[4] == "" {
		return nil
	}
	kin := strings.ToLower(m[1])
	var out []Fact
	who := "User's " + kin
	if m[2] != "" && m[4] == "" {
		out = append(out, Fact{Type: TypeProfile, Content: "User's " + kin + " is named " + m[2], Subject: "user",
			Predicate: "family", Confidence: 0.7, Evidence: []int{idx}})
	}
	if m[2] != "" {
		who += " " + m[2]
	}
	if m[4] != "" && meaningful(m[4]) >= 2 {
		// One fact, the person with what is said of them: as two (the name, then what is
		// said), the second was a wrong fact in two of the labelled sets' three cases.
		be := " is "
		if strings.EqualFold(m[3], "they") || strings.HasSuffix(kin, "s") {
			be = " are "
		}
		f := Fact{Type: TypeFact, Content: clip(who + be + strings.TrimSpace(m[4])), Subject: "user",
			Predicate: "family", Confidence: 0.7, Evidence: []int{idx}}
		if head, g, ok := ageAnd9Cut(f); ok { // "…, she's turning 9 and is obsessed with dinosaurs" (coordage9.go)
			f.Content = head
			out = append(out, f, g)
			return out
		}
		out = append(out, f)
	}
	return out
}

// rememberAsk7 returns the fact a remember-question asks to keep, if text is one.
func rememberAsk7(text string, idx int) (Fact, bool) {
	if !strings.Contains(text, "记") {
		return Fact{}, false
	}
	m := rememberAskZH.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil || strings.Contains(m[1], "你") || !rememberSaysZH7.MatchString(m[1]) {
		return Fact{}, false
	}
	f := classify(rewriteZH(m[1]), m[1], true)
	f.Confidence = max(f.Confidence, 0.8)
	f.Evidence = []int{idx}
	return f, true
}

// askFor7 returns a user sentence's claims cl, or in their place the facts of a sentence
// that says whom a request is for (the whole sentence: "This is for my son Leo, …" was
// read as a claim led by "this" — "User's son Leo, he's 4 … this is for"), or, when the
// claim rules found nothing, a remember-question's fact.
func askFor7(s *sentence, idx int, cl []Fact) []Fact {
	if hasLatin(s.s) && !hasHan(s.s) {
		if fs := forKin7(s.s, idx); fs != nil {
			return fs
		}
	}
	if len(cl) == 0 {
		if f, ok := rememberAsk7(s.s, idx); ok {
			return []Fact{f}
		}
	}
	return cl
}
