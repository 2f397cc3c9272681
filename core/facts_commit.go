// Storing extracted facts (moved from facts.go): commitFacts in one transaction with
// Remember, cutting to the limits, the source of a fact, the known-fact filter (unknown)
// and the daily-log and MEMORY lines (logFacts).

package core

import (
	"context"
	"slices"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/facts"
)

// commitInfo is where committed facts come from and go to.
type commitInfo struct {
	session string
	turnIDs map[int]string // message index → turn id
	date    string         // of the daily log
	by      string
	also    func() error // more writes of the same transaction, when not nil
}

// commitFacts stores fs as memories in one transaction (Remember's), with the daily-log
// block and the MEMORY lines of those it stored and ci.also. Facts of a type and Key a
// live memory of the namespace has are not stored; it returns the stored memories and
// how many were not.
func (n *Namespace) commitFacts(ctx context.Context, fs []Fact, ci commitInfo) (*RememberResult, int, error) {
	none := &RememberResult{Memories: []*Memory{}}
	if len(fs) == 0 {
		if ci.also == nil {
			return none, 0, nil
		}
		return none, 0, n.e.tx(ctx, ci.also)
	}
	in := make([]MemoryInput, len(fs))
	l := n.e.limits
	for i, f := range fs {
		// Cut to the limits, which a host may set below a fact's size: a fact is not
		// refused for its length.
		pred, tags := f.Predicate, []string{ExtractedTag}
		if ci.by == ByHeuristic && pred != "" && !facts.SingleValued(f) {
			// A kind of claim, not a slot: "family" twice is two true facts, not a
			// correction (facts.SingleValued). Kept as a tag, in the same search column,
			// when the namespace's tag limits leave room for it.
			if len(tags) < l.MaxTags && len(pred) <= l.MaxTagBytes {
				tags = append(tags, pred)
			}
			pred = ""
		}
		in[i] = MemoryInput{Type: f.Type, Content: fitBytes(f.Content, l.MaxContentBytes),
			Subject: fitBytes(f.Subject, l.MaxFieldBytes), Predicate: fitBytes(pred, l.MaxFieldBytes),
			Tags: tags, Importance: new(extractedImportance[f.Type]), Confidence: new(f.Confidence),
			Source: ci.source(f.Evidence)}
	}
	dups := 0
	stored, err := n.remember(ctx, in, func(ms []*Memory) ([]*Memory, error) {
		keep, err := n.unknown(ms)
		if err != nil {
			return nil, err
		}
		dups = len(ms) - len(keep)
		if err := n.logFacts(keep, ci); err != nil {
			return nil, err
		}
		if ci.also != nil {
			return keep, ci.also()
		}
		return keep, nil
	})
	if err != nil {
		return nil, 0, err
	}
	return stored, dups, nil
}

// fitBytes cuts s to at most max bytes, at a rune boundary.
func fitBytes(s string, max int) string {
	if len(s) <= max {
		return s
	}
	for max > 0 && !utf8.RuneStart(s[max]) {
		max--
	}
	return s[:max]
}

// source is the source of a fact found in the messages of evidence: the session, and
// the turns those messages are, when known. Without a session there is none.
func (ci commitInfo) source(evidence []int) *Source {
	if ci.session == "" {
		return nil
	}
	s := &Source{SessionID: ci.session}
	for _, i := range evidence {
		if id, ok := ci.turnIDs[i]; ok {
			s.TurnIDs = append(s.TurnIDs, id)
		}
	}
	return s
}

// unknown returns the memories of ms (and of ms itself, the first of each) whose type
// and facts.Key no live memory of the namespace has.
func (n *Namespace) unknown(ms []*Memory) ([]*Memory, error) {
	var types []string
	for _, m := range ms {
		if !slices.Contains(types, m.Type) {
			types = append(types, m.Type)
		}
	}
	// Four times the key's length is plenty for normalisation to leave KeyRunes.
	live, err := n.e.db.LiveContents(n.name, types, n.e.clock(), 4*facts.KeyRunes)
	if err != nil {
		return nil, err
	}
	seen := make(map[string]bool, len(live))
	for _, l := range live {
		seen[l.Type+"\x00"+facts.Key(l.Content)] = true
	}
	keep := []*Memory{}
	for _, m := range ms {
		k := m.Type + "\x00" + facts.Key(m.Content)
		if !seen[k] {
			seen[k] = true
			keep = append(keep, m)
		}
	}
	return keep, nil
}

// logFacts adds the stored memories to the daily log of ci.date and to MEMORY's
// "## Auto-extracted" section (facts.AppendDaily, facts.AppendMemory), inside the
// caller's transaction. A document that would pass the content limit is left alone.
func (n *Namespace) logFacts(ms []*Memory, ci commitInfo) error {
	if len(ms) == 0 {
		return nil
	}
	now := n.e.clock()
	fs := make([]Fact, len(ms))
	for i, m := range ms {
		fs[i] = Fact{Type: m.Type, Content: m.Content, Confidence: m.Confidence}
	}
	name := facts.DailyName(ci.date)
	daily, _, _, err := n.e.db.GetDocument(n.name, name)
	if err != nil {
		return err
	}
	if next, ok := facts.AppendDaily(daily, ci.date, facts.DailyBlock(now, ci.by, ci.session, fs)); ok && len(next) <= n.e.limits.MaxContentBytes {
		if err := n.e.db.PutDocument(n.name, name, next, now); err != nil {
			return err
		}
	}
	index, _, _, err := n.e.db.GetDocument(n.name, DocMemory)
	if err != nil {
		return err
	}
	if next, added := facts.AppendMemory(index, fs); len(added) > 0 && len(next) <= n.e.limits.MaxContentBytes {
		return n.e.db.PutDocument(n.name, DocMemory, next, now)
	}
	return nil
}
