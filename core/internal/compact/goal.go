package compact

import (
	"strings"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/lazyre"
)

// A session's goal — an episode's title (core/episodegoal.go) and the Goal line of a
// compaction summary (summarize.go) — is the first user sentence that asks or plans
// something; greetings and introductions are skipped. The helpers live here so the two
// pick the same sentence: the eleventh new-user pass found the summary still taking the
// first sentence of the first message ("Hi! I'm Dana, I work night shifts as a nurse.")
// after episode titles had learnt to skip it.

// AsksOrPlans reports whether a sentence asks for something or states a plan: a question,
// a request ("Can you…", "Please…", "Help me…", "帮我…") or an intention ("I'm planning…",
// "I want to…", "我想…", "我打算…"). The first such user sentence is the episode's goal and the
// compaction summary's Goal;
// a statement ("I have two kids.") is the goal only when the session asks nothing. A
// question to the memory ("What do you remember about me?", "你记得我什么？") tests
// the assistant; it is no goal of the session.
func AsksOrPlans(s string) bool {
	s = strings.TrimSpace(s)
	if memoryProbeRE.MatchString(s) {
		return false
	}
	if strings.HasSuffix(s, "?") || strings.HasSuffix(s, "？") {
		return true
	}
	return askRE.MatchString(s)
}

var (
	memoryProbeRE = lazyre.New(`(?i)\b(?:remember|recall|know)\b.*\b(?:me|my|i)\b|记得|还知道|知道我`)
	askRE         = lazyre.New(`(?i)^(?:(?:can|could|would|will)\s+you\b|please\b|help\s+me\b|let'?s\b|remind\s+me\b|` +
		`i(?:'m|\s+am)\s+(?:planning|trying|looking|hoping|going\s+to)\b|i\s+(?:want|need|plan|hope|would\s+like|'d\s+like)\b|` +
		`(?:how|what|which|where|when|why|who)\b)|` +
		`^(?:请|帮我|麻烦|我想|我要|我打算|我计划|我准备|我需要|怎么|如何|能不能|可以)`)
)

// GreetingOnly reports whether a sentence is a greeting or a pleasantry and nothing else
// ("Hi!", "Hello there.", "Thanks!", "你好！", "谢谢。").
func GreetingOnly(s string) bool {
	return greetingRE.MatchString(strings.TrimSpace(s))
}

// DropGreeting cuts a greeting that leads a sentence, with the punctuation after it
// ("Hey, I'm a teacher in Portland." → "I'm a teacher in Portland."; "你好，我是小王。" →
// "我是小王。"). A greeting followed by a word with no punctuation between ("Hello world
// program in Go") is kept: it may be the sentence's subject. What is left starts with a
// capital when it starts with a lower-case ASCII letter ("Hi Claude, please deploy…" →
// "Please deploy…"; "iPhone…" is left as written).
func DropGreeting(s string) string {
	m := greetingLeadRE.Regexp().FindStringIndex(s)
	if m == nil || m[1] >= len(s) {
		return s
	}
	s = s[m[1]:]
	if s[0] >= 'a' && s[0] <= 'z' && (len(s) == 1 || s[1] < 'A' || s[1] > 'Z') {
		s = string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

// greetingWords are the greetings and pleasantries of greetingRE and greetingLeadRE, with
// an optional addressee ("there", "everyone", a capitalised name).
const greetingWords = `(?:hi|hello|hey|hiya|howdy|yo|good\s+(?:morning|afternoon|evening|day)|thanks|thank\s+you|thx|ok|okay|cool|great|你好|您好|嗨|哈喽|哈啰|早上好|晚上好|下午好|早安|谢谢|好的)`

var (
	greetingRE     = lazyre.New(`(?i)^` + greetingWords + `(?:\s+(?:there|all|everyone|folks|so\s+much|a\s+lot))?[\s,!.，！。~]*$`)
	greetingLeadRE = lazyre.New(`^(?i:` + greetingWords + `)(?:\s+(?i:there|all|everyone|folks)|\s+\p{Lu}\p{Ll}+)?\s*[,!.，！。~—–]+\s*`)
)

// goalOf picks the goal among the sentences of the first user message that says
// something: greetings, introductions and questions to the memory ("What do you remember
// about me?") are skipped and a greeting leading a sentence is dropped; the goal is the
// first sentence left, with the first sentence after it that asks or plans (AsksOrPlans)
// when it asks nothing itself ("I'm Dana, I work night shifts as a nurse. Can you help me
// plan meals around my shifts?"), else with its next sentence when it is short (under 100
// characters: "I need a landing page. We use Next.js 14." keeps its context). It is ""
// when nothing is left.
//
// The goal stays in its message: a request in a later message does not displace a stated
// goal, as it does an episode's title. Tried for this pass, that made the golden agent
// sessions' Goal "Let's switch the prefix to ~/.npm-global." instead of "Set up the
// frontend: …" and "Again? A technician replaced the connector in June." instead of "My
// internet keeps dropping since this morning.": in a working session the first message
// states the task even when it asks nothing.
func goalOf(sents []string) string {
	var left []string
	for _, t := range sents {
		if GreetingOnly(t) || IntroductionOnly(t) || memoryProbeRE.MatchString(t) {
			continue
		}
		left = append(left, DropGreeting(t))
	}
	if len(left) == 0 {
		return ""
	}
	first := left[0]
	if utf8.RuneCountInString(first) >= 100 {
		return first
	}
	if !AsksOrPlans(first) {
		for _, t := range left[1:] {
			if AsksOrPlans(t) {
				return joinSentences(first, t)
			}
		}
	}
	if len(left) > 1 {
		return joinSentences(first, left[1])
	}
	return first
}
