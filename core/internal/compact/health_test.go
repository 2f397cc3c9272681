package compact

import (
	"strings"
	"testing"
)

// sectionItems returns the "- " items under heading in summary s.
func sectionItems(s, heading string) string {
	_, after, ok := strings.Cut(s, heading)
	if !ok {
		return ""
	}
	var items string
	for _, l := range strings.Split(strings.TrimPrefix(after, "\n"), "\n") {
		if !strings.HasPrefix(l, "- ") {
			break
		}
		items += l + "\n"
	}
	return items
}

// TestSummarize_healthIsFact: an allergy or a health condition — the user's or a family
// member's — is a fact about someone's body, not a taste; the eighth new-user pass found
// "我女儿乐乐对牛奶过敏" under 偏好 (issue 9 item 3). A real preference beside it stays one.
func TestSummarize_healthIsFact(t *testing.T) {
	for _, tc := range []struct {
		name, health, pref, prefs, facts string
	}{
		{"zhDaughter", "我女儿乐乐对牛奶过敏。", "我喜欢清淡的菜。", "偏好：", "事实："},
		{"zhSelf", "我对花生过敏。", "我喜欢清淡的菜。", "偏好：", "事实："},
		{"zhAsthma", "我儿子有哮喘。", "我不吃辣。", "偏好：", "事实："},
		{"en", "I'm allergic to peanuts.", "I prefer short answers.", "Preferences:", "Facts:"},
		{"enDaughter", "My daughter has a severe milk allergy.", "I prefer short answers.", "Preferences:", "Facts:"},
		{"enIntolerant", "My wife is lactose intolerant.", "I like spicy food.", "Preferences:", "Facts:"},
	} {
		s := Summarize(conv(t, "u:Help me plan a dinner party.", "a:Sure.", "u:"+tc.health, "a:OK.", "u:"+tc.pref, "a:OK."), 2000)
		prefs, facts := sectionItems(s, tc.prefs), sectionItems(s, tc.facts)
		h := strings.TrimRight(tc.health, "。.")
		if strings.Contains(prefs, h) {
			t.Errorf("%s: health statement %q under %s in:\n%s", tc.name, tc.health, tc.prefs, s)
		}
		if !strings.Contains(facts, h) {
			t.Errorf("%s: health statement %q missing from %s in:\n%s", tc.name, tc.health, tc.facts, s)
		}
		if !strings.Contains(prefs, strings.TrimRight(tc.pref, "。.")) {
			t.Errorf("%s: preference %q missing from %s in:\n%s", tc.name, tc.pref, tc.prefs, s)
		}
	}
}
