package facts

import "strings"

// A Chinese clause after an English claim in one sentence (thirteenth round, FACTS.md
// "Thirteenth round, Chinese"): "my girlfriend's name is 小鹿, 她是做产品经理的" lost the
// girlfriend's job, and "I'm trying to learn English，每天练二十分钟" the practice. The
// Chinese reader carries a clause's subject in claimState.subj, which only a Chinese claim
// sets; after an English one the next clause had no subject and gave nothing.

// kinZH13 are the English relatives of a "User's <kin>" fact with the word a Chinese
// clause's 他/她 is rewritten to (pronounKinZH makes it "我的<kin>").
var kinZH13 = map[string]string{
	"mom": "妈", "mum": "妈", "mother": "妈", "dad": "爸", "father": "爸", "wife": "老婆", "husband": "老公",
	"girlfriend": "女朋友", "boyfriend": "男朋友", "partner": "伴侣", "son": "儿子", "daughter": "女儿",
	"sister": "姐妹", "brother": "兄弟", "grandma": "奶奶", "grandpa": "爷爷", "roommate": "室友",
}

// subjAfterEN13 returns the subject a Chinese clause text carries after the English fact
// last of its sentence: "用户的<kin>" when last is "User's <kin>…" and text opens with
// 他/她, "用户" when last is the user's own ("User is…", "User works…") and text names no
// one, else subj as it was.
func subjAfterEN13(last Fact, text, subj string) string {
	c := last.Content
	if !strings.HasPrefix(c, "User") || !hasHan(text) || hasHan(head(c, 12)) {
		return subj
	}
	if rest, ok := strings.CutPrefix(c, "User's "); ok {
		if !strings.HasPrefix(text, "他") && !strings.HasPrefix(text, "她") {
			return subj
		}
		w, _, _ := strings.Cut(rest, " ")
		if k, ok := kinZH13[strings.TrimSuffix(strings.ToLower(w), "'s")]; ok {
			return "用户的" + k
		}
		return subj
	}
	if strings.HasPrefix(c, "User ") && !strings.ContainsAny(head(text, 12), "我你您他她它") {
		return "用户"
	}
	return subj
}
