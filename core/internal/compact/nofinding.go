package compact

import (
	"strings"

	"github.com/memcore/memcore/core/internal/lazyre"
)

// noAnswerRE is an answer that says nothing is known ("I don't remember anything about
// that yet.", "我还不记得这方面的事。"): no finding either.
var noAnswerRE = lazyre.New(`(?i)^(?:i\s+(?:don't|do\s+not|can't|cannot)\s+(?:know|remember|recall|find)\b|i\s+have\s+no\s+(?:idea|record)\b|我(?:还|也)?(?:不|没)(?:知道|记得|找到)|我(?:还)?没有(?:这方面的)?记录)`)

// NoFinding reports whether a message says nothing but an acknowledgement, a lead-in or
// "I don't know": every sentence of it is one ("Got it.", "好的，记下了。", "Got it. This
// reminds me of:", "Here is what I remember:", "I don't remember anything about that
// yet."). buildContext's turn fallback leaves such turns out: they are found only by the
// words of the turn they answer, and shown alone they tell the model nothing (the web
// demo's "Got it." under "Where is Tom from?"). A short answer with content
// ("moss-lantern-42", "Sure, it's moss-lantern-42") is a finding.
func NoFinding(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > noFindingMaxBytes {
		return false
	}
	start := 0
	for _, loc := range append(sentenceEnd.FindAllStringIndex(s, -1), []int{len(s), len(s)}) {
		t := strings.TrimSpace(s[start:loc[1]])
		start = loc[1]
		if t != "" && !noFindingSentence(t) {
			return false
		}
	}
	return true
}

// noFindingMaxBytes: a longer message is never only an acknowledgement (the longest of the
// demo's is 41 bytes); AppendTurns asks of every turn, and this keeps a long one at a length check.
const noFindingMaxBytes = 200

// chitChatRE is a sentence that reacts or signs off and says nothing of the world: the
// assistant's "That sounds like a busy household.", "Nice to meet you too, Marco!", the
// user's "lol ok thanks, that's all for now", and a reply about the assistant's own
// limits or setup ("Without an LLM this demo only remembers: it cannot translate…",
// "Connect one in Settings."). The ninth new-user pass found each as an episode's fact or
// a recalled turn. An evaluation needs one of the listed words ("That is the root cause."
// is a finding).
var chitChatRE = lazyre.New(`(?i)^(?:` +
	`(?:that|this|it|what)(?:'s|\s+is|\s+was|\s+sounds(?:\s+like)?|\s+seems(?:\s+like)?|\s+must\s+be|\s+looks(?:\s+like)?)?\s+(?:(?:a|an|so|such|really|very|quite|pretty)\s+)*` + reactionWords + `(?:\s+\w+)?` +
	`|(?:sounds|how)\s+(?:like\s+)?(?:(?:a|an|so|such|really|very)\s+)*` + reactionWords + `(?:\s+\w+)?` +
	`|(?:wow|oh|ah|aw+|nice|lovely|awesome|i\s+see)` +
	`|(?:(?:it's\s+)?(?:nice|glad|pleased|good|great)\s+to\s+meet\s+you(?:\s+too)?(?:,?\s+\p{Lu}[\p{L}'-]*)?)` +
	`|(?:(?:lol|haha+|hah|heh|ok(?:ay)?|thanks|thank\s+you|thx|cool|great|alright|all\s+right|cheers)[\s,!.~]*)+(?:that'?s\s+(?:all|it)(?:\s+for\s+(?:now|today))?|bye|see\s+you(?:\s+later)?|talk\s+(?:to\s+you\s+)?later)?` +
	`|without\s+an?\s+(?:llm|language\s+model)\b.*` +
	`|(?:connect|configure|set\s+up|add)\b.*\bsettings` +
	`)[\s.!~,]*$`)

// reactionWords are the evaluations of chitChatRE's reactions.
const reactionWords = `(?:busy|great|wonderful|lovely|nice|fun|exciting|amazing|awesome|fantastic|interesting|tough|hard|rough|sweet|cool|exhausting|stressful|delicious|beautiful|impressive|adorable|relaxing|good\s+plan|plan|idea)`

func noFindingSentence(t string) bool {
	if leadIn(t) || ackZH.MatchString(t) || noAnswerRE.MatchString(t) || chitChatRE.MatchString(t) {
		return true
	}
	loc := pleasantryRE.Regexp().FindStringIndex(t)
	return loc != nil && strings.Trim(t[loc[1]:], " .!,~。！，、") == ""
}
