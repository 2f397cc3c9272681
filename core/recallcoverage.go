package core

import (
	"unicode"

	"github.com/memcore/memcore/core/internal/text"
)

// Why recall's scores are scaled by coverage: relevance is bm25 / best bm25, so the best
// match of a query is relevance 1 however little of the query it shares. An episode
// note (a whole session's summary, long and about many things) shares a stray word with
// many questions: "What sounds good for dinner tonight?" found a gardening session's
// note by "sounds" alone and scored it 0.86, as high as "User grows tomatoes and roses"
// for "what do I grow?" (issue 9, a new user's demo). The score a developer or a user
// reads now says how much of the question the best memory answers.

// queryCoverage returns the share of the query's terms (text.QueryTerms; a Chinese term
// counts by its characters, see isHan) that m's indexed text (title, subject, predicate,
// tags, content, card) holds, a term counting when one of its forms (text.TermForms) has
// the stem of one of m's tokens. At least one counts: m was found, by a lexicon phrase if
// by no single term.
func queryCoverage(terms []string, m *Memory) float64 {
	if len(terms) == 0 || m == nil {
		return 1
	}
	stems := map[string]bool{}
	add := func(s string) {
		for _, t := range text.Tokens(s) {
			stems[text.Stem(t)] = true
		}
	}
	add(m.Title)
	add(m.Subject)
	add(m.Predicate)
	add(m.Content)
	for _, t := range m.Tags {
		add(t)
	}
	if k := m.Card; k != nil {
		add(k.Person)
		add(k.Relationship)
		add(k.Backstory)
	}
	n, counted := 0, 0
	covered := map[rune]bool{} // a Chinese character of the query: held by the memory?
	for _, t := range terms {
		held := false
		for _, f := range text.TermForms(t) {
			if stems[text.Stem(f)] {
				held = true
				break
			}
		}
		if !isHan(t) {
			counted++
			if held {
				n++
			}
			continue
		}
		for _, r := range t {
			covered[r] = covered[r] || held
		}
	}
	for _, c := range covered {
		counted++
		if c {
			n++
		}
	}
	return float64(max(n, 1)) / float64(max(counted, 1))
}

// isHan reports whether t is made of Chinese characters only. A Chinese query's terms are
// its characters and each pair of neighbours (text.Tokens), pairs that straddle two words
// too ("子喜" of 儿子喜欢): coverage counts its characters, each covered when a term that
// holds it is in the memory, so "我儿子喜欢什么？" asks about 儿, 子, 喜, 欢 and "User's son
// Leo…" (儿子, by the lexicon's "son") holds half of them; counting terms, the straddling
// pairs no memory holds made it a third.
func isHan(t string) bool {
	for _, r := range t {
		if !unicode.Is(unicode.Han, r) {
			return false
		}
	}
	return t != ""
}

// scaleByCoverage multiplies every hit's score by the coverage of the best one (hits are
// best first and whole): one factor for the whole list, so the order recall and
// buildContext use is unchanged and only the level of the scores says how well the
// question is answered. With Explain, each hit's components carry the factor.
func scaleByCoverage(hits []Hit, query string) {
	if len(hits) == 0 {
		return
	}
	c := queryCoverage(text.QueryTerms(query), hits[0].Memory)
	for i := range hits {
		hits[i].Score *= c
		if hits[i].Components != nil {
			hits[i].Components.Coverage = c
		}
	}
}
