package core

import (
	"math"
	"unsafe"
)

// The in-memory index's compact layout (issue 15 item 2: recall at 100,000 memories).
//
// The first layout held, per (row, term) pair, a posting of 12 bytes (slot and three
// 16-bit counts) and, in the row, the term's id and counts again (10 bytes), plus a
// slice header per row for each list: ~440 bytes a memory on percall.mjs's workload, and
// its build cached every row's tokenized terms besides (bm25GoState.docs, tens of MB at
// 100,000 rows). In the wasm builds linear memory never shrinks, so every byte the index
// holds is a byte of the process's peak (issue 15 item 4: ≤ 250 MB at 100,000).
//
// Now both sides of a pair are one uint32 each: a posting is slot<<8 | code and a row's
// term is id<<8 | code, where code packs the term's count in title (0–3), subject (0–3)
// and content (0–14) into a byte. Counts outside those ranges (rare: a word four times
// in a title, fifteen times in a content) take the code tfEscape and live whole in
// memIndex.big, keyed by slot and term. So 8 bytes a pair, and slots and term ids are
// held below 2^24 (tfMaxID): an index that would need more is not used (memIndex.bad).

// tfEscape is the code of counts kept whole in memIndex.big.
const tfEscape = 0xFF

// tfMaxID bounds slots and term ids: they take the upper 24 bits of a uint32.
const tfMaxID = 1 << 24

// tfCode packs counts n (title, subject, content) into a byte, or tfEscape.
func tfCode(n [3]uint16) uint8 {
	if n[0] <= 3 && n[1] <= 3 && n[2] <= 14 {
		return uint8(n[0]) | uint8(n[1])<<2 | uint8(n[2])<<4
	}
	return tfEscape
}

// bigKey is the key of a pair's counts in memIndex.big.
func bigKey(slot int32, id uint32) uint64 { return uint64(uint32(slot))<<32 | uint64(id) }

// counts returns the counts of term id in the row of slot s, whose code is code.
func (x *memIndex) counts(s int32, id uint32, code uint8) [3]uint16 {
	if code == tfEscape {
		return x.big[bigKey(s, id)]
	}
	return [3]uint16{uint16(code & 3), uint16(code >> 2 & 3), uint16(code >> 4)}
}

// pair returns the packed entries of term id with counts n in the row of slot s — the
// posting (for the term's list) and the row's term — keeping escaped counts in x.big.
func (x *memIndex) pair(s int32, id uint32, n [3]uint16) (post, term uint32) {
	c := tfCode(n)
	if c == tfEscape {
		if x.big == nil {
			x.big = map[uint64][3]uint16{}
		}
		x.big[bigKey(s, id)] = n
	}
	return uint32(s)<<8 | uint32(c), id<<8 | uint32(c)
}

// fitsCount says whether a count fits in the escape's 16 bits.
func fitsCount(n int) bool { return n <= math.MaxUint16 }

// Bytes estimates the Go memory the index holds: its rows, their term lists, the
// postings, the dictionary and the escaped counts (what docs/SCORING.md reports).
func (x *memIndex) Bytes() int {
	n := cap(x.rows)*int(unsafe.Sizeof(idxRow{})) + cap(x.hit)*4 + cap(x.free)*4 + cap(x.freq)*8 + cap(x.seen)*4
	for i := range x.rows {
		r := &x.rows[i]
		n += len(r.f.ID) + cap(r.terms)*4
	}
	n += len(x.slot) * (8 + 4 + 8) // a map entry: key, value, about as much overhead
	for s := range x.dict {
		n += len(s) + 16 + 4 + 12
	}
	n += cap(x.post)*int(unsafe.Sizeof([]uint32{})) + cap(x.tmax)*6
	for _, p := range x.post {
		n += cap(p) * 4
	}
	n += len(x.big) * (8 + 6 + 10)
	for _, m := range x.whole {
		n += int(unsafe.Sizeof(*m)) + 8 + 8 + len(m.ID) + len(m.Namespace) + len(m.Type) + len(m.Title) + len(m.Content) +
			len(m.Subject) + len(m.Predicate) + len(m.Tier) + len(m.Key) + len(m.SupersededBy) + len(m.Metadata)
		for _, t := range m.Tags {
			n += 16 + len(t)
		}
	}
	return n
}
