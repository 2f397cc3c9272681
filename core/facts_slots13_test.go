package core_test

import "testing"

// TestExtractFacts_round13Supersedes: the thirteenth round's corrections, stored by
// extractFacts in two sessions (FACTS.md "Thirteenth round"): a move replaces the city but
// not the person the user lived there with, in either language, and the unnamed class's
// new time the old. The first of each old line's memories is the one the new supersedes;
// the rest stay live, and so does whatever must not be superseded (keep).
func TestExtractFacts_round13Supersedes(t *testing.T) {
	for _, tc := range []struct {
		old, new string
		kept     int  // facts of old that are no slot the new one fills: they stay live
		none     bool // the new one supersedes nothing: the old stays live whole
	}{
		{"I live in Berlin with my partner Sam.", "I moved to Munich.", 1, false},
		{"I live with my husband in Cork.", "Actually I moved to Dublin.", 1, false},
		{"我和男朋友阿杰住在杭州。", "我搬到上海了。", 1, false},
		{"现在和老婆住在南京", "我搬到苏州了", 1, false},
		{"Currently living in Denver with my wife.", "I just moved to Boulder.", 1, false},
		{"My class is on Wednesdays.", "My class moved to Thursday evenings.", 0, false},
		{"我的课在周三晚上。", "我的课改到周四了。", 0, false},
		// Not one slot: a named class and the unnamed one, a session that moved and the city.
		{"I have watercolour class on Wednesday evenings.", "My class moved to Thursday evenings.", 0, true},
		{"I live in Leeds.", "My session moved to 3pm.", 0, true},
		{"我住在杭州。", "我的办公室搬到浦东了。", 0, true},
	} {
		checkSupersedes(t, tc.old, tc.new, tc.kept, tc.none)
	}
}
