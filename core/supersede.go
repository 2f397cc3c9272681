package core

import (
	"time"

	"github.com/memcore/memcore/core/internal/errs"
)

// Supersession says that memory ID was superseded by memory By: a newer memory about the
// same subject and predicate ("user"/"location": "lives in Berlin", then "moved to
// Lisbon"). The old one keeps its history, gets supersededBy and is never recalled again.
type Supersession struct {
	ID string `json:"id"`
	By string `json:"by"`
}

// supersede marks the live memories with m's subject and predicate (other than m) as
// superseded by m, inside the caller's transaction: each gets supersededBy, a new version
// and a history entry. A memory without a predicate supersedes nothing: the subject
// alone ("user") says too little to call two memories a conflict. It is the commit path
// shared by remember, keyed upserts, update and extractFacts' commit.
func (n *Namespace) supersede(m *Memory, now time.Time) ([]Supersession, error) {
	if m.Predicate == "" || m.SupersededBy != "" || (m.ExpiresAt != nil && !m.ExpiresAt.After(now)) {
		return nil, nil
	}
	olds, err := n.e.db.LiveSamePredicate(n.name, m.Subject, m.Predicate, m.ID, now)
	if err != nil {
		return nil, err
	}
	var out []Supersession
	for _, o := range olds {
		before := *o
		o.SupersededBy = m.ID
		o.Version++
		o.UpdatedAt = now
		if err := n.e.db.UpdateMemory(o, nil); err != nil {
			return nil, err
		}
		if err := n.e.db.AddChange(now, &before, o); err != nil {
			return nil, err
		}
		out = append(out, Supersession{ID: o.ID, By: m.ID})
	}
	return out, nil
}

// checkKeyFree fails with conflict when another memory of the namespace has m's key.
func (n *Namespace) checkKeyFree(m *Memory, field string) error {
	if m.Key == "" {
		return nil
	}
	other, err := n.e.db.MemoryByKey(n.name, m.Key)
	if err != nil {
		return err
	}
	if other != nil && other.ID != m.ID {
		return errs.New(errs.Conflict, field, "memory %s has the key %q already", other.ID, m.Key)
	}
	return nil
}
