package facts

import (
	"strings"
	"unicode"
)

// answerZH builds the facts of a Chinese short answer (see answerEN).
func answerZH(slot, noun, rest string) []Fact {
	clauses := clausesZH(rest)
	if len(clauses) == 0 {
		return nil
	}
	fs := answerZH1(slot, noun, clauses)
	for i := range fs {
		if fs[i].Subject == "" {
			fs[i].Subject = clauses[0] // what it quotes (answerFacts)
		}
	}
	return fs
}

func answerZH1(slot, noun string, clauses []string) []Fact {
	f := clauses[0]
	if notAnswerZH.MatchString(f) || slot != "tool" && slot != "kids" && vagueZH.MatchString(f) {
		return nil
	}
	own := strings.ContainsAny(f, "我咱") || runes(f) > 20
	switch slot {
	case "place":
		if own {
			return nil
		}
		f = strings.TrimPrefix(strings.TrimPrefix(f, "住在"), "在")
		return []Fact{{Content: "用户住在" + f, Predicate: "location", Confidence: 0.75}}
	case "from":
		if own {
			return nil
		}
		f = strings.TrimSuffix(f, "的")
		if !strings.HasSuffix(f, "人") {
			f += "人"
		}
		return []Fact{{Content: "用户是" + strings.TrimPrefix(f, "是"), Predicate: "location"}}
	case "name":
		f = strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(f, "我叫"), "叫我"), "叫")
		if runes(f) < 1 || runes(f) > 4 || !onlyHan(f) {
			return nil
		}
		return []Fact{{Content: "用户叫" + f, Predicate: "name", Confidence: 0.8}}
	case "age":
		if m := ageZH.FindStringSubmatch(f); m != nil {
			return []Fact{{Content: "用户" + m[1] + "岁", Predicate: "age", Confidence: 0.8}}
		}
	case "kids":
		var got []string
		for _, c := range clauses {
			if len(got) == 0 && kidsBothZH.MatchString(c) {
				continue
			}
			if !kidClauseZH.MatchString(c) || strings.ContainsAny(c, "我咱") {
				break
			}
			got = append(got, c)
		}
		if len(got) == 0 {
			return nil
		}
		quoted := got[len(got)-1]
		if noun == "" || strings.Contains(noun, "小孩") {
			noun = "孩子"
		}
		j := strings.Join(got, "，")
		if strings.HasPrefix(j, "双胞胎") || strings.HasPrefix(j, "龙凤胎") {
			return []Fact{{Content: "用户的" + noun + "是" + j, Subject: quoted, Predicate: "family"}}
		}
		return []Fact{{Content: "用户的" + noun + j, Subject: quoted, Predicate: "family"}}
	case "work":
		if own {
			return nil
		}
		switch {
		case strings.HasPrefix(f, "在"):
			if !strings.ContainsAny(f, "做干当搞") && !strings.HasSuffix(f, "上班") && !strings.HasSuffix(f, "工作") {
				f += "工作"
			}
			return []Fact{{Content: "用户" + f, Predicate: "job"}}
		case strings.HasSuffix(f, "的"):
			return []Fact{{Content: "用户是" + strings.TrimPrefix(f, "是"), Predicate: "job"}}
		}
		return []Fact{{Content: "用户的工作是" + f, Predicate: "job"}}
	case "pets":
		if own || !countZH.MatchString(strings.TrimPrefix(strings.TrimPrefix(f, "养了"), "养")) {
			return nil
		}
		return []Fact{{Content: "用户养了" + strings.TrimPrefix(strings.TrimPrefix(f, "养了"), "养"), Predicate: "pets"}}
	case "allergy":
		if own {
			return nil
		}
		return []Fact{{Content: "用户对" + strings.TrimSuffix(strings.TrimPrefix(f, "对"), "过敏") + "过敏", Predicate: "health"}}
	case "diet":
		if own || runes(f) > 6 || !onlyHan(f) {
			return nil
		}
		return []Fact{{Content: "用户不吃" + f, Predicate: "diet"}}
	case "tool":
		return toolAnswerZH(strings.Split(noun, "|"), clauses)
	case "when":
		if own {
			return nil
		}
		return []Fact{{Type: TypeFact, Content: "用户的" + noun + "在" + f, Predicate: "event"}}
	case "yn":
		if own || !strings.HasPrefix(noun, "用户") {
			return nil
		}
		return []Fact{{Content: noun + "，" + f, Predicate: "about"}}
	}
	return nil
}

var (
	// notAnswerZH: a clause that opens as a request, a hedge or a reply to the question
	// itself ("你先给个通用的", "为什么问这个", "这个不方便说").
	// vagueZH: a clause that hedges, wants or has not yet ("还没定", "想搬走", "说来话长")
	// is no slot's value.
	vagueZH     = lazy(`[没不别想要吧呢啊哦嘛呀吗]|还在|说来话长|一言难尽|秘密|暂时|目前还`)
	notAnswerZH = lazy(`^(?:你|您|能|可以|请|帮|为什么|为啥|怎么|干嘛|这个|那个|这|那|随便|不用|跳过|先|就是|反正|其实|哎|唉|呃|额|嗯哼|看|问这)`)
	ageZH       = lazy(`^(?:今年)?([\d一二三四五六七八九十两]{1,4})(?:岁|周岁)?(?:了|啦)?$`)
	kidsBothZH  = lazy(`^(?:俩|两个)?都是$`)
	kidClauseZH = lazy(`^(?:双胞胎|龙凤胎|老大|老二|老三|大的|小的|一个|儿子|女儿)?.{0,3}[\d一二三四五六七八九十两半]+(?:岁|个月|周|周岁|个多月)|^(?:双胞胎|龙凤胎)$`)
	countZH     = lazy(`^[\d一二三四五六七八九十两]+(?:只|条|个|头)`)
)

// clausesZH splits a Chinese answer into its clauses (at most the first sentence's).
func clausesZH(t string) []string {
	if i := strings.IndexAny(t, "。！？!?\n"); i >= 0 {
		t = t[:i]
	}
	var out []string
	for _, c := range strings.FieldsFunc(t, func(r rune) bool { return strings.ContainsRune("，,；;、", r) }) {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// toolAnswerZH: the clauses that name a thing asked about are its facts ("路由器是 TP-Link
// 的老款" → "用户的路由器是 TP-Link 的老款"); a first clause that names none is the value of
// the thing no clause names ("电信 500 兆" after "宽带是哪家的？" → "用户的宽带是电信 500 兆").
func toolAnswerZH(nouns []string, clauses []string) []Fact {
	var out []Fact
	named := map[string]bool{}
	for _, c := range clauses {
		for _, n := range nouns {
			if strings.HasPrefix(c, n) && !strings.ContainsAny(c, "我咱") {
				out = append(out, Fact{Type: TypeFact, Content: "用户的" + c, Subject: c, Predicate: "uses"})
				named[n] = true
			}
		}
	}
	f := clauses[0]
	if strings.ContainsAny(f, "我咱是") || runes(f) > 16 {
		return out
	}
	for _, n := range nouns {
		if !named[n] && !strings.HasPrefix(f, n) {
			return append([]Fact{{Type: TypeFact, Content: "用户的" + n + "是" + f, Subject: f, Predicate: "uses"}}, out...)
		}
	}
	return out
}

// onlyHan reports whether s is Chinese characters only.
func onlyHan(s string) bool {
	for _, r := range s {
		if !unicode.Is(unicode.Han, r) {
			return false
		}
	}
	return s != ""
}
