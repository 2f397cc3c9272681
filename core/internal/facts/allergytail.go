package facts

import "strings"

// Eighth new-user pass: "nut allergy, so no peanuts" became "User has a nut allergy" —
// allergy5EN (claimallergy.go) ends the claim at the comma, and "so no peanuts" alone has
// no subject, so the rule the user drew from the allergy was lost. "I have a nut allergy,
// so no peanuts please." kept its tail through the general rules; the bare phrase now does
// too: a consequence after the condition ("so no …", "so nothing with …", "so please
// avoid …", "no … please") stays in the fact, which is what a reader keeps. So does what
// the user does about it, "so I carry an epipen" (issue 9 item 4), in the third person: a
// closed list of verbs after "so I", so that "so I guess that's a no" does not.

// allergyTail5EN is the consequence after a bare condition's comma or dash: "so" and a
// rule, a bare "no X", or "so I" and what the user does (carry, avoid, can't…), after an aside word if any ("nut allergy btw, so no peanuts"; group 1 is the tail as written, up to the sentence's end).
var allergyTail5EN = lazy(`(?i)^(?:\s+(?:btw|by\s+the\s+way|fyi|fwiw|tbh))?\s*[,;—–-]\s*((?:so\s+(?:please\s+)?(?:no|nothing|avoid|don't|do\s+not|never|keep|skip|leave|hold)\b|no\s+\w|so\s+I\s+(?:always\s+|usually\s+|never\s+|also\s+|just\s+)?(?:carry|have|keep|bring|avoid|check|read|can't|cannot|can\s+not|don't|do\s+not|need|must|stay|stick|skip|take|ask)\b)[^.!?;]*)`)

// allergyTail returns ", so no peanuts" when the text after a bare condition's noun
// phrase (rest) is a consequence, "" otherwise.
func allergyTail(rest string) string {
	m := allergyTail5EN.FindStringSubmatch(rest)
	if m == nil {
		return ""
	}
	t := strings.TrimRight(trimAside5(strings.TrimSpace(m[1])), ".! ")
	t = strings.TrimSuffix(strings.TrimSuffix(t, " please"), ",")
	if t == "" {
		return ""
	}
	// "so I carry an epipen" → "so they carry an epipen": the fact is in the third person.
	t = strings.TrimSpace(enMid.Replace(" " + t + " "))
	return ", " + t
}
