package facts

import "testing"

// TestMayNotClaimEN_glued: the prefilter lets notClaimEN run wherever it can match — a
// word of its list ends at Go's \b, also before a quote, a hyphen or an apostrophe
// (FuzzExtract's seed 0da0be11e9f6a7f5: `I think"0000000000` became a fact with the
// prefilter and none without).
func TestMayNotClaimEN_glued(t *testing.T) {
	for _, rest := range []string{` think"0000000000`, " think-tank", " think'", " sure(ish)", " am/not sure", ` know"`} {
		if notClaimEN.MatchString(rest) && !mayNotClaimEN(rest) {
			t.Errorf("mayNotClaimEN(%q) = false; notClaimEN matches it", rest)
		}
	}
	if mayNotClaimEN(" thinker-tank") {
		t.Errorf(`mayNotClaimEN(" thinker-tank") = true; no word of the list starts it`)
	}
}
