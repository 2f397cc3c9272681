package facts

import (
	"strings"
	"testing"
	"unicode"
)

// TestRunOnAt_firstRune: runOnAt's early answer is right for every character — the
// lowered text starts with "i" exactly when the first rune lowers to 'i'.
func TestRunOnAt_firstRune(t *testing.T) {
	n := 0
	for x := rune(0); x <= unicode.MaxRune; x++ {
		lowered := strings.HasPrefix(strings.ToLower(string([]rune{x, 'm', ' '})), "i")
		if lowered != (unicode.ToLower(x) == 'i') {
			t.Errorf("rune %U: lowered text starts with i = %v", x, lowered)
		}
		if unicode.ToLower(x) == 'i' {
			n++
		}
	}
	if n != 3 { // i, I, İ
		t.Errorf("%d runes lower to i, want 3", n)
	}
}

func TestRunOnAt_case(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"i live in ohio", true}, {"I'm a nurse", true}, {"İM here", true}, {"im tired", true},
		{"i think so", false}, {"in ohio", false}, {"you live", false}, {"", false},
	} {
		if got := runOnAt([]rune(c.text), 0); got != c.want {
			t.Errorf("runOnAt(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
