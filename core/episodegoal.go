package core

import (
	"strings"

	"github.com/memcore/memcore/core/internal/lazyre"
)

// An episode's goal (and so its memory's title, "Episode: <goal>") is the first thing the
// user asked or said in the session. A greeting or a pleasantry is no goal. The eighth
// new-user pass found two ways one still became it: a session that opened with a turn of
// its own ("Hi!", then the real message) gave the goal "Hi!", and a greeting at the head
// of the first sentence ("Hey, I'm a high school chemistry teacher in Portland.") stayed in
// the title. The goal now skips every sentence that is only a greeting or pleasantry, in
// every user turn, and drops a greeting that leads a sentence; a session that holds
// nothing else keeps its first sentence, as before.

func episodeGoal(turns []Turn, plan *Plan) string {
	if plan != nil && strings.TrimSpace(plan.Goal) != "" {
		return clipChars(oneLine(plan.Goal), episodeGoalChars)
	}
	first := ""
	for _, t := range turns {
		if t.Role != RoleUser || strings.TrimSpace(t.Content) == "" {
			continue
		}
		for _, s := range sentences(t.Content) {
			if first == "" {
				first = s
			}
			if greetingOnly(s) {
				continue
			}
			return clipChars(dropGreeting(s), episodeGoalChars)
		}
	}
	return clipChars(first, episodeGoalChars)
}

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
