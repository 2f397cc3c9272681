package core

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/facts"
	"github.com/memcore/memcore/core/internal/store"
)

// Filter selects memories of a namespace; every set field must match (tags: any of them).
// Expired and superseded memories are left out unless included.
type Filter struct {
	Types             []string   `json:"types,omitempty"`
	Tags              []string   `json:"tags,omitempty"`
	Tier              string     `json:"tier,omitempty"`
	CreatedAfter      *time.Time `json:"createdAfter,omitempty"`  // inclusive
	CreatedBefore     *time.Time `json:"createdBefore,omitempty"` // exclusive
	IncludeExpired    bool       `json:"includeExpired,omitempty"`
	IncludeSuperseded bool       `json:"includeSuperseded,omitempty"`
	// Metadata matches the memories whose metadata has each of its top-level keys with
	// an equal JSON value (type and value: 1 is not true, "1" is not 1).
	Metadata json.RawMessage `json:"metadata,omitempty"`
}

// ListOptions page through a list.
type ListOptions struct {
	Filter
	Limit  int    `json:"limit,omitempty"`  // default 50
	Cursor string `json:"cursor,omitempty"` // NextCursor of the previous page
}

// ListResult is one page, newest first.
type ListResult struct {
	Memories   []*Memory `json:"memories"`
	NextCursor string    `json:"nextCursor,omitempty"` // "" on the last page
}

func (c *checker) filter(field string, f *Filter) {
	if len(f.Types) > len(memoryTypes) {
		// There are seven types: a longer list is a host's bug (or an attack on the query).
		c.fail(errs.TooLarge, field+"types", "has %d types, there are only %d", len(f.Types), len(memoryTypes))
	}
	for i, t := range f.Types {
		c.oneOf(fmt.Sprintf("%stypes[%d]", field, i), t, memoryTypes)
	}
	c.tags(field+"tags", f.Tags)
	if f.Tier != "" {
		c.oneOf(field+"tier", f.Tier, tiers)
	}
	c.time(field+"createdAfter", f.CreatedAfter)
	c.time(field+"createdBefore", f.CreatedBefore)
	f.Metadata = c.metadata(field+"metadata", f.Metadata)
}

func (f *Filter) store(now time.Time) store.Filter {
	return store.Filter{
		Types: f.Types, Tags: f.Tags, Tier: f.Tier, CreatedAfter: f.CreatedAfter,
		CreatedBefore: f.CreatedBefore, Now: now, IncludeExpired: f.IncludeExpired,
		IncludeSuperseded: f.IncludeSuperseded, Metadata: string(f.Metadata),
	}
}

// List returns one page of the memories matching o.Filter, newest first.
func (n *Namespace) List(ctx context.Context, o ListOptions) (*ListResult, error) {
	c := checker{l: n.e.limits}
	c.filter("", &o.Filter)
	limit := c.limit("limit", o.Limit, 50)
	c.text("cursor", o.Cursor, 128, false)
	if c.err != nil {
		return nil, c.err
	}
	res := &ListResult{}
	err := n.e.do(ctx, func() (err error) {
		// One extra row tells whether there is a next page.
		res.Memories, err = n.e.db.ListMemories(n.name, o.Filter.store(n.e.clock()), o.Cursor, limit+1)
		for _, m := range res.Memories {
			n.e.overlay(m)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	if len(res.Memories) > limit {
		res.Memories = res.Memories[:limit]
		res.NextCursor = res.Memories[limit-1].ID
	}
	if res.Memories == nil {
		res.Memories = []*Memory{}
	}
	return res, nil
}

// ForgetOptions say what to forget: exactly one of ID, IDs or Filter.
type ForgetOptions struct {
	ID     string   `json:"id,omitempty"`
	IDs    []string `json:"ids,omitempty"`
	Filter *Filter  `json:"filter,omitempty"`
	// Purge also drops the memories' history and rewrites the full-text index (which
	// otherwise keeps a deleted row's terms until a merge), so no copy of their text
	// remains in the file.
	Purge bool `json:"purge,omitempty"`
	// AlsoTurns, with Purge, also deletes the turns the memories were learned from
	// (source.turnIds of every version) and the copies compaction stored of them.
	AlsoTurns bool `json:"alsoTurns,omitempty"`
}

// ForgetResult lists what was forgotten.
type ForgetResult struct {
	Forgotten int      `json:"forgotten"`
	IDs       []string `json:"ids"`
	// Receipt says what was removed, where, how many (see ForgetReceipt).
	Receipt *ForgetReceipt `json:"receipt"`
}

// Forget deletes memories and their index entries in one transaction. Naming an id that
// does not exist is not_found and forgets nothing. A filter also matches expired and
// superseded memories, and must set at least one criterion, so that an empty filter
// cannot wipe a namespace.
func (n *Namespace) Forget(ctx context.Context, o ForgetOptions) (*ForgetResult, error) {
	c := checker{l: n.e.limits}
	given := 0
	if o.ID != "" {
		given++
		c.id("id", o.ID)
	}
	if o.IDs != nil {
		given++
		c.batch("ids", len(o.IDs))
		for i, id := range o.IDs {
			c.id(fmt.Sprintf("ids[%d]", i), id)
		}
	}
	if o.Filter != nil {
		given++
		c.filter("filter.", o.Filter)
		f := o.Filter
		if len(f.Types) == 0 && len(f.Tags) == 0 && f.Tier == "" && f.CreatedAfter == nil && f.CreatedBefore == nil && len(f.Metadata) == 0 {
			c.fail(errs.InvalidArgument, "filter", "a forget filter needs at least one of types, tags, tier, createdAfter, createdBefore, metadata")
		}
	}
	if given != 1 {
		c.fail(errs.InvalidArgument, "id", "give exactly one of id, ids or filter")
	}
	if o.AlsoTurns && !o.Purge {
		c.fail(errs.InvalidArgument, "alsoTurns", "alsoTurns deletes turns, which only a purge does: set purge too")
	}
	if c.err != nil {
		return nil, c.err
	}
	ids := slices.Compact(slices.Sorted(slices.Values(o.IDs)))
	if o.ID != "" {
		ids = []string{o.ID}
	}
	res := &ForgetResult{IDs: []string{}}
	err := n.e.tx(ctx, func() error {
		rc := &ForgetReceipt{Documents: []DocumentLines{}}
		res.Receipt = rc
		turnsGone := false
		now := n.e.clock()
		if o.Filter != nil {
			f := o.Filter.store(now)
			f.IncludeExpired, f.IncludeSuperseded = true, true
			var err error
			if ids, err = n.e.db.MatchingIDs(n.name, f); err != nil {
				return err
			}
		}
		for _, id := range ids {
			m, err := n.e.db.GetMemory(n.name, id)
			if err != nil {
				return err
			}
			if m == nil && slices.Contains(res.Receipt.EpisodeMemories, id) {
				// Purged a moment ago with an episode of an earlier memory's session (the
				// receipt lists it): a filter or ids that also named it get no not_found.
				continue
			}
			forgotten := false
			if m == nil && o.Purge && o.Filter == nil {
				// Forgotten earlier without purge (a plain forget, decay, a quota's
				// eviction): the row is gone but its history keeps the last text, and
				// a purge by id is the only way to remove it (purge.go, forgottenState).
				if m, err = n.forgottenState(id); err != nil {
					return err
				}
				forgotten = m != nil
			}
			if m == nil {
				field := "id"
				if o.IDs != nil {
					// ids were sorted: name the id where the caller put it.
					field = fmt.Sprintf("ids[%d]", slices.Index(o.IDs, id))
				}
				return notFound(field, id)
			}
			v, err := n.e.db.VectorCount(n.name, id)
			if err != nil {
				return err
			}
			rc.Vectors += v
			if o.Purge {
				gone, err := n.purgeDerived(m, rc, o.AlsoTurns)
				if err != nil {
					return err
				}
				turnsGone = turnsGone || gone
				h, err := n.e.db.HistoryRows(n.name, id)
				if err != nil {
					return err
				}
				rc.HistoryEntries += h
			}
			if _, err := n.e.db.DeleteMemory(n.name, id); err != nil {
				return err
			}
			if !forgotten {
				rc.Memories++
			}
			if o.Purge {
				err = n.e.db.PurgeHistory(n.name, id)
			} else if err = n.e.db.AddHistory("forget", now, m); err == nil {
				err = n.unindex(m, rc) // forget_index.go
			}
			if err != nil {
				return err
			}
			res.IDs = append(res.IDs, id)
		}
		res.Forgotten = len(res.IDs)
		if o.Purge && res.Forgotten > 0 {
			// The FTS index keeps a deleted row's terms until it is rewritten.
			rc.IndexRewritten = true
			if err := n.e.db.PurgeIndex(); err != nil {
				return err
			}
		}
		if turnsGone {
			return n.e.db.PurgeTurnIndex()
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if o.Purge && res.Forgotten > 0 {
		facts.ForgetScope(n.cacheScope()) // extraction's cache of messages read holds their text
	}
	return res, nil
}
