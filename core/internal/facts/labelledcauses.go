package facts

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// Why the rules miss and over-find, by cause rather than by phrasing: each expected fact
// the rules did not find, and each fact they found that matched nothing, is put in one
// cause by where its key or its text sits in the conversation. Read per writer (file),
// the causes say whether a writer's misses are phrasings the rules lack, claims the
// clause splitting joins, or keys the writer chose otherwise.

// Miss causes.
const (
	causeNotInText   = "key not in the user's words (a key convention: normalised, translated or the assistant's)"
	causeNoFactSent  = "no fact of its sentence (a phrasing no rule has)"
	causeOtherClause = "its clause has no fact, another clause of the sentence has (a second claim not split off)"
	causeSameClause  = "a fact of its clause lacks the key (cut short, rewritten, or the key of a second claim in one clause)"
	causeUsed        = "a fact has the key but matched another expected fact (one fact for two keys)"
	// Wrong-fact causes.
	causeFPNeg     = "wrong fact in a conversation that must yield nothing"
	causeFPLabels  = "wrong fact in a conversation with facts (a claim its labels leave out or key otherwise)"
	causeFPAsst    = "wrong fact from an assistant message"
	causeFPUnknown = "wrong fact, source not found"
)

// MissCauses prints, per writer of the dev and retired sets, how many misses and wrong
// facts fall in each cause.
func MissCauses(w io.Writer, dir string) error {
	cases, err := LoadTrainCases(dir)
	if err != nil {
		return err
	}
	counts := map[string]map[string]int{}
	var writers []string
	bump := func(wr, c string) {
		if counts[wr] == nil {
			counts[wr] = map[string]int{}
			writers = append(writers, wr)
		}
		counts[wr][c]++
	}
	for _, o := range Score(cases) {
		c := o.Case
		// Which expected keys were matched, the same way Score matches.
		used := make([]bool, len(c.Expect))
		var wrong []Fact
		for _, f := range o.Got {
			hit := false
			for k, e := range c.Expect {
				if !used[k] && strings.Contains(strings.ToLower(f.Content), strings.ToLower(e.Key)) {
					used[k], hit = true, true
					break
				}
			}
			if !hit {
				wrong = append(wrong, f)
			}
		}
		for _, f := range wrong {
			switch {
			case len(c.Expect) == 0:
				bump(c.Source, causeFPNeg)
			case len(f.Evidence) > 0 && f.Evidence[0] < len(c.Messages) && c.Messages[f.Evidence[0]].Role != "user":
				bump(c.Source, causeFPAsst)
			default:
				bump(c.Source, causeFPLabels)
			}
		}
		for k, e := range c.Expect {
			if used[k] {
				continue
			}
			bump(c.Source, missCause(c, e.Key, o.Got))
		}
	}
	all := []string{causeNotInText, causeNoFactSent, causeOtherClause, causeSameClause, causeUsed, causeFPNeg, causeFPLabels, causeFPAsst, causeFPUnknown}
	fmt.Fprintf(w, "| cause | %s | all |\n|---|", strings.Join(writers, " | "))
	fmt.Fprintf(w, "%s---:|\n", strings.Repeat("---:|", len(writers)))
	for _, cause := range all {
		tot := 0
		row := make([]string, len(writers))
		for i, wr := range writers {
			row[i] = fmt.Sprint(counts[wr][cause])
			tot += counts[wr][cause]
		}
		if tot > 0 {
			fmt.Fprintf(w, "| %s | %s | %d |\n", cause, strings.Join(row, " | "), tot)
		}
	}
	return nil
}

// missCause puts one missed key of case c in its cause.
func missCause(c *LabelledCase, key string, got []Fact) string {
	key = strings.ToLower(key)
	for _, f := range got {
		if strings.Contains(strings.ToLower(f.Content), key) {
			return causeUsed
		}
	}
	for mi, m := range c.Messages {
		if m.Role != "user" || !strings.Contains(strings.ToLower(m.Content), key) {
			continue
		}
		for _, s := range sentences(m.Content) {
			if !strings.Contains(strings.ToLower(s.s), key) {
				continue
			}
			fs := scan(s, true, mi)
			if len(fs) == 0 {
				return causeNoFactSent
			}
			for _, sp := range claimClauses(s.r) {
				t, _ := clauseText(s, sp)
				if !strings.Contains(strings.ToLower(t), key) {
					continue
				}
				if slices.ContainsFunc(fs, func(f Fact) bool { return overlaps(f.Content, t) }) {
					return causeSameClause
				}
				return causeOtherClause
			}
			return causeSameClause
		}
	}
	return causeNotInText
}

// overlaps reports whether a fact's text shares a run of the clause: a Latin word of
// four letters or more, or two Han characters, other than the subject.
func overlaps(fact, clause string) bool {
	fl := strings.ToLower(fact)
	for _, wd := range strings.Fields(strings.ToLower(clause)) {
		wd = strings.Trim(wd, ",.!?;:'\"()")
		if len(wd) >= 4 && !hasHan(wd) && strings.Contains(fl, wd) {
			return true
		}
	}
	rs := []rune(clause)
	for i := 0; i+1 < len(rs); i++ {
		if hanAt(rs, i) && hanAt(rs, i+1) && rs[i] != '我' && rs[i+1] != '我' && strings.Contains(fact, string(rs[i:i+2])) {
			return true
		}
	}
	return false
}
