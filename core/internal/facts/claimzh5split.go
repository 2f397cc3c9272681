package facts

import (
	"strings"
)

// A Chinese claim's continuations that are claims of their own (fifth round, issue 9
// item 1: "a compound statement yields one fact per distinct claim"). A continuation with
// no cue of its own joins the claim before it ("我老公在银行上班，经常加班"); blind3's
// writers, like dev's, keep some continuations apart, and what those have in common is
// that they name a thing of their own:
//
//   - a named tool, system or drug after a verb or 是: "…，装的 Ubuntu", "…，系统是 Arch，键盘是
//     HHKB", "…，美术那边用 Aseprite 画像素图", "…，主要写 SQL 和 Python", "…，在吃 Concerta",
//     or a Latin name first: "…，Obsidian 记笔记";
//   - a duty or a field: "…，负责校招这块", "…，专业是日语", "…，目标是浙大的计算机";
//   - a treatment or a due date: "…，一直在吃舍曲林", "…，打胰岛素的", "…，预产期是明年三月";
//   - a school year or a class: "…，今年上初二", "…，带两个高三班";
//   - a standing refusal: "…，恐怖片一律不看", "…，啤酒海鲜都不敢碰";
//   - a day of the month or an hour of a routine: "…，15号还房贷", "…，七点开门";
//   - (dev8's later batches) a device ("电脑是联想拯救者"), a research field, a shift ("三班倒"),
//     a side job, a diet goal ("在控制体重"), a show being followed ("在追《…》"), years at a
//     trade ("开出租十几年了"), a body part not well ("腰不好"), a workplace and trade ("在美团
//     跑外卖"), hours a day ("一天跑十二个小时"), how many children ("俩闺女…"), a bare place
//     ("…，在广州"), a bare age after a name ("我叫老王，五十三，…");
//   - every item of a bare gender list ("女，三十二，一米六，一百四十斤，…").
//
// Such a continuation becomes its own fact with the claim's subject ("用户", "用户的媳妇");
// the claim keeps the rest. Every continuation as a claim of its own was tried in the
// third round and lost precision (retired +26 right, +115 wrong); these kinds are the
// ones a reader keeps apart.
var (
	ownKeyZH5 = lazy(`(?:用|用的|用的是|装的|装了|是|写|负责|在吃|吃|跑|跑的|跑着|玩|到了|成了|升到)\s*[A-Z0-9][A-Za-z0-9]|(?:用|用的|用的是|装的|装了|是|写|负责|在吃|跑)\s*[a-z][A-Za-z]*[A-Z0-9]|^(?:主要|平时|日常)?[A-Z][A-Za-z0-9]+(?:\s+[A-Za-z0-9]+)?\s*(?:记|做|写|画|管|跑|用|存|装|剪|修|拍|管理|背|学|练|听|看|读|查)[^了过]` +
		`|负责\p{Han}{2}|专业是|主修|学的是|目标是|(?:^|一直|正在|还在|^也)在?(?:吃|服用)\p{Han}{1,5}(?:药|林|素|片|胶囊|针|钠|钾|酸|胺|醇|酮|平|汀|星|唑|酯)|打胰岛素|预产期|班主任|带(?:一|两|三|几|俩)个\p{Han}{1,4}班` +
		`|一律不|都不敢碰|不敢碰|从来不|(?:^|每个?月)\d{1,2}\s*号|^[一二三四五六七八九十]{1,3}点(?:开门|关门|上班|下班|收摊|出摊)` +
		`|^在\p{Han}{2,8}(?:跑|开|送|摆|当|干)\p{Han}{1,6}$|^一天(?:跑|干|工作|上班|要干|要跑|要上)|^(?:俩|两个|三个)(?:闺女|女儿|儿子|孩子|娃)|^(?:现在|目前|人)?在\p{Han}{2,3}$` +
		`|研究方向|方向是|主攻|副业|兼职|三班倒|倒班|夜班|白班|^(?:手机|电脑|笔记本|平板|相机|车|键盘|耳机|显示器)(?:是|用的是?)\s*\p{Han}{2,}|控制体重|减肥|减脂|控糖|戒糖|^(?:最近)?在追\p{Han}{0,2}《` +
		`|^(?:开|跑|送|修|卖)[^了过\P{Han}]\p{Han}{0,2}(?:十几|二十几|几|\d+|[一二三四五六七八九十]+)年|^(?:腰|膝盖|胃|肩膀|颈椎|眼睛|牙|心脏|肝|肾|睡眠)(?:一直|也|还|有点|不太|不大|老是|总是)*(?:不好|不太好|不行|疼|痛)`)
	// schoolZH5: a school year is a child's: it is a claim of its own only after the claim
	// names the child ("我儿子判给我了，今年上初二"; after "我们家老大叫乐乐" it joins).
	schoolZH5 = lazy(`上(?:小学|初中|高中|幼儿园|初[一二三]|高[一二三]|[一二三四五六]年级)`)
	// ageOnlyZH5: a bare age in a list ("三十二", "45").
	ageOnlyZH5 = lazy(`^(?:[一二三四五六七八九]?十[一二三四五六七八九]?|\d{2})$`)
	// placeOnlyZH5: "…，在广州" — a bare place after a claim; notPlaceZH5: characters that
	// make "在X" a doing ("在吃药", "在创业", "在家").
	placeOnlyZH5  = lazy(`^(?:现在|目前|人)?在\p{Han}{2,3}$`)
	notPlaceZH5   = "吃喝看做写学上读准弄忙等想练找用创干跑开送搞打玩睡休家备考减"
	ownKeyNeedZH5 = words("研究方向 方向是 主攻 副业 兼职 三班倒 倒班 夜班 白班 手机 电脑 笔记本 平板 相机 车 键盘 耳机 显示器 控制体重 减肥 减脂 控糖 戒糖 在追 开 跑 送 修 卖 腰 膝盖 胃 肩膀 颈椎 眼睛 牙 心脏 肝 肾 睡眠 服用 上 到了 成了 升到 在 一天 俩 两个 三个 用 装 是 写 负责 在吃 吃 跑 玩 主要 平时 日常 专业 主修 学的 目标 打胰岛素 预产期 班主任 上小学 上初 上高 年级 带 一律不 不敢碰 从来不 号 点")
)

// splitZH5 returns cl with the continuations of its Chinese claims that are claims of
// their own (above) made facts of their own, each after its claim.
func splitZH5(cl []Fact) []Fact {
	n := 0
	for _, f := range cl {
		if splittableZH5(f.Content) {
			n++
		}
	}
	if n == 0 {
		return cl // nothing to split: no copy
	}
	var out []Fact
	for _, f := range cl {
		c := f.Content
		if !splittableZH5(c) {
			out = append(out, f)
			continue
		}
		pieces := strings.Split(c, "，")
		if (strings.HasPrefix(c, "用户是女性，") || strings.HasPrefix(c, "用户是男性，")) && f.Predicate == "identity" {
			// "女，三十二，一米六，一百四十斤，…": each item of the list is a fact.
			out = append(out, Fact{Type: f.Type, Content: pieces[0], Subject: f.Subject, Predicate: f.Predicate, Confidence: f.Confidence, Evidence: f.Evidence})
			for _, p := range pieces[1:] {
				if ageOnlyZH5.MatchString(p) {
					p += "岁"
				}
				g := classify("用户"+p, p, false)
				g.Evidence, g.Confidence = f.Evidence, min(g.Confidence, f.Confidence)
				out = append(out, g)
			}
			continue
		}
		subj := "用户"
		if rest, ok := strings.CutPrefix(c, "用户的"); ok {
			if k := kinZH.FindString(rest); k != "" {
				subj += "的" + k // "用户的媳妇怀孕五个月了，预产期是…": the wife's
			}
		}
		group := groupSubjectZH7(c) // "用户所在的公司", "用户他们" (splittool7.go)
		if group != "" {
			subj = group
		}
		kid := subj != "用户" && subj != "用户的" && group == ""
		kept := pieces[:1]
		var more []Fact
		for _, p := range pieces[1:] {
			t := strings.TrimSpace(contLead.ReplaceAllString(strings.TrimSpace(p), ""))
			if tool := toolOfOwnZH7(t); tool || group != "" {
				// A group's claim splits only at a named tool; a stored-in tool ("…，密码全放在
				// 1Password 里") is a named tool of its own too (splittool7.go).
				if !tool || strings.HasPrefix(t, "用户") || contStop.MatchString(t) || contMerge.MatchString(t) && !strings.HasPrefix(t, "主要") {
					kept = append(kept, p)
					continue
				}
				g := classify(ownZH(subj, t), t, f.remembered())
				g.Evidence = f.Evidence
				g.Confidence = min(g.Confidence, f.Confidence)
				more = append(more, g)
				continue
			}
			own8 := ownKeyOfZH8(t) || ownKeyOfZH9(t) // "…，最近迷上了恐龙", "…，路上一般听播客" (contzh8.go); "…，卖手工皮具" (contzh9.go)
			if !own8 && (!hasHan(t) || !(t[0] >= 'A' && t[0] <= 'Z') && !may(t, ownKeyNeedZH5) && !ageOnlyZH5.MatchString(t) || !ownKeyZH5.MatchString(t) && !(kid && schoolZH5.MatchString(t)) && !(subj == "用户" && ageOnlyZH5.MatchString(t))) || strings.HasPrefix(t, "用户") || contStop.MatchString(t) ||
				contMerge.MatchString(t) && !strings.HasPrefix(t, "主要") {
				kept = append(kept, p)
				continue
			}
			if ageOnlyZH5.MatchString(t) && subj == "用户" {
				t += "岁" // "我叫老王，五十三，…": the user's age
			}
			if placeOnlyZH5.MatchString(t) && strings.ContainsAny(t, notPlaceZH5) {
				kept = append(kept, p) // "…，现在在创业": a doing, not a place
				continue
			}
			s := subj
			if kinZH.MatchString(t) {
				s = "用户的" // "…，俩闺女一个五岁一个两岁": the user's
			}
			g := classify(ownZH(s, t), t, f.remembered()) // "用户的 flight 是 JL 61" (claimownzh.go)
			g.Evidence = f.Evidence
			if g.Confidence > f.Confidence {
				g.Confidence = f.Confidence
			}
			more = append(more, g)
		}
		if len(more) == 0 {
			out = append(out, f)
			continue
		}
		f.Content = strings.Join(kept, "，")
		out = append(out, f)
		out = append(out, more...)
	}
	return out
}

// splittableZH5 reports whether a claim can have continuations of its own: the user's
// (not the household's, a workplace's or a group's) and with a Chinese comma.
func splittableZH5(c string) bool {
	return strings.HasPrefix(c, "用户") && strings.Contains(c, "，") && !(strings.HasPrefix(c, "用户家") && !strings.HasPrefix(c, "用户家里")) &&
		(!strings.HasPrefix(c, "用户所在") && !strings.HasPrefix(c, "用户他们") || groupSubjectZH7(c) != "")
}
