package text

import "strings"

// Irregular English verb forms for query expansion: Porter stemming joins "teaches",
// "teaching" and "teach", but not "taught", so "How long did I teach?" found nothing of
// "User taught primary school for 34 years" (thirteenth new-user pass). A query token that
// is one form of a verb below also searches the others, as further OR terms. Query-side
// only: nothing is re-indexed. Light verbs (go, get, make, say, come, take, give, see,
// know, think, tell, find, feel, keep, leave, put, let) are left out: their forms are in
// most turns of a conversation and would match them all. "read" is one spelling for two
// tenses and needs no entry. A verb one of whose forms is a common word of another sense
// is left out too: left, lead, felt, fell, bit ("a bit"), shot, stick, light, mean, deal,
// rose.
var verbFormsSource = []string{
	"teach|taught", "buy|bought", "bring|brought", "catch|caught", "fight|fought", "seek|sought",
	"meet|met", "run|ran", "win|won", "sell|sold", "send|sent", "spend|spent", "build|built",
	"lend|lent", "bend|bent", "pay|paid", "hear|heard", "hold|held", "sleep|slept", "feed|fed",
	"sit|sat", "stand|stood", "understand|understood", "lose|lost", "begin|began|begun",
	"write|wrote|written", "drive|drove|driven", "ride|rode|ridden", "eat|ate|eaten",
	"drink|drank|drunk", "fly|flew|flown", "grow|grew|grown", "sing|sang|sung", "swim|swam|swum",
	"choose|chose|chosen", "break|broke|broken", "speak|spoke|spoken", "wake|woke|woken",
	"wear|wore|worn", "draw|drew|drawn", "forget|forgot|forgotten", "steal|stole|stolen",
	"freeze|froze|frozen", "hide|hid|hidden", "shake|shook|shaken",
	"throw|threw|thrown", "blow|blew|blown", "dig|dug", "hang|hung", "strike|struck", "swing|swung", "slide|slid", "spin|spun", "weep|wept",
	"sweep|swept", "creep|crept", "kneel|knelt", "dream|dreamt", "learn|learnt", "burn|burnt",
	"spell|spelt", "quit|quitted", "become|became", "overcome|overcame", "undergo|underwent|undergone", "withdraw|withdrew|withdrawn",
}

// verbForms maps each form's token to the tokens of its verb's other forms.
var verbForms = func() map[string][]string {
	m := map[string][]string{}
	for _, line := range verbFormsSource {
		forms := strings.Split(line, "|")
		var toks []string
		for _, f := range forms {
			toks = append(toks, Tokens(f)...)
		}
		for _, t := range toks {
			for _, o := range toks {
				if o != t {
					m[t] = append(m[t], o)
				}
			}
		}
	}
	return m
}()

// verbFormExpansion returns the other forms of the query's irregular verbs ("teach" →
// "taught", "taught" → "teach").
func verbFormExpansion(toks []string) []string {
	var out []string
	for _, t := range toks {
		out = append(out, verbForms[t]...)
	}
	return out
}
