package facts

import (
	"strings"
)

// A learned splitter for the largest cause of misses across writers: one fact that holds
// two claims a reader keeps apart ("用户的儿子叫乐乐，最近迷上了恐龙", "User works for Shopify, on
// the checkout team, mostly Ruby"). The rules join a continuation to its claim unless it
// is of a kind they know (claimzh5split.go); every writer keys some continuations of
// other kinds apart. The splitter is the claim detector's model (claimmodel.go) trained on
// the continuations themselves: a continuation is a claim of its own when, in the
// labelled sets, it holds a key while the rest of its fact holds another
// (splitExamples). A continuation it believes becomes a fact of its own with the claim's
// subject; the claim keeps the rest, whole.

// activeSplit is the splitter extraction uses (nil: off); cmSplitAbove its threshold.
var (
	activeSplit  *claimModel
	cmSplitAbove = 1.01
)

// factPieces cuts a claim's text at its commas: Chinese commas when it has Han text,
// else ", " outside parentheses. It returns nil when there is nothing to cut.
func factPieces(c string) ([]string, string) {
	sep := ", "
	if hasHan(c) {
		sep = "，"
	}
	if !strings.Contains(c, sep) || strings.ContainsAny(c, "(（\"“") {
		return nil, sep
	}
	return strings.Split(c, sep), sep
}

// splittable reports whether f is a claim about the user the splitter may cut.
func splittable(f Fact) bool {
	return f.Subject == "user" && (strings.HasPrefix(f.Content, "用户") || strings.HasPrefix(f.Content, "User")) &&
		!strings.HasPrefix(f.Content, "用户他们") && !strings.HasPrefix(f.Content, "User and")
}

// pieceText is a continuation as the splitter reads it and as its fact says it.
func pieceText(p string) string {
	return strings.TrimSpace(contLead.ReplaceAllString(strings.TrimSpace(p), ""))
}

// splitClaims makes the continuations of cl's claims that the splitter believes facts of
// their own, each after its claim.
func splitClaims(cl []Fact) []Fact {
	m := activeSplit
	if m == nil || cmSplitAbove > 1 {
		return cl
	}
	var out []Fact
	for i, f := range cl {
		pieces, sep := factPieces(f.Content)
		if pieces == nil || !splittable(f) {
			if out != nil {
				out = append(out, f)
			}
			continue
		}
		kept := pieces[:1]
		var more []Fact
		for _, p := range pieces[1:] {
			t := pieceText(p)
			if meaningful(t) < 2 || m.score(t) < cmSplitAbove {
				kept = append(kept, p)
				continue
			}
			g := classify(pieceSubject(f.Content, t)+t, t, f.remembered())
			g.Evidence = f.Evidence
			g.Confidence = min(g.Confidence, f.Confidence)
			more = append(more, g)
		}
		if more == nil {
			if out != nil {
				out = append(out, f)
			}
			continue
		}
		if out == nil {
			out = append(make([]Fact, 0, len(cl)+len(more)), cl[:i]...)
		}
		f.Content = strings.Join(kept, sep)
		out = append(out, f)
		out = append(out, more...)
	}
	if out == nil {
		return cl
	}
	return out
}

// pieceSubject is the subject a continuation's own fact starts with: the claim's
// ("用户", "用户的媳妇"; "User: " in English), none when the continuation names the user.
func pieceSubject(claim, t string) string {
	if strings.HasPrefix(t, "用户") || strings.HasPrefix(t, "User") {
		return ""
	}
	if !hasHan(claim) {
		return "User: "
	}
	subj := "用户"
	if rest, ok := strings.CutPrefix(claim, "用户的"); ok {
		if k := kinZH.FindString(rest); k != "" && !kinZH.MatchString(t) {
			subj += "的" + k
		}
	}
	if kinZH.MatchString(t) {
		subj = "用户的"
	}
	return subj
}

// splitExamples are the continuations of the claims the rules find in cases: a
// continuation is a positive example when it holds one of the case's keys and the rest
// of its claim holds another.
func splitExamples(cases []LabelledCase) []claimExample {
	var out []claimExample
	for _, o := range Score(cases) {
		for _, f := range o.Got {
			pieces, sep := factPieces(f.Content)
			if pieces == nil || !splittable(f) {
				continue
			}
			for i := 1; i < len(pieces); i++ {
				rest := strings.ToLower(strings.Join(append(append([]string{}, pieces[:i]...), pieces[i+1:]...), sep))
				lp, pos := strings.ToLower(pieces[i]), false
				for a, e := range o.Case.Expect {
					if !strings.Contains(lp, strings.ToLower(e.Key)) {
						continue
					}
					for b, e2 := range o.Case.Expect {
						if a != b && strings.Contains(rest, strings.ToLower(e2.Key)) && !strings.Contains(lp, strings.ToLower(e2.Key)) {
							pos = true
						}
					}
				}
				out = append(out, claimExample{pieceText(pieces[i]), pos})
			}
		}
	}
	return out
}
