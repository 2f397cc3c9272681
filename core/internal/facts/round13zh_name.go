package facts

import (
	"strings"
	"unicode/utf8"
)

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
			if thusCallsZH13.MatchString(f.Content) || notCalledZH13(s.s, f.Content) {
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

// dislikeCallZH13 is being called something the user dislikes ("我讨厌别人叫我小名", "我最怕别人
// 叫我全名", "不喜欢别人叫我胖子"): the patterns read "叫我X" as the name ("用户叫胖子", a `name`
// that superseded the real one). Group 1 is what they are called.
var dislikeCallZH13 = lazy(`(?:讨厌|怕|不喜欢|不爱|受不了|烦|反感|不想|不愿意|别|不要|不许|不准|不让)[^，,。！!？?]{0,6}叫我([\p{Han}A-Za-z·]{1,8})`)

// nameWordsZH13 are the words for a kind of name, never a name ("叫我全名").
var nameWordsZH13 = map[string]bool{"全名": true, "小名": true, "大名": true, "外号": true, "绰号": true, "昵称": true, "名字": true, "本名": true, "真名": true, "英文名": true}

// notCalledZH13 reports whether the name fact content ("用户叫X") of sentence s is a kind of
// name or what s says the user dislikes being called.
func notCalledZH13(s, content string) bool {
	x, ok := strings.CutPrefix(content, "用户叫")
	if !ok {
		return false
	}
	for w := range nameWordsZH13 {
		if strings.HasPrefix(x, w) {
			return true
		}
	}
	m := dislikeCallZH13.FindStringSubmatch(s)
	return m != nil && strings.HasPrefix(m[1], x)
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

// iAmNameZH13 is a clause that is only "我是" and a name, a common surname first ("我是陈浩",
// "hi，我是陈浩"): the user's name. Before, it was only read after "I'm" (introNameEndZH5:
// "我是老师" is no name), and "我是陈浩" gave "用户是陈浩", a `fact` the name slot never saw.
// The surnames are common ones that do not start a common noun of three characters or
// fewer (程 of 程序员, 高 of 高中生, 文 of 文员 are not in the list).
var iAmNameZH13 = lazy(`^我是([王李张刘陈杨黄赵吴周徐孙朱胡郭何林罗郑梁谢唐许韩冯邓曹彭曾萧蔡蒋杜魏苏吕沈姚卢姜崔钟谭陆汪范廖贾韦夏邹熊孟秦邱侯尹薛闫段雷黎陶贺顾郝龚邵严覃戴莫孔汤][\p{Han}]{1,2})$`)

// notNameEndZH13 are the last characters of a word after 我是 that make it a role, a place
// or a particle, not a name ("我是江西人", "我是张家的", "我是李老师的学生").
const notNameEndZH13 = "人的生员师家手者长工族迷粉控妈爸哥姐总党们吧啊呀哈嘛呢了啦级届"

// iAmNameZH reads clause text as iAmNameZH13's name of the user.
func (st *claimState) iAmNameZH(text string) (Fact, bool) {
	m := iAmNameZH13.FindStringSubmatch(text)
	if m == nil {
		return Fact{}, false
	}
	last, _ := utf8.DecodeLastRuneInString(m[1])
	if strings.ContainsRune(notNameEndZH13, last) || strings.ContainsAny(m[1], "一二三四五六七八九十两") || matches13(zhJobRE13, m[1]) {
		return Fact{}, false
	}
	st.subj = "用户"
	return Fact{Type: TypeProfile, Content: "用户叫" + m[1], Subject: "user", Predicate: "name", Confidence: 0.8}, true
}

// zhJobRE13 is a job word anywhere in a would-be name ("我是陈老师" aside, "我是赵医生").
var zhJobRE13 = lazy(zhJob)

func matches13(r *lazyRE, s string) bool { return r.MatchString(s) }
