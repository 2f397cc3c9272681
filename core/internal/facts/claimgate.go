package facts

import (
	"strings"
)

// The sentence gate: what one sentence's cues and claims say together, checked after
// both ran. The third round of rules (issue 9) found these kinds of wrong fact in the
// retired blind sets and fixed each by a rule about the kind, tested on new dev cases
// (testdata/dev6.json):
//
//   - sarcasm says the opposite of its words: "I just LOVE sitting in traffic 🙄",
//     "我可太喜欢周一了（并不）", "我可真是个天才，又把生产库删了" — nothing of the sentence is kept;
//   - a retraction takes the claim back: "我本来打算下周去西安的，算了，不去了", "never mind, I
//     figured it out" — its claims go (a rule after it stays);
//   - a rule with its reason: "以后别再推荐我买基金了，我不感兴趣", "Never suggest jQuery, we
//     removed it" — the rule is the fact, the reason is not a second one; but a request to
//     remember whose sentence also reads as a rule ("记住我的工号是 A10382，以后填表要用",
//     "For future reference, I'm left-handed", "以后叫我思远就行") is the claim, not a rule;
//   - a comment on a claim, after it in the same sentence: a consequence ("…，所以周末一般都在家"),
//     an obligation that follows from it ("…，我还得上台表演节目", "…，得抽空去续"), what is still
//     undone or wanted ("…and I still haven't found a new place", "…, I want to add Zigbee
//     sensors"), "we" after "I" (the group the sentence names), a pointer back ("…, I've
//     rewatched it like 6 times") — the first claim is the fact;
//   - the talk itself: "I forget what I told you", "I typed the wrong date";
//   - someone else's world: "my friend's cousin just moved to Dubai", "my boss's wife
//     apparently runs marathons", "我朋友圈有个人天天晒健身" (not "my landlord's name is…");
//   - text in quotes handed over to be changed, and a claim with no predicate.
//
// Sarcasm is read from its markers only: a sincere "I LOVE this app" in capitals is lost
// with it.
var (
	sarcasmMark = lazy(`🙃|🙄|😒|😑|（并不）|\(not\)|\s/s\b|(?i:\byeah,?\s+right\b|\boh\s+(?:yeah|sure|great),?\s+I\b|^sure,\s+I'm\b|\bI('m| am)\s+totally\s+a\b)|\bI\s+(?:just\s+)?(?:LOVE|ADORE)\b|可太\p{Han}{1,8}了|(?:我|咱)可真是`)
	retraction  = lazy(`(?i)(?:^|[\s,，。.!！])(?:算了|不去了|不用了|忽略吧|当我没说|never\s*mind|nvm|scratch\s+that|ignore\s+(?:that|what\s+I\s+said))(?:$|[\s,，。.!！])`)
	// rememberRule: a sentence the rule patterns take whose point is a claim to keep.
	rememberRule = lazy(`(?i)^(?:\S{0,6}[,，]\s*)?(?:请|你|麻烦你?|帮我)?(?:记住|记一下|记下|记着|记好|备忘)|^(?:please\s+)?(?:for\s+future\s+reference|remember(?:\s+that)?\s+(?:I|my|we|our)\b|keep\s+in\s+mind)|(?:以后|今后|往后)(?:你)?(?:就)?叫我|^叫我|(?:from\s+now\s+on|going\s+forward),?\s+call\s+me`)
	// commentZH / commentEN: how a claim that comments on the one before it starts, once
	// the subject is rewritten ("用户所以…", "User still…").
	commentZH = lazy(`^(?:所以|因此|于是)用户|^(?:用户|不过用户|可用户|但用户)(?:所以|因此|于是|就[^是]|还得|得|只好|只能|还在|要练|不太敢|不敢|一个人|俩)`)
	commentEN = lazy(`(?i)^User\s+(?:and\s+family\b|(?:still|havent|haven't|hasn't|is\s+trying|wants?\s+to|needs?\s+to)\b)`)
	// quotedForWork: text in quotes handed over to be changed ("帮我把 'I work at Tencent'
	// 改成更地道的英文", "把“我喜欢猫”翻译成英文") — material, whoever's words they are.
	quotedForWork = lazy(`^\s*(?:请|麻烦你?|帮我|帮忙|你)?\s*[把将]\s*['"“「‘].*['"”」’]\s*(?:改|翻|译|润色|写|变|转|换)`)
	// backRefEN: a later claim that points back with a pronoun object says something of the
	// first one's object ("…The Office, I've rewatched it like 6 times", "Keep it short, I
	// read these on my phone"); "they/them" are pronouns, not a pointer.
	backRefEN = lazy(`^User\b.*[^/\w](?:it|them|these|those)(?:[^/\w]|$)`)
	// pronounPhraseEN: "…, she/her pronouns please" at the end of a claim.
	pronounPhraseEN = lazy(`(?i),?\s*(?:my\s+)?(?:pronouns\s+(?:are\s+)?)?(?:she|he|they|xe|ze)\s*/\s*\w+(?:\s*/\s*\w+)?(?:\s+pronouns)?(?:,?\s+please)?\s*$`)
	// fragment: a claim with no predicate, a noun phrase left from a list or a question
	// ("me, my wife, and our two kids" → "User's wife"; "Can you remember my license
	// plate?" → "User's license plate"; "我和 girlfriend").
	fragment     = lazy(`^User's\s+[\w-]+(?:\s+[\w-]+)?$|^用户(?:和|跟)\s*(?:[\p{Latin}\s]+|\p{Han}{1,4})$`)
	fragmentVerb = lazy(`(?i)\b(?:is|are|was|were|has|have|had|does|did|goes|gets|got)\b|\w+s$`)
	talkEN       = lazy(`(?i)\b(?:told|tell|asked|said|mentioned)\s+you\b|\bwrong\s+(?:chat|window|thread|tab|date|number|person|file)\b|\bfigured\s+it\s+out\b|\btyp(?:ed|ing)\s+(?:in\s+)?the\s+wrong\b`)
	othersEN     = lazy(`(?i)^User's\s+(?:friend|coworker|co-worker|colleague|boss|manager|neighbou?r|roommate|classmate|teacher|doctor|landlord|favorite\s+\w+|favourite\s+\w+)'s\b|\bapparently\b|\bonce\s+(?:wrote|said)\b`)
	othersZH     = lazy(`^用户的?朋友圈|朋友圈有个?人|^用户的?(?:朋友|同事|领导|老板|邻居|室友|同学)的(?:朋友|同事|亲戚|老婆|老公|孩子)`)
)

// reasonKept are the kinds of claim a rule's reason keeps.
var reasonKept = map[string]bool{"uses": true, "diet": true, "health": true, "job": true, "works_at": true,
	"location": true, "identity": true, "name": true, "trait": true}

// gateSentence returns what a user sentence keeps of its cues (rules, completions,
// errors, lessons) and its claims.
func gateSentence(s *sentence, cues, cl []Fact) ([]Fact, []Fact) {
	if len(cues) == 0 && len(cl) == 0 {
		return cues, cl
	}
	if may(s.lower, sarcasmNeed) && sarcasmMark.MatchString(s.s) || may(s.s, quotedNeed) && quotedForWork.MatchString(s.s) {
		return nil, nil
	}
	if len(cl) > 0 && may(s.lower, retractionNeed) && retraction.MatchString(s.s) {
		cl = nil
	}
	cl = gateZH5(s, cues, splitZH5(cl)) // the fifth round's Chinese kinds (claimzh5.go)
	rule := -1
	for i, f := range cues {
		if f.Type == TypeRule {
			rule = i
		}
	}
	if rule >= 0 && len(cl) > 0 {
		if rememberRule.MatchString(strings.TrimSpace(s.s)) {
			cues = append(cues[:rule:rule], cues[rule+1:]...)
		} else if !ruleAfterClaim(s, cues[rule]) {
			// The rule's reason: kept only when it says what the user is or uses
			// ("Don't recommend paid tools, I only use free software").
			keep := cl[:0:0]
			for _, f := range cl {
				if reasonKept[f.Predicate] && userSubject(f.Content) {
					keep = append(keep, f)
				}
			}
			cl = keep
		}
	}
	out := cl[:0:0]
	for i, f := range cl {
		c := f.Content
		switch {
		case i > 0 && (commentZH.MatchString(c) || commentEN.MatchString(c) ||
			mayLower(c, backRefNeed) && saysPointerBack(s.lower) && backRefEN.MatchString(strings.ReplaceAll(strings.ReplaceAll(c, "these days", ""), "those days", ""))):
		case mayLower(c, talkNeed) && talkEN.MatchString(c), mayLower(c, othersENNeed) && othersEN.MatchString(c) && !nameOfOtherEN.MatchString(c),
			may(c, othersZHNeed) && othersZH.MatchString(c), fragment.MatchString(c) && !fragmentVerb.MatchString(c):
		default:
			out = append(out, f)
		}
	}
	n := len(out)
	for i, f := range out[:n] {
		if head, g, ok := soConsequence8(f); ok { // "…so I use captions for everything" (consequence8.go)
			out[i].Content, f.Content = head, head
			out = append(out, g)
		}
		if head, g, ok := soSuits9Cut(f); ok { // "…, so direct answers work best for me" (consequence9.go)
			out[i].Content, f.Content = head, head
			out = append(out, g)
		}
		if strings.Contains(f.Content, ", ") && strings.Contains(f.Content, " on ") {
			if head, g, ok := commaOn9Cut(f); ok { // "…, still on crutches" (commaon9.go)
				out[i].Content, f.Content = head, head
				out = append(out, g)
			}
		}
		if may(f.Content, andNeed9) {
			if head, g, ok := ageAnd9Cut(f); ok { // "My son is 6 and obsessed with sharks" (coordage9.go)
				out[i].Content, f.Content = head, head
				out = append(out, g)
			} else if head, g, ok := toolAnd9Cut(f); ok { // "…in QuickBooks and do the till on Square" (tooland9.go)
				out[i].Content, f.Content = head, head
				out = append(out, g)
			}
		}
		if may(f.Content, slashNeed) {
			if p := pronounPhraseEN.FindStringIndex(f.Content); p != nil && p[0] > 8 {
				out[i].Content = strings.TrimSpace(f.Content[:p[0]] + f.Content[p[1]:]) // the pronouns get their own fact
			}
		}
	extras:
		for _, g := range extraFacts(f) {
			for _, h := range out {
				if h.Content != f.Content && strings.Contains(h.Content, strings.TrimPrefix(g.Content, "User is based in ")) {
					continue extras // another claim of the sentence says it already
				}
			}
			out = append(out, g)
		}
	}
	return cues, out
}

// userSubject reports whether a claim's subject is the user alone ("User only uses…",
// "用户只用…"), not their team, family or company ("User's team switched…", "用户他们…").
func userSubject(c string) bool {
	if rest, ok := strings.CutPrefix(c, "User "); ok {
		return !strings.HasPrefix(rest, "and ")
	}
	if rest, ok := strings.CutPrefix(c, "用户"); ok {
		return !strings.HasPrefix(rest, "他们") && !strings.HasPrefix(rest, "的") && !strings.HasPrefix(rest, "所在") && !strings.HasPrefix(rest, "家")
	}
	return false
}

// The gate's expressions are Go's backtracking regexps over a sentence or a claim; each
// runs only when its text has one of the literals every match contains (the prefilter
// switch turns this off in TestPrefilter_changesNothing and FuzzExtract, which check that
// it changes no result).
var (
	sarcasmNeed    = []string{"🙃", "🙄", "😒", "😑", "（并不）", "(not)", "/s", "yeah", "sure", "great", "totally", "love", "adore", "可太", "可真是"}
	quotedNeed     = []string{"把", "将"}
	retractionNeed = []string{"算了", "不去了", "不用了", "忽略吧", "当我没说", "never", "nvm", "scratch", "ignore"}
	backRefNeed    = []string{"it", "them", "these", "those"}
	talkNeed       = []string{"you", "wrong", "figured", "typ"}
	othersENNeed   = []string{"'s", "apparently", "once"}
	othersZHNeed   = []string{"朋友", "同事", "领导", "老板", "邻居", "室友", "同学"}
	slashNeed      = []string{"/"}
)

// may reports whether text can match an expression whose matches all contain one of need.
func may(text string, need []string) bool { return !prefilter || containsAny(text, need) }
