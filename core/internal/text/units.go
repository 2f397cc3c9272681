package text

import "strings"

// unitWords pairs the Latin abbreviation of a measure with the Chinese words for it:
// people write a height as "161cm" in one message and "161厘米" in the next, and the
// tokenizer keeps "161cm" as one token while it splits "161" from "厘米".
var unitWords = []struct {
	latin string
	words []string
}{
	{"cm", []string{"厘米", "公分"}},
	{"kg", []string{"公斤", "千克"}},
	{"km", []string{"公里"}},
}

// unitLatin returns the Chinese words of a Latin unit abbreviation.
func unitLatin(abbr string) ([]string, bool) {
	for _, u := range unitWords {
		if u.latin == abbr {
			return u.words, true
		}
	}
	return nil, false
}

// expandUnits returns query terms that let a measure match however it was written:
// for a token like "161cm", the number ("161") and the unit's Chinese words' tokens
// ("厘米", "公分"); for "161厘米" in the normalized query norm, the Latin form ("161cm").
// Terms already in toks are not repeated.
func expandUnits(norm string, toks []string) []string {
	var out []string
	add := func(t string) {
		if !contains(toks, t) && !contains(out, t) {
			out = append(out, t)
		}
	}
	for _, t := range toks {
		i := 0
		for i < len(t) && t[i] >= '0' && t[i] <= '9' {
			i++
		}
		if i == 0 || i == len(t) {
			continue
		}
		words, ok := unitLatin(t[i:])
		if !ok {
			continue
		}
		add(t[:i])
		for _, w := range words {
			for _, wt := range termTokens(w) {
				add(wt)
			}
		}
	}
	for _, u := range unitWords {
		for _, w := range u.words {
			for rest := norm; ; {
				j := strings.Index(rest, w)
				if j < 0 {
					break
				}
				k := j
				for k > 0 && rest[k-1] >= '0' && rest[k-1] <= '9' {
					k--
				}
				if k < j {
					add(rest[k:j] + u.latin)
				}
				rest = rest[j+len(w):]
			}
		}
	}
	return out
}
