package core

import (
	"context"

	"github.com/memcore/memcore/core/internal/recall"
)

// A recall that asks about the user as a whole ("what do you know about me?", "你记得我什么")
// shares no word with what answers it ("User lives in Lyon", "用户每月预算1800欧元"), so a
// search alone returned nothing, though buildContext answered the same question from the
// user's profile (recallprofile.go). Such a recall now returns the profile first, in the
// order buildContext lists it, then what the search found.

// recallAboutUser puts the user's profile memories ahead of hits when query asks about the
// user as a whole and the recall has no filter (a filter says which memories the caller
// wants; the profile is not narrowed by it). A profile memory scores as a memory whose
// relevance is 1 (the question asks for it), capped by the score before it so that the
// list stays best first; hits follow, each capped the same way. Unless Peek, the profile
// memories count as accesses, as hits do.
func (n *Namespace) recallAboutUser(ctx context.Context, query string, o RecallOptions, f Filter, limit int, hits []Hit) ([]Hit, error) {
	if !isAboutUser(query) || len(f.Types)+len(f.Tags) > 0 || f.CreatedAfter != nil || f.CreatedBefore != nil || len(f.Metadata) > 0 {
		return hits, nil
	}
	ms, err := n.profileMemories(ctx)
	if err != nil || len(ms) == 0 {
		return hits, err
	}
	w := n.e.scoring
	now := n.e.clock()
	found := make(map[string]Hit, len(hits)) // a search hit is already counted as an access
	for _, h := range hits {
		found[h.Memory.ID] = h
	}
	out := make([]Hit, 0, limit)
	var untouched []Hit
	for _, m := range ms[:min(len(ms), limit)] {
		h, ok := found[m.ID]
		if ok {
			m = h.Memory
		}
		s, comp := w.Score(recall.Input{Relevance: 1, UpdatedAt: m.UpdatedAt, LastAccess: m.LastAccessedAt,
			AccessCount: m.AccessCount, Importance: m.Importance}, now)
		p := Hit{Memory: m, Score: s}
		if o.Explain {
			p.Components = &comp
		}
		out = appendCapped(out, p)
		if !ok {
			untouched = append(untouched, p)
		}
		found[m.ID] = Hit{} // listed: not again below
	}
	for _, h := range hits {
		if len(out) == limit {
			break
		}
		if f, ok := found[h.Memory.ID]; ok && f.Memory != nil {
			out = appendCapped(out, h)
		}
	}
	if o.Peek || n.e.readOnly || len(untouched) == 0 {
		return out, nil
	}
	return out, n.e.do(ctx, func() error { return n.touchHits(untouched, now) })
}

// appendCapped appends h to hits with its score capped at the last one's, so the list
// stays ordered best first.
func appendCapped(hits []Hit, h Hit) []Hit {
	if k := len(hits); k > 0 && h.Score > hits[k-1].Score {
		h.Score = hits[k-1].Score
	}
	return append(hits, h)
}
