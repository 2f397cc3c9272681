package core

import "time"

// Recall heat is written lazily. Counting an access is a write, and a durable commit
// (an fsync) per recall would cost more than the recall itself at 100k memories. So a
// recall records its accesses here; they are written at the start of the next write
// transaction, when maxPendingTouches memories wait, and at Close. Every read overlays
// the pending counts, so callers never see a stale accessCount; a crash loses at most
// the pending bumps, which are a ranking signal, not data.

// maxPendingTouches bounds how many memories' accesses wait before they are written.
const maxPendingTouches = 256

type touchKey struct{ ns, id string }

type touch struct {
	count int64
	last  time.Time
}

// addTouch records one access of memory id of ns at time at. The engine is locked.
func (e *Engine) addTouch(ns, id string, at time.Time) {
	if e.touches == nil {
		e.touches = map[touchKey]touch{}
	}
	k := touchKey{ns, id}
	t := e.touches[k]
	t.count++
	t.last = at
	e.touches[k] = t
}

// overlay adds m's pending accesses to it. The engine is locked.
func (e *Engine) overlay(m *Memory) {
	if t, ok := e.touches[touchKey{m.Namespace, m.ID}]; ok {
		m.AccessCount += t.count
		last := t.last
		m.LastAccessedAt = &last
	}
}

// writeTouches writes the pending accesses; it runs inside a transaction, and the caller
// forgets them only once that transaction has committed.
func (e *Engine) writeTouches() error {
	for k, t := range e.touches {
		if err := e.db.Touch(k.ns, k.id, t.count, t.last); err != nil {
			return err
		}
	}
	return nil
}

// flushTouches writes the pending accesses in a transaction of their own. The engine is
// locked.
func (e *Engine) flushTouches() error {
	if len(e.touches) == 0 {
		return nil
	}
	if err := e.db.Tx(e.writeTouches); err != nil {
		return err
	}
	e.touches = nil
	return nil
}
