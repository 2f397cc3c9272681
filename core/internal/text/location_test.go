package text

import (
	"slices"
	"testing"
)

// TestLocationExpansion_case: a question about where the user lives searches the words
// of location memories and the well-known places; a third-person one, or one that is no
// location question, searches nothing more.
func TestLocationExpansion_case(t *testing.T) {
	for _, tc := range []struct {
		name, query string
		has         string // a token the expansion must hold; "" for none at all
	}{
		{"enLive", "where do I live", "boston"},
		{"enBased", "Where am I based?", "live"},
		{"enCountry", "which country do we live in", "japan"},
		{"enTwoWordPlace", "what city am I in", "york"},
		{"zhLive", "我住哪", "住在"},
		{"zhCity", "我在哪个城市", "上海"},
		{"thirdPerson", "Where does Akib live, in a big city or in the suburbs?", ""},
		{"notLocation", "where did I put my keys", ""},
		{"zhThirdPerson", "小王住哪", ""},
	} {
		got := locationExpansion(Normalize(tc.query))
		if tc.has == "" {
			if len(got) != 0 {
				t.Errorf("%s: %q expands to %d tokens, want none", tc.name, tc.query, len(got))
			}
			continue
		}
		if !slices.Contains(got, tc.has) {
			t.Errorf("%s: %q expansion lacks %q", tc.name, tc.query, tc.has)
		}
		if slices.Contains(got, "area") || slices.Contains(got, "new") {
			t.Errorf("%s: a part of a two-word place that matches anything was added", tc.name)
		}
	}
}
