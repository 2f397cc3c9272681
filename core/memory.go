package core

import (
	"context"
	"encoding/json"
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
	// Key names the memory in its namespace: when a memory has this key already, the
	// input updates it (with Strategy) instead of creating one — an upsert.
	Key string `json:"key,omitempty"`
	// Metadata is a JSON object of the caller's (at most MaxMetadataBytes).
	Metadata json.RawMessage `json:"metadata,omitempty"`
	// Strategy is how an input whose Key is known updates that memory (overwrite,
	// append, merge; see the Strategy constants).
	Strategy string `json:"strategy,omitempty"`
	// ExpectVersion, with Key, makes the remember fail with conflict unless the memory of
	// that key is at this version (0: any; a key no memory has is a conflict too).
	ExpectVersion int64 `json:"expectVersion,omitempty"`
}

// Remember stores memories in one transaction: all of them, or (on any invalid one) none,
// with the error naming the first bad field as "memories[i].field". It returns the stored
// records in input order.
func (n *Namespace) Remember(ctx context.Context, in ...MemoryInput) ([]*Memory, error) {
	r, err := n.remember(ctx, in, nil)
	if err != nil {
		return nil, err
	}
	return r.Memories, nil
}

// RememberDetailed is Remember, also saying what else the call changed: the memories
// the new ones superseded, those updated through their key, those evicted by a quota.
func (n *Namespace) RememberDetailed(ctx context.Context, in ...MemoryInput) (*RememberResult, error) {
	return n.remember(ctx, in, nil)
}

// RememberResult is what a remember stored and what else it changed.
type RememberResult struct {
	// Memories are the stored records in input order (for an input whose key was known,
	// the updated memory).
	Memories []*Memory `json:"memories"`
	// Superseded lists the live memories with the subject and predicate of a new one:
	// each now has supersededBy and is no longer recalled.
	Superseded []Supersession `json:"superseded,omitempty"`
	// Upserted are the ids of memories updated because their key was given.
	Upserted []string `json:"upserted,omitempty"`
	// Evicted are the memories a quota with eviction forgot to make room.
	Evicted []string `json:"evicted,omitempty"`
}

// remember is Remember with a hook: keep, when not nil, runs first inside the
// transaction with the validated memories and returns those to store (the others are
// neither stored nor returned); it may write more in the same transaction.
func (n *Namespace) remember(ctx context.Context, in []MemoryInput, keep func([]*Memory) ([]*Memory, error)) (*RememberResult, error) {
	c := checker{l: n.e.limits}
	c.batch("memories", len(in))
	if c.err != nil {
		return nil, c.err
	}
	now := n.e.clock()
	out := make([]*Memory, len(in))
	inputs := make(map[*Memory]int, len(in))
	for i := range in {
		m, err := n.e.newMemory(n.name, &in[i], now)
		if err != nil {
			return nil, errs.As(err).WithField(fmt.Sprintf("memories[%d]", i))
		}
		out[i] = m
		inputs[m] = i
	}
	var vecs map[string][]float32 // by embedded text; nil without an embedder
	if n.e.embedder != nil {
		texts := make([]string, len(out))
		for i, m := range out {
			texts[i] = embedText(m)
		}
		vecs = n.embedCached(ctx, texts)
	}
	res := &RememberResult{}
	err := n.e.tx(ctx, func() error {
		*res = RememberResult{}
		if keep != nil {
			var err error
			if out, err = keep(out); err != nil {
				return err
			}
		}
		fresh := map[string]bool{}
		for i, m := range out {
			src := &in[inputs[m]]
			field := fmt.Sprintf("memories[%d]", inputs[m])
			if m.Key != "" {
				up, err := n.upsert(m, src, field, now, vecs)
				if err != nil {
					return err
				}
				if up != nil {
					out[i], m = up, up
					res.Upserted = append(res.Upserted, m.ID)
					fresh[m.ID] = true
					sup, err := n.supersede(m, now)
					if err != nil {
						return err
					}
					res.Superseded = append(res.Superseded, sup...)
					continue
				}
			}
			if src.ExpectVersion != 0 {
				return errs.New(errs.Conflict, field+".expectVersion", "no memory has the key %q, so it is at no version", m.Key)
			}
			if err := n.e.db.InsertMemory(m, ftsDoc(m)); err != nil {
				return err
			}
			if v := vecs[embedText(m)]; v != nil {
				if err := n.e.db.PutVector(n.name, m.ID, v); err != nil {
					return err
				}
			}
			fresh[m.ID] = true
			sup, err := n.supersede(m, now)
			if err != nil {
				return err
			}
			res.Superseded = append(res.Superseded, sup...)
		}
		if err := n.putEmbeddings(vecs); err != nil {
			return err
		}
		ev, err := n.enforceQuota(fresh, now)
		res.Evicted = ev
		return err
	})
	if err != nil {
		return nil, err
	}
	res.Memories = out
	return res, nil
}

// upsert updates the memory that has m's key with the input it came from, and returns
// it; nil when no memory has the key (m is then created).
func (n *Namespace) upsert(m *Memory, in *MemoryInput, field string, now time.Time, vecs map[string][]float32) (*Memory, error) {
	cur, err := n.e.db.MemoryByKey(n.name, m.Key)
	if err != nil || cur == nil {
		return nil, err
	}
	if in.ExpectVersion != 0 && in.ExpectVersion != cur.Version {
		return nil, errs.New(errs.Conflict, field+".expectVersion", "the memory of key %q (%s) is at version %d, not %d", m.Key, cur.ID, cur.Version, in.ExpectVersion)
	}
	old := *cur
	before, beforeText := ftsDoc(cur), embedText(cur)
	p := inputPatch(in)
	// A keyed write is the key's current value: it is live again, and supersedes what
	// its subject and predicate name (the caller's supersede).
	cur.SupersededBy = ""
	if err := n.e.applyPatch(cur, &p, in.Strategy, now); err != nil {
		return nil, errs.As(err).WithField(field)
	}
	var doc *store.FTSDoc
	if after := ftsDoc(cur); after != before {
		doc = &after
	}
	if err := n.e.db.UpdateMemory(cur, doc); err != nil {
		return nil, err
	}
	if t := embedText(cur); vecs[t] != nil {
		err = n.e.db.PutVector(n.name, cur.ID, vecs[t])
	} else if t != beforeText {
		err = n.e.db.DeleteVector(n.name, cur.ID)
	}
	if err != nil {
		return nil, err
	}
	return cur, n.e.db.AddChange(now, &old, cur)
}

func (e *Engine) newMemory(ns string, in *MemoryInput, now time.Time) (*Memory, error) {
	c := checker{l: e.limits}
	m := &Memory{
		ID: e.ids.next(now), Namespace: ns, Type: in.Type, Title: in.Title, Content: in.Content,
		Subject: in.Subject, Predicate: in.Predicate, Tags: in.Tags, Importance: 0.5,
		Confidence: 1, Tier: in.Tier, CreatedAt: now, UpdatedAt: now, Version: 1,
		Source: in.Source, Card: in.Card, Key: in.Key,
	}
	c.key("key", in.Key)
	m.Metadata = c.metadata("metadata", in.Metadata)
	c.strategy("strategy", in.Strategy)
	if in.ExpectVersion < 0 {
		c.fail(errs.InvalidArgument, "expectVersion", "must be a positive version")
	} else if in.ExpectVersion > 0 && in.Key == "" {
		c.fail(errs.InvalidArgument, "expectVersion", "needs a key: a new memory has no version to expect")
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
	content := text.Tokens(m.Content)
	if k := m.Card; k != nil {
		// A card counts: its person and relationship are searched like the subject,
		// its backstory like the content.
		subj = text.AppendTokens(subj, k.Person)
		subj = text.AppendTokens(subj, k.Relationship)
		content = text.AppendTokens(content, k.Backstory)
	}
	return store.FTSDoc{
		Title:   text.Join(text.Tokens(m.Title)),
		Subject: text.Join(subj),
		Content: text.Join(content),
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
