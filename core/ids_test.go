package core

import (
	"strings"
	"testing"
	"time"
)

// decodeMS returns the millisecond timestamp in the first 10 characters of a ULID.
func decodeMS(t *testing.T, id string) int64 {
	t.Helper()
	var v int64
	for _, c := range id[:10] {
		i := strings.IndexRune(crockford, c)
		if i < 0 {
			t.Fatalf("%q: %q is not Crockford base32", id, c)
		}
		v = v<<5 | int64(i)
	}
	return v
}

func checkID(t *testing.T, id string) {
	t.Helper()
	if len(id) != 26 {
		t.Fatalf("id %q has %d characters, want 26", id, len(id))
	}
	if strings.Trim(id, crockford) != "" {
		t.Fatalf("id %q is not Crockford base32", id)
	}
	if id[0] > '7' {
		t.Fatalf("id %q overflows 128 bits", id)
	}
}

func TestIDGen_frozenClockStrictlyIncreasing(t *testing.T) {
	var g idGen
	now := time.Date(2025, 3, 4, 5, 6, 7, 8e6, time.UTC)
	prev := ""
	for i := range 10000 {
		id := g.next(now)
		checkID(t, id)
		if id <= prev {
			t.Fatalf("id %d %q is not after %q", i, id, prev)
		}
		if ms := decodeMS(t, id); ms != now.UnixMilli() {
			t.Fatalf("id %q encodes ms %d, want %d", id, ms, now.UnixMilli())
		}
		prev = id
	}
}

func TestIDGen_cases(t *testing.T) {
	base := time.Date(2025, 3, 4, 5, 6, 7, 0, time.UTC)
	for _, tc := range []struct {
		name  string
		times []time.Time
	}{
		{"advancing", []time.Time{base, base.Add(time.Millisecond), base.Add(time.Second), base.Add(time.Hour)}},
		{"clock_goes_back", []time.Time{base, base.Add(-time.Hour), base.Add(-time.Millisecond), base}},
		{"sub_millisecond", []time.Time{base, base.Add(time.Microsecond), base.Add(999 * time.Microsecond)}},
		{"epoch", []time.Time{time.UnixMilli(0), time.UnixMilli(1)}},
		{"far_future", []time.Time{time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var g idGen
			prev := ""
			for _, now := range tc.times {
				id := g.next(now)
				checkID(t, id)
				if id <= prev {
					t.Fatalf("id %q at %v is not after %q", id, now, prev)
				}
				if ms := decodeMS(t, id); ms < now.UnixMilli() && prev == "" {
					t.Errorf("first id encodes ms %d, want %d", ms, now.UnixMilli())
				}
				prev = id
			}
		})
	}
}

func TestIDGen_randomAcrossGenerators(t *testing.T) {
	now := time.Now()
	var a, b idGen
	if x, y := a.next(now), b.next(now); x == y || x[:10] != y[:10] {
		t.Errorf("two generators at one ms: %q and %q (same time part, different random part expected)", x, y)
	}
}

func TestIDGen_randomCarry(t *testing.T) {
	var g idGen
	now := time.UnixMilli(1700000000000)
	g.next(now)
	g.lo = ^uint64(0) // the next increment carries into hi
	hi := g.hi
	id1 := g.next(now)
	if g.lo != 0 || g.hi != hi+1 {
		t.Fatalf("carry: lo %d hi %d, want 0 and %d", g.lo, g.hi, hi+1)
	}
	if id2 := g.next(now); id2 <= id1 {
		t.Errorf("after a carry, %q is not after %q", id2, id1)
	}
}
