package facts

import "strings"

// singleValued are the predicates of the heuristics under which a newer fact replaces an
// older one: a person has one name and one employer at a time ("works_at": "在字节上班",
// "works at Stripe"), and one budget of their own ("budget": round12slot.go). "location"
// is one only when the fact says where the user lives now (livesNow). The other predicates the heuristics give are kinds of claim — family, event,
// job, uses, likes, health, habit, identity… — under which one person has many true facts
// at once: "My daughter Lily is allergic to peanuts" and "我儿子今年上三年级了" are both
// "family", "works night shifts" and "is a nurse" both "job", "grew up in Ohio" and "lives
// in Berlin" both "location".
var singleValued = map[string]bool{"name": true, "works_at": true, "budget": true, "age": true}

// livesNow are the phrasings of a fact's content that say where the user lives now.
var livesNow = []string{"lives in ", "is based in ", "moved to ", "now lives ", "住在", "搬到", "定居", "现居", "现在住", "base在"}

// SingleValued reports whether the heuristics' fact f (its predicate and content) fills a
// slot that holds one value at a time. The engine stores a heuristic fact's predicate only
// then, so that it supersedes the older fact of that slot ("I live in Paris these days"
// supersedes "lives in Lisbon"); a kind of claim goes into the memory's tags instead (the
// same search column, so recall finds it by the same words), and two facts of one kind
// both stay live. Facts an LLM extracted name their own predicates and are stored as given.
func SingleValued(f Fact) bool {
	if f.Predicate == "location" {
		c := strings.ToLower(f.Content)
		for _, p := range livesNow {
			if strings.Contains(c, p) {
				return true
			}
		}
		return false
	}
	return singleValued[f.Predicate] || strings.HasPrefix(f.Predicate, "schedule:") || // when one class of the user's is (round12sched.go)
		strings.HasPrefix(f.Predicate, "age:") // how old one relative is (round13zh_age.go); "age" is in singleValued
}
