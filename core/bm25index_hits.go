package core

import (
	"bytes"
	"slices"
)

// Recall's hits read from Go memory (issue 15 item 1).
//
// Once the in-memory index (bm25index.go) has ranked a recall's candidates, what is left
// of SQLite in a recall is reading each hit's whole row (fillHits: one statement and 22
// columns per hit, JSON decoded). An agent recalls the same memories again and again, so
// the index also keeps the whole rows of the hits it returned (memIndex.whole), under
// the same rule as the rest of it: a row the update hook reports is dropped at the next
// sync (indexPatch), a reset drops them all. A cached row is served only within a recall
// whose candidates came from the index just synced (bm25GoState.synced, set by
// matchLexicalIndex and cleared by every matchLexical) and while this connection has
// written no memory since (store.MemoryWritesPending) — so it is the row SQLite holds
// as of that sync, the one that was scored — and always as a copy, since recall's caller
// owns what it is given.

// hitCacheMax bounds the whole rows kept; past it the cache starts again empty.
const hitCacheMax = 1024

// hitMemory returns the whole memory of a partial candidate (nil when it is gone): from
// the index's cache when it may, else read from SQLite (and kept when it may).
func (e *Engine) hitMemory(rowid int64) (*Memory, error) {
	x := e.bm25go.idx
	if x == nil || !e.bm25go.synced || e.db.MemoryWritesPending() {
		return e.db.MemoryByRowid(rowid)
	}
	if m, ok := x.whole[rowid]; ok {
		return cloneMemory(m), nil
	}
	m, err := e.db.MemoryByRowid(rowid)
	if err != nil || m == nil {
		return m, err
	}
	if _, ok := x.slot[rowid]; ok {
		if x.whole == nil || len(x.whole) >= hitCacheMax {
			x.whole = map[int64]*Memory{}
		}
		x.whole[rowid] = cloneMemory(m)
	}
	return m, nil
}

// cloneMemory is a deep copy of m: nothing of it is shared with the copy (nil and empty
// slices stay as they are).
func cloneMemory(m *Memory) *Memory {
	c := *m
	c.Tags = slices.Clone(m.Tags)
	if m.ExpiresAt != nil {
		t := *m.ExpiresAt
		c.ExpiresAt = &t
	}
	if m.LastAccessedAt != nil {
		t := *m.LastAccessedAt
		c.LastAccessedAt = &t
	}
	if m.Source != nil {
		s := *m.Source
		s.TurnIDs = slices.Clone(m.Source.TurnIDs)
		c.Source = &s
	}
	if m.Card != nil {
		k := *m.Card
		c.Card = &k
	}
	c.Metadata = bytes.Clone(m.Metadata)
	return &c
}
