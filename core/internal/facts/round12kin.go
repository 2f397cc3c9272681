package facts

import (
	"strings"
	"unicode/utf8"
)

// Twelfth round (issue 9): "My dad is 81 and has early Parkinson's; he takes levodopa three
// times a day" kept the age and the diagnosis and lost the medication. The sentence
// splitter ends a sentence at ";" and ". ", and a sentence opening with "he" or "she" is
// someone else's, so it gave nothing: nothing carried a relative named in one sentence to
// the pronoun that opens the next ("My wife is a nurse. She works nights."; "我妈有糖尿病。
// 她每天早上吃二甲双胍"). Within one sentence the seventh round's kinPronoun7 carries them
// in Chinese already ("我爸81岁，有早期帕金森，他每天吃三次左旋多巴").
//
// Now a sentence that gave no fact and opens with he/she (他/她) after a sentence whose last
// fact is a relative's ("User's dad …", "用户的妈…") is read again with the relative in the
// pronoun's place ("My dad takes levodopa…", "我妈每天早上吃…"), and its facts are kept
// when they are that relative's. A pronoun of the other gender ("My wife is a nurse. He
// …") is someone else, and is left.

// kinWordsEN12 are the relatives (and pets) whose facts open "User's <kin>", with the
// pronoun each takes: 'm' he, 'f' she, 'n' either.
var kinWordsEN12 = map[string]byte{
	"dad": 'm', "father": 'm', "husband": 'm', "son": 'm', "brother": 'm', "grandpa": 'm', "grandfather": 'm',
	"uncle": 'm', "nephew": 'm', "boyfriend": 'm', "fiance": 'm', "stepdad": 'm', "stepson": 'm',
	"grandson": 'm', "granddaughter": 'f', "grandchild": 'n', "grandkid": 'n', "granny": 'f', "nan": 'f',
	"mom": 'f', "mum": 'f', "mother": 'f', "wife": 'f', "daughter": 'f', "sister": 'f', "grandma": 'f',
	"grandmother": 'f', "aunt": 'f', "niece": 'f', "girlfriend": 'f', "fiancee": 'f', "stepmom": 'f', "stepdaughter": 'f',
	"partner": 'n', "kid": 'n', "child": 'n', "baby": 'n', "toddler": 'n', "friend": 'n', "roommate": 'n',
	"cousin": 'n', "cat": 'n', "dog": 'n',
}

// kinOfFact12 is the relative a fact is about, as the next sentence would name them ("dad",
// "sister Anna"; Chinese "爸"), or "".
func kinOfFact12(c string) string {
	if rest, ok := strings.CutPrefix(c, "User's "); ok { // (Cut, not Fields: no allocation on every sentence)
		w0, after, _ := strings.Cut(rest, " ")
		if kinWordsEN12[strings.ToLower(w0)] == 0 {
			return ""
		}
		if w1, _, _ := strings.Cut(after, " "); w1 != "" && nameWord.MatchString(w1) && !notName[strings.ToLower(w1)] {
			return w0 + " " + w1 // "User's sister Anna lives in Oslo"
		}
		return w0
	}
	if rest, ok := strings.CutPrefix(c, "用户的"); ok {
		k := kinZH.FindString(head(rest, 24))
		if maleKinZH7[k] || femaleKinZH7[k] {
			return k
		}
	}
	return ""
}

// kinCarry12 returns a sentence's facts (got), read again with the relative of the
// sentence before (kin) when got is empty and the sentence opens with their pronoun, and
// the relative for the next sentence.
func kinCarry12(s *sentence, got []Fact, kin string, idx int) ([]Fact, string) {
	if len(got) > 0 && !(kin != "" && pronounFallback13(got)) {
		return got, kinOfFact12(got[len(got)-1].Content)
	}
	if kin == "" || len(s.s) < 8 {
		return got, ""
	}
	kept := got // a pronoun sentence's fallback ("User: He stays with them…"), if the carry finds nothing
	got = nil
	var text string
	if s.s[0] == 'H' || s.s[0] == 'S' || s.s[0] == 'h' || s.s[0] == 's' {
		text = kinSentenceEN12(s.s, kin)
	} else if strings.HasPrefix(s.s, "他") || strings.HasPrefix(s.s, "她") {
		text = kinSentenceZH12(s.s, kin)
	}
	if text == "" {
		return kept, ""
	}
	for _, f := range scan(newSentence([]rune(text)), true, idx) {
		if kinOfFact12(f.Content) == kin {
			got = append(got, f)
		}
	}
	if len(got) == 0 {
		return kept, ""
	}
	return got, kin
}

// pronounFallback13 reports whether got is only the fallback of a sentence opening with
// he/she: "User: He stays with them on weekends" after "My grandson Oliver is 7." was kept
// as the user's and so never carried the grandson (thirteenth round, newuser13's pass).
func pronounFallback13(got []Fact) bool {
	for _, f := range got {
		c := f.Content
		if !strings.HasPrefix(c, "User: He ") && !strings.HasPrefix(c, "User: She ") && !strings.HasPrefix(c, "User: he ") && !strings.HasPrefix(c, "User: she ") {
			return false
		}
	}
	return true
}

// kinSentenceEN12 is t with its opening he/she replaced by "My <kin>" when the pronoun fits
// the relative, or "".
func kinSentenceEN12(t, kin string) string {
	lower := strings.ToLower(head(t, 8))
	var rest string
	var g byte
	switch {
	case strings.HasPrefix(lower, "he "), strings.HasPrefix(lower, "he's "):
		rest, g = t[2:], 'm'
	case strings.HasPrefix(lower, "she "), strings.HasPrefix(lower, "she's "):
		rest, g = t[3:], 'f'
	default:
		return ""
	}
	w, _, _ := strings.Cut(kin, " ")
	if k := kinWordsEN12[strings.ToLower(w)]; k != 'n' && k != g {
		return ""
	}
	if after, ok := strings.CutPrefix(rest, "'s been "); ok {
		rest = " has been " + after
	} else if after, ok := strings.CutPrefix(rest, "'s "); ok {
		rest = " is " + after
	}
	return "My " + kin + rest
}

// kinSentenceZH12 is t with its opening 他/她 replaced by 我<kin> when the pronoun fits the
// relative (not 他们), or "".
func kinSentenceZH12(t, kin string) string {
	she := strings.HasPrefix(t, "她")
	rest := t[len("他"):]
	if strings.HasPrefix(rest, "们") || utf8.RuneCountInString(rest) < 2 || she && maleKinZH7[kin] || !she && femaleKinZH7[kin] {
		return ""
	}
	return "我" + kin + rest
}
