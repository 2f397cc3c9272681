package facts

import "strings"

// Fifth round, English: a claim that names two objects gives a fact each — two objects
// with their own prepositions after one verb ("We use Jira for tickets and Perforce for
// version control" → also "User and family also use Perforce for version control"), two
// names joined by "and" ("…for Deliveroo and Uber Eats" → also "…for Uber Eats") — and a
// topic before a claim takes its pronoun's place ("handmade candles, I sell them at…").
// en5Sentence (claimen5.go) calls them; their expressions are in its var block.

// saidElse5 reports whether another fact of the sentence says g's second name already
// ("User also uses Tmux" from the tool items).
func saidElse5(cl []Fact, own, g string) bool {
	name := g[strings.LastIndex(g, " ")+1:]
	for _, h := range cl {
		if h.Content != own && strings.Contains(h.Content, name) {
			return true
		}
	}
	return false
}

// gap5 returns the second fact of a claim whose verb has two objects, each with its own
// preposition ("User and family use Jira for tickets and Perforce for version control" →
// "User and family also use Perforce for version control"), and cuts the first.
func gap5(f Fact) (Fact, bool) {
	if !strings.Contains(f.Content, " and ") || prefilter && strings.Count(f.Content, " for ")+strings.Count(f.Content, " with ")+strings.Count(f.Content, " in ")+
		strings.Count(f.Content, " on ")+strings.Count(f.Content, " at ")+strings.Count(f.Content, " via ")+strings.Count(f.Content, " through ")+strings.Count(f.Content, " using ") < 2 {
		return Fact{}, false
	}
	m := gap5EN.FindStringSubmatch(f.Content)
	if m == nil || m[3] != m[6] || strings.EqualFold(m[2], m[5]) {
		return Fact{}, false
	}
	subj, verb, _ := strings.Cut(m[1], " ")
	for strings.HasPrefix(verb, "and ") || strings.HasPrefix(verb, "family ") || strings.HasPrefix(verb, "team ") {
		w, rest, _ := strings.Cut(verb, " ")
		subj, verb = subj+" "+w, rest
	}
	g := f
	g.Content = clip(subj + " also " + verb + " " + m[5] + " " + m[6] + " " + strings.TrimSpace(m[7]))
	g.Confidence = f.Confidence - 0.05
	return g, true
}

// coord5 returns the second fact of a claim that names two things joined by "and"
// ("User does deliveries for Deliveroo and Uber Eats" → "User does deliveries for Uber
// Eats"): the claim with the pair replaced by its second name. Both must be names
// (capitalised) or both medicines; the user, a family word or a list of three is not.
func coord5(f Fact) (Fact, bool) {
	if !strings.Contains(f.Content, " and ") || !strings.HasPrefix(f.Content, "User") {
		return Fact{}, false
	}
	if prefilter && !strings.Contains(f.Content, "on ") {
		// Names: a capital after one " and " (or after its "a"/"an").
		ok := false
		for rest := f.Content; !ok; {
			i := strings.Index(rest, " and ")
			if i < 0 {
				break
			}
			rest = rest[i+5:]
			r := strings.TrimPrefix(strings.TrimPrefix(rest, "a "), "an ")
			ok = r != "" && r[0] >= 'A' && r[0] <= 'Z'
		}
		if !ok {
			return Fact{}, false
		}
	}
	m := coord5EN.FindStringSubmatchIndex(f.Content)
	if m == nil {
		return Fact{}, false
	}
	a, b := 2, 4
	if m[2] < 0 {
		a, b = 6, 8
	}
	x, y := f.Content[m[a]:m[a+1]], f.Content[m[b]:m[b+1]]
	if coordNot5[strings.ToLower(x)] || coordNot5[strings.ToLower(y)] || strings.HasPrefix(x, "User") || m[a] > 0 && f.Content[m[a]-1] == '(' {
		return Fact{}, false
	}
	pre := strings.ToLower(strings.TrimSpace(f.Content[:m[a]]))
	if strings.HasSuffix(pre, ",") || strings.HasSuffix(pre, " between") || strings.HasSuffix(pre, " both") || strings.HasSuffix(pre, " from") {
		return Fact{}, false // "A, B and C" (a list the tool items read), "between Lisbon and Porto"
	}
	g := f
	g.Content = clip(f.Content[:m[a]] + y + f.Content[m[b+1]:])
	g.Confidence = f.Confidence - 0.05
	return g, true
}

var coordNot5 = wordSet(`i my mum mom dad wife husband partner son daughter monday tuesday wednesday thursday friday saturday sunday
	mondays tuesdays wednesdays thursdays fridays saturdays sundays weekends
	january february march april may june july august september october november december christmas easter`)

// topic5 puts the topic of "handmade candles, I sell them at…" where the claim's pronoun
// is ("User sells them at…" → "User sells handmade candles at…").
func topic5(sent, content string) string {
	if !strings.HasPrefix(content, "User ") || !strings.Contains(content, " them") && !strings.Contains(content, " it") {
		return content
	}
	m := topic5EN.FindStringSubmatch(strings.TrimSpace(sent))
	if m == nil {
		return content
	}
	for _, w := range strings.Fields(strings.ToLower(m[1])) {
		if topicNot5[w] {
			return content
		}
	}
	for _, p := range []string{" them", " it"} {
		if i := strings.Index(content, p); i > 0 && strings.Count(strings.Fields(content[:i])[0], " ") == 0 && len(strings.Fields(content[:i])) <= 3 {
			j := i + len(p)
			if j == len(content) || strings.ContainsRune(" ,.;!", rune(content[j])) {
				t := m[1]
				if len(t) > 1 && t[0] >= 'A' && t[0] <= 'Z' && (t[1] < 'A' || t[1] > 'Z') {
					t = strings.ToLower(t[:1]) + t[1:] // "Vintage cameras — I collect them"
				}
				return content[:i] + " " + t + content[j:]
			}
		}
	}
	return content
}
