package facts

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// answerFacts adds to mine (the facts the message gave alone) the fact a short answer
// makes with the slot the turn before asked about: "Where are you based?" / "near
// Boulder" → "User lives near Boulder"; "孩子多大了？" / "双胞胎，十个月" → "用户的孩子是双胞
// 胎，十个月". Only the answer's first fragment is read, and only when it has no subject of
// its own (a clause with I/my/我 is read by the rules already), is no question, no "no"
// and no small talk; a fact the message gave already that holds the fragment is kept
// instead.
func answerFacts(text, before string, mine []Fact, idx int) []Fact {
	t := strings.TrimSpace(text)
	if t == "" || before == beforeMaterial || strings.ContainsAny(t, "?？") || endsAsking(t) {
		return mine
	}
	slot, noun, _ := strings.Cut(before, ":")
	rest, yes := stripYes(t)
	if noAnswer.MatchString(rest) || slot == "yn" && !yes {
		return mine
	}
	var out, add []Fact
	if hasHan(firstFragment(rest, true)) {
		out = answerZH(slot, noun, rest)
	} else {
		out = answerEN(slot, noun, rest)
	}
	for _, f := range out {
		// Subject holds, until here, what the fact quotes of the answer.
		if f.Content == "" || holds(mine, f.Content, f.Subject) {
			continue
		}
		if k := fallbackOf(mine, f.Subject); k >= 0 {
			// "User: Leeds, moved here from Glasgow last year" says it without the slot:
			// it becomes "User lives in Leeds, moved here from Glasgow last year".
			mine[k].Content = clip(f.Content + strings.TrimPrefix(mine[k].Content, "User: ")[len(f.Subject):])
			continue
		}
		f.Evidence, f.Subject = []int{idx}, "user"
		if f.Type == "" {
			f.Type = TypeProfile
		}
		if f.Confidence == 0 {
			f.Confidence = 0.7
		}
		f.Content = clip(f.Content)
		mine = slices.DeleteFunc(mine, func(g Fact) bool { return subsumed(g.Content, f.Content) })
		add = append(add, f)
	}
	return append(add, mine...) // the answer's first fragment is said first
}

// subsumed reports whether old is the bare Chinese fallback of a clause ("用户双胞胎")
// that the answer's fact new says with its slot ("用户的孩子是双胞胎，十个月").
func subsumed(old, new string) bool {
	c, ok := strings.CutPrefix(old, "用户")
	return ok && runes(c) >= 2 && !strings.HasPrefix(c, "的") && strings.Contains(new, c)
}

var (
	// yesLead: a yes before the content ("yeah, scoliosis", "对，做 UI 的").
	yesLead = lazy(`(?i)^(?:(?:yes|yeah|yep|yup|yea|ya|sure|correct|right|definitely|of course|i do|i am|i have)\b|是的|是啊|对的|对啊|没错|当然|对|嗯嗯|嗯|有的|有啊|会的|有[，,。！!\s])[\s,，.。!！:：—-]*`)
	// noAnswer: a "no", a deferral or small talk — nothing to build a fact from.
	noAnswer = lazy(`(?i)^(?:(?:no|nope|nah|not|none|never|nothing|n/a|idk|dunno|lol|haha+|ok|okay|thanks|thank you|cheers|whatever|anything|depends|maybe|i don't|i do not|i'm not sure|not sure)\b|没|不|无|算了|随便|都行|还行|谢谢|好的|哈哈|保密|你猜|看情况|$)`)
	// selfWordEN: a fragment with its own subject (I, we) is a clause the rules read.
	selfWordEN    = lazy(`(?i)\b(?:i|i'm|im|i've|i'd|i'll|my|me|we|we're|our|us)\b`)
	fragmentCutEN = lazy(`\s+[—–]\s+|;\s|,\s+(?:and|but|so|though|which|because|plus)\s|\s+(?:but|so|because)\s`)
)

// stripYes drops a leading yes and reports whether there was one.
func stripYes(t string) (string, bool) {
	loc := yesLead.FindStringIndex(t)
	if loc == nil || loc[1] == 0 {
		return t, false
	}
	return strings.TrimSpace(t[loc[1]:]), true
}

// firstFragment is the answer's first sentence (English) or clause (Chinese), trimmed.
func firstFragment(t string, zh bool) string {
	stop := ".!?。！？\n;；"
	if zh {
		stop += "，,"
	}
	if i := strings.IndexAny(t, stop); i >= 0 {
		t = t[:i]
	}
	if !zh {
		if loc := fragmentCutEN.FindStringIndex(t); loc != nil {
			t = t[:loc[0]]
		}
	}
	return strings.TrimFunc(t, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune(",，:：-—~～…", r) })
}

// holds reports whether a fact of mine (not the subject-less "User: …" fallback) already
// says what content would: the same content, or one holding the answer's quoted part.
func holds(mine []Fact, content, quoted string) bool {
	q := strings.ToLower(strings.TrimSpace(quoted))
	for _, f := range mine {
		if strings.EqualFold(f.Content, content) {
			return true
		}
		c := strings.ToLower(f.Content)
		if q != "" && !strings.HasPrefix(c, "user: ") && strings.Contains(c, q) {
			return true
		}
	}
	return false
}

// fallbackOf is the index of the subject-less fact "User: <quoted>…" of mine, or -1.
func fallbackOf(mine []Fact, quoted string) int {
	for k, f := range mine {
		if quoted != "" && strings.HasPrefix(f.Content, "User: "+quoted) {
			return k
		}
	}
	return -1
}

// runes counts the characters of s.
func runes(s string) int { return utf8.RuneCountInString(s) }
