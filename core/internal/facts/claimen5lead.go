package facts

import (
	"strings"
)

// Fifth round, English: the claims of a clause with no subject or in a shape the claim
// rules lacked (claimEN5, called from claim before the subject rules), and the cheap
// checks that keep their expressions from running on clauses they cannot match. The
// expressions themselves are in claimen5clause.go's var block; the kinds are listed there.

// The first words the shapes of claimEN5 start with (leadingWord: letters only, lower
// case), so that a clause starting otherwise runs none of their expressions.
const (
	f5Habit = 1 << iota
	f5Raised
	f5Adv
	f5Status
	f5No
	f5Kin
	f5Plan
	f5Job
	f5Body
	f5Running
	f5From
	f5Parent
	f5Feel
)

// findIdx5 is x.FindStringIndex(text) when ok, else nil without running x.
func findIdx5(ok bool, x *lazyRE, text string) []int {
	if !ok {
		return nil
	}
	return x.FindStringIndex(text)
}

// find5 is x.FindStringSubmatch(text) when ok, else nil without running x.
func find5(ok bool, x *lazyRE, text string) []string {
	if !ok {
		return nil
	}
	return x.FindStringSubmatch(text)
}

var first5 = func() map[string]int {
	m := map[string]int{}
	add := func(bit int, ws string) {
		for _, w := range words(ws) {
			m[w] |= bit
		}
	}
	add(f5Habit, "after before first")
	add(f5Body, `bad dodgy bum weak torn broken sore chronic scoliosis asthma arthritis migraines eczema psoriasis endometriosis pcos
		ibs gout sciatica tinnitus vertigo epilepsy insomnia adhd diabetes hypertension`)
	add(f5Running, "running using")
	add(f5From, "from")
	add(f5Parent, "stay single working proud busy tired first new mum mom dad parent father mother")
	add(f5Feel, "hate love adore loathe can cannot really")
	add(f5Raised, "raised brought")
	add(f5Adv, "just recently finally now also currently still")
	add(f5Status, `type t pre prediabetic diabetic coeliac celiac vegan vegetarian pescatarian lactose gluten dairy allergic pregnant
		widowed asthmatic epileptic colour color colourblind colorblind legally deaf dyslexic autistic sober teetotal`)
	add(f5No, "no")
	add(f5Kin, "the twins kids boys girls eldest youngest oldest little toddler baby")
	add(f5Plan, "planning plan about due moving relocating emigrating")
	add(f5Job, "my day main full part side second other real")
	return m
}()

// role5Last reports whether a clause can be a bare role of role5EN: short, its last
// word a trade of the list (or "here" after one).
func role5Last(text string) bool {
	if len(text) > 80 {
		return false
	}
	w := strings.Fields(strings.ToLower(strings.TrimRight(text, ".! ")))
	if len(w) == 0 {
		return false
	}
	last := w[len(w)-1]
	if last == "here" && len(w) > 1 {
		last = w[len(w)-2]
	}
	return roleNouns5[last]
}

var roleNouns5 = wordSet(`dev devs rider porter guard labourer laborer receptionist caretaker janitor miner fisherman builder roofer
	decorator tiler postman postie warden steward stewardess attendant dispatcher supervisor foreman apprentice trainee nanny
	cleaner plumber welder barista bartender waiter waitress paramedic firefighter surgeon midwife tutor streamer youtuber
	carpenter electrician hairdresser gardener translator shopkeeper vet`)

// article5 puts "a" before an ailment that needs one ("bad left knee" → "a bad left
// knee"; not "scoliosis").
func article5(s string) string {
	switch strings.Fields(s)[0] {
	case "bad", "dodgy", "bum", "weak", "torn", "broken", "sore":
		w := strings.Fields(s + " x")
		noun := strings.Trim(w[1], ",.;!")
		if noun == "left" || noun == "right" || noun == "lower" || noun == "upper" {
			noun = strings.Trim(w[min(2, len(w)-1)], ",.;!")
		}
		if !strings.HasSuffix(noun, "s") || noun == "achilles" {
			return "a " + s
		}
	}
	return s
}

// rolePlaceMay5 reports whether a clause can be a bare role with where: short, and the
// word before its first " in ", " at " or " from " a trade (a job noun of the patterns or
// of role5EN).
func rolePlaceMay5(text string) bool {
	if len(text) > 100 {
		return false
	}
	i := -1
	for _, p := range []string{" in ", " at ", " from "} {
		if j := strings.Index(text, p); j > 0 && (i < 0 || j < i) {
			i = j
		}
	}
	if i < 0 {
		return false
	}
	w := strings.ToLower(text[strings.LastIndexByte(text[:i], ' ')+1 : i])
	return roleNouns5[w] || jobNouns5[w] || jobNouns5[strings.TrimSuffix(w, "s")]
}

// jobNouns5 are the words of the patterns' jobNoun and roleEN's trades.
var jobNouns5 = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range lazy(`[a-z]{2,}`).FindAllString(jobNoun+" worker driver clerk courier cashier carer caregiver officer rancher baker cook mechanic", -1) {
		m[w] = true
	}
	return m
}()

// article5a is "a " or "an " for a role.
func article5a(role string) string {
	if strings.ContainsRune("aeiouAEIOU", rune(role[0])) {
		return "an "
	}
	return "a "
}

// claimEN5 makes the claim of an English clause of the round's kinds; ok false when it is
// none of them, stop true when the clause is no claim at all (a condition, or a lead-in
// whose rest is none).
func (st *claimState) claimEN5(text string, remember, ask bool) (f Fact, ok, stop bool) {
	if m := findIdx5(!prefilter || strings.Contains(head(text, 40), ":"), introColon5EN, text); m != nil && m[1] < len(text) {
		f, ok = st.claim(strings.TrimSpace(text[m[1]:]), ask) // "Quick background: I teach 5th grade"
		return f, ok, !ok
	}
	if lw := leadingWord(text); findIdx5(!prefilter || lw == "every" || lw == "each" || lw == "any", everyTime5EN, text) != nil {
		return Fact{}, false, true // "every time I try to run the tests," alone: a condition
	}
	if prefilter && !strings.HasPrefix(strings.ToLower(text), "in case") {
		f, ok = st.claimEN5a(text, remember, ask)
		return f, ok, false
	}
	if m := inCase5EN.FindStringIndex(text); m != nil {
		return Fact{}, false, true // "remember this in case I ask again": a condition, after the request
	}
	f, ok = st.claimEN5a(text, remember, ask)
	return f, ok, false
}

// introColon5EN: a lead-in the discourse words lack ("Quick background:", "A bit of
// context:", "Some background info:").
var introColon5EN = lazy(`(?i)^(?:quick|some|a\s+bit\s+of|a\s+little|brief|little|short|more)\s+(?:background|context|intro|info|backstory)(?:\s+info)?\s*:\s*`)

// everyTime5EN: "every time I …" with nothing after it in the clause, or a main clause
// about something else: the condition of what follows ("every time I try to run the
// tests, I get a timeout error", "every time I log in, the page is blank").
var everyTime5EN = lazy(`(?i)^(?:every|each|any)\s+time\s+(?:I|I'm|my)\b[^,;]*(?:[,;]\s*(?:the|it|it's|this|that|they|he|she|there|everything|nothing)\b.*)?$`)

// inCase5EN: a clause that is a condition once a request to remember is stripped.
var inCase5EN = lazy(`(?i)^in\s+case\b`)

// claimEN5a is claimEN5 past the condition check.
func (st *claimState) claimEN5a(text string, remember, ask bool) (Fact, bool) {
	if m := findIdx5(!prefilter || text != "" && strings.ContainsRune("0123456789-*•", []rune(text)[0]), listMark5EN, text); m != nil && m[1] < len(text) {
		return st.claim(text[m[1]:], ask) // "2) I'm trying to get into running"
	}
	if m := findIdx5(!prefilter || leadingWord(strings.TrimSpace(text)) == "make", noteLead5EN, text); m != nil {
		if rest := strings.TrimLeft(text[m[1]:], " :,—–-"); rest != "" && rest != text {
			st.remember = true // "make a quick note: my dentist is Dr. Patel"
			return st.claim(rest, ask)
		}
	}
	if (!prefilter || allergyMay(text)) && st.last < 0 {
		if c := allergyClaim5(text); c != "" { // "shellfish allergy fyi" (claimallergy.go)
			st.en = true
			f := classify(c, "health "+text, remember)
			f.Type, f.Predicate, f.Confidence = TypeProfile, "health", 0.65
			return f, true
		}
	}
	first := leadingWord(text)
	lead := first5[first]
	if prefilter && lead == 0 && !(st.en && st.last >= 0) && !role5Last(text) && !strings.Contains(text, " over ") && len(text) > 6 && !rolePlaceMay5(text) {
		return Fact{}, false // none of the round's shapes starts with this word
	}
	if !prefilter {
		lead = ^0
	}
	if st.en && st.last >= 0 && isDigitStart(text) {
		if fs, ok := ageList11(text, remember); ok {
			st.more = append(st.more, fs[1:]...) // "…, 41, Welsh, currently …" (agelist11.go)
			return fs[0], true
		}
	}
	if n := strings.TrimRight(text, ".! "); st.en && st.last >= 0 && len(n) > 0 && len(n) <= 2 && strings.Trim(n, "0123456789") == "" {
		return classify("User is "+n, "I'm "+n+" years old", remember), true // "…, 23, …" after "I'm …": an age
	}
	if m := find5(lead&f5Habit != 0, habit5EN, head(text, 120)); m != nil && len(m[2]) < len(text) {
		rest := strings.TrimSpace(text[len(text)-len(m[2]):])
		if f, ok := st.claim(rest, ask); ok && strings.HasPrefix(f.Content, "User") {
			f.Content = clip(strings.TrimRight(f.Content, ".! ") + " " + strings.ToLower(m[1][:1]) + m[1][1:])
			return f, true
		}
		return Fact{}, false
	}
	if m := find5(lead&f5Raised != 0, raised5EN, text); m != nil && st.last < 0 && !strings.Contains(text, "?") {
		st.en = true
		f := classify("User was "+strings.ToLower(m[1])+" "+strings.ToLower(m[2])+" "+rewriteEN(m[3], false), "I grew up in "+m[3], remember)
		f.Confidence -= 0.1
		return f, true
	}
	if m := find5(lead&f5Adv != 0, justEvent5EN, text); m != nil && st.last < 0 && !strings.Contains(text, "?") {
		st.en = true
		f := classify("User "+strings.ToLower(m[1])+" "+rewriteEN(m[2]+m[3], false), text, remember)
		f.Confidence -= 0.1
		return f, true
	}
	if m := find5(lead&f5Status != 0, statusLead5EN, text); m != nil && st.last < 0 {
		st.en = true
		f := classify("User is "+m[1], text, remember)
		f.Confidence -= 0.05
		return f, true
	}
	if m := find5(lead&f5No != 0, noFood5EN, text); m != nil && st.en && st.last >= 0 {
		for _, w := range strings.Fields(strings.ToLower(m[1])) {
			if noFoodNot5[w] {
				return Fact{}, false
			}
		}
		f := classify("User avoids "+m[1], text, remember)
		f.Type, f.Predicate = TypeProfile, "diet"
		return f, true
	}
	if (!prefilter || role5Last(text)) && st.last < 0 && role5EN.MatchString(text) {
		if first, _, _ := strings.Cut(strings.ToLower(text), " "); !notRoleLead[first] {
			st.en = true
			t := strings.TrimSuffix(strings.TrimRight(text, ".! "), " here")
			art := "a "
			if strings.ContainsRune("aeiouAEIOU", rune(t[0])) {
				art = "an "
			}
			f := classify("User is "+art+t, "I work as "+t, remember)
			f.Confidence -= 0.1
			return f, true
		}
	}
	if lead&f5Kin != 0 && st.last < 0 && kin5EN.MatchString(head(text, 120)) && st.subj == "" && !strings.Contains(text, "?") {
		t := strings.TrimPrefix(strings.TrimPrefix(text, "the "), "The ")
		return classify("User's "+strings.ToLower(t[:1])+rewriteEN(t[1:], false), "my "+text, remember), true
	}
	if m := find5(len(text) <= 6, ageSex5EN, text); m != nil && st.last < 0 {
		st.en = true
		sex := "male"
		if strings.EqualFold(m[2], "f") {
			sex = "female"
		}
		return classify("User is "+m[1]+", "+sex, "I'm "+m[1]+" years old", remember), true
	}
	if m := find5(lead&f5Parent != 0, parentOf5EN, text); m != nil && st.last < 0 {
		st.en = true
		return classify("User is a "+strings.ToLower(m[1][:1])+m[1][1:], "my kids: "+text, remember), true
	}
	if m := find5(lead&f5Feel != 0, feel5EN, text); m != nil && st.last < 0 && !strings.Contains(text, "?") {
		st.en = true
		v := strings.ToLower(strings.Fields(m[1])[len(strings.Fields(m[1]))-1])
		verb := map[string]string{"hate": "hates", "love": "loves", "adore": "adores", "loathe": "loathes", "stand": "can't stand"}[v]
		if strings.HasPrefix(strings.ToLower(m[1]), "really") {
			verb = "really " + verb
		}
		f := classify("User "+verb+" "+rewriteEN(m[2], false), "I "+m[1]+" "+m[2], remember)
		f.Confidence -= 0.1
		return f, true
	}
	if m := find5((st.last < 0 || st.en) && (!prefilter || rolePlaceMay5(text)), rolePlace5EN, text); m != nil {
		c := roleClaimEN(m[1])
		if c == "" && role5EN.MatchString(m[1]) {
			c = "User is " + article5a(m[1]) + strings.ToLower(m[1][:1]) + m[1][1:]
		}
		if c != "" && !strings.ContainsAny(m[1], ",") {
			st.en = true
			f := classify(c+" "+m[2]+" "+m[3], text, remember)
			f.Confidence -= 0.1
			return f, true
		}
	}
	if m := find5(lead&f5Body != 0, body5EN, text); m != nil && st.last < 0 {
		st.en = true
		b := trimAside5(m[1]) // "bad knee fyi"
		f := classify("User has "+article5(strings.ToLower(b[:1])+b[1:]), "health "+text, remember)
		f.Type, f.Predicate, f.Confidence = TypeProfile, "health", 0.65
		return f, true
	}
	if m := find5(lead&f5Running != 0, running5EN, text); m != nil && st.last < 0 {
		st.en = true
		f := classify("User is "+strings.ToLower(m[1])+" "+m[2], "I use "+m[2], remember)
		f.Confidence -= 0.1
		return f, true
	}
	if m := find5(strings.Contains(text, " over "), over5EN, text); m != nil && st.last < 0 && !overNot5[strings.ToLower(strings.Fields(m[1])[0])] && !overNot5[strings.ToLower(strings.Fields(m[2])[0])] {
		f := classify("User prefers "+m[1]+" over "+m[2], "I prefer "+text, remember)
		f.Confidence -= 0.1
		return f, true
	}
	if m := find5(lead&f5From != 0, from5EN, text); m != nil && st.last < 0 {
		st.en = true
		return classify("User is originally from "+m[1], "I'm from "+m[1], remember), true
	}
	if m := find5(lead&f5Adv != 0, now5EN, text); m != nil && st.en {
		return classify("User is now "+m[1], "I live "+m[1], remember), true
	}
	if m := find5(lead&f5Plan != 0, plan5EN, text); m != nil && st.last < 0 && (!strings.HasSuffix(strings.ToLower(m[1]), "ing") || strings.HasPrefix(strings.ToLower(m[1]), "planning") || movePlace5EN.MatchString(m[2])) && !youAsk5EN.MatchString(m[2]) {
		st.en = true
		f := classify("User is "+strings.ToLower(m[1])+" "+rewriteEN(m[2], false), text, remember)
		f.Confidence -= 0.1
		return f, true
	}
	if m := find5(lead&f5Job != 0, job5EN, text); m != nil {
		st.en = true
		f := classify("User's "+strings.ToLower(m[1])+" is "+rewriteEN(m[2], false), text, remember)
		f.Type, f.Predicate = TypeProfile, "job"
		return f, true
	}
	if m := find5(lead&f5Adv != 0, advVerb5EN, text); m != nil && st.en && verbAtString(strings.ToLower(m[2])+" ") {
		adv, v := strings.ToLower(m[1]), conjugate(strings.ToLower(m[2]))
		if rest, ok := strings.CutPrefix(v, "is "); ok {
			return classify("User is "+adv+" "+rest+" "+rewriteEN(strings.TrimSpace(m[3]), false), text, remember), true
		}
		return classify("User "+adv+" "+v+" "+rewriteEN(strings.TrimSpace(m[3]), false), text, remember), true
	}
	return Fact{}, false
}
