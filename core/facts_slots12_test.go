package core_test

import "testing"

// TestExtractFacts_round12Supersedes: the twelfth round's corrections of a slot, stored by
// extractFacts in two sessions, leave only the newer fact live (FACTS.md "Twelfth round"):
// the user's budget, said in either language, is one value at a time, and a move replaces
// the city but not the pet the user lived there with, and a class's new time the old.
func TestExtractFacts_round12Supersedes(t *testing.T) {
	for _, tc := range []struct {
		old, new string
		kept     int // facts of old that are no slot the new one fills: they stay live
	}{
		{"我每月预算1800欧元。", "我的预算现在改成2000欧元了。", 0},
		{"My budget is 1800 euros a month.", "My budget is now 2000 euros.", 0},
		// The city goes, the cat stays (round12pet.go): before, one fact held both.
		{"I live in Lille with my cat Pistache, she's a grey tabby.", "Actually I moved to Lyon.", 2},
		{"我和我的猫布丁住在上海。", "我搬到了杭州。", 1},
		// A class's new time replaces the old (round12sched.go).
		{"I have watercolour class on Wednesday evenings.", "The watercolour class moved to Thursday evenings.", 0},
		{"我每周三晚上上水彩课。", "水彩课改到周四晚上了。", 0},
	} {
		checkSupersedes(t, tc.old, tc.new, tc.kept, false)
	}
}
