package facts

import (
	"strings"
)

// Fifth round, English (issue 9 item 1): kinds of statement the retired blind3 set's
// English writers used and the rules did not read, each fixed by a rule about the kind and
// tested on new conversations in other words (testdata/dev9.json, u9_*). This file holds
// what a sentence says as a whole, read after the sentence gate (en5Sentence); the clause
// cuts are in claimen5clause.go, the claims without a subject in claimen5lead.go.
//
//   - a retraction in other words: "scrap that", "I was joking", "just kidding",
//     "asking for a friend" — the sentence's claims go;
//   - the talk: "forgot to mention", "as I said" — not a fact;
//   - someone else's news: "my coworker Jen just got engaged" — a friend's, a colleague's,
//     a neighbour's world (not the user's family: "my sister just had a baby" stays);
//   - forgetting as a comment: "…, I always forget the towels", "…, I always forget" —
//     after another claim it is a remark on it, and with nothing forgotten it says nothing;
//   - a title in single quotes: "In the song 'I Will Survive', who's the singer?" — the
//     "I" is the title's;
//   - a request after a claim: "I'm legally blind, please keep formatting simple",
//     "coeliac, so strictly gluten-free please", "…so large print please" — the request is a
//     standing rule of its own (the clause is cut before it: claimen5clause.go);
//   - two objects with their own prepositions after one verb: "We use Jira for tickets and
//     Perforce for version control", "I study kanji with WaniKani and grammar with Genki" —
//     a fact each ("User also uses Perforce for version control");
//   - a topic before the claim: "handmade candles, I sell them at the Saturday market" —
//     the pronoun is the topic ("User sells handmade candles at…");
//   - health words the kinds lacked (colour-blind, deaf, dyslexic, dementia, macular
//     degeneration, medications): a claim of them is health;
//   - two names joined by "and" ("…for Deliveroo and Uber Eats"): a fact each, the claim
//     with the second name;
//   - the later batches (the retired sets' other English mistakes, and probes): idioms
//     ("die on that hill"), what is still undone after a claim, a request to remember that
//     points at nothing, "in future, always…" rules and their reasons, rules in the shapes
//     "whenever I…, remind me", "can you stop …ing?", "use metric…", "can you remember…?"
//     (a question), and fact texts ("User has two kids", "User is from Ohio", "User also
//     uses Heroku", "User always meal preps").
//
// Every expression here runs only after a cheap check (a need word, a prefix, the
// sentence's first word), and only on sentences with no Chinese in them.
var (
	retraction5EN = lazy(`(?i)\b(?:scrap\s+that|(?:i\s+was|i'm|im)\s+(?:only\s+|just\s+)?(?:joking|kidding)|just\s+kidding|jk|asking\s+for\s+a\s+friend)\b`)
	talk5EN       = lazy(`(?i)\bforgot\s+to\s+(?:mention|say|tell\s+you|add)\b|\bas\s+I\s+(?:said|mentioned)\b|\bshould\s+have\s+(?:said|mentioned)\b`)
	// others5EN: news of someone outside the family ("User's coworker Jen just got engaged").
	others5EN = lazy(`^User's\s+(?i:friend|best\s+friend|coworker|co-worker|colleague|boss|manager|neighbou?r|roommate|flatmate|housemate|classmate|teacher|doctor|landlord|mate|buddy|pal|acquaintance)(?:\s+\p{Lu}[\p{L}'-]*)?\s+(?i:just|recently|finally)\s+(?i:got|had|moved|bought|started|quit|left|found|won|lost|passed|adopted|became|announced|booked)\b`)
	// forget5EN: "User always forgets the towels", "User always forgets".
	forget5EN    = lazy(`(?i)^User\s+(?:(?:always|often|usually|sometimes|still|constantly|tend\s+to|tends\s+to|keeps|keep)\s+)*(?:forgets?|forgetting|forgot)\b\s*(?:(?:it|them|things|stuff|everything|that|this)\b)?\s*[.!]*$`)
	forgetAny5EN = lazy(`(?i)^User\s+(?:(?:always|often|usually|sometimes|still|constantly|tends\s+to|keeps)\s+)*(?:forgets?|forgetting)\b`)
	// quoted5EN: a title or phrase in single quotes ('I Will Survive').
	quoted5EN = lazy(`(?:^|[\s(])'[^']{1,60}'(?:[\s,.;:!?)]|$)`)
	// tailRule5EN: a request that ends a sentence after a claim ("…, please keep formatting
	// simple", "…so strictly gluten-free please", "…, so please don't rely on colour"). Its
	// group 1 is the request. Not a request for content: "please help", "please tell me…".
	tailRule5EN  = lazy(`(?i)^(?:\s*[,;—–-]\s*|\s+)(?:and\s+)?(?:so\s+)?((?:when(?:ever)?\s+you\s+[^,?]{3,40}?,?\s+)?(?:please|pls|kindly)\s+(?:don't|do\s+not|never|always|keep|use|avoid|stick\s+to|stay|write|answer|reply|describe|talk|no|only|check|include|mention|flag|make\s+(?:it|them|everything|things)|go\s+easy)\b[^?]*|(?:(?:strictly|only|just|mostly)\s+)?[\w'-]+(?:\s+[\w'-]+){0,3}\s+(?:please|pls))[\s.!]*$`)
	tailNotRule5 = lazy(`(?i)^(?:so\s+)?(?:please\s+|pls\s+)?(?:help|tell|explain|suggest|recommend|show|give|send|check|let|any|some|more|thanks|thank|reply\s+soon|answer\s+quickly|hurry|advice|ideas?|tips?|suggestions?|recipes?|info|information|details|no|not|nothing|none|an?\s)\b`)
	// gap5EN: "<verb> X <prep> A and Y <prep> B": the second object and its phrase.
	gap5EN = lazy(`^(User(?:\s+and\s+family|'s\s+team)?\s+(?:(?:also|mostly|mainly|usually|always|now|currently)\s+)?[a-z]+)\s+((?:the\s+|my\s+|their\s+|our\s+|an?\s+)?[\w'.+#-]+(?:\s+[\w'.+#-]+)?)\s+(for|with|in|on|at|via|through|using)\s+([\w'.+# -]{2,40}?)\s+and\s+((?:the\s+|their\s+|an?\s+)?[\w'.+#-]+(?:\s+[\w'.+#-]+)?)\s+(for|with|in|on|at|via|through|using)\s+([^,;]{2,60}?)(?:\s*[,;—–-].*)?$`)
	// topic5EN: a bare noun phrase before the claim ("handmade candles, I sell them…").
	topic5EN  = lazy(`(?i)^((?:[a-z][\w'-]*\s+){0,2}[a-z][\w'-]*)\s*(?:,|\s[—–-])\s*(?:and\s+|so\s+)?I\s+(?:[a-z]+\s+){1,2}?(?:them|it)\b`)
	topicNot5 = wordSet(`i me my we our you your he she it they them this that these those there here yes yeah no ok okay so well oh hi hey hello thanks sure honestly basically anyway also and but lol haha sorry please`)
	health5EN = lazy(`(?i)\b(?:colou?r[- ]?blind|legally\s+blind|deaf|hard\s+of\s+hearing|dyslexi[ac]|dyspraxi[ac]|alzheimer'?s|dementia|parkinson'?s|macular\s+degeneration|epilep(?:sy|tic)|crohn'?s|ibs|metformin|insulin|lisinopril|statins?|inhaler|chemo(?:therapy)?|cancer|tinnitus|blood\s+sugar)\b`)
	// idiom5EN: a remark in a first person's words ("got a lot of time on my hands").
	idiom5EN = lazy(`(?i)\btime\s+on\s+(?:their|my)\s+hands\b|\bdie\s+on\s+(?:that|this)\s+hill\b|^User\s+lives\s+for\s+(?:this|that|these|those)\b|\bat\s+(?:their|my)\s+wits'?\s+end\b|\bin\s+over\s+(?:their|my)\s+head\b`)
	// placeSaid5EN: the place of a "based in X" extra fact, said already by its claim.
	placeLead5EN = lazy(`^User\s+(?:is\s+)?(?:(?:now|currently|still)\s+)?$`)
	placeSaid5EN = lazy(`(?i)\b(?:living|live|lives|working|works|work|based|moved|settled|staying)\s+(?:\w+\s+)?in\s+`)
	// askRemember5EN: "can you remember stuff between chats?" asks what the assistant can
	// do; it is no request to remember a claim.
	askRemember5EN = lazy(`(?i)^(?:(?:hey|ok|so|and|also)[,\s]+)?(?:can|could|will|would|do|does|did)\s+you\s+(?:please\s+|actually\s+|even\s+|still\s+)?(?:remember|recall)\b`)
	// rule5EN: standing rules in the shapes the patterns lack: "Whenever I ask about meds,
	// remind me to…", "can you stop ending every answer with a question?", "use metric
	// units for everything".
	rule5EN = lazy(`(?i)^(?:(?:whenever|every\s+time|any\s+time|each\s+time)\s+I\s+[^,]{3,60},\s*(?:please\s+)?(?:always\s+)?(?:remind|tell|warn|ask|give|use|keep|add|include|show|mention|flag|suggest|point|make|check|double-check|be|stay|skip|avoid|don't|do\s+not|never|always)\s` +
		`|(?:(?:hey|ok|so|also)[,\s]+)?(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:stop|quit)\s+[a-z]+ing\b` +
		`|(?:(?:btw|ok|so|also|and)[,\s]+)*in\s+future[,\s]+(?:please\s+)?(?:always|never|don't|do\s+not|use|keep|give|explain|answer|reply|write|call|remind)\b` +
		`|(?:please\s+)?(?:always\s+)?(?:use|stick\s+to|go\s+with|default\s+to)\s+(?:metric|imperial|celsius|fahrenheit|british|american|uk|us|australian|canadian|24-hour|12-hour)\b)`)
	whenever5EN = lazy(`(?i)^(?:whenever|every\s+time|any\s+time|each\s+time)\s+I\b`)
	// compoundVerb5EN: "User always meals prep" → "meal preps" (a noun and a verb that
	// work as one verb).
	compoundVerb5EN = lazy(`\b(meal|batch|food|spring|house|dog|baby|pet|bulk|grocery)(?:s|es)\s+(prep|cook|shop|clean|sit|buy)\b`)
	// ofTheirs5EN: "A colleague of mine just had twins" is someone else's world.
	ofTheirs5EN = lazy(`(?i)^User:\s+(?:an?|one|some)\s+[\w-]+(?:\s+[\w-]+)?\s+of\s+(?:theirs|mine)\b`)
	// ongoing5EN and helpAsk5EN: the task at hand with a request for help ("I'm making a
	// shopping list, please help me with the quantities").
	ongoing5EN = lazy(`^User is (?:just\s+|currently\s+|now\s+)?(?:[a-z]+ing)\s+(?:a|an|the|my|their|some|this|our)\b`)
	// lasting5EN: what the user is doing that lasts ("User is raising two kids, please
	// help…" keeps the claim).
	lasting5EN = lazy(`^User is (?:just\s+|currently\s+|now\s+)?(?:living|working|studying|learning|raising|training|recovering|running|caring|nursing|doing\s+an?\s+(?:degree|phd|masters?|apprenticeship|course))\b`)
	helpAsk5EN = lazy(`(?i),\s*(?:so\s+)?(?:please\s+|pls\s+|can\s+you\s+|could\s+you\s+)(?:help|tell|give|suggest|show|check)\b`)
	// coord5EN: two names joined by "and" in a claim ("…for Deliveroo and Uber Eats",
	// "mostly Unreal and C++", "on metformin and lisinopril"): groups 1 and 2.
	coord5EN = lazy(`(?:^|[\s(])((?:\p{Lu}[\w.+#-]*)(?:\s+(?:\p{Lu}|\d)[\w.+#-]*){0,2})\s+and\s+(?:an?\s+)?((?:\p{Lu}[\w.+#-]*)(?:\s+(?:\p{Lu}|\d)[\w.+#-]*){0,2})(?:[\s,.;)!]|$)` +
		`|\bon\s+([a-z]+(?:in|ol|ide|pril|sartan|statin|one|ine|ate|am|lol))\s+and\s+([a-z]+(?:in|ol|ide|pril|sartan|statin|one|ine|ate|am|lol))\b`)
	// alsoUses5EN: a tool item that is a participle phrase ("User also uses deployed on
	// Heroku" from "Django + Postgres + Celery, deployed on Heroku"): the tool is its object.
	alsoUses5EN = lazy(`^(User also uses |用户也用 )(?i:deployed|hosted|running|built|written|installed|served)\s+(?i:on|in|with|to|via)\s+`)
	// notedEmpty5EN: a request to remember whose "claim" is a pointer, no fact ("just so
	// you know when I mention it").
	notedEmpty5EN = lazy(`(?i)^User noted:\s+(?:when|if|that|it|this|so|because|in\s+case)\b[^,]{0,30}$`)
	// undone5EN: what is still undone, after a claim ("…and i havent prepped at all").
	undone5EN = lazy(`(?i)^User\s+(?:still\s+)?(?:havent|havents|haven't|hasn't|hasnt)\b`)
	// listMark5EN: a numbered or bulleted line ("2) I'm trying to get into running").
	listMark5EN = lazy(`^(?:\d{1,2}[.)]|[-*•])\s+`)
	// inPlace5EN: "User is in Australia", "User is from Kerala": where the user is.
	inPlace5EN = lazy(`^User is (?:(?:now|currently|based)\s+)?(?:in|from)\s+\p{Lu}`)
	// noteLead5EN: "Make a note: the garage code changed to 4471" asks to remember; it
	// hands over no material to write ("make a …:" otherwise does).
	noteLead5EN = lazy(`(?i)^[\s\W]*(?:(?:hi|hey|ok|okay|so|please|pls|can\s+you|could\s+you)[,!\s]+)*make\s+a\s+(?:quick\s+)?note\s*[:—–-]`)
	// pointerOnly5EN: what is left of "Make a note of this for me" once the request is
	// stripped: a pointer, no claim.
	pointerOnly5EN = lazy(`(?i)^User:\s+(?:of|for|about|to|with|on|in)\s+(?:this|that|it|them|these|those)\b[^,.;]{0,20}$`)
	// count5EN: a list item that is a number of people or pets ("User is two kids").
	count5EN = lazy(`(?i)^User is ((?:one|two|three|four|five|six|\d{1,2})\s+(?:kids?|children|child|sons?|daughters?|boys?|girls?|grandkids|grandchildren|dogs?|cats?|teens|teenagers|stepkids))\b`)
	// capOnly5EN: a list item that is only a name ("User is Ohio").
	capOnly5EN = lazy(`^User is \p{Lu}[\p{L}.'-]+(?:\s\p{Lu}[\p{L}.'-]+)?$`)
	firstNoQ5  = lazy(`(?i)\b(?:I|I'm|I've|I'd|I'll|me|my|mine|myself)\b`)
)

// en5Sentence returns what an English sentence keeps of its cues and claims after the
// sentence gate, and what it adds: a request after a claim as a rule, a fact per object of
// a verb with two ("…for tickets and Perforce for version control").
func en5Sentence(s *sentence, idx int, cues, cl []Fact) ([]Fact, []Fact) {
	if !hasLatin(s.s) || hasHan(s.s) {
		return cues, cl
	}
	if len(cl) > 0 && may(s.lower, retraction5Need) && retraction5EN.MatchString(s.s) {
		cl = nil
	}
	ruleHere := !hasRule(cues) && (!prefilter || rule5First[leadingWord(s.s)] && (rule5Lead[leadingWord(s.s)] || may(s.lower, rule5Need))) && rule5EN.MatchString(s.s)
	out := cl[:0:0]
	for i, f := range cl {
		c := f.Content
		switch {
		case mayLower(c, talk5Need) && talk5EN.MatchString(c) && cutAt5(&f, talk5EN):
		case strings.HasPrefix(c, "User: ") && ofTheirs5EN.MatchString(c):
		case strings.HasPrefix(c, "User is ") && strings.Contains(c, ",") && ongoing5EN.MatchString(c) && !lasting5EN.MatchString(c) && helpAsk5EN.MatchString(c):
		case strings.HasPrefix(c, "User's ") && others5EN.MatchString(c):
		case strings.Contains(c, "forg") && (forget5EN.MatchString(c) || i > 0 && forgetAny5EN.MatchString(c)):
		case strings.HasPrefix(c, "User: ") && strings.Contains(s.s, "'") && !firstNoQ5.MatchString(quoted5EN.ReplaceAllString(s.s, " ")):
		case hasPrefixLower(c, "user: please "), hasPrefixLower(c, "user: pls "): // a request, not a claim
		case mayLower(c, idiom5Need) && idiom5EN.MatchString(c) && cutAt5(&f, idiom5EN):
		case strings.HasPrefix(c, "User is based in ") && placeSaid5(cl, strings.TrimPrefix(c, "User is based in ")):
		case strings.HasPrefix(c, "User noted: ") && s.ask && askRemember5EN.MatchString(s.s):
		case strings.HasPrefix(c, "User noted: ") && notedEmpty5EN.MatchString(c): // "just so you know when I mention it"
		case strings.HasPrefix(c, "User: ") && pointerOnly5EN.MatchString(c): // "Make a note of this for me"
		case i > 0 && (c == "User is allergic" || undone5EN.MatchString(c)): // "…, I'm allergic" (to what was said), "…and i havent prepped"
		case ruleHere && !(reasonKept[f.Predicate] && userSubject(c) || inPlace5EN.MatchString(c)):
			// The rule's reason, as the sentence gate keeps it: what the user is, uses or
			// where they are ("use metric units, I'm in Australia"), not "I'm still learning them".
		case strings.HasPrefix(c, "User's pronouns are ") && pronounsSaid5(cl, strings.TrimPrefix(c, "User's pronouns are ")):
		default:
			if m := find5(!prefilter || strings.HasPrefix(c, "User is ") && mayLower(c, countNeed5), count5EN, f.Content); m != nil {
				f.Content = "User has " + m[1] // "I'm 30, married, two kids" → "User has two kids", not "User is two kids"
			} else if fromSaid5(cl, f.Content) {
				f.Content = "User is from " + strings.TrimPrefix(f.Content, "User is ") // "I'm from Texas and Ohio"
			}
			if strings.HasPrefix(f.Content, "User also uses ") || strings.HasPrefix(f.Content, "用户也用 ") {
				f.Content = alsoUses5EN.ReplaceAllString(f.Content, "$1")
			}
			if f.Predicate == "about" && mayLower(c, health5Need) && health5EN.MatchString(c) {
				f.Type, f.Predicate, f.Confidence = TypeProfile, "health", max(f.Confidence, 0.75)
			}
			f.Content = topic5(s.s, f.Content)
			if mayLower(c, compoundNeed5) {
				f.Content = compoundVerb5EN.ReplaceAllString(f.Content, "$1 ${2}s")
			}
			var tools Fact
			f, tools, hasTools := mostlyTool7(f) // "…, mostly Ruby": the tools apart (mostlytool7.go)
			out = append(out, f)
			if hasTools {
				out = append(out, tools)
			} else if g, ok := gap5(f); ok {
				out = append(out, g)
			} else if g, ok := coord5(f); ok && !saidElse5(cl, f.Content, g.Content) {
				out = append(out, g)
			}
		}
	}
	if ruleHere {
		cues = append(cues, Fact{Type: TypeRule, Content: clip(strings.TrimSpace(s.s)), Confidence: 0.7, Evidence: []int{idx}})
		if s.ask || whenever5EN.MatchString(s.s) {
			out = out[:0] // a rule asked as a question, or its "whenever I…": the rest is the rule's
		}
	}
	if len(out) > 0 {
		if r, ok := tailRule5(s, idx, cues); ok {
			cues = append(cues, r)
		}
	}
	return cues, out
}

// cutAt5 keeps what a claim says before a remark that follows it in the same clause
// ("User is vegetarian, forgot to say that earlier" → "User is vegetarian"), reporting
// whether nothing is left (the claim goes).
func cutAt5(f *Fact, x *lazyRE) bool {
	m := x.FindStringIndex(f.Content)
	i := strings.LastIndexAny(f.Content[:m[0]], ",—–")
	if i < 0 || meaningful(f.Content[:i]) < 2 || !strings.HasPrefix(f.Content, "User") {
		return true
	}
	f.Content = strings.TrimRight(f.Content[:i], " ")
	return false
}

// fromSaid5 reports whether a list item that is only a name ("User is Ohio") follows a
// claim of where the user is from in the same sentence ("User is from Texas").
func fromSaid5(cl []Fact, c string) bool {
	if !capOnly5EN.MatchString(c) {
		return false
	}
	for _, h := range cl {
		if strings.HasPrefix(h.Content, "User is from ") || strings.HasPrefix(h.Content, "User is originally from ") {
			return true
		}
	}
	return false
}

// hasRule reports whether the cues of a sentence have a standing rule.
func hasRule(cues []Fact) bool {
	for _, f := range cues {
		if f.Type == TypeRule {
			return true
		}
	}
	return false
}

// pronounsSaid5 reports whether another claim of the sentence has the user's pronouns in
// it already ("User is trans (she/her), …").
func pronounsSaid5(cl []Fact, p string) bool {
	for _, f := range cl {
		if !strings.HasPrefix(f.Content, "User's pronouns are ") && strings.Contains(strings.ToLower(f.Content), p) {
			return true
		}
	}
	return false
}

// placeSaid5 reports whether a claim of the sentence says where the user lives or works
// already ("User is now living in Dubai on a work visa" makes "User is based in Dubai" a
// second fact of the same thing).
func placeSaid5(cl []Fact, place string) bool {
	for _, f := range cl {
		if f.Content == "User is based in "+place {
			continue
		}
		if rest, ok := strings.CutPrefix(f.Content, "User is now in "); ok && strings.HasPrefix(rest, place) {
			return true // "Born in Glasgow, now in Toronto for work"
		}
		if m := placeSaid5EN.FindStringIndex(f.Content); m != nil && placeLead5EN.MatchString(f.Content[:m[0]]) && strings.HasPrefix(f.Content[m[1]:], place) {
			return true
		}
	}
	return false
}

// tailRule5 returns the request that ends a sentence after a claim as a rule, unless the
// sentence has a rule already.
func tailRule5(s *sentence, idx int, cues []Fact) (Fact, bool) {
	if hasRule(cues) {
		return Fact{}, false
	}
	at := tailRule5At(s.r)
	if at < 0 {
		return Fact{}, false
	}
	m := tailRule5EN.FindStringSubmatch(string(s.r[at:]))
	req := strings.TrimRight(strings.TrimSpace(m[1]), ".! ")
	return Fact{Type: TypeRule, Content: clip(strings.ToUpper(req[:1]) + req[1:]), Confidence: 0.7, Evidence: []int{idx}}, true
}

// tailRule5At returns the rune index where a request after a claim starts in r (at the
// comma, dash or space before it), or -1: the last comma or " so " whose rest is one.
func tailRule5At(r []rune) int {
	if prefilter && !runesHavePlease(r) {
		return -1
	}
	for i := 1; i < len(r); i++ {
		c := r[i]
		if c != ',' && c != ';' && c != '—' && c != '–' && !(c == ' ' && hasPrefixFold(r[i+1:], "so ")) {
			continue
		}
		rest := string(r[i:])
		if tailRule5EN.MatchString(rest) {
			body := strings.TrimLeft(rest, " ,;—–-")
			if tailNotRule5.MatchString(strings.TrimPrefix(strings.TrimPrefix(body, "and "), "so ")) {
				return -1
			}
			return i
		}
	}
	return -1
}

// runesHaveFold reports whether r contains w (lower-case ASCII) in any case, without a
// lower-cased copy of r.
func runesHaveFold(r []rune, w string) bool {
	for i := 0; i+len(w) <= len(r); i++ {
		if r[i]|0x20 == rune(w[0]) && hasPrefixFold(r[i:], w) {
			return true
		}
	}
	return false
}

// runesHavePlease reports whether r has "please", "pls" or "kindly" in any case, in one
// pass.
func runesHavePlease(r []rune) bool {
	for i, c := range r {
		switch c | 0x20 {
		case 'p':
			if hasPrefixFold(r[i:], "please") || hasPrefixFold(r[i:], "pls") {
				return true
			}
		case 'k':
			if hasPrefixFold(r[i:], "kindly") {
				return true
			}
		}
	}
	return false
}

// Need words of the expressions above (each match contains one).
var (
	retraction5Need = []string{"scrap", "joking", "kidding", "jk", "friend"}
	talk5Need       = []string{"forgot", "said", "mentioned"}
	rule5Lead       = wordSet("use stick go default please always")
	rule5Need       = words("whenever time stop quit future")
	countNeed5      = words("kid child son daughter boy girl grandkid grandchild dog cat teen stepkid")
	rule5First      = wordSet("whenever every any each hey ok so also can could would will please always use stick go default btw in and")
	compoundNeed5   = []string{"meals ", "batches ", "foods ", "springs ", "houses ", "dogs ", "babys ", "pets ", "bulks ", "grocerys "}
	idiom5Need      = []string{"hands", "wits", "over their", "over my", "hill", "lives for"}
	health5Need     = words("colo blind deaf hearing dyslex dyspraxi alzheimer dementia parkinson macular epilep crohn ibs metformin insulin lisinopril statin inhaler chemo cancer tinnitus sugar")
)
