package core

import (
	"context"
	"slices"
	"strings"
)

// The user's profile for an about-me question ("what do you know about me", "你记得我什么"):
// which memories describe the user as a whole, and in what order they fill the recall
// block's budget.

// profileSlots say who the user is, in the order an about-me answer names them: a name
// first, whatever else fits after it. Each is a memory's predicate (the one-value slots
// extraction keeps: name, works_at, location) or its kind-of-claim tag (identity, job…:
// internal/facts/slots.go).
var profileSlots = []string{"name", "identity", "works_at", "job", "location"}

// profileKinds come after profileSlots and before every other kind (tools, habits,
// tastes, events): health — an allergy first, the user's or a family member's, since an
// agent that forgets it can do harm — then diet, then the family. With more profile
// memories than the block's ten, "What do you know about me?" listed "User's team is on
// Notion" and left out "用户的女儿对芒果过敏", because after who the user is the order was
// newest first.
var profileKinds = []string{"health", "diet", "family"}

// allergyWords mark a memory as health whatever its tag: extraction tags a child's
// allergy "family" ("用户的女儿对芒果过敏").
var allergyWords = []string{"allerg", "intoleran", "anaphyla", "epipen", "过敏", "不耐受"}

// profileRank is m's place in an about-me answer: profileSlots, then profileKinds, then
// the rest; a memory about someone else (subject not the user) is in the rest.
func profileRank(m *Memory) int {
	rest := len(profileSlots) + len(profileKinds)
	if m.Subject != "" && m.Subject != "user" {
		return rest
	}
	r := rest
	if i := slices.Index(profileSlots, m.Predicate); i >= 0 {
		r = i
	}
	for _, t := range m.Tags {
		if i := slices.Index(profileSlots, t); i >= 0 && i < r {
			r = i
		}
		if i := slices.Index(profileKinds, t); i >= 0 && len(profileSlots)+i < r {
			r = len(profileSlots) + i
		}
	}
	if r > len(profileSlots) {
		c := strings.ToLower(m.Content)
		for _, w := range allergyWords {
			if strings.Contains(c, w) {
				return len(profileSlots) // health
			}
		}
	}
	return r
}

// profileMemories lists the memories an about-me question brings: profile and preference
// memories, and the facts extraction found about the user themselves (tag "about":
// "User is Marco", "用户主要负责数据分析"), which are typed fact but describe the person.
// Order: identity slots first (profileSlots), then health, diet and family (profileKinds),
// then the most important, then the newest
// (List's order breaks ties).
func (n *Namespace) profileMemories(ctx context.Context) ([]*Memory, error) {
	prof, err := n.List(ctx, ListOptions{Filter: Filter{Types: []string{TypeProfile, TypePreference}}, Limit: 50})
	if err != nil {
		return nil, err
	}
	about, err := n.List(ctx, ListOptions{Filter: Filter{Types: []string{TypeFact}, Tags: []string{"about"}}, Limit: 20})
	if err != nil {
		return nil, err
	}
	ms := append(prof.Memories, about.Memories...)
	slices.SortStableFunc(ms, func(a, b *Memory) int {
		if ra, rb := profileRank(a), profileRank(b); ra != rb {
			return ra - rb
		}
		switch {
		case a.Importance > b.Importance:
			return -1
		case a.Importance < b.Importance:
			return 1
		}
		return 0
	})
	return ms, nil
}
