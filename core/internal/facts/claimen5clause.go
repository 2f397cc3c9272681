package facts

import (
	"slices"
	"strings"
	"unicode"
)

// Fifth round, English: where a clause ends, and the expressions of what a clause without
// a subject says (claimEN5 in claimen5lead.go reads them; the sentence-level rules are in
// claimen5.go). Kinds, each with dev9.json cases:
//
//   - a lead-in with a colon ("ok background: I'm 72, widowed, live alone…", "For context:
//     solo game dev, making a roguelike…"): the user is still the subject, so the claims
//     after it are cut as after "I'm …";
//   - an age, a status or a verb after an adverb, going on after "I'm …" ("I'm a delivery
//     rider in Leeds, 23, doing a part-time degree", "I'm 34 and just became a dad", "grew
//     up in Manila, now living in Dubai"): a claim each;
//   - "every time I…", "each time I…" join the clause before (a time, not a new claim:
//     "I get migraines every time I do a run of night shifts");
//   - a status with no subject at the start ("coeliac, so…", "type 2 diabetic, no pork"):
//     "User is coeliac"; "no pork" after it: "User avoids pork";
//   - "planning to retire…", "day job is school admin", "after every shift I sleep…" (a
//     habit, not a condition).
var (
	lead5Words = wordSet(`background context intro about me for quick some a few things bit little basics`)
	verbs5EN   = words(`doing making launching building raising running training writing developing releasing selling teaching
		becoming became recovering learning living told saving volunteering commuting freelancing renting caring coaching
		managing nursing homeschooling fostering`)
	adverbs5EN = words("just recently now also currently still finally")
	status5EN  = words("widowed separated partnered deaf blind autistic dyslexic disabled sober childfree self-employed unemployed retired coeliac")
	// statusLead5EN: a status with no subject that is the whole clause ("coeliac", "type 2
	// diabetic", "lactose intolerant", "allergic to shellfish"), an aside after it or not
	// ("coeliac btw, so…": the web demo's first try).
	statusLead5EN = lazy(`(?i)^((?:(?:type\s*(?:1|2|one|two|i|ii)|t[12]|pre-?)\s*)?diabetic|coeliac|celiac|vegan|vegetarian|pescatarian|(?:lactose|gluten|dairy)[- ]intolerant|allergic\s+to\s+[\w -]{2,30}|pregnant(?:\s+with\s+(?:our|my|their|a|baby)\b[\w\s#-]{0,20})?|widowed|asthmatic|epileptic|colou?r[- ]?blind|legally\s+blind|deaf|dyslexic|autistic|sober|teetotal)(?:\s+(?:btw|by\s+the\s+way|fyi|fwiw|tbh))?(?:[.!]*$|\s*[,;—–]\s*\S)`)
	// raised5EN: "raised in Cork", "brought up in Leeds": where the user grew up, the
	// subject left out (what follows goes on with it).
	raised5EN = lazy(`(?i)^(raised|brought\s+up)\s+(in|on|near|by)\s+(.{2,})$`)
	// body5EN: an ailment with no subject ("bad left knee from an old skiing accident",
	// "scoliosis, pretty mild").
	body5EN = lazy(`(?i)^((?:bad|dodgy|bum|weak|torn|broken|sore|chronic)\s+(?:(?:left|right|lower|upper)\s+)?(?:knees?|back|hips?|shoulders?|ankles?|wrists?|elbows?|neck|acl|hamstring|achilles)\b[^?]{0,60}|(?:scoliosis|asthma|arthritis|migraines|eczema|psoriasis|endometriosis|pcos|ibs|gout|sciatica|tinnitus|vertigo|epilepsy|insomnia|adhd|diabetes|hypertension)\b[^?]{0,40})$`)
	// running5EN: a setup with no subject ("running ubuntu 22.04 on a dell xps 13"): a
	// version or a model number must follow, not "running late", "using Python, how…".
	running5EN = lazy(`^(?i:(running|using))\s+([^?]*\d[^?]*)$`)
	// over5EN: "tabs over spaces, always": a preference with no verb.
	over5EN  = lazy(`(?i)^([a-z][\w+#-]*(?:\s+[a-z][\w+#-]*)?)\s+over\s+([a-z][\w+#-]*(?:\s+[a-z][\w+#-]*)?)(?:,?\s+(?:always|every\s+time|any\s+day|all\s+day|for\s+me|forever))?[.!]*$`)
	overNot5 = wordSet("the a an my your it this that i we game it's all just over hand start move think get")
	// from5EN: "from Lyon originally", "originally Lyon": where the user is from, the
	// subject left out.
	from5EN = lazy(`^(?i:from)\s+(\p{Lu}[\p{L}'. -]{1,40}?)\s+(?i:originally)$`)
	// movePlace5EN: where a subject-less "moving…" goes ("to Leeds", "house", "abroad"),
	// not "moving the car, brb".
	movePlace5EN = lazy(`(?i)^(?:to|house|home|abroad|back|in\s+with|out|across|countries|cities|flats?|apartments?)\b`)
	// youAsk5EN: a plan about the talk ("planning to ask you about taxes later").
	youAsk5EN = lazy(`(?i)\b(?:ask|tell|show|send|give|bug)\s+you\b`)
	// ageSex5EN: "23F", "32 M", "41/m": an age and a sex, as people write them.
	ageSex5EN = lazy(`^(\d{2})\s*/?\s*([MFmf])$`)
	// rolePlace5EN: a bare role with where ("nursing student in Manchester").
	rolePlace5EN = lazy(`^(.{3,50}?)\s+(in|at|from)\s+(\p{Lu}[\p{L}'. -]{1,40})[.!]*$`)
	// parentOf5EN: "Stay-at-home dad of three", "single mum of two": a bare family role.
	parentOf5EN = lazy(`(?i)^((?:(?:stay-at-home|single|working|proud|busy|tired|first-time|new)\s+)?(?:mum|mom|dad|parent|father|mother)\s+(?:of|to)\s+(?:one|two|three|four|five|six|twins|triplets|\d)\b[^,?]{0,30})[.!]*(?:,[^?]*)?$`)
	// feel5EN: a like or dislike with no subject ("Hate when people call instead of
	// text", "Love hiking in the rain").
	feel5EN = lazy(`(?i)^(hate|love|adore|loathe|can't\s+stand|cannot\s+stand|really\s+hate|really\s+love)\s+((?:when|how|that|it\s+when|getting|being|\w+ing|[a-z]+s)\b.{3,})$`)
	// now5EN: "now in Dubai" after a claim about where the user is from.
	now5EN = lazy(`(?i)^now\s+((?:based\s+)?in\s+\S.*)$`)
	// justEvent5EN: "just retired", "recently graduated": a life event, subject left out.
	justEvent5EN = lazy(`(?i)^(just|recently|finally)\s+(retired|graduated|qualified|got\s+married|got\s+engaged|got\s+divorced|became\s+an?\s+\w+|moved\s+to\s+\S+|had\s+(?:a\s+)?(?:baby|surgery|twins))\b(.*)$`)
	noFood5EN    = lazy(`(?i)^no\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?)[.!]*$`)
	noFoodNot5   = wordSet(`worries worry problem problems idea rush pressure thanks way clue pun offense offence need one more big hurry stress judgement judgment`)
	plan5EN      = lazy(`(?i)^(planning\s+to|plan\s+to|planning\s+on|about\s+to|due\s+to\s+(?:give\s+birth|start|retire|move)|moving|relocating|emigrating)\s+(.{4,})$`)
	job5EN       = lazy(`(?i)^(?:my\s+)?((?:day|main|full[- ]time|part[- ]time|side|second|other|real)\s+(?:job|hustle|gig))\s*(?:is|'s|=|:)\s+(.{3,})$`)
	advVerb5EN   = lazy(`(?i)^(just|recently|now|also|currently|still|finally)\s+([a-z]+)\b(.*)$`)
	// checkHabit5EN: "check my blood sugar before every meal" is a habit, not "I'll check".
	checkHabit5EN = lazy(`(?i)^(?:always\s+|usually\s+|still\s+)?check\s+(?:my|the|our)\s+[^,;]*\b(?:every|each|daily|before|after|twice|once\s+a|morning|mornings|night|nightly|weekly)\b`)
	// role5EN: a role of the round's trades with "I'm a" left out ("solo game dev").
	role5EN = lazy(`(?i)^(?:(?:solo|indie|freelance|self-employed|junior|senior|lead|full-time|part-time|retired|former|hobbyist|amateur)\s+)?(?:[a-z][a-z-]*\s+){0,2}(?:dev|devs|rider|porter|guard|labourer|laborer|receptionist|caretaker|janitor|miner|fisherman|builder|roofer|decorator|tiler|postman|postie|warden|steward|stewardess|attendant|dispatcher|supervisor|foreman|apprentice|trainee|nanny|cleaner|plumber|welder|barista|bartender|waiter|waitress|paramedic|firefighter|surgeon|midwife|tutor|streamer|youtuber|carpenter|electrician|hairdresser|gardener|translator|shopkeeper|vet)(?:\s+here)?[.!]*$`)
	// kin5EN: a sentence that opens on the user's children without "my" ("twins have
	// swimming every Tuesday", "kids start school on the 4th"): a plan or a habit of theirs.
	kin5EN   = lazy(`(?i)^(?:the\s+)?(twins|kids|boys|girls|eldest|youngest|oldest|little\s+one|toddler|baby)\s+(?:has|have|go|goes|start|starts|finish|finishes|attend|attends|take|takes|do|does|got|get)\s+[^?]*\b(?:every|each|on|at|next|this|from|until|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|\d)\b`)
	habit5EN = lazy(`(?i)^((?:(?:after|before)\s+(?:every|each|my|work|dinner|lunch|breakfast|bed|school|a\s+shift|shifts?)|first\s+thing\s+(?:every|each|in\s+the))\b[^,;]{0,30}?)[,\s]+((?:I|I'm|I've|my)\b.*)$`)
)

// tailCut5 is where claimClauses cuts before a request that ends the sentence (-1: none).
func tailCut5(r []rune) int { return tailRule5At(r) }

// cut5At reports whether a clause ends at the comma at i: before an age, a status or a
// job ("…, 23, …", "…, day job is school admin").
func cut5At(r []rune, start, i int) bool {
	j := skipConj(r, i+1)
	if j >= len(r) || start > i {
		return false
	}
	prev := i - start // the clause so far, in runes
	c := r[j] | 0x20
	digit := r[j] >= '0' && r[j] <= '9'
	if prefilter && !digit && c != 'n' && c != 'd' && c != 'm' && c != 's' && prev > 6 && (prev > 60 || !runesHaveFold(r[start:i], " of ") && !runesHaveFold(r[start:i], " to ")) {
		return false // none of the shapes below can start here
	}
	w := strings.ToLower(string(r[j:min(len(r), j+24)]))
	if strings.HasPrefix(w, "now in ") || strings.HasPrefix(w, "now based in ") {
		return true // "Originally from a tiny town in Kerala, now in Dubai"
	}
	if strings.HasPrefix(w, "day job ") || strings.HasPrefix(w, "main job ") || strings.HasPrefix(w, "side hustle ") || strings.HasPrefix(w, "side gig ") {
		return true
	}
	// "hiya, 23F, nursing student in Manchester": an age and a sex between commas.
	if k := j + 2; digit && k < len(r) && r[j+1] >= '0' && r[j+1] <= '9' && strings.ContainsRune("MFmf", r[k]) && (k+1 == len(r) || r[k+1] == ',' || r[k+1] == ' ') {
		return true
	}
	if prev <= 6 && ageSex5EN.MatchString(strings.TrimSpace(string(r[start:i]))) {
		return true
	}
	// "Single mum of two, work part-time at a pharmacy": a family role, then a verb.
	if prev <= 60 && verbAtString(w) && parentOf5EN.MatchString(strings.TrimSpace(string(r[start:i]))) {
		return true
	}
	// "type 2 diabetic, no pork, and…": a status, then what the user does not eat.
	return strings.HasPrefix(w, "no ") && statusLead5EN.MatchString(strings.TrimSpace(string(r[start:i]))) && noFood5EN.MatchString(strings.TrimSpace(strings.SplitN(string(r[j:]), ",", 2)[0]))
}

// verb5At reports whether a verb of the round's list starts at i, after an adverb or not
// ("…, now living in Dubai", "…and just became a dad").
func verb5At(r []rune, i int) bool {
	if i >= len(r) || !verb5Start[unicode.ToLower(r[i])] {
		return false
	}
	for _, a := range adverbs5EN {
		if hasPrefixFold(r[i:], a+" ") {
			j := i + len(a) + 1
			for _, list := range [][]string{contVerbsEN, verbs5EN} {
				for _, v := range list {
					if hasPrefixFold(r[j:], v+" ") {
						return true
					}
				}
			}
			break
		}
	}
	for _, v := range verbs5EN {
		if hasPrefixFold(r[i:], v+" ") {
			return true
		}
	}
	return false
}

// verb5Start: the first letters of verb5At's words (adverbs and verbs).
var verb5Start = func() map[rune]bool {
	m := map[rune]bool{}
	for _, w := range append(append([]string{}, adverbs5EN...), verbs5EN...) {
		m[rune(w[0])] = true
	}
	return m
}()

// verbAtString is verbAt's list or the round's on a lower-case string.
func verbAtString(w string) bool {
	for _, list := range [][]string{contVerbsEN, verbs5EN} {
		for _, v := range list {
			if strings.HasPrefix(w, v+" ") {
				return true
			}
		}
	}
	return false
}

// status5At reports whether an age ("…, 23, …") or a status of the round's list starts
// at i.
func status5At(r []rune, i int) bool {
	if i < len(r) && (r[i] < '0' || r[i] > '9') && !status5Start[unicode.ToLower(r[i])] {
		return false // neither an age nor a status word
	}
	open := 0
	for _, c := range r[:i] {
		switch c {
		case '(':
			open++
		case ')':
			open--
		}
	}
	if open > 0 {
		return false // "three boys (12, 9, and 6)": the children's ages
	}
	k := i
	for p := i - 1; p >= 0 && r[p] == ' '; p-- {
		k = p
	}
	if k == 0 || r[k-1] != ',' {
		k = -1 // an age follows a comma ("…, 23, …"), not "between 12 and 8"
	}
	comma := k >= 0
	k = i
	for k < len(r) && r[k] >= '0' && r[k] <= '9' {
		k++
	}
	if comma && k > i && k-i <= 2 && (k == len(r) || r[k] == ',' || r[k] == '.' || hasPrefixFold(r[k:], " and ") || hasPrefixFold(r[k:], " years")) {
		return true
	}
	w := strings.ToLower(string(r[i:min(len(r), i+20)]))
	for _, v := range status5EN {
		if strings.HasPrefix(w, v+" ") || strings.HasPrefix(w, v+",") || w == v {
			return true
		}
	}
	return false
}

// sameSubject5 reports whether a clause so far (r, its lower-case words w after
// discourse words) has the user as its subject in the round's shapes: after a lead-in
// with a colon, "I'm 34", or a subject-less lead verb ("planning to retire…, just told my
// boss").
func sameSubject5(r []rune, w []string) bool {
	if ageOnly5(w) || slices.Contains(r, ':') && introLead5At(r) {
		return true
	}
	if len(w) >= 3 {
		switch w[0] {
		case "planning", "been", "working", "living", "studying", "started", "retired":
			return true
		}
	}
	return false
}

// introLead5At reports whether a clause opens with a lead-in and a colon and goes on
// with the user's words ("For context: solo game dev", "background: I'm 72"), not a
// name ("Quick intro: Aisha Bello, 29, …" is a list the claim reads whole).
func introLead5At(r []rune) bool {
	orig := strings.Fields(strings.TrimSpace(string(r)))
	w := strings.Fields(strings.ToLower(strings.TrimSpace(string(r))))
	for len(w) > 0 && discourseWordEN[strings.Trim(w[0], ",:")] {
		w, orig = w[1:], orig[1:]
	}
	rest := introLead5(w)
	if len(rest) == 0 || len(rest) == len(w) {
		return false
	}
	first := orig[len(w)-len(rest)]
	return first[0] < 'A' || first[0] > 'Z' || strings.HasPrefix(rest[0], "i'm") || rest[0] == "i"
}

// status5Start: the first letters of status5EN's words.
var status5Start = func() map[rune]bool {
	m := map[rune]bool{}
	for _, w := range status5EN {
		m[rune(w[0])] = true
	}
	return m
}()

// introLead5 drops a lead-in that ends with a colon ("background:", "for context:") from
// a clause's words: what follows it is the user's.
func introLead5(w []string) []string {
	for n := 1; n <= 3 && n <= len(w); n++ {
		if !strings.HasSuffix(w[n-1], ":") {
			continue
		}
		for _, x := range w[:n] {
			if !lead5Words[strings.Trim(x, ":,")] {
				return w
			}
		}
		return w[n:]
	}
	return w
}

// ageOnly5 reports whether a clause's words are "I'm 34": the user's age, before a claim
// that goes on ("I'm 34 and just became a dad").
func ageOnly5(w []string) bool {
	if len(w) != 2 || w[0] != "i'm" && w[0] != "im" && w[0] != "i’m" {
		return false
	}
	n := strings.Trim(w[1], ",")
	return len(n) > 0 && len(n) <= 2 && strings.Trim(n, "0123456789") == ""
}

// subordinate5 reports whether the clause so far ends with "every time" or "each time":
// the "I" after it starts no claim of its own.
func subordinate5(r []rune) bool {
	e := len(r)
	for e > 0 && r[e-1] == ' ' {
		e--
	}
	if e < 4 || !hasPrefixFold(r[e-4:e], "time") {
		return false
	}
	w := strings.Fields(strings.ToLower(string(r)))
	if len(w) < 2 || w[len(w)-1] != "time" {
		return false
	}
	switch w[len(w)-2] {
	case "every", "each", "any", "first", "last", "next":
		return true
	}
	return false
}

// ingItem5 reports whether the last item of a list after "I'm" is what the user is doing
// ("Marco Rossi, 38, Italian, running a small pizzeria in Leeds"): an -ing verb, then at
// most eight words.
func ingItem5(w []string) bool {
	v := strings.ToLower(w[0])
	return len(w) <= 9 && len(v) > 5 && strings.HasSuffix(v, "ing") && verbAtString(v+" ")
}

// habitLead5 reports whether a clause opens with "after every shift", "before bed"…: a
// habit's time, not a condition.
func habitLead5(text string) bool {
	return habit5EN.MatchString(head(text, 120))
}
