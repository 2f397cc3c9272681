package facts

import "strings"

// New-user pass: "shellfish allergy fyi" gave nothing. A bare condition noun phrase with
// no subject — what the user has, a word or three before allergy, intolerance or
// sensitivity ("shellfish allergy", "severe peanut allergy btw", "gluten intolerance") —
// is the user's, as statusLead5EN's "lactose intolerant" is; but its first word is the
// thing, any word, so first5's prefilter (which knows only the round's lead words)
// turned it away before any rule looked. It is looked for by its head noun instead.

// allergy5EN: the noun phrase (group 1), an aside word after it, then the end or a
// comma and more (which is not read as part of the claim).
var allergy5EN = lazy(`(?i)^((?:[a-z][a-z-]*\s+){1,3}(?:allerg(?:y|ies)|intolerances?|sensitivit(?:y|ies)))(?:\s+(?:btw|by\s+the\s+way|fyi|fwiw|tbh))?(?:[.!]*$|\s*[,;—–]\s*\S)`)

// allergyMay reports cheaply whether allergy5EN can match: the head noun is there.
func allergyMay(text string) bool {
	t := head(text, 80)
	return containsLower(t, "allerg") || containsLower(t, "intoleran") || containsLower(t, "sensitivit")
}

// allergyClaim5 returns the claim of a bare condition ("User has a shellfish allergy"),
// or "" when text is none or names someone else's ("my son's nut allergy").
func allergyClaim5(text string) string {
	if strings.Contains(text, "?") {
		return ""
	}
	m := allergy5EN.FindStringSubmatchIndex(text)
	if m == nil {
		return ""
	}
	np := strings.ToLower(strings.TrimSpace(text[m[2]:m[3]]))
	first, _, _ := strings.Cut(np, " ")
	if notRoleLead[first] || strings.HasSuffix(first, "'s") || strings.HasSuffix(first, "’s") || first == "a" || first == "an" || first == "no" {
		return ""
	}
	tail := allergyTail(text[m[3]:]) // ", so no peanuts" (allergytail.go)
	if strings.HasSuffix(np, "y") || strings.HasSuffix(np, "ance") {
		return "User has " + article5a(np) + np + tail
	}
	return "User has " + np + tail
}

// trimAside5 cuts an aside word the user ended a bare claim with ("bad knee fyi").
func trimAside5(s string) string {
	t := strings.TrimRight(s, ".! ")
	for _, w := range []string{" btw", " fyi", " fwiw", " tbh", " by the way"} {
		if len(t) > len(w) && strings.EqualFold(t[len(t)-len(w):], w) {
			return t[:len(t)-len(w)]
		}
	}
	return s
}
