package facts

import (
	"strings"
)

// Extra facts of one claim: "a compound statement yields one fact per distinct claim"
// (issue 9), also when the claims share a clause. The third round found in the retired
// blind sets the shapes below, where a claim rewritten whole is one fact but says two
// things a reader keeps apart:
//
//   - a place after a job: "I'm an accountant at a mid-size firm in Leeds", "a 17 year old
//     high school student in Ohio" — the job is the claim, "User is based in Leeds" a fact
//     of its own.
//
// Not split (measured, and the labels of different writers disagree): a family member's
// name before what is said of them ("My daughter Lily starts kindergarten": one fact for
// dev's writers, two for the retired sets'), an employer after "at" ("a backend
// developer at Shopify" is already the job's fact), and every tool an English claim names
// ("I code on a ThinkPad X1 running Fedora 39" → also "User also uses Fedora 39"): tried,
// +6 right and +6 wrong facts on the retired sets, +4 and +11 on dev — the labels list one
// or two tools of a message, not each.
var (
	// placeAfterJob: "in <Place>", capitalised, after the claim's verb.
	placeAfterJob = lazy(`\s(in)\s+((?:St\.\s+)?\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,3})`)
	// notPlace are capitalised words after "in"/"at" that name no place or employer.
	notPlace = map[string]bool{"January": true, "February": true, "March": true, "April": true, "May": true,
		"June": true, "July": true, "August": true, "September": true, "October": true, "November": true,
		"December": true, "Monday": true, "Tuesday": true, "Wednesday": true, "Thursday": true, "Friday": true,
		"Saturday": true, "Sunday": true, "I": true, "The": true, "English": true, "Chinese": true, "Python": true,
		"Go": true, "Java": true, "Rust": true, "Spanish": true, "French": true, "German": true, "Japanese": true}
)

// extraFacts returns the facts a claim holds besides itself.
func extraFacts(f Fact) []Fact {
	var out []Fact
	c := f.Content
	if m := pronounsOf(c); m != "" && strings.HasPrefix(c, "User ") && !strings.HasPrefix(c, "User's pronouns") {
		// "i'm a trans woman btw, she/her pronouns please": the pronouns are a fact of their own
		out = append(out, Fact{Type: TypeProfile, Content: "User's pronouns are " + strings.ToLower(m), Subject: "user",
			Predicate: "identity", Confidence: 0.8, Evidence: f.Evidence})
	}
	if (f.Predicate == "job" || f.Predicate == "identity") && strings.HasPrefix(c, "User is ") {
		for _, m := range placeAfterJob.FindAllStringSubmatch(c, 2) {
			if notPlace[strings.Fields(strings.TrimPrefix(m[2], "St. "))[0]] {
				continue
			}
			name := strings.TrimRight(m[2], ".'’")
			out = append(out, Fact{Type: TypeProfile, Content: "User is based in " + name, Subject: "user", Predicate: "location",
				Confidence: f.Confidence - 0.05, Evidence: f.Evidence})
		}
	}
	return out
}

// pronounKinZH resolves a Chinese clause that starts with 他 or 她 after a claim about a
// family member: "我老婆叫小雨，她在社区医院当护士" — the second clause is about 老婆, and
// says so ("用户的老婆在社区医院当护士") instead of being dropped as a dangling pronoun.
func pronounKinZH(text, subj string) string {
	kin, ok := strings.CutPrefix(subj, "用户的")
	if !ok || kin == "" || hasLatin(kin) || !(strings.HasPrefix(text, "他") || strings.HasPrefix(text, "她")) ||
		strings.HasPrefix(text[len("他"):], "们") {
		return text
	}
	return "我的" + kin + text[len("他"):]
}

// effortEN: "I'm trying to quit smoking", "I'm trying to eat more protein" — a lasting
// effort about health, diet or habits, a claim; other "I'm trying to…" (figure something
// out, fix a bug) stay what the user is doing at the moment (notClaimEN).
var effortEN = lazy(`(?i)^(?:'m|am|’m)\s+(?:really\s+)?trying\s+to\s+(?:quit|stop|eat|stay|lose|cut|drink|sleep|save|get\s+into|avoid|keep|limit|reduce|gain|go\s+(?:vegan|vegetarian|keto|sober)|run|exercise|walk|read|learn)\b`)

// nameOfOtherEN: "my landlord's name is Mr. Petrov", "my boss's email is…" — a detail the
// user keeps about someone in their world, not someone else's world (othersEN).
var nameOfOtherEN = lazy(`(?i)^User's\s+\w+(?:\s+\w+)?'s\s+(?:name|number|phone|email|address|birthday)\b`)

// introEN / introNameEN: a self-introduction that leaves "I'm" out after its lead-in —
// "Quick intro: Aisha Bello, 29, Nigerian, doing my PhD in Edinburgh" reads as "I'm Aisha
// Bello, 29, …" (one fact an item).
var (
	introEN     = lazy(`(?i)^(?:quick\s+intro|intro|about\s+me|a\s+bit\s+about\s+me|a\s+little\s+about\s+me)\s*[:：—–-]`)
	introNameEN = lazy(`^\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?,\s`)
)

// pronounsOf is pronounsEN's match in a claim, "" without running it when the claim has no
// "/" (every match has one).
func pronounsOf(c string) string {
	if !may(c, slashNeed) {
		return ""
	}
	return pronounsEN.FindString(c)
}
