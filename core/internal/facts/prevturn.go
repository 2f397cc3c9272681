package facts

import (
	"strings"
	"unicode/utf8"
)

// The turn before a user message: what it asked, or the material it was promised.
//
// Why: two everyday shapes say nothing alone. A short answer to the assistant's question
// ("Where are you based?" / "near Boulder"; "孩子多大了？" / "双胞胎，十个月") is a fact
// only with the question's slot, and material handed over a turn after the request
// ("translate this to German please" / "Sure, send it over." / "I have two brothers…")
// is someone else's words, like "Translate: I like cats" in one message. So a user
// message's facts depend on it and on what turnBefore returns: a short string, the
// message cache's key holds it (msgKey.before), so a cached result is the result.
//
// Where the turn before comes from: the messages of the same Extract call, known (read
// by an earlier call of the session) or not, and before the first of them
// Options.Before (the engine gives the session's stored turns when the messages continue
// them). A host that calls after every turn with the whole conversation, or once at the
// end, gives each message the same turn before and gets the same facts; so does one that
// passes only the new messages and logs its turns in the session. One that passes only
// the new messages and logs nothing gives the first of them no turn before: an answer
// whose question was in the previous call is read alone (docs/FACTS.md, "What is read").

// turnBeforeIn is turnBefore of message i of msgs, whose turns before the first are
// before (Options.Before): only the first messages of msgs can need them.
func turnBeforeIn(msgs, before []Message, i int) string {
	if len(before) > 0 {
		// turnBefore looks back at most two spoken messages: the assistant's and the
		// request before it.
		if opensCall(msgs, i) { // prevturn_need.go
			all := make([]Message, 0, len(before)+i+1)
			all = append(append(all, before...), msgs[:i+1]...)
			return turnBefore(all, len(all)-1)
		}
	}
	return turnBefore(msgs, i)
}

// beforeMaterial: the user asked, without the payload, for a translation, summary or
// proofreading, and the assistant (when it spoke) only acknowledged: this message is
// the payload.
const beforeMaterial = "m"

// beforeTailRunes bounds what is read of the turn before: the end of an assistant
// message (its question is at the end), the whole of a short request.
const (
	beforeTailRunes   = 200
	bareRequestRunes  = 80
	acknowledgedRunes = 160
)

// turnBefore returns what the turn before user message i contributes: beforeMaterial,
// a slot the assistant asked about (askedSlot), or "".
func turnBefore(msgs []Message, i int) string {
	j := spokenBefore(msgs, i)
	if j < 0 {
		return ""
	}
	if msgs[j].Role == "user" {
		if bareRequest(msgs[j].Text) {
			return beforeMaterial
		}
		return ""
	}
	a := strings.TrimSpace(msgs[j].Text)
	if k := spokenBefore(msgs, j); k >= 0 && msgs[k].Role == "user" && len(a) <= 4*acknowledgedRunes && utf8.RuneCountInString(a) <= acknowledgedRunes &&
		bareRequest(msgs[k].Text) && (!endsAsking(a) || sendOverRE.MatchString(a)) {
		return beforeMaterial
	}
	return askedSlot(a)
}

// spokenBefore is the index of the user or assistant message before i, or -1.
func spokenBefore(msgs []Message, i int) int {
	for j := i - 1; j >= 0; j-- {
		if r := msgs[j].Role; r == "user" || r == "assistant" {
			return j
		}
	}
	return -1
}

var (
	// bareRequestEN / ZH: a request for a translation, summary or correction of text not
	// given yet ("translate this to German please", "帮我翻译几句话").
	bareRequestEN = lazy(`(?i)^\W*(?:(?:hey|hi|ok(?:ay)?|so)\W+)?(?:(?:can|could|would|will) you(?: please)?|please|pls|help me|i need(?: you)? to|i want you to|i'?d like you to)?\s*(?:translate|summari[sz]e|proofread|paraphrase|rephrase|reword|polish|(?:fix|check|correct) the (?:grammar|spelling)(?: (?:of|in))?)(?:\s+(?:this|these|that|it|something|the following|the text below|some (?:text|sentences|lines|paragraphs?|stuff)|a (?:paragraph|text|few (?:sentences|lines)|couple of (?:sentences|lines))|my (?:email|message|text|paragraph|essay|letter|post)))?(?:\s+(?:for me|into \w+|to \w+|in \w+|please|pls|real quick|quickly))*\W*$`)
	// A Chinese request opens with a request word (or the verb itself) and has no Latin
	// letters after the verb (those would be the payload: "帮我翻译 thank you").
	bareRequestZH = lazy(`^(?:(?:你好|在吗|那个)[，,\s]*)?(?:(?:请你?|麻烦你?|帮我|帮忙|你能|能不能|能否|可以|可不可以|你帮我|能帮我|可以帮我|你可以)(?:帮我)?[^，。：:“"我A-Za-z]{0,6}?)?(?:翻译|翻成|译成|总结|概括|润色|校对|改写|缩写)[^，。：:“"我A-Za-z]{0,10}$`)
	// sendOverRE: an assistant's question that asks for the material ("Sure, what would
	// you like translated?", "好的，请发过来").
	sendOverRE = lazy(`(?i)\b(?:send|paste|share|drop|go ahead|provide)\b|translated\?|\btext\b|what(?:'s| is) it\b|发|贴|给我|内容|文本|原文`)
)

// bareRequest reports whether a user message asks for a translation, summary or
// correction and hands over nothing.
func bareRequest(t string) bool {
	t = strings.TrimSpace(t)
	if t == "" || len(t) > 4*bareRequestRunes || utf8.RuneCountInString(t) > bareRequestRunes {
		return false
	}
	if hasHan(t) {
		return bareRequestZH.MatchString(strings.TrimRight(t, "。！!？?~～ 吗呗吧啊呀"))
	}
	return hasLatin(t) && bareRequestEN.MatchString(t)
}

// endsAsking reports whether an assistant's turn ends with a question.
func endsAsking(a string) bool {
	a = strings.TrimRight(a, " \t\n\r~～😊🙂")
	return strings.HasSuffix(a, "?") || strings.HasSuffix(a, "？") || strings.HasSuffix(a, "吗") || strings.HasSuffix(a, "呢")
}

// tailRunes returns the last n characters of s (a long message is not counted whole:
// only its last 4n bytes are looked at).
func tailRunes(s string, n int) string {
	if len(s) > 4*n {
		s = s[len(s)-4*n:]
		for len(s) > 0 && !utf8.RuneStart(s[0]) {
			s = s[1:]
		}
	}
	k := utf8.RuneCountInString(s)
	for i := range s {
		if k <= n {
			return s[i:]
		}
		k--
	}
	return ""
}
