package core

import (
	"context"
	"slices"
)

// The user's profile for an about-me question ("what do you know about me", "你记得我什么"):
// which memories describe the user as a whole, and in what order they fill the recall
// block's budget.

// profileSlots say who the user is, in the order an about-me answer names them: a name
// first, whatever else fits after it. Each is a memory's predicate (the one-value slots
// extraction keeps: name, works_at, location) or its kind-of-claim tag (identity, job…:
// internal/facts/slots.go).
var profileSlots = []string{"name", "identity", "works_at", "job", "location"}

// profileMemories lists the memories an about-me question brings: profile and preference
// memories, and the facts extraction found about the user themselves (tag "about":
// "User is Marco", "用户主要负责数据分析"), which are typed fact but describe the person.
// Order: identity slots first (profileSlots), then the most important, then the newest
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
	rank := func(m *Memory) int {
		if m.Subject != "" && m.Subject != "user" {
			return len(profileSlots)
		}
		r := len(profileSlots)
		if i := slices.Index(profileSlots, m.Predicate); i >= 0 {
			r = i
		}
		for _, t := range m.Tags {
			if i := slices.Index(profileSlots, t); i >= 0 && i < r {
				r = i
			}
		}
		return r
	}
	slices.SortStableFunc(ms, func(a, b *Memory) int {
		if ra, rb := rank(a), rank(b); ra != rb {
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
