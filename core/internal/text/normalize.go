package text

import (
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// folders pools case folders: a cases.Caser may keep state between calls and must not be
// shared by goroutines, and building one per call would allocate on the hot path.
var folders = sync.Pool{New: func() any {
	c := cases.Fold()
	return &c
}}

// Normalize returns NFKC + Unicode case-folded s (golang.org/x/text/unicode/norm and
// golang.org/x/text/cases Fold). Invalid UTF-8 bytes become U+FFFD first, one per byte,
// as ranging over the string would decode them.
//
// Why: the same fact typed as "ＡＢＣ", "abc", "Straße" or "STRASSE", with a ligature or
// a halfwidth katakana, must index and match identically. NFKC folds compatibility forms
// (fullwidth, ligatures, circled and halfwidth characters); case folding is the
// locale-independent caseless form (ß → ss), unlike ToLower.
//
// The input is normalised with NFKC, folded, then normalised again: compatibility
// decompositions can produce capitals (㎒ → MHz) and folding can produce sequences that
// compose, so the result is stable: Normalize(Normalize(s)) == Normalize(s).
// Cherokee is folded to its uppercase letters, as Unicode specifies (see foldCherokee).
// Text made only of ASCII, common CJK characters and punctuation takes a fast path
// (see normalizeFast) and is returned without allocating when nothing changes.
func Normalize(s string) string {
	if n, ok := normalizeFast(s); ok {
		return n
	}
	return normalizeSlow(s)
}

// normalizeSlow is the general path of Normalize, for any string.
func normalizeSlow(s string) string {
	if !utf8.ValidString(s) {
		s = replaceInvalid(s)
	}
	s = norm.NFKC.String(s)
	f := folders.Get().(*cases.Caser)
	s = f.String(s)
	folders.Put(f)
	return norm.NFKC.String(foldCherokee(s))
}

// foldCherokee corrects x/text's folding of Cherokee, which swaps the cases instead of
// folding (U+13A0 → U+AB70 → U+13A0), so Normalize would not be idempotent. Unicode's
// CaseFolding.txt folds Cherokee to the uppercase letters, the ones encoded first:
// U+AB70–U+ABBF → U+13A0–U+13EF and U+13F8–U+13FD → U+13F0–U+13F5.
func foldCherokee(s string) string {
	// U+13F8–U+13FD start with E1 8F, U+AB70–U+ABBF with EA AD or EA AE.
	if !strings.Contains(s, "\xe1\x8f") && !strings.Contains(s, "\xea\xad") &&
		!strings.Contains(s, "\xea\xae") {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch {
		case 0xAB70 <= r && r <= 0xABBF:
			return r - 0xAB70 + 0x13A0
		case 0x13F8 <= r && r <= 0x13FD:
			return r - 8
		}
		return r
	}, s)
}

// normalizeFast returns Normalize(s) and true when every rune of s is one whose
// NFKC + case folding is known rune by rune (see fastRune), false otherwise. That covers
// almost all English and Chinese text and most Japanese and Korean text, and is several
// times faster than the general path, which runs two normalisers and a case folder over
// the whole string. It allocates only when something changes, once.
//
// Per-rune mapping is exact for this set because none of its runes has a canonical
// combining class, decomposes further, or composes with the rune before it, so NFKC
// cannot combine neighbours; any other rune sends the whole string to the general path.
func normalizeFast(s string) (string, bool) {
	var b strings.Builder
	changed := false
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				if !changed {
					changed = true
					b.Grow(len(s))
					b.WriteString(s[:i])
				}
				c += 'a' - 'A'
			}
			if changed {
				b.WriteByte(c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		m, ok := fastRune(r)
		if !ok {
			return "", false
		}
		if m != r && !changed {
			changed = true
			b.Grow(len(s))
			b.WriteString(s[:i])
		}
		if changed {
			b.WriteRune(m)
		}
		i += size
	}
	if !changed {
		return s, true
	}
	return b.String(), true
}

// fastRune returns what Normalize maps the non-ASCII rune r to, when r is in the fast
// set: CJK unified ideographs, Hangul syllables, hiragana and katakana letters, ー, the
// common CJK and typographic punctuation, the ideographic space and the fullwidth ASCII
// forms (which NFKC maps to ASCII; letters are then folded to lowercase).
// TestNormalize_fastSet checks every rune of the set against the general path.
func fastRune(r rune) (rune, bool) {
	switch {
	case 0x4E00 <= r && r <= 0x9FFF, // CJK unified ideographs
		0xAC00 <= r && r <= 0xD7A3, // Hangul syllables
		0x3041 <= r && r <= 0x3096, // hiragana letters
		0x30A1 <= r && r <= 0x30FC, // katakana letters, ・, ー
		0x3001 <= r && r <= 0x3002, // 、。
		0x3008 <= r && r <= 0x3011, // 〈〉《》「」『』【】
		0x2013 <= r && r <= 0x2014, // – —
		0x2018 <= r && r <= 0x2019, // ‘ ’
		0x201C <= r && r <= 0x201D: // “ ”
		return r, true
	case r == 0x3000: // ideographic space
		return ' ', true
	case 0xFF01 <= r && r <= 0xFF5E: // fullwidth ASCII
		r -= 0xFF01 - '!'
		if 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		return r, true
	}
	return 0, false
}

// replaceInvalid replaces every byte that is not part of a valid UTF-8 sequence with
// U+FFFD, so the normaliser and tokenizer only ever see valid text.
func replaceInvalid(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteString("\uFFFD")
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}
