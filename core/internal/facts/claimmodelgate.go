package facts

import (
	"strings"
	"unicode"
)

// What modelSentence does with the claim detector's score (claimmodel.go), per user
// sentence, after the rules. Kept (docs/FACTS.md, "Sixth round"): the fallback for a
// clause with no subject, at 0.9. Measured leave-one-writer-out and not kept (their
// thresholds are over 1 or 0: off): the gate, the fallback for a first-person clause, and
// the continuation splitter (claimsplitmodel.go).
//
//   - the gate: when the rules made claim facts of a sentence none of whose clauses the
//     detector believes (every score under cmGateBelow), the claims go (the sentence's
//     rules, completions and errors stay);
//   - the fallback: when the rules made nothing of a sentence that is not a question, a
//     clause with the user as subject ("I…", "my…", 我…) that the detector believes
//     (score at or over cmFallbackAbove) becomes a fact of its own, the whole clause put
//     in the third person by the rewrite claims use ("User…", 用户…); a clause with no
//     subject at all ("coeliac, so strictly gluten-free please", "日常用 Notion 做 planning")
//     at or over cmBareAbove, the user put before it ("User: …", "用户…").
//
// labelledlowo.go sweeps the thresholds; 0 and above 1 turn the gate and the fallbacks off.
var (
	cmGateBelow     = 0.0
	cmFallbackAbove = 1.01
	cmBareAbove     = 0.9 // the fallback for a clause with no subject (bareRewrite)
)

// modelSentence applies the detector to a user sentence's facts after the rules: out
// holds what the other kinds found, cl the claims.
func modelSentence(s *sentence, idx int, out, cl []Fact) []Fact {
	if lowoHook != nil {
		return lowoHook(s, idx, out, cl)
	}
	return bareFallback(s, idx, append(out, cl...))
}

// lowoHook, when set, takes modelSentence's place: leave-one-writer-out sets it to
// modelSentenceAll to score the parts that were not kept. Nil in extraction, so that
// their code stays out of the wasm builds.
var lowoHook func(s *sentence, idx int, out, cl []Fact) []Fact

// bareFallback is what extraction does: when nothing was found in a sentence that is
// not a question, each clause with no subject that the detector believes becomes a fact
// (the same facts as modelSentenceAll at the kept thresholds: TestModelSentence_keptPath).
func bareFallback(s *sentence, idx int, out []Fact) []Fact {
	m := activeModel
	if m == nil || len(out) > 0 || s.ask || cmBareAbove > 1 {
		return out
	}
	for _, sp := range claimClauses(s.r) {
		t, from := clauseText(s, sp)
		if t == "" || s.quoted(from) || strings.Contains(t, "我") || selfRewrite(t) != "" {
			continue
		}
		if content := bareRewrite(t); content != "" && m.score(t) >= cmBareAbove {
			f := classify(content, t, false)
			f.Confidence = 0.6
			f.Evidence = []int{idx}
			out = append(out, f)
		}
	}
	return out
}

// modelSentenceAll is modelSentence with every learned part at its threshold, the ones
// not kept included: the splitter, the gate and the first-person fallback.
func modelSentenceAll(s *sentence, idx int, out, cl []Fact) []Fact {
	cl = splitClaims(cl) // claimsplitmodel.go
	if cmBareOther <= 1 && activeModel != nil && !s.ask && len(out)+len(cl) > 0 {
		res := modelSentenceGate(s, idx, out, cl)
		have := len(res)
		for _, sp := range claimClauses(s.r) {
			t, from := clauseText(s, sp)
			if t == "" || s.quoted(from) || strings.Contains(t, "我") || selfRewrite(t) != "" {
				continue
			}
			covered := false
			for _, f := range res[:have] {
				covered = covered || overlaps(f.Content, t)
			}
			if content := bareRewrite(t); !covered && content != "" && activeModel.score(t) >= cmBareOther {
				f := classify(content, t, false)
				f.Confidence = 0.6
				f.Evidence = []int{idx}
				res = append(res, f)
			}
		}
		return res
	}
	return modelSentenceGate(s, idx, out, cl)
}

// cmBareOther is the subject-less fallback's threshold for a clause of a sentence where
// the rules found something (over 1: off).
var cmBareOther = 1.01

// modelSentenceGate is modelSentenceAll after the splitter.
func modelSentenceGate(s *sentence, idx int, out, cl []Fact) []Fact {
	m := activeModel
	if m == nil || (cmGateBelow <= 0 && cmFallbackAbove > 1 && cmBareAbove > 1) || (len(cl) == 0 && len(out) > 0) || (len(cl) == 0 && s.ask) {
		return append(out, cl...)
	}
	spans := claimClauses(s.r)
	if len(cl) > 0 {
		if cmGateBelow <= 0 {
			return append(out, cl...)
		}
		for _, sp := range spans {
			if t, _ := clauseText(s, sp); t != "" && m.score(t) >= cmGateBelow {
				return append(out, cl...)
			}
		}
		return out
	}
	if cmFallbackAbove > 1 && cmBareAbove > 1 {
		return out
	}
	for _, sp := range spans {
		t, from := clauseText(s, sp)
		if t == "" || s.quoted(from) {
			continue
		}
		content, at := selfRewrite(t), cmFallbackAbove
		if content != "" && fpPassing(t) {
			continue // a passing state: "I'm cooking dinner right now" (claimfppassing.go)
		}
		if content == "" && !strings.Contains(t, "我") {
			content, at = bareRewrite(t), cmBareAbove
		}
		if content == "" || at > 1 || m.score(t) < at {
			continue
		}
		f := classify(content, t, false)
		f.Confidence = 0.6
		f.Evidence = []int{idx}
		out = append(out, f)
	}
	return out
}

// selfRewrite puts a clause whose subject is the user in the third person, whole, or
// returns "" when the user is not its subject.
func selfRewrite(t string) string {
	if hasHan(t) {
		i := strings.Index(t, "我")
		if i < 0 || strings.HasPrefix(t[i:], "我们") || i > 12 || strings.ContainsAny(t, "你您") {
			return ""
		}
		c := rewriteZH(t)
		if !strings.Contains(c, "用户") {
			return ""
		}
		return clip(c)
	}
	m := subjectMatch(t)
	if m == nil {
		return ""
	}
	subj := strings.ToLower(t[m[4]:m[5]])
	if !strings.HasPrefix(subj, "i") && subj != "my" {
		return ""
	}
	c := rewriteENAt(t, true, m)
	if !strings.HasPrefix(c, "User") || meaningful(c) < 3 {
		return ""
	}
	return clip(c)
}

// bareNotEN are first words of an English clause whose subject is not the user, or that
// is talk rather than a claim.
var bareNotEN = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range words(`he she they it it's its you you're your this that these those there there's here what how why where
		when who which whose please can could would will do does did is are was were thanks thank ok okay yes yeah yep no nope nah
		lol haha hi hello hey sure great cool nice awesome perfect let's let if so and but or because sorry wow oh hmm well just
		his her their him them we we're our us i i'm my me the`) {
		m[w] = true
	}
	return m
}()

// bareSubjectEN are words that give an English clause a subject other than the user;
// bareVerbEN verbs that make a fragment say something (with any word in -ing or -ed).
var (
	bareSubjectEN = map[string]bool{"it's": true, "it’s": true, "there's": true, "he's": true, "she's": true, "they're": true,
		"you": true, "you're": true, "he": true, "she": true, "they": true, "it": true, "we": true, "i": true, "i'm": true}
	bareVerbEN = map[string]bool{"is": true, "are": true, "was": true, "were": true, "am": true, "have": true, "has": true,
		"had": true, "do": true, "does": true, "did": true, "can't": true, "don't": true, "doesn't": true, "won't": true,
		"work": true, "works": true, "live": true, "lives": true, "use": true, "uses": true, "need": true, "needs": true}
)

// bareRewrite puts the user before a clause with no subject ("coeliac, so strictly
// gluten-free please" → "User: coeliac, so strictly gluten-free please"; "日常用 Notion 做
// planning" → "用户日常用 Notion 做 planning"), or returns "" when the clause has a subject
// of its own, speaks to the assistant or asks.
func bareRewrite(t string) string {
	t = strings.TrimLeftFunc(t, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if hasHan(t) {
		if strings.ContainsAny(t, "你您吗呢？?") || strings.HasPrefix(t, "他") || strings.HasPrefix(t, "她") || strings.HasPrefix(t, "它") ||
			strings.HasPrefix(t, "这") || strings.HasPrefix(t, "那") || strings.HasPrefix(t, "请") || strings.HasPrefix(t, "帮") || meaningful(t) < 3 {
			return ""
		}
		return clip("用户" + t)
	}
	f := strings.Fields(strings.ToLower(t))
	if len(f) < 2 || bareNotEN[strings.Trim(f[0], ",.!:;")] || strings.ContainsAny(t, "?") {
		return ""
	}
	said := strings.ContainsAny(t, ",0123456789") // a list or a number: "twins, 20 months"
	for _, w := range f[1:] {
		w = strings.Trim(w, ",.!:;—–-")
		if bareSubjectEN[w] {
			return "" // a subject of its own: "Over here it's raining"
		}
		said = said || bareVerbEN[w] || len(w) > 4 && (strings.HasSuffix(w, "ing") || strings.HasSuffix(w, "ed"))
	}
	if !said {
		return "" // a topic with no verb, number or list: "sunsets over the ocean"
	}
	return clip("User: " + t)
}
