package text

import "strings"

// abbrevs are the abbreviations whose final period does not end a sentence, lower-cased
// without their periods: titles before a name (Mr. Dr. St.), and the Latin and place
// abbreviations written with periods (e.g. i.e. etc. U.S. U.K.). A sentence splitter
// that cut at them titled an episode "Ives with Dr. Patel's family…" for a trip to
// "St. Ives" (issue 9, the web demo).
var abbrevs = wordMap(`mr mrs ms dr st prof sr jr mt ft vs etc cf approx dept inc ltd corp jan feb mar apr aug sep sept oct nov dec`)

// dotted are abbreviations only when written with a period inside (U.S., e.g., a.m.):
// "us", "am" and "eg" alone are words ("Come with us.").
var dotted = wordMap(`us uk usa un eu am pm eg ie`)

func wordMap(list string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(list) {
		m[w] = true
	}
	return m
}

// EndsWithAbbrev reports whether s, the text up to and including a period, ends with an
// abbreviation (see abbrevs) or a single capital letter (an initial: "J. K. Rowling"), so
// that the period does not end a sentence. "I moved to the U.S." is read as not ended
// either: a missed sentence end costs less than a cut name.
func EndsWithAbbrev(s string) bool {
	if !strings.HasSuffix(s, ".") {
		return false
	}
	// The word before the period, with the periods inside it (e.g, U.S).
	i := len(s) - 1
	j := i
	for j > 0 {
		c := s[j-1]
		if c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			j--
			continue
		}
		break
	}
	w := s[j:i]
	if w == "" {
		return false
	}
	if len(w) == 1 && w[0] >= 'A' && w[0] <= 'Z' {
		return true
	}
	k := strings.ToLower(strings.ReplaceAll(w, ".", ""))
	return abbrevs[k] || dotted[k] && strings.Contains(w, ".")
}
