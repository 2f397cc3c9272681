package text

import (
	"strings"
	"unicode"
)

// AnswerKind is the kind of answer a question asks for, told by its question words alone
// ("什么时候", "how many"): a statement that answers "when …?" holds a date or a time, one
// that answers "how many …?" a number, whatever the topic's words. The question words
// are a closed class of the language, not vocabulary read off a data set.
type AnswerKind int

const (
	// AnyAnswer: the question words do not say what the answer looks like.
	AnyAnswer AnswerKind = iota
	// TimeAnswer: a date, a time of day, a weekday or a day said relatively ("昨天").
	TimeAnswer
	// NumberAnswer: a count, an amount or a measure.
	NumberAnswer
)

// timeCues and numberCues are the question words of each kind, matched in the
// normalized (lower-cased) question. Time is tested first: "几点" and "几号" ask a time,
// "几个" a number.
var (
	timeCues = []string{"什么时候", "啥时候", "几点", "哪天", "哪一天", "哪年", "哪一年", "几月", "几号",
		"何时", "什么日子", "哪个月", "星期几", "周几", "礼拜几",
		"what time", "what date", "which day", "what day", "what year", "which year", "which month", "how long ago"}
	numberCues = []string{"多少", "几个", "几岁", "几次", "几年", "几天", "几个月", "几周", "几口", "多大", "多高", "多重", "多长",
		"多久", "多远", "多少钱",
		"how many", "how much", "how old", "how tall", "how long", "how far", "how often", "how big"}
)

// QuestionAnswerKind returns the kind of answer question q asks for, AnyAnswer when its
// question words name none (or name both: "when and how many …").
func QuestionAnswerKind(q string) AnswerKind {
	s := strings.ToLower(q) + " "
	// "when" opens a question; inside one it is as often a clause ("what did she do when …").
	when := strings.HasPrefix(strings.TrimSpace(s), "when ")
	t, n := when || hasAny(s, timeCues), hasAny(s, numberCues)
	switch {
	case t && !n:
		return TimeAnswer
	case n && !t:
		return NumberAnswer
	}
	return AnyAnswer
}

func hasAny(s string, cues []string) bool {
	for _, c := range cues {
		if strings.Contains(s, c) {
			return true
		}
	}
	return false
}

// cjkNumerals are the characters of a Chinese number; numberUnits the characters that
// follow one in a count or measure ("五个", "三天", "两公斤"), timeUnits those that make it a
// date or a time ("五月", "三号", "八点").
const (
	cjkNumerals = "零一二三四五六七八九十百千万两半"
	numberUnits = "个岁天周年月日号点次米斤元块分位口件小公厘"
	timeUnits   = "年月日号点时"
)

// timeWords say a day or a time without a number.
var timeWords = []string{"昨天", "今天", "明天", "前天", "后天", "上周", "下周", "本周", "上个月", "下个月", "去年", "今年", "明年",
	"周一", "周二", "周三", "周四", "周五", "周六", "周日", "周末", "星期", "礼拜", "早上", "上午", "中午", "下午", "晚上", "凌晨",
	"yesterday", "today", "tomorrow", "tonight", "last week", "next week", "last month", "next month", "last year", "next year",
	"ago", "morning", "afternoon", "evening", "weekend", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
	"january", "february", "march", "april", "may ", "june", "july", "august", "september", "october", "november", "december"}

// HoldsAnswerKind reports whether text s holds an answer of kind k: a digit or a Chinese
// number with its unit for NumberAnswer; that, a time word ("昨天", "tuesday") or a
// Chinese number with a date or time unit for TimeAnswer. AnyAnswer: always true.
func HoldsAnswerKind(s string, k AnswerKind) bool {
	switch k {
	case NumberAnswer:
		return hasDigit(s) || cjkNumber(s, numberUnits)
	case TimeAnswer:
		return hasDigit(s) || cjkNumber(s, timeUnits) || hasAny(strings.ToLower(s)+" ", timeWords)
	}
	return true
}

func hasDigit(s string) bool {
	return strings.IndexFunc(s, unicode.IsDigit) >= 0
}

// cjkNumber reports whether s holds a Chinese numeral directly followed by one of units.
func cjkNumber(s string, units string) bool {
	prevNumeral := false
	for _, r := range s {
		if prevNumeral && strings.ContainsRune(units, r) {
			return true
		}
		prevNumeral = strings.ContainsRune(cjkNumerals, r)
	}
	return false
}
