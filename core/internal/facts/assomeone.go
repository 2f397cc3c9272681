package facts

import "strings"

// Seventh round: "As someone who's colorblind, which palettes…?", "as someone with ADHD,
// …", "As someone who hates crowds, …" — a fact about the user stated as the lead-in of a
// request (dev10.json u10_en_req_6). asRoleEN read only "As a nurse, …"; the request that
// follows is another clause and says nothing.

// asSomeone phrases asSomeoneEN's match: how ("who's", "who has", "with", "who") and the
// rest of the clause.
func asSomeone(how, rest string) string {
	rest = strings.TrimSpace(rest)
	switch h := strings.ToLower(strings.Join(strings.Fields(how), " ")); h {
	case "who's", "who’s", "who is":
		return "User is " + rest
	case "who was":
		return "User was " + rest
	case "who has", "with":
		return "User has " + rest
	default: // "who hates crowds": the verb already agrees
		return "User " + rest
	}
}
