package text

import (
	"strings"

	"github.com/memcore/memcore/core/internal/lazyre"
)

// A question about where the user lives ("where do I live", "where am I based", "我住哪",
// "我在哪个城市") and the memory that answers it ("User is in Boston", "User lives in
// Portland", "用户住在上海") often share no word: "where" is a stopword, "based" is not in
// the memory, and "User is in Boston" has nothing but the place. The web demo's new-user
// pass found nothing for all four (issue 9 item 1). Such a question about the user — a
// "where" with a word of living, or "what city/country", with I/my/we (我 in Chinese) —
// also searches the words a location memory is
// written with and the well-known places (places.go), each language within itself: an
// English question its English words, a Chinese one its Chinese words (an English
// question expanded into Chinese turns on the CJK feedback, see lexicon.go's note).

// locationQuestionEN / locationQuestionZH are a question about where someone lives. The
// package avoids regexp on the query path (doc.go): they are compiled on first use and
// run only when the query holds where/what/which or 住/城/国/家 (mayAskLocation).
var (
	locationQuestionEN = lazyre.New(`(?i)\bwhere\b.*\b(?:live|lives|living|based|located|reside|resides|residing|staying)\b|\bwhat\s+(?:city|town|country|state)\b|\bwhich\s+(?:city|town|country|state)\b`)
	// firstPersonEN: only the user's own location is asked this way ("where do I live");
	// "Where does Akib live, in a big city or in the suburbs?" is answered by what a
	// conversation says of Akib, and searching every place for it cost RealTalk's dev
	// set 0.007 R@5 (one run, before this condition).
	firstPersonEN      = lazyre.New(`\b(?:i|i'm|im|me|my|we|we're|our)\b`)
	locationQuestionZH = lazyre.New(`住哪|住在哪|哪个城市|哪座城市|什么城市|哪个国家|在哪(?:里|儿)?(?:生活|定居|常住)|家在哪`)
)

// locationTermsEN are what an English location memory says besides the place.
var locationTermsEN = []string{"live", "lives", "based", "from", "moved", "reside", "city"}

// locationTermsZH are what a Chinese one says: 住在, 来自, 搬到, 定居, and the largest cities.
var locationTermsZH = []string{"住在", "来自", "搬到", "定居", "老家", "北京", "上海", "广州", "深圳", "杭州", "成都", "南京", "武汉", "西安", "重庆", "天津", "苏州", "香港", "台北"}

// locationPlaceTokens are the tokens of WellKnownPlaces a location question searches: a
// one-word place itself, of a longer one its last word when that is a name ("new york"
// → york; "bay area", "mexico city" add nothing: "area" and "city" match anything).
var locationPlaceTokens = func() []string {
	var out []string
	for _, p := range WellKnownPlaces {
		w := p[strings.LastIndexByte(p, ' ')+1:]
		switch w {
		case "area", "city", "valley", "africa", "england":
			if w != p {
				continue
			}
		}
		out = append(out, Tokens(w)...)
	}
	return out
}()

// locationExpansion returns the terms a location question (norm, normalized) also
// searches, or nil when it is none.
func locationExpansion(norm string) []string {
	en, zh := mayAskLocation(norm)
	var out []string
	if en && locationQuestionEN.MatchString(norm) && firstPersonEN.MatchString(norm) {
		for _, t := range locationTermsEN {
			out = append(out, Tokens(t)...)
		}
		out = append(out, locationPlaceTokens...)
	}
	if zh && locationQuestionZH.MatchString(norm) && strings.Contains(norm, "我") {
		for _, t := range locationTermsZH {
			out = append(out, termTokens(t)...)
		}
	}
	return out
}

// mayAskLocation is the cheap test before the patterns: whether norm (lower case) holds
// the words every location question has (the English pattern costs ~3 µs a query: run
// on every "what" question it made BenchmarkQueryTokens 1.45 times slower).
func mayAskLocation(norm string) (en, zh bool) {
	en = (strings.Contains(norm, "where") && containsAny(norm, "live", "living", "based", "located", "resid", "staying")) ||
		((strings.Contains(norm, "what") || strings.Contains(norm, "which")) && containsAny(norm, "city", "town", "country", "state"))
	zh = strings.Contains(norm, "住") || strings.Contains(norm, "城市") || strings.Contains(norm, "国家") || strings.Contains(norm, "家在")
	return en, zh
}

func containsAny(s string, subs ...string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}
