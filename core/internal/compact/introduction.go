package compact

import (
	"strings"

	"github.com/memcore/memcore/core/internal/lazyre"
)

// IntroductionOnly reports whether a message only gives the user's name, with or without a
// pleasantry ("I'm Marco, nice to meet you.", "My name is Ana.", "我叫小林，很高兴认识你。").
// Such a message is no goal: the ninth new-user pass found "I'm Marco, nice to meet you."
// as an episode's title and its summary's Goal. It still is a fact (the name), so it is not
// NoFinding. A message that goes on ("I'm Marco and I want to learn Go") is no introduction
// only.
func IntroductionOnly(s string) bool {
	return introRE.MatchString(strings.TrimSpace(s))
}

var introRE = lazyre.New(`(?i)^(?:(?:hi|hello|hey)[\s,!.]*)?(?:i'?m|i am|my name is|my name's|call me|this is)\s+\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?` +
	`(?:[\s,!.~—–-]+(?:(?:it's\s+)?(?:nice|glad|pleased|good)\s+to\s+meet\s+you(?:\s+too)?|here))?[\s,!.~]*$|` +
	`^(?:你好[，,！!\s]*)?我叫\p{Han}{1,4}(?:[，,！!。\s]*(?:很高兴认识你|幸会))?[，,！!。~\s]*$`)
