package facts

import (
	"strings"
)

// sentenceHook, when set, gets each user sentence's facts after the rules (scan):
// leave-one-writer-out sets it to modelSentence while it scores the learned detector and
// splitter. It is nil in extraction: neither was kept (docs/FACTS.md, "Sixth round"), and
// a nil hook keeps their code out of the wasm builds.
var sentenceHook func(s *sentence, idx int, out, cl []Fact) []Fact

// What modelSentence does with the claim detector's score (claimmodel.go), per user
// sentence, after the rules:
//
//   - the gate: when the rules made claim facts of a sentence none of whose clauses the
//     detector believes (every score under cmGateBelow), the claims go (the sentence's
//     rules, completions and errors stay);
//   - the fallback: when the rules made nothing of a sentence that is not a question, a
//     clause with the user as subject ("I…", "my…", 我…) that the detector believes
//     (score at or over cmFallbackAbove) becomes a fact of its own, the whole clause put
//     in the third person by the rewrite claims use ("User…", 用户…).
//
// labelledlowo.go sweeps both thresholds; 0 and above 1 turn the gate and the fallback off.
var (
	cmGateBelow     = 0.0
	cmFallbackAbove = 1.01
)

// modelSentence applies the gate and the fallback to a user sentence's facts: out holds
// what the other kinds found, cl the claims.
func modelSentence(s *sentence, idx int, out, cl []Fact) []Fact {
	cl = splitClaims(cl) // claimsplitmodel.go
	m := activeModel
	if m == nil || (cmGateBelow <= 0 && cmFallbackAbove > 1) || (len(cl) == 0 && len(out) > 0) || (len(cl) == 0 && s.ask) {
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
	if cmFallbackAbove > 1 {
		return out
	}
	for _, sp := range spans {
		t, from := clauseText(s, sp)
		if t == "" || s.quoted(from) {
			continue
		}
		content := selfRewrite(t)
		if content == "" || m.score(t) < cmFallbackAbove {
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
