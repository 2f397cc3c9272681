package core

import (
	"context"
	"encoding/json"
	"time"

	"github.com/memcore/memcore/core/internal/errs"
)

// MemoryPatch changes some fields of a memory; nil fields are left as they are. Setting
// Tier or ExpiresAt recomputes the expiry (from now, for a tier); nothing else touches it.
// SupersededBy names the memory that replaces this one ("" clears it): a superseded
// memory is no longer recalled or listed unless asked for.
type MemoryPatch struct {
	Type         *string    `json:"type,omitempty"`
	Title        *string    `json:"title,omitempty"`
	Content      *string    `json:"content,omitempty"`
	Subject      *string    `json:"subject,omitempty"`
	Predicate    *string    `json:"predicate,omitempty"`
	Tags         *[]string  `json:"tags,omitempty"`
	Importance   *float64   `json:"importance,omitempty"`
	Confidence   *float64   `json:"confidence,omitempty"`
	Tier         *string    `json:"tier,omitempty"`
	ExpiresAt    *time.Time `json:"expiresAt,omitempty"`
	Source       *Source    `json:"source,omitempty"`
	Card         *Card      `json:"card,omitempty"`
	SupersededBy *string    `json:"supersededBy,omitempty"`
	// Key sets the memory's key ("" removes it); another memory of the namespace with
	// that key is a conflict.
	Key *string `json:"key,omitempty"`
	// Metadata replaces the metadata object ({} removes it), or with StrategyMerge is
	// united with it.
	Metadata json.RawMessage `json:"metadata,omitempty"`
}

// UpdateOptions qualify an update.
type UpdateOptions struct {
	// ExpectVersion, when not 0, makes the update fail with conflict unless the stored
	// version is this one (optimistic concurrency between agents sharing a memory).
	ExpectVersion int64 `json:"expectVersion,omitempty"`
	// Strategy is how the patch combines with the memory: StrategyOverwrite (default),
	// StrategyAppend or StrategyMerge.
	Strategy string `json:"strategy,omitempty"`
}

// UpdateResult is an update's memory and what it superseded (a patch that gives the
// memory the subject and predicate of other live memories supersedes them).
type UpdateResult struct {
	Memory     *Memory        `json:"memory"`
	Superseded []Supersession `json:"superseded,omitempty"`
}

// Update applies patch to memory id, bumps its version and records the change in its
// history. It returns the updated memory.
func (n *Namespace) Update(ctx context.Context, id string, patch MemoryPatch, o UpdateOptions) (*Memory, error) {
	r, err := n.UpdateDetailed(ctx, id, patch, o)
	if err != nil {
		return nil, err
	}
	return r.Memory, nil
}

// UpdateDetailed is Update, also saying which memories the updated one superseded.
func (n *Namespace) UpdateDetailed(ctx context.Context, id string, patch MemoryPatch, o UpdateOptions) (*UpdateResult, error) {
	c := checker{l: n.e.limits}
	o.Strategy = c.strategy("strategy", o.Strategy)
	c.id("id", id)
	if patch.SupersededBy != nil && *patch.SupersededBy != "" {
		c.id("patch.supersededBy", *patch.SupersededBy)
	}
	if o.ExpectVersion < 0 {
		c.fail(errs.InvalidArgument, "expectVersion", "must be a positive version")
	}
	if c.err != nil {
		return nil, c.err
	}
	// A new text is embedded before the transaction: the host's embedder may be slow (a
	// network call, an awaited JS promise) and must not hold the write lock.
	var vec []float32
	var vecText string
	if n.e.embedder != nil && (patch.Content != nil || patch.Title != nil) {
		if cur, err := n.Get(ctx, id); err == nil {
			next := *cur
			n.e.applyText(&next, &patch)
			if o.Strategy == StrategyAppend && patch.Content != nil {
				next.Content = appendDated(cur.Content, *patch.Content, n.e.clock())
			}
			vecText = embedText(&next)
			vec = n.embedCached(ctx, []string{vecText})[vecText]
		}
	}
	out := &UpdateResult{}
	err := n.e.tx(ctx, func() error {
		m, err := n.e.db.GetMemory(n.name, id)
		if err != nil {
			return err
		}
		if m == nil {
			return notFound("id", id)
		}
		if o.ExpectVersion != 0 && o.ExpectVersion != m.Version {
			return errs.New(errs.Conflict, "expectVersion", "memory %s is at version %d, not %d", id, m.Version, o.ExpectVersion)
		}
		old := *m
		before, beforeText := ftsDoc(m), embedText(m)
		now := n.e.clock()
		if err := n.e.applyPatch(m, &patch, o.Strategy, now); err != nil {
			return errs.As(err).WithField("patch")
		}
		if err := n.checkKeyFree(m, "patch.key"); err != nil {
			return err
		}
		if patch.SupersededBy != nil && *patch.SupersededBy != "" {
			if *patch.SupersededBy == id {
				return errs.New(errs.InvalidArgument, "patch.supersededBy", "a memory cannot supersede itself")
			}
			if other, err := n.e.db.GetMemory(n.name, *patch.SupersededBy); err != nil {
				return err
			} else if other == nil {
				return notFound("patch.supersededBy", *patch.SupersededBy)
			}
		}
		after := ftsDoc(m)
		doc := &after
		if after == before {
			doc = nil // the index already holds these tokens
		}
		if err := n.e.db.UpdateMemory(m, doc); err != nil {
			return err
		}
		if newText := embedText(m); vec != nil && newText == vecText {
			if err = n.e.db.PutVector(n.name, id, vec); err == nil {
				err = n.putEmbeddings(map[string][]float32{vecText: vec})
			}
		} else if newText != beforeText {
			// The text changed and has no embedding of its own: a stale vector would
			// recall the memory for what it no longer says.
			err = n.e.db.DeleteVector(n.name, id)
		}
		if err != nil {
			return err
		}
		out.Memory = m
		if err := n.e.db.AddChange(now, &old, m); err != nil {
			return err
		}
		if m.Subject != old.Subject || m.Predicate != old.Predicate {
			out.Superseded, err = n.supersede(m, now)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (e *Engine) applyPatch(m *Memory, p *MemoryPatch, strategy string, now time.Time) error {
	c := checker{l: e.limits}
	oldContent, oldTags := m.Content, m.Tags
	set := func(dst *string, v *string) {
		if v != nil {
			*dst = *v
		}
	}
	set(&m.Type, p.Type)
	e.applyText(m, p)
	set(&m.Subject, p.Subject)
	set(&m.Predicate, p.Predicate)
	set(&m.SupersededBy, p.SupersededBy)
	if p.Tags != nil {
		m.Tags = *p.Tags
		if m.Tags == nil {
			m.Tags = []string{}
		}
	}
	if p.Key != nil {
		c.key("key", *p.Key)
		m.Key = *p.Key
	}
	if p.Metadata != nil {
		meta := c.metadata("metadata", p.Metadata)
		if strategy == StrategyMerge {
			var err error
			if meta, err = mergeMetadata(m.Metadata, meta); err != nil {
				c.fail(errs.InvalidArgument, "metadata", "cannot merge with the stored metadata: %v", err)
			}
		}
		if len(meta) > MaxMetadataBytes {
			c.fail(errs.TooLarge, "metadata", "merged, it is %d bytes of JSON, the limit is %d", len(meta), MaxMetadataBytes)
		}
		m.Metadata = meta
	}
	switch strategy {
	case StrategyAppend:
		if p.Content != nil {
			m.Content = appendDated(oldContent, *p.Content, now)
		}
	case StrategyMerge:
		if p.Tags != nil {
			m.Tags = unionTags(oldTags, m.Tags)
		}
	}
	if p.Importance != nil {
		m.Importance = *p.Importance
	}
	if p.Confidence != nil {
		m.Confidence = *p.Confidence
	}
	if p.Source != nil {
		m.Source = p.Source
	}
	if p.Card != nil {
		m.Card = p.Card
	}
	c.oneOf("type", m.Type, memoryTypes)
	if p.Tier != nil || p.ExpiresAt != nil {
		set(&m.Tier, p.Tier)
		c.oneOf("tier", m.Tier, tiers)
		c.time("expiresAt", p.ExpiresAt)
		m.ExpiresAt = expiry(m.Tier, p.ExpiresAt, now)
	}
	c.text("supersededBy", m.SupersededBy, 128, false)
	c.memory(m)
	if c.err != nil {
		return c.err
	}
	m.Version++
	m.UpdatedAt = now
	return nil
}

// applyText sets the patch's title and content, the fields that are embedded.
func (e *Engine) applyText(m *Memory, p *MemoryPatch) {
	if p.Title != nil {
		m.Title = *p.Title
	}
	if p.Content != nil {
		m.Content = *p.Content
	}
}
