package facts

import "strings"

// Seventh round: "I work for Shopify, on the checkout team, mostly Ruby", "I'm a backend
// dev at a fintech startup, mostly Kotlin and Postgres", "I write mostly Kotlin these
// days, some Swift for the iOS app" — the tools of a work claim, named after a comma and an
// adverb of share. The retired sets' writers key those tools apart from the job (a tool is
// a thing to recall by its name: "what does the user write?"); en5Sentence kept them in
// the job's fact, where a key-matched reader counts one of the two.

var (
	// mostlyToolEN: a claim, a comma, an adverb of share and one or more capitalised names
	// (or a digit-led one), then anything ("for the iOS app").
	mostlyToolEN = lazy(`^(User\b.*?\S),\s+(mostly|mainly|primarily|largely|some|plus)\s+((?:[A-Z0-9][\w+#.-]*)(?:(?:,\s*|\s+and\s+|\s+)(?:[A-Z0-9][\w+#.-]*))*)(\s+(?:for|in|on|at|these|nowadays|lately)\b.*)?$`)
	// workHeadEN: the claim before it is about work or tools, not a taste ("I enjoy
	// reading sci-fi, mostly Le Guin and Banks" stays whole).
	workHeadEN = lazy(`(?i)\b(?:works?|worked|working|dev|developer|engineer|programmer|codes?|coding|writes?|writing|team|startup|company|job|stack|backend|frontend|builds?|uses?|using|at\s+[A-Z])\b`)
)

// mostlyTool7 returns f without its named tools and a fact of their own, or ok false.
func mostlyTool7(f Fact) (head, tools Fact, ok bool) {
	c := f.Content
	if !strings.HasPrefix(c, "User") || !strings.Contains(c, ", ") {
		return f, Fact{}, false
	}
	m := mostlyToolEN.FindStringSubmatch(c)
	if m == nil || !workHeadEN.MatchString(m[1]) {
		return f, Fact{}, false
	}
	verb := m[2] + " uses "
	switch m[2] {
	case "some":
		verb = "also uses some "
	case "plus":
		verb = "also uses "
	}
	head, tools = f, f
	head.Content = m[1]
	tools.Content = "User " + verb + m[3] + m[4]
	tools.Type, tools.Predicate = TypeProfile, "uses"
	tools.Evidence = append([]int(nil), f.Evidence...)
	return head, tools, true
}
