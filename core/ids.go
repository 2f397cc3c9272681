package core

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"sync"
	"time"

	"github.com/memcore/memcore/core/internal/errs"
)

// idGen makes ULIDs: 48 bits of Unix milliseconds and 80 random bits in Crockford base32,
// 26 characters that sort by creation. Within one millisecond the random part is
// incremented, so ids from one engine are strictly increasing even with a frozen clock.
type idGen struct {
	mu   sync.Mutex
	last uint64 // ms of the previous id
	hi   uint16 // random part, high 16 bits
	lo   uint64 // random part, low 64 bits
}

const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

func (g *idGen) next(now time.Time) string {
	g.mu.Lock()
	defer g.mu.Unlock()
	ms := uint64(now.UnixMilli())
	if ms <= g.last {
		ms = g.last // never go back in time, even if the clock does
		g.lo++
		if g.lo == 0 {
			g.hi++
		}
	} else {
		var b [10]byte
		rand.Read(b[:])
		g.hi = binary.BigEndian.Uint16(b[:2])
		g.lo = binary.BigEndian.Uint64(b[2:])
		g.last = ms
	}
	var out [26]byte
	// 128 bits: ms (48) | hi (16) | lo (64), written as 26 base32 digits (130 bits, top 2 zero).
	v := [2]uint64{ms<<16 | uint64(g.hi), g.lo}
	for i := 25; i >= 0; i-- {
		out[i] = crockford[v[1]&31]
		v[1] = v[1]>>5 | v[0]<<59
		v[0] >>= 5
	}
	return string(out[:])
}

// MaxIDBytes bounds an id.
const MaxIDBytes = 128

// idShape says what is wrong with id as the id of a memory, a turn or an episode, and its code, or ""
// when it is one that can exist. The engine makes ULIDs (26 characters of Crockford
// base32); an import may bring the ids of another system ("m1", "mem_42", a UUID), so
// an id that can exist is 1 to MaxIDBytes ASCII letters, digits, '-', '_', '.' and ':'.
// Anything else (white space, control characters, quotes, non-ASCII, FTS5 or SQL
// syntax) cannot name a stored record: asking for it is invalid_argument, not
// not_found, so a host that mangled an id hears so instead of "gone".
//
// A longer id is too_large, as any text over its limit is.
func idShape(id string) (errs.Code, string) {
	switch {
	case id == "":
		return errs.InvalidArgument, "must not be empty"
	case len(id) > MaxIDBytes:
		return errs.TooLarge, fmt.Sprintf("is %d bytes, the limit is %d", len(id), MaxIDBytes)
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == ':' {
			continue
		}
		return errs.InvalidArgument, fmt.Sprintf("is not an id: an id is ASCII letters, digits, '-', '_', '.' and ':' (byte %d is %q)", i, c)
	}
	return "", ""
}
