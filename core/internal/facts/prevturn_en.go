package facts

import (
	"strings"
	"unicode"
)

// answerEN builds the facts of an English short answer to a question of slot (noun: the
// thing asked about, for the slots that name one). rest is the answer without its yes.
func answerEN(slot, noun, rest string) []Fact {
	f := firstFragment(rest, false)
	if notAnswerEN.MatchString(f) || verbEN.MatchString(f) {
		return nil
	}
	fs := answerEN1(slot, noun, rest, f)
	for i := range fs {
		fs[i].Subject = f // what it quotes (answerFacts)
	}
	return fs
}

func answerEN1(slot, noun, rest, f string) []Fact {
	if f == "" || len(strings.Fields(f)) > 8 || selfWordEN.MatchString(f) || strings.ContainsAny(f, "\"“”'`") && slot != "name" {
		return nil
	}
	lf := strings.ToLower(f)
	switch slot {
	case "place":
		if !placeLeadEN.MatchString(lf) && !startsUpper(f) {
			return nil // "somewhere cold lol", not a place's name
		}
		if loc := lowerAfterCommaEN.FindStringIndex(f); loc != nil {
			f = f[:loc[0]] // "Leeds, moved here from Glasgow last year"
		}
		c := "User lives in " + f
		if placeLeadEN.MatchString(lf) {
			c = "User lives " + lowerLead(f)
		}
		if more := secondFragmentEN(rest); more != "" {
			c += " (" + more + ")"
		}
		return []Fact{{Content: c, Predicate: "location", Confidence: 0.75}}
	case "from":
		return []Fact{{Content: "User is from " + strings.TrimPrefix(f, "from "), Predicate: "location"}}
	case "name":
		f = strings.Trim(f, "\"“”'")
		if !nameEN.MatchString(f) {
			return nil
		}
		return []Fact{{Content: "User's name is " + f, Predicate: "name", Confidence: 0.8}}
	case "age":
		if m := ageEN.FindStringSubmatch(lf); m != nil {
			return []Fact{{Content: "User is " + m[1] + " years old", Predicate: "age", Confidence: 0.8}}
		}
	case "kids":
		if !kidsAgeEN.MatchString(lf) {
			return nil
		}
		verb := " are "
		if !strings.HasSuffix(noun, "s") && !strings.HasSuffix(noun, "ren") {
			verb = " is "
		}
		if noun == "twins" || noun == "" {
			noun = "kids"
		}
		if agedEN.MatchString(lf) {
			f += " old"
		}
		return []Fact{{Content: "User's " + noun + verb + f, Predicate: "family"}}
	case "work":
		switch {
		case strings.HasPrefix(lf, "at ") || strings.HasPrefix(lf, "for ") || strings.HasPrefix(lf, "in "):
			return []Fact{{Content: "User works " + lowerLead(f), Predicate: "job"}}
		case strings.HasPrefix(lf, "a ") || strings.HasPrefix(lf, "an "):
			return []Fact{{Content: "User is " + lowerLead(f), Predicate: "job"}}
		case roleEndEN.MatchString(lf):
			return []Fact{{Content: "User works as " + anArticle(lf) + lf, Predicate: "job"}}
		}
		if head, _, _ := strings.Cut(f, ","); len(strings.Fields(head)) > 3 {
			return nil
		}
		return []Fact{{Content: "User works in " + f, Predicate: "job"}}
	case "pets":
		if countLeadEN.MatchString(lf) {
			return []Fact{{Content: "User has " + lowerLead(f), Predicate: "pets"}}
		}
	case "allergy":
		if !strings.Contains(lf, "allerg") {
			return []Fact{{Content: "User is allergic to " + f, Predicate: "health"}}
		}
	case "diet":
		if dietEN.MatchString(lf) {
			return []Fact{{Content: "User is " + lf, Predicate: "diet"}}
		}
	case "setup":
		return []Fact{{Type: TypeFact, Content: "User's setup is " + f, Predicate: "uses"}}
	case "uses":
		return []Fact{{Type: TypeFact, Content: "User uses " + f, Predicate: "uses"}}
	case "when":
		return []Fact{{Type: TypeFact, Content: "User's " + noun + " is " + f, Predicate: "event"}}
	case "plan":
		if !countLeadEN.MatchString(lf) && !strings.HasPrefix(lf, "the ") {
			f = anArticle(lf) + f
		}
		return []Fact{{Type: TypeFact, Content: "User has " + f, Predicate: "event"}}
	case "yn":
		if strings.HasPrefix(noun, "User ") && !vagueEN.MatchString(noun) {
			return []Fact{{Content: noun + ", " + f, Predicate: "about"}}
		}
	}
	return nil
}

var (
	// notAnswerEN: a fragment that opens as a request, a hedge or a reply to the
	// question itself, not as its answer ("can you just give me general advice",
	// "honestly, nothing much").
	notAnswerEN = lazy(`(?i)^(?:can|could|would|will|please|pls|just|why|what|how|who|where|when|which|sorry|actually|honestly|basically|well|um+|uh+|hmm+|kinda|kind of|sort of|(?-i:it)|it's|that|that's|this|there|doesn't|don't|does|do|is|are|never ?mind|skip|pass|same|as|like|tell|give|let's|you|your|yours|but|and|or|also|lots|a lot|stuff|various|somewhere|something|someone|everywhere|all over|here|there)\b`)
	// verbEN: a fragment with a verb of its own is a sentence about something else
	// ("Paris is lovely this time of year", "they are 3 and 5"), not an answer's value.
	verbEN            = lazy(`(?i)\b(?:is|are|was|were|am|be|been|has|have|had|will|would|can|could|should|shall|must|do|does|did|isn't|aren't|wasn't|don't|doesn't|didn't|won't|can't)\b`)
	kidsAgeEN         = lazy(`\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|twins?|triplets|teens?|teenagers?|toddlers?|babies|baby|newborns?|infants?|months?|years?)\b`)
	lowerAfterCommaEN = lazy(`,\s+\p{Ll}`)
	vagueEN           = lazy(`(?i)\b(?:any|anything|some|something|other|else)\b`)
	placeLeadEN       = lazy(`^(?:near|outside|just outside|around|in|on|close to|north of|south of|east of|west of)\s`)
	nameEN            = lazy(`^\p{Lu}[\p{L}'’\-]*(?:\s\p{Lu}[\p{L}'’\-]*){0,2}$`)
	ageEN             = lazy(`^(\d{1,2})(?:\s*(?:years old|years|yrs|yo|y/o))?(?:\s+(?:this year|now))?$`)
	agedEN            = lazy(`\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|eighteen) (?:months?|years?|weeks?)$`)
	roleEndEN         = lazy(`^[a-z][a-z \-]{0,30}(?:er|or|ist|ian|ant|ent|nurse|chef|dev|engineer|analyst|lawyer|teacher|consultant|designer|doctor|medic|clerk|cook|tech|pm|admin)$`)
	countLeadEN       = lazy(`^(?:a|an|one|two|three|four|five|\d+)\s`)
	dietEN            = lazy(`^(?:strictly |mostly |fully )?(?:vegetarian|vegan|pescatarian|pescetarian|gluten[- ]free|dairy[- ]free|kosher|halal|keto|paleo|lactose intolerant|low[- ]carb|coeliac|celiac)$`)
)

// secondFragmentEN is a short lower-case fragment after the first sentence ("Portland,
// Oregon. the east side"), or "".
func secondFragmentEN(rest string) string {
	i := strings.IndexAny(rest, ".!\n")
	if i < 0 {
		return ""
	}
	s := strings.TrimSpace(rest[i+1:])
	if j := strings.IndexAny(s, ".!?\n"); j >= 0 {
		if strings.TrimSpace(s[j+1:]) != "" {
			return ""
		}
		s = s[:j]
	}
	s = strings.TrimSpace(s)
	if s == "" || len(strings.Fields(s)) > 4 || !strings.HasPrefix(s, strings.ToLower(s[:1])) || selfWordEN.MatchString(s) || strings.ContainsAny(s, ",") {
		return ""
	}
	return s
}

// lowerLead lowers an English fragment's first letter when its first word is a
// function word ("Near Seattle" → "near Seattle").
func lowerLead(f string) string {
	w, rest, _ := strings.Cut(f, " ")
	lw := strings.ToLower(w)
	if lw == w || !placeLeadEN.MatchString(lw+" ") && !countLeadEN.MatchString(lw+" ") && lw != "at" && lw != "for" && lw != "the" {
		return f
	}
	if rest == "" {
		return lw
	}
	return lw + " " + rest
}

// startsUpper reports whether an English fragment opens with a capital letter.
func startsUpper(f string) bool {
	for _, r := range f {
		return unicode.IsUpper(r)
	}
	return false
}

// anArticle is "a " or "an " for an English noun phrase.
func anArticle(lf string) string {
	if lf != "" && strings.ContainsRune("aeiou", rune(lf[0])) {
		return "an "
	}
	return "a "
}
