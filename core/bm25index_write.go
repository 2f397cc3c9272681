// Keeping the in-memory index in step with writes (moved from bm25index.go): adding a
// row, removing one, patching a row another write changed, and the term comparison that
// lets a patch keep a row in place.

package core

import (
	"fmt"

	"github.com/memcore/memcore/core/internal/store"
)

// indexAdd adds row r (not yet in x) to x when it is of x's namespace; cache says whether
// its tokenized terms are kept in bm25GoState.docs (not while a build reads every row).
func (e *Engine) indexAdd(x *memIndex, r *store.IndexRow, cache bool) error {
	if r.Namespace != x.ns {
		return nil // the database is no longer the namespace's alone: st says so at the next recall
	}
	d, err := e.bm25go.termsOf(&r.Text, cache)
	if err != nil {
		return fmt.Errorf("memory row %d: %w", r.Fields.Rowid, err)
	}
	ns := make([][3]uint16, len(d.terms))
	for k, t := range d.terms {
		for c, n := range t.n {
			if !fitsCount(n) {
				x.bad = true
				return errIndexHold
			}
			ns[k][c] = uint16(n)
		}
	}
	if len(x.post)+len(d.terms) >= tfMaxID || (len(x.free) == 0 && len(x.rows) >= tfMaxID) {
		x.bad = true
		return errIndexHold
	}
	row := idxRow{f: r.Fields, expiresMS: r.ExpiresMS, hasExpires: r.HasExpires, superseded: r.Superseded,
		dl: int32(d.dl), terms: make([]uint32, len(d.terms))}
	var s int32
	if k := len(x.free); k > 0 {
		s, x.free = x.free[k-1], x.free[:k-1]
	} else {
		s = int32(len(x.rows))
		x.rows = append(x.rows, idxRow{})
		x.hit = append(x.hit, 0)
	}
	for k, t := range d.terms {
		id, ok := x.dict[t.stem]
		if !ok {
			id = int32(len(x.post))
			x.dict[t.stem] = id
			x.post = append(x.post, nil)
			x.tmax = append(x.tmax, [3]uint16{})
		}
		for c, n := range ns[k] {
			x.tmax[id][c] = max(x.tmax[id][c], n) // not lowered when rows leave: still a bound
		}
		post, term := x.pair(s, uint32(id), ns[k])
		row.terms[k] = term
		x.post[id] = append(x.post[id], post)
	}
	x.rows[s] = row
	x.slot[r.Fields.Rowid] = s
	return nil
}

// remove takes the row in slot s out of x.
func (x *memIndex) remove(s int32) {
	row := &x.rows[s]
	for _, v := range row.terms {
		id := v >> 8
		p := x.post[id]
		for i := range p {
			if int32(p[i]>>8) == s {
				p[i] = p[len(p)-1]
				x.post[id] = p[:len(p)-1]
				break
			}
		}
		if uint8(v) == tfEscape {
			delete(x.big, bigKey(s, id))
		}
	}
	delete(x.slot, row.f.Rowid)
	*row = idxRow{}
	x.free = append(x.free, s)
}

// indexPatch reads the memory of rowid again into x: gone, moved to another namespace,
// or changed. A row whose indexed text is unchanged (recall heat, importance, expiry,
// supersession) keeps its postings.
func (e *Engine) indexPatch(x *memIndex, rowid int64) error {
	delete(x.whole, rowid)
	s, had := x.slot[rowid]
	found, err := e.db.IndexRowByRowid(rowid, func(r *store.IndexRow) error {
		if had && r.Namespace == x.ns {
			d, err := e.bm25go.terms(&r.Text)
			if err != nil {
				return fmt.Errorf("memory row %d: %w", rowid, err)
			}
			if row := &x.rows[s]; x.sameTerms(s, d) {
				row.f, row.expiresMS, row.hasExpires, row.superseded = r.Fields, r.ExpiresMS, r.HasExpires, r.Superseded
				return nil
			}
		}
		if had {
			x.remove(s)
		}
		return e.indexAdd(x, r, true)
	})
	if err == errIndexHold {
		return nil // x.bad is set
	}
	if !found && had {
		x.remove(s)
	}
	return err
}

// sameTerms says whether the row of slot s holds exactly the terms and counts of d.
func (x *memIndex) sameTerms(s int32, d *docTerms) bool {
	row := &x.rows[s]
	if int(row.dl) != d.dl || len(row.terms) != len(d.terms) {
		return false
	}
	for k, t := range d.terms {
		v := row.terms[k]
		if id, ok := x.dict[t.stem]; !ok || uint32(id) != v>>8 {
			return false
		}
		c := x.counts(s, v>>8, uint8(v))
		for col, n := range t.n {
			if n != int(c[col]) {
				return false
			}
		}
	}
	return true
}
