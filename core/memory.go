package core

import (
	"context"
	"fmt"
	"time"

	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/store"
	"github.com/memcore/memcore/core/internal/text"
)

// MemoryInput is a memory to remember. Only Content is required; Type defaults to
// "note", Importance to 0.5, Confidence to 1, Tier to the type's default tier (see
// docs/RECORDS.md) and ExpiresAt, when given, overrides the tier's lifetime.
type MemoryInput struct {
	Type       string     `json:"type,omitempty"`
	Title      string     `json:"title,omitempty"`
	Content    string     `json:"content"`
	Subject    string     `json:"subject,omitempty"`
	Predicate  string     `json:"predicate,omitempty"`
	Tags       []string   `json:"tags,omitempty"`
	Importance *float64   `json:"importance,omitempty"`
	Confidence *float64   `json:"confidence,omitempty"`
	Tier       string     `json:"tier,omitempty"`
	ExpiresAt  *time.Time `json:"expiresAt,omitempty"`
	Source     *Source    `json:"source,omitempty"`
	Card       *Card      `json:"card,omitempty"`
}

// Remember stores memories in one transaction: all of them, or (on any invalid one) none,
// with the error naming the first bad field as "memories[i].field". It returns the stored
// records in input order.
func (n *Namespace) Remember(ctx context.Context, in ...MemoryInput) ([]*Memory, error) {
	return n.remember(ctx, in, nil)
}

// remember is Remember with a hook: keep, when not nil, runs first inside the
// transaction with the validated memories and returns those to store (the others are
// neither stored nor returned); it may write more in the same transaction.
func (n *Namespace) remember(ctx context.Context, in []MemoryInput, keep func([]*Memory) ([]*Memory, error)) ([]*Memory, error) {
	c := checker{l: n.e.limits}
	c.batch("memories", len(in))
	if c.err != nil {
		return nil, c.err
	}
	now := n.e.clock()
	out := make([]*Memory, len(in))
	for i := range in {
		m, err := n.e.newMemory(n.name, &in[i], now)
		if err != nil {
			return nil, errs.As(err).WithField(fmt.Sprintf("memories[%d]", i))
		}
		out[i] = m
	}
	var vecs map[*Memory][]float32 // nil without an embedder: every lookup is nil
	if n.e.embedder != nil {
		vecs = make(map[*Memory][]float32, len(out))
		texts := make([]string, len(out))
		for i, m := range out {
			texts[i] = embedText(m)
		}
		v, err := n.e.embed(ctx, texts)
		n.e.embedFailed(err)
		for i := range v {
			vecs[out[i]] = v[i]
		}
	}
	err := n.e.tx(ctx, func() error {
		if keep != nil {
			var err error
			if out, err = keep(out); err != nil {
				return err
			}
		}
		for _, m := range out {
			if err := n.e.db.InsertMemory(m, ftsDoc(m)); err != nil {
				return err
			}
			if v := vecs[m]; v != nil {
				if err := n.e.db.PutVector(n.name, m.ID, v); err != nil {
					return err
				}
			}
			if err := n.e.db.AddHistory("create", now, m); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (e *Engine) newMemory(ns string, in *MemoryInput, now time.Time) (*Memory, error) {
	c := checker{l: e.limits}
	m := &Memory{
		ID: e.ids.next(now), Namespace: ns, Type: in.Type, Title: in.Title, Content: in.Content,
		Subject: in.Subject, Predicate: in.Predicate, Tags: in.Tags, Importance: 0.5,
		Confidence: 1, Tier: in.Tier, CreatedAt: now, UpdatedAt: now, Version: 1,
		Source: in.Source, Card: in.Card,
	}
	if m.Type == "" {
		m.Type = TypeNote
	}
	if m.Tags == nil {
		m.Tags = []string{}
	}
	if in.Importance != nil {
		m.Importance = *in.Importance
	}
	if in.Confidence != nil {
		m.Confidence = *in.Confidence
	}
	c.oneOf("type", m.Type, memoryTypes)
	if m.Tier == "" {
		m.Tier = defaultTier[m.Type]
	}
	c.oneOf("tier", m.Tier, tiers)
	c.time("expiresAt", in.ExpiresAt)
	m.ExpiresAt = expiry(m.Tier, in.ExpiresAt, now)
	c.memory(m)
	if c.err != nil {
		return nil, c.err
	}
	return m, nil
}

// memory checks the fields every stored memory must satisfy.
func (c *checker) memory(m *Memory) {
	c.text("content", m.Content, c.l.MaxContentBytes, true)
	c.text("title", m.Title, c.l.MaxFieldBytes, false)
	c.text("subject", m.Subject, c.l.MaxFieldBytes, false)
	c.text("predicate", m.Predicate, c.l.MaxFieldBytes, false)
	c.tags("tags", m.Tags)
	c.unit("importance", m.Importance)
	c.unit("confidence", m.Confidence)
	c.source("source", m.Source)
	c.card("card", m.Card)
}

// expiry is the explicit expiresAt, or now plus the tier's lifetime (nil for permanent).
func expiry(tier string, explicit *time.Time, now time.Time) *time.Time {
	if explicit != nil {
		t := explicit.UTC().Truncate(time.Millisecond)
		return &t
	}
	ttl := tierTTL[tier]
	if ttl == 0 {
		return nil
	}
	t := now.Add(ttl)
	return &t
}

// ftsDoc is what the FTS index stores of m: subject, predicate and tags share the
// subject column, weighted above content.
func ftsDoc(m *Memory) store.FTSDoc {
	subj := text.AppendTokens(nil, m.Subject)
	subj = text.AppendTokens(subj, m.Predicate)
	for _, t := range m.Tags {
		subj = text.AppendTokens(subj, t)
	}
	return store.FTSDoc{
		Title:   text.Join(text.Tokens(m.Title)),
		Subject: text.Join(subj),
		Content: text.Join(text.Tokens(m.Content)),
	}
}

// Get returns the memory with id, expired or not; not_found when the namespace has none.
func (n *Namespace) Get(ctx context.Context, id string) (*Memory, error) {
	c := checker{l: n.e.limits}
	c.id("id", id)
	if c.err != nil {
		return nil, c.err
	}
	var m *Memory
	err := n.e.do(ctx, func() (err error) {
		m, err = n.e.db.GetMemory(n.name, id)
		if m != nil {
			n.e.overlay(m)
		}
		return err
	})
	if err == nil && m == nil {
		err = notFound("id", id)
	}
	return m, err
}

func notFound(field, id string) error {
	return errs.New(errs.NotFound, field, "no memory %q in this namespace", id)
}

// History returns every change of memory id, oldest first. It works after a forget
// (the last entry has op "forget") but not after a forget with purge (not_found).
func (n *Namespace) History(ctx context.Context, id string) ([]HistoryEntry, error) {
	c := checker{l: n.e.limits}
	c.id("id", id)
	if c.err != nil {
		return nil, c.err
	}
	var h []HistoryEntry
	err := n.e.do(ctx, func() (err error) {
		h, err = n.e.db.History(n.name, id)
		return err
	})
	if err == nil && len(h) == 0 {
		err = notFound("id", id)
	}
	return h, err
}
