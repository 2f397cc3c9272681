// The entities of an episode (moved from session.go): names of people, places, projects and
// code identifiers found in a session's text, in English and Chinese.

package core

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/lazyre"
)

// Entity patterns.
var (
	reCapitalised = lazyre.New(`\b[A-Z][\p{L}0-9]*(?:[ -][A-Z][\p{L}0-9]*)*`)
	reBacktick    = lazyre.New("`([^`\\s]{2,60})`")
	reCamel       = lazyre.New(`\b[a-z]+[A-Z][A-Za-z0-9]*\b`)
	reSnake       = lazyre.New(`\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b`)
	reCall        = lazyre.New(`\b[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)+\(`)
	reFile        = lazyre.New(`\b[\w./-]+\.(?:go|py|js|ts|tsx|jsx|json|md|yaml|yml|toml|sql|sh|rs|java|rb|c|h|cc|cpp|css|html|txt|csv)\b`)
	// CJK: a person with an honorific or 小/老 + surname, and places by suffix or name.
	cjkSurnames = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦方白邹孟熊秦邱江尹薛段雷侯龙史陶黎贺顾毛郝龚邵万钱严武戴莫孔汤"
	reCJKPerson = lazyre.New(`[` + cjkSurnames + `][\p{Han}]{0,2}?(?:先生|女士|小姐|老师|经理|总监|医生|教授|同学|师傅|总)|[小老阿][` + cjkSurnames + `]`)
	reCJKPlace  = lazyre.New(`[\p{Han}]{2,4}?(?:市|省|县|区|镇|村|机场|大学|医院|公司|银行|车站|火车站)`)
	cjkPlaces   = []string{"北京", "上海", "广州", "深圳", "杭州", "南京", "成都", "武汉", "西安", "重庆",
		"天津", "苏州", "长沙", "郑州", "青岛", "厦门", "大连", "沈阳", "哈尔滨", "昆明", "香港", "澳门",
		"台北", "东京", "大阪", "京都", "首尔", "新加坡", "纽约", "伦敦", "巴黎"}
	cjkPlacePrefixes = "去到在从往回飞住于向"
	// Capitalised words that start sentences or are otherwise not names.
	notNames = map[string]bool{"I": true, "I'm": true, "OK": true, "Ok": true, "Yes": true, "No": true,
		"Hi": true, "Hello": true, "Thanks": true, "Thank": true, "Please": true, "Sure": true,
		"User": true, "Assistant": true, "Tool": true, "Error": true, "Note": true}
)

// extractEntities finds names in text: capitalised words and runs (a sentence's first
// word only when it also appears capitalised mid-sentence, or is an acronym), code
// identifiers (backticked, camelCase, snake_case, dotted calls, file names), and CJK
// names of people (honorifics, 小/老 + surname) and places (suffixes, well-known
// cities). At most limit, in order of first appearance, deduplicated case-insensitively.
func extractEntities(s string, limit int) []string {
	type cand struct {
		name    string
		pos     int
		trusted bool // needs no second sighting
	}
	var cands []cand
	add := func(name string, pos int, trusted bool) {
		if utf8.RuneCountInString(name) < 2 || len(name) > 80 {
			return
		}
		cands = append(cands, cand{name, pos, trusted})
	}
	midSentence := map[string]bool{}
	lowerWords := map[string]bool{}
	for _, w := range reWord.FindAllString(s, -1) {
		lowerWords[w] = true
	}
	for _, loc := range reCapitalised.FindAllStringIndex(s, -1) {
		name := s[loc[0]:loc[1]]
		words := strings.Fields(strings.ReplaceAll(name, "-", " "))
		for len(words) > 0 && notNames[words[0]] {
			words = words[1:]
		}
		if len(words) == 0 {
			continue
		}
		name = strings.Join(words, " ")
		if len(words) == 1 && isStopwordName(name) {
			continue
		}
		initial := sentenceInitial(s, loc[0])
		if initial && len(words) > 1 && isCommonWord(lowerWords, words[0]) {
			// "Deploy Atlas to staging": an imperative, not a name of two words.
			loc[0] += strings.Index(name, words[1])
			words = words[1:]
			name = strings.Join(words, " ")
			initial = false
		}
		if !initial {
			midSentence[name] = true
		}
		acronym := len(name) >= 2 && strings.ToUpper(name) == name && !strings.ContainsAny(name, " ")
		add(name, loc[0], !initial || len(words) > 1 || acronym)
	}
	for i, c := range cands {
		if !c.trusted && midSentence[c.name] {
			cands[i].trusted = true
		}
	}
	for _, m := range reBacktick.FindAllStringSubmatchIndex(s, -1) {
		add(s[m[2]:m[3]], m[0], true)
	}
	for _, re := range []*lazyre.RE{reCamel, reSnake, reFile} {
		for _, loc := range re.FindAllStringIndex(s, -1) {
			add(s[loc[0]:loc[1]], loc[0], true)
		}
	}
	for _, loc := range reCall.FindAllStringIndex(s, -1) {
		add(strings.TrimSuffix(s[loc[0]:loc[1]], "("), loc[0], true)
	}
	for _, loc := range reCJKPerson.FindAllStringIndex(s, -1) {
		add(s[loc[0]:loc[1]], loc[0], true)
	}
	for _, loc := range reCJKPlace.FindAllStringIndex(s, -1) {
		name := s[loc[0]:loc[1]]
		for {
			r, size := utf8.DecodeRuneInString(name)
			if !strings.ContainsRune(cjkPlacePrefixes, r) || utf8.RuneCountInString(name) <= 3 {
				break
			}
			name = name[size:]
		}
		add(name, loc[0], true)
	}
	for _, p := range cjkPlaces {
		if i := strings.Index(s, p); i >= 0 {
			add(p, i, true)
		}
	}
	// First appearance first; at one position the longest match wins, and a match inside
	// one already taken (deploy_atlas in deploy_atlas.py) is not another entity.
	slices.SortStableFunc(cands, func(a, b cand) int {
		if a.pos != b.pos {
			return a.pos - b.pos
		}
		return len(b.name) - len(a.name)
	})
	out := []string{}
	seen := map[string]bool{}
	takenEnd := -1
	for _, c := range cands {
		k := strings.ToLower(c.name)
		if !c.trusted || seen[k] || c.pos+len(c.name) <= takenEnd || coveredBy(out, c.name) {
			continue
		}
		seen[k] = true
		takenEnd = max(takenEnd, c.pos+len(c.name))
		out = append(out, c.name)
		if len(out) == limit {
			break
		}
	}
	return out
}

// coveredBy reports whether a CJK name is part of one already found (北京 in 北京市).
func coveredBy(found []string, name string) bool {
	r, _ := utf8.DecodeRuneInString(name)
	if !unicode.Is(unicode.Han, r) {
		return false
	}
	for _, f := range found {
		if strings.Contains(f, name) {
			return true
		}
	}
	return false
}

func isStopwordName(w string) bool {
	switch strings.ToLower(w) {
	case "the", "a", "an", "this", "that", "these", "those", "it", "its", "we", "you", "he", "she",
		"they", "my", "our", "your", "what", "when", "where", "why", "how", "who", "which", "can",
		"could", "would", "should", "will", "do", "does", "did", "is", "are", "was", "were", "if",
		"then", "so", "but", "and", "or", "let", "let's", "also", "now", "here", "there", "great",
		"good", "done", "okay", "well", "just", "maybe", "in", "on", "at", "for", "to", "from",
		"with", "after", "before", "today", "tomorrow", "yesterday", "i'll", "i've", "it's",
		"don't", "not", "all", "some", "any", "no", "yes", "first", "next", "finally":
		return true
	}
	return false
}

// commonVerbs start many sentences capitalised without being names.
var commonVerbs = map[string]bool{"deploy": true, "run": true, "use": true, "add": true, "fix": true,
	"make": true, "create": true, "write": true, "check": true, "tell": true, "send": true, "show": true,
	"find": true, "build": true, "update": true, "install": true, "set": true, "get": true, "open": true,
	"call": true, "ask": true, "book": true, "move": true, "delete": true, "remove": true, "start": true,
	"stop": true, "test": true, "help": true, "try": true, "give": true, "keep": true, "read": true,
	"review": true, "change": true, "rename": true, "merge": true, "push": true, "pull": true, "email": true,
	"schedule": true, "cancel": true, "plan": true, "draft": true, "summarize": true, "summarise": true,
	"translate": true, "explain": true, "compare": true, "list": true, "search": true, "look": true}

// isCommonWord reports whether a capitalised word is rather a common word: a usual
// imperative, or one that the text also has in lower case (lowerWords). are the lower-case words of the text.
func isCommonWord(lowerWords map[string]bool, w string) bool {
	lw := strings.ToLower(w)
	return commonVerbs[lw] || isStopwordName(w) || lowerWords[lw]
}

var reWord = lazyre.New(`\b[a-z]+\b`)

// sentenceInitial reports whether position i of s starts a sentence (or a line).
func sentenceInitial(s string, i int) bool {
	j := i
	for j > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:j])
		if r == '\n' {
			return true
		}
		if !unicode.IsSpace(r) && r != '"' && r != '\'' && r != '(' && r != '*' && r != '-' && r != '>' {
			return r == '.' || r == '!' || r == '?' || r == ':' || r == '。' || r == '！' || r == '？'
		}
		j -= size
	}
	return true
}
