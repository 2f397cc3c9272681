package core_test

import (
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
)

// A question about where the user lives finds the location memories it shares no word
// with (text/location.go). Found in the eighth new-user pass of the web demo (issue 9
// item 1): "where am I based" and "我在哪个城市" found nothing, "where do I live" not
// "User is in Boston".
func TestRecall_locationQuestion(t *testing.T) {
	_, ns, _ := cxOpen(t, core.Options{})
	rememberContents(t, ns, "User is in Boston", "User lives in Portland", "用户住在上海", "User works as a nurse",
		"User likes hiking", "用户喜欢喝咖啡", "用户是一名护士")
	for _, tt := range []struct {
		name, query string
		want        []string
		not         string
	}{
		{"enLive", "where do I live", []string{"Boston", "Portland"}, "nurse"},
		{"enBased", "where am I based", []string{"Boston", "Portland"}, "hiking"},
		{"enCity", "what city am I in?", []string{"Boston"}, "nurse"},
		{"zhLive", "我住哪", []string{"上海"}, "咖啡"},
		{"zhCity", "我在哪个城市", []string{"上海"}, "护士"},
		{"thirdPerson", "where does Akib live", nil, "Boston"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := recallContents(t, ns, tt.query)
			all := strings.Join(got, " | ")
			for _, w := range tt.want {
				if !strings.Contains(all, w) {
					t.Errorf("recall(%q) = %q: want %q", tt.query, got, w)
				}
			}
			if strings.Contains(all, tt.not) {
				t.Errorf("recall(%q) = %q: not %q", tt.query, got, tt.not)
			}
		})
	}
}
