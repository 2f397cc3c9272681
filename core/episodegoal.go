package core

import (
	"strings"

	"github.com/memcore/memcore/core/internal/compact"
	"github.com/memcore/memcore/core/internal/lazyre"
)

// An episode's goal (and so its memory's title, "Episode: <goal>") is the first thing the
// user asked or said in the session. A greeting or a pleasantry is no goal. The eighth
// new-user pass found two ways one still became it: a session that opened with a turn of
// its own ("Hi!", then the real message) gave the goal "Hi!", and a greeting at the head
// of the first sentence ("Hey, I'm a high school chemistry teacher in Portland.") stayed in
// the title. The goal now skips every sentence that is only a greeting or pleasantry, in
// every user turn, and drops a greeting that leads a sentence; a session that holds
// nothing else keeps its first sentence, as before. The ninth pass found a self-introduction
// ("I'm Marco, nice to meet you.") as the title: an introduction is skipped like a greeting,
// and the goal is the first sentence that asks or plans something (asksOrPlans), else the
// first that says anything.

func episodeGoal(turns []Turn, plan *Plan) string {
	if plan != nil && strings.TrimSpace(plan.Goal) != "" {
		return clipChars(oneLine(plan.Goal), episodeGoalChars)
	}
	first, said := "", ""
	for _, t := range turns {
		if t.Role != RoleUser || strings.TrimSpace(t.Content) == "" {
			continue
		}
		for _, s := range sentences(t.Content) {
			if first == "" {
				first = s
			}
			if greetingOnly(s) || compact.IntroductionOnly(s) {
				continue
			}
			s = dropGreeting(s)
			if asksOrPlans(s) {
				return clipChars(s, episodeGoalChars)
			}
			if said == "" {
				said = s
			}
		}
	}
	if said != "" {
		return clipChars(said, episodeGoalChars)
	}
	return clipChars(first, episodeGoalChars)
}

// asksOrPlans reports whether a sentence asks for something or states a plan: a question,
// a request ("Can you…", "Please…", "Help me…", "帮我…") or an intention ("I'm planning…",
// "I want to…", "我想…", "我打算…"). The first such user sentence is the episode's goal;
// a statement ("I have two kids.") is the goal only when the session asks nothing. A
// question to the memory ("What do you remember about me?", "你记得我什么？") tests
// the assistant; it is no goal of the session.
func asksOrPlans(s string) bool {
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

// greetingOnly reports whether a sentence is a greeting or a pleasantry and nothing else
// ("Hi!", "Hello there.", "Thanks!", "你好！", "谢谢。").
func greetingOnly(s string) bool {
	return greetingRE.MatchString(strings.TrimSpace(s))
}

// dropGreeting cuts a greeting that leads a sentence, with the punctuation after it
// ("Hey, I'm a teacher in Portland." → "I'm a teacher in Portland."; "你好，我是小王。" →
// "我是小王。"). A greeting followed by a word with no punctuation between ("Hello world
// program in Go") is kept: it may be the sentence's subject. What is left starts with a
// capital when it starts with a lower-case ASCII letter ("Hi Claude, please deploy…" →
// "Please deploy…"; "iPhone…" is left as written).
func dropGreeting(s string) string {
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
