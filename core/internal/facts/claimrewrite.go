package facts

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Putting a claim in the third person, whole.

// English third-person rewrite.
var (
	enLead = []struct{ from, to string }{
		{"i am ", "User is "}, {"i'm ", "User is "}, {"i’m ", "User is "}, {"i've ", "User has "}, {"i’ve ", "User has "},
		{"i have ", "User has "}, {"i'd ", "User would "}, {"i’d ", "User would "}, {"i'll ", "User will "}, {"i’ll ", "User will "},
		{"i was ", "User was "}, {"i don't ", "User doesn't "}, {"i dont ", "User doesn't "}, {"i do not ", "User does not "},
		{"i do ", "User does "}, {"my ", "User's "}, {"our ", "User's "}, {"we're ", "User and family are "},
		{"we've ", "User and family have "}, {"we ", "User and family "}, {"me and my ", "User and their "},
	}
	enMid = strings.NewReplacer(" my ", " their ", " My ", " their ", " our ", " their ", " Our ", " their ", " I'm ", " they're ", " I’m ", " they're ",
		" I am ", " they are ", " I was ", " they were ", " I've ", " they've ", " I'd ", " they'd ", " I'll ", " they'll ", " I ", " they ", " me ", " them ",
		" myself", " themselves", " mine", " theirs", " me.", " them.", " me,", " them,")
	enAdverb = lazy(`(?i)^(?:(?:really|also|just|mostly|usually|always|often|sometimes|never|still|normally|typically|generally|currently|now|actually|only|rarely|totally|absolutely|definitely|personally|mainly|primarily|even|already|finally|recently|kind\s+of|kinda|honestly|seriously|genuinely|occasionally|regularly|basically)\s+)*`)
	enNoConj = func() map[string]bool {
		m := map[string]bool{}
		for _, w := range words(`can could will would should must might may used can't won't didn't cannot had was got went came
			made took saw did said bought thought found left felt kept began ran wrote met sent spent built paid lost won grew knew
			flew drove ate drank slept woke broke chose forgot gave told heard held sat stood taught caught fell brought sold quit
			put set cut hit let shut read became began swam sang rode hung led lent meant understood`) {
			m[w] = true
		}
		return m
	}()
)

// rewriteEN puts an English clause in the third person: "I prefer small, focused
// commits" → "User prefers small, focused commits"; with lead false only the inside
// ("renew my passport" → "renew their passport").
func rewriteEN(clause string, lead bool) string {
	return rewriteENAt(clause, lead, nil)
}

// rewriteENAt is rewriteEN with subjectMatch's result for clause when the caller has it
// (nil: found here).
func rewriteENAt(clause string, lead bool, m []int) string {
	c := strings.TrimSpace(clause)
	out := c
	if lead {
		if m == nil || c != clause {
			m = subjectMatch(c)
		}
		pre, body := "", c
		if m != nil {
			pre, body = strings.TrimSpace(c[:m[4]]), c[m[4]:]
		}
		if m := pairSubject.FindStringSubmatchIndex(body); m != nil {
			// "My partner and I are…" → "User and their partner are…"
			body = "User and their " + body[m[2]:m[3]] + body[m[1]:]
		}
		lower := strings.ToLower(body)
		done := strings.HasPrefix(body, "User and their ")
		for _, l := range enLead {
			if strings.HasPrefix(lower, l.from) {
				body, done = l.to+body[len(l.from):], true
				break
			}
		}
		if done && strings.HasPrefix(body, "User and family") && containsAny(strings.ToLower(c), workWords) {
			body = "User's team" + strings.TrimPrefix(body, "User and family")
		}
		if !done && (strings.HasPrefix(lower, "i ")) {
			rest := body[2:]
			adv := enAdverb.FindString(rest)
			verb, tail, _ := strings.Cut(rest[len(adv):], " ")
			if cv := conjugate(verb); cv != verb && !strings.HasPrefix(cv, "is ") {
				body = "User " + adv + cv + spaceIf(andVerb13(tail)) // "… and reads to children" (round13and.go)
			} else {
				body = "User " + adv + cv + spaceIf(tail)
			}
		}
		if pre != "" {
			// "Every Tuesday I teach…" → "User teaches … every Tuesday"; conjunctions go.
			pre = strings.TrimSpace(conjRE.ReplaceAllString(strings.TrimRight(pre, ", "), ""))
			if strings.EqualFold(pre, "since") {
				// "Since I only have a Chromebook, …": a reason, not a time ("since 2019" keeps).
				pre = ""
			}
			if pre != "" {
				body = strings.TrimRight(body, " ,") + " " + strings.ToLower(pre[:1]) + pre[1:]
			}
		}
		out = body
	}
	out = strings.TrimSpace(enMid.Replace(" " + out + " "))
	return trimTail(out)
}

// hereNot are first words of "X here" that do not describe the user ("nothing to see here").
var hereNot = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range words("nothing something anything everything everyone everybody nobody someone anyone who what it it's this that same not no just all ok okay hi hello hey thanks thank same back still look see come get over") {
		m[w] = true
	}
	return m
}()

// article puts "a" or "an" before a noun phrase that starts with a letter or a digit.
func article(x string) string {
	x = strings.TrimSpace(x)
	if x == "" {
		return x
	}
	if strings.ContainsRune("aeiouAEIOU8", rune(x[0])) {
		return "an " + lowerFirst(x)
	}
	return "a " + lowerFirst(x)
}

func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || (r == 'I' && (len(s) == 1 || !unicode.IsLetter(rune(s[1])))) {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}

func spaceIf(s string) string {
	if s == "" {
		return ""
	}
	return " " + s
}

var conjRE = lazy(`(?i)^(?:(?:and|so|but|plus|then)\b[\s,]*)+`)

var pairSubject = lazy(`(?i)^(?:my|our)\s+([a-z]+(?:\s+[a-z]+)?)\s+and\s+I\b`)

var workWords = words("work team company office startup project colleagues job deploy codebase stack repo sprint release customers clients product code server")

// conjugate puts a base-form verb in the third person singular.
func conjugate(v string) string {
	lv := strings.ToLower(v)
	switch {
	case v == "" || enNoConj[lv] || strings.HasSuffix(lv, "ed") && !strings.HasSuffix(lv, "eed") || strings.ContainsAny(lv, "'’") || !isLower(v):
		return v
	case len(lv) >= 6 && strings.HasSuffix(lv, "ing") && lv != "spring" && lv != "string":
		return "is " + v // "…, studying mechanical engineering" → "User is studying…", not "studyings"
	case lv == "have":
		return "has"
	case lv == "do", lv == "go":
		return v + "es"
	case lv == "be":
		return "is"
	case strings.HasSuffix(lv, "s") || strings.HasSuffix(lv, "sh") || strings.HasSuffix(lv, "ch") || strings.HasSuffix(lv, "x") || strings.HasSuffix(lv, "z"):
		return v + "es"
	case len(lv) > 1 && strings.HasSuffix(lv, "y") && !strings.ContainsRune("aeiou", rune(lv[len(lv)-2])):
		return v[:len(v)-1] + "ies"
	}
	return v + "s"
}

func isLower(s string) bool {
	for _, r := range s {
		if !unicode.IsLower(r) {
			return false
		}
	}
	return true
}

// trimTail drops trailing discourse: ", by the way", ", lol", "，哈哈", "，帮我记一下".
var tailRE = lazy(`(?i)[\s,，]*(?:by\s+the\s+way|btw|lol|haha|fyi|just\s+so\s+you\s+know|(?:please\s+)?keep\s+(?:that|this|it)\s+in\s+mind|(?:please\s+)?(?:remember|note)\s+(?:that|this)|(?:please\s+)?don't\s+forget(?:\s+(?:that|it|this))?|哈哈+|嘿嘿|(?:帮我|请|你)?(?:记一下|记住|记着|记下来|记好)(?:哦|啊|吧)?|谢谢)[\s.!。！~～]*$`)

func trimTail(s string) string {
	if prefilter && !containsAny(strings.ToLower(s), tailNeed) {
		return strings.TrimSpace(s)
	}
	return strings.TrimSpace(tailRE.ReplaceAllString(s, ""))
}

var tailNeed = words("way btw lol haha fyi know mind remember note forget 哈哈 嘿嘿 记一下 记住 记着 记下 记好 谢谢")

// rewriteZH puts the rest of a Chinese clause in the third person: 我的/我 → 用户的/用户.
func rewriteZH(s string) string {
	s = trimTail(s)
	s = strings.ReplaceAll(s, "我们", "用户他们")
	s = strings.ReplaceAll(s, "我的", "用户的")
	for _, k := range []string{"闺女", "女儿", "儿子", "孩子", "老婆", "老公", "妈", "爸", "家"} {
		s = strings.ReplaceAll(s, "我"+k, "用户的"+k)
	}
	s = strings.ReplaceAll(s, "我", "用户")
	if utf8.RuneCountInString(s) > 0 {
		s = trimTail(strings.TrimSpace(s))
	}
	return s
}
