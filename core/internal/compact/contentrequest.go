package compact

import "github.com/memcore/memcore/core/internal/lazyre"

// A request for content — translate, summarise, rewrite, proofread this — carries text
// that says nothing about the user ("Please translate into Chinese: I love cats.",
// "翻译：我喜欢猫"), yet preferenceRE found "I love" / "喜欢" in it and an episode of the
// eighth new-user pass listed both under Preferences. Such a sentence states no
// preference; it stays a request (requestRE knows translate, summarise, 请, 帮我).

// contentRequestRE is a sentence that asks for content made from the text it carries.
var contentRequestRE = lazyre.New(`(?i)^(?:please\s+|pls\s+|can\s+you\s+|could\s+you\s+|would\s+you\s+)?(?:translate|summari[sz]e|rewrite|paraphrase|proofread|reword|polish)\b|^(?:请|请你|帮我|麻烦你?|你能|能不能)?(?:帮我)?(?:翻译|总结|概括|改写|润色|校对|译成|翻成)`)

// contentRequest reports whether sentence t asks for content made from text it carries.
func contentRequest(t string) bool {
	return contentRequestRE.MatchString(t)
}
