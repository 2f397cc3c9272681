package facts

import "strings"

// What follows "X here," (eighth round, issue 9 item 1). "Marta here, 52, retired
// pharmacist from Valencia" (dev5.json), "retired teacher here, 68 and loving it"
// (dev3.json), "type 1 diabetic here, been on a pump since 2019" (dev7.json), "Night owl
// here, usually up till 2am" (dev10.json): five writers go on after the label or name
// with more of the user and no subject, and the rules kept only the label. Each piece
// after the comma that reads as one of four shapes is a fact of its own:
//
//   - an age: "52" → "User is 52" ("68 and loving it" → "User is 68");
//   - a state with a habit's adverb: "usually up till 2am" → "User is usually up till 2am";
//   - "been …": "been on a pump since 2019" → "User has been on a pump since 2019";
//   - a verb the clause splitter knows, or a role: "cook mostly Indian food" → "User cooks
//     mostly Indian food", "retired pharmacist from Valencia" → "User is a retired
//     pharmacist from Valencia".
//
// Any other piece is left ("sorry for the dumb question", "Japanese to English": no fact
// is better than a wrong one).

// hereTailAge is a piece that is an age, with what may follow it after "and".
var hereTailAge = lazy(`^(\d{1,2})(?:\s+(?:and|&)\s.*|\s*(?:yo|y/o|years?\s+old))?$`)

// hereTailAdv are the adverbs that open a state of the user's ("usually up till 2am").
var hereTailAdv = map[string]bool{"usually": true, "always": true, "often": true, "normally": true, "typically": true, "generally": true, "rarely": true, "never": true}

// hereTail returns the facts of the text after "X here," (tail, without the comma).
func hereTail(tail string, remember bool) []Fact {
	var out []Fact
	for i, p := range strings.Split(tail, ",") {
		if i == 4 {
			break
		}
		p = strings.TrimRight(strings.TrimSpace(p), ".!;")
		if len(p) < 2 || len(p) > 60 || !hasLatin(p) && !isDigitStart(p) {
			continue
		}
		w := strings.Fields(p)
		first := strings.ToLower(w[0])
		switch {
		case hereTailAge.MatchString(p):
			out = append(out, classify("User is "+hereTailAge.FindStringSubmatch(p)[1], p, remember))
		case hereTailAdv[first] && len(w) >= 2:
			out = append(out, classify("User is "+rewriteEN(p, false), p, remember))
		case first == "been" && len(w) >= 2:
			out = append(out, classify("User has "+rewriteEN(p, false), p, remember))
		case len(w) >= 2 && verbAt([]rune(strings.ToLower(p)), 0) && !strings.HasSuffix(first, "ing"):
			out = append(out, classify("User "+conjugate(first)+" "+rewriteEN(strings.Join(w[1:], " "), false), p, remember))
		case len(w) == 1 && demonymEN11.MatchString(p):
			out = append(out, classify("User is "+p, "I'm "+p, remember)) // "…, 41, Welsh" (agelist11.go)
		case role5EN.MatchString(p) || rolePlaceMay5(p):
			out = append(out, classify("User is "+article(p), p, remember))
		}
	}
	return out
}

func isDigitStart(s string) bool { return s != "" && s[0] >= '0' && s[0] <= '9' }
