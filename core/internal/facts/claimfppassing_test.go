package facts

import "testing"

func TestFPPassing_levels(t *testing.T) {
	defer func(v int) { cmFallbackPassing = v }(cmFallbackPassing)
	cases := []struct {
		clause string
		lvl1   bool // passingClaim alone
		lvl2   bool // with the moment's words
	}{
		{"I'm cooking dinner right now", true, true},
		{"I'm logging off", false, true},
		{"我今天吃了火锅", true, true},
		{"我刚下班", true, true},
		{"我正在做饭", true, true},
		{"I'm about to head out", false, true},
		{"I work as a nurse in Leeds", false, false},
		{"我在字节做后端开发", false, false},
		{"I started a new job today", false, false},
		{"I'm doing keto right now", false, true},
	}
	for _, c := range cases {
		for lvl, want := range []bool{false, c.lvl1, c.lvl2} {
			cmFallbackPassing = lvl
			if got := fpPassing(c.clause); got != want {
				t.Errorf("level %d: fpPassing(%q) = %v, want %v", lvl, c.clause, got, want)
			}
		}
	}
}
