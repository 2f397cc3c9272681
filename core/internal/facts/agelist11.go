package facts

import "strings"

// Eleventh round (issue 9): "I'm Tom, 41, Welsh, currently working as a plumber in
// Cardiff" kept the name and the job and dropped 41 and Welsh: the clause splitter cuts
// before the age, and the clause "41, Welsh, currently …" is no bare age ("…, 23, …",
// claimEN5a) nor a claim. After "I'm …", an age followed by more appositions is read as
// "X here, 52, …" is (hereTail): the age, then each item; a nationality alone is an item
// too (demonymEN11).

// ageList11 reads "41, Welsh, …" after a claim of the user's: the age fact first, then
// the items hereTail reads from the rest. ok is false when text does not open with a bare
// age and a comma.
func ageList11(text string, remember bool) ([]Fact, bool) {
	n, rest, found := strings.Cut(text, ",")
	n = strings.TrimSpace(n)
	if !found || len(n) == 0 || len(n) > 2 || strings.Trim(n, "0123456789") != "" || strings.TrimSpace(rest) == "" {
		return nil, false
	}
	out := []Fact{classify("User is "+n, "I'm "+n+" years old", remember)}
	return append(out, hereTail(rest, remember)...), true
}

// demonymEN11 is one word naming a nationality or people ("Welsh", "Canadian",
// "Vietnamese", "Israeli"): in a list of appositions after "I'm …", what the user is.
var demonymEN11 = lazy(`^(?:\p{Lu}\p{Ll}{2,}(?:ish|ese|ian|ean|an|i)|Dutch|French|Welsh|Greek|Thai|Swiss|Czech|Scots|Kiwi)$`)
