package facts

import "strings"

// The user's name in a Chinese sentence (thirteenth round, FACTS.md "Thirteenth round,
// Chinese"): what the name slot must not take, and one way of saying it that gave nothing.

// thusCallsZH13 is "…都这么叫我": 这么/这样/那么/那样 stand for a name said before, and the
// clause names nobody. Read as a name it was "同事都这么叫用户", predicate `name`, and it
// superseded the user's real name.
var thusCallsZH13 = lazy(`(?:这么|这样|那么|那样|如此)叫(?:用户|我)`)

// nickZH13 is a name said as what others call the user ("大家都叫我琳琳", "朋友都叫我芳芳").
var nickZH13 = lazy(`^(?:大家|朋友们?|同事们?|家里人|家人|他们|别人|身边的人|身边人)(?:都|一般|平时|也)*(?:叫|喊)(?:用户|我)`)

// namesZH13 settles the name facts of one Chinese sentence that holds 叫我: a name clause
// that names nobody (thusCallsZH13) is dropped, and a second name the sentence gives after
// the user's own ("我叫周晓琳，大家都叫我琳琳") is a nickname, "用户也叫琳琳", predicate
// `nickname`: as a second `name` the engine let it supersede the first, and recall lost
// 周晓琳. One name alone stays the name ("大家都叫我阿杰": the writers key it so).
func namesZH13(s *sentence, out []Fact) []Fact {
	named := false
	k := 0
	for _, f := range out {
		if f.Predicate == "name" {
			if thusCallsZH13.MatchString(f.Content) {
				continue
			}
			if named && strings.HasPrefix(f.Content, "用户叫") && nickAfterZH13(s.s) {
				f.Content, f.Predicate = "用户也叫"+strings.TrimPrefix(f.Content, "用户叫"), "nickname"
			}
			named = true
		}
		out[k] = f
		k++
	}
	return out[:k]
}

// nickAfterZH13 reports whether a clause of sentence s after its first is nickZH13's.
func nickAfterZH13(s string) bool {
	for i, c := range strings.FieldsFunc(s, func(r rune) bool { return r == '，' || r == ',' }) {
		if i > 0 && nickZH13.MatchString(strings.TrimSpace(c)) {
			return true
		}
	}
	return false
}
