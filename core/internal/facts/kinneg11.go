package facts

import "strings"

// Eleventh round (issue 9): "My wife doesn't eat spicy food", "My son doesn't like
// broccoli", "My daughter won't eat anything green" gave nothing: myThing reads "my X
// doesn't …" as the work at hand ("my build doesn't start"). With a person or pet as X
// and a verb of diet or taste after the negation, it is a claim about them.

// kinNegEN11 is such a clause after "my": the kin or pet word (maybe one word before it,
// "little", "eldest"), then doesn't/won't/can't and a verb of eating, drinking or taste.
var kinNegEN11 = lazy(`(?i)^(?:[a-z]+\s+)?(?:wife|husband|partner|boyfriend|girlfriend|fianc[eé]e?|mom|mum|mother|dad|father|son|daughter|kids?|children|child|baby|toddler|brother|sister|grandma|grandpa|grandmother|grandfather|parents|dog|cat|roommate)\s+(?:doesn't|does\s+not|won't|will\s+not|didn't\s+use\s+to)\s+(?:eat|drink|like|enjoy|touch|tolerate|do\s+well\s+with|handle)\b\s+\S`)

// kinNegNeed11 is the cheap check before kinNegEN11: the negation it needs.
func kinNegNeed11(rest string) bool {
	h := strings.ToLower(head(rest, 48))
	return containsAny(h, []string{"doesn't", "does not", "won't", "will not", "didn't use"})
}
