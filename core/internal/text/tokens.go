package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxWordBytes caps the length in bytes of a word, and of a CJK character with the
// combining marks that follow it (so a CJK bigram is at most twice that). Words are cut
// at a rune boundary. A base64 blob, a minified line or a hash would otherwise become one
// huge, unmatchable term that bloats the FTS5 index; 64 bytes keeps any real word,
// identifier or a long prefix of a digest.
const MaxWordBytes = 64

// class is what a rune is to the tokenizer.
type class uint8

const (
	clsSep  class = iota // separates tokens: space, punctuation, symbols, _ and -, ...
	clsWord              // letter or number of a non-CJK script: part of a word
	clsMark              // combining mark: continues the word or CJK character before it
	clsCJK               // Han, kana or Hangul letter: a character of a CJK run
)

// asciiClass classifies ASCII bytes without decoding: letters and digits are word
// characters, everything else (including '_' and '-') separates.
var asciiClass = func() (t [utf8.RuneSelf]class) {
	for c := '0'; c <= '9'; c++ {
		t[c] = clsWord
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = clsWord
		t[c-'a'+'A'] = clsWord
	}
	return t
}()

// classify returns the class of a non-ASCII rune.
func classify(r rune) class {
	switch {
	case isCJK(r):
		return clsCJK
	case isVariationSelector(r):
		// Variation selectors only choose a glyph (emoji vs text presentation): as word
		// characters they would glue keycaps like 1️⃣ into tokens.
		return clsSep
	case unicode.IsMark(r):
		return clsMark
	case unicode.IsLetter(r), unicode.IsNumber(r):
		return clsWord
	}
	return clsSep
}

// isVariationSelector reports whether r is one of the variation selectors VS1–VS256.
func isVariationSelector(r rune) bool {
	return (0xFE00 <= r && r <= 0xFE0F) || (0xE0100 <= r && r <= 0xE01EF)
}

// isCJK reports whether r is a letter or number of a script written without spaces
// between words that the tokenizer splits into character n-grams: Han (all extension
// blocks), Hiragana, Katakana (with the prolonged sound mark ー, Common script) and
// Hangul. Symbols of those scripts (CJK radicals, circled forms NFKC leaves alone) are
// not letters and separate, so tokens stay made of letters, digits and marks.
func isCJK(r rune) bool {
	switch {
	case r < 0x1100:
		return false
	case r <= 0x11FF: // Hangul Jamo, all letters
		return true
	case r < 0x2E80: // nothing below the CJK radicals block belongs to these scripts
		return false
	case 0x4E00 <= r && r <= 0x9FFF: // CJK Unified Ideographs
		return true
	case 0xAC00 <= r && r <= 0xD7A3: // Hangul syllables
		return true
	case 0x3041 <= r && r <= 0x3096, 0x30A1 <= r && r <= 0x30FA, r == 0x30FC: // kana, ー
		return true
	}
	return (unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) ||
		unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r)) &&
		(unicode.IsLetter(r) || unicode.IsNumber(r))
}

// Tokens returns the document tokens of s, in order of appearance, duplicates kept
// (BM25 needs term frequency). It is the one tokenizer for documents and queries:
//
//   - s is normalised first (Normalize: NFKC + case folding), so tokens are lowercase.
//   - Words are maximal runs of letters, digits and combining marks of non-CJK scripts;
//     anything else separates, '_' and '-' included, so snake_case and kebab-case split
//     into their parts. Digits and letters stay together ("gpt4"). Words shorter than 2
//     runes are dropped (too unselective to search for) and words are cut to
//     MaxWordBytes. A combining mark only continues a word or a CJK character: one that
//     follows a separator is itself a separator. Variation selectors (emoji or text
//     presentation, ideographic variants) separate too: they choose a glyph, not a word.
//   - Each maximal run of CJK characters (Han, kana, Hangul; see isCJK) yields its
//     unigrams and overlapping bigrams interleaved, c1c2c3 → c1 c1c2 c2 c2c3 c3, since
//     these scripts do not space words: a query for any one- or two-character word then
//     finds text that contains it, and bigrams rank phrase matches higher. A run ends at
//     any non-CJK rune (Latin letter, digit, space, punctuation such as 。，、) other
//     than a combining mark, which stays with the character before it.
//
// Every token is non-empty, valid UTF-8, equal to Normalize(token) and made only of
// letters, digits and marks, so it is never FTS5 syntax and survives Join intact.
// Tokens are substrings of Normalize(s) (no copy per token).
func Tokens(s string) []string {
	return AppendTokens(nil, s)
}

// AppendTokens is Tokens appending to dst, so a caller tokenizing many texts can reuse
// one buffer (dst[:0]) instead of allocating a slice per text.
func AppendTokens(dst []string, s string) []string {
	n := Normalize(s)
	if dst == nil && len(n) > 0 {
		// English makes a token every ~6 bytes, Chinese two every 3: one third fits
		// mixed text without regrowing and wastes little on English.
		dst = make([]string, 0, len(n)/3+1)
	}
	wordStart, wordEnd, wordRunes := -1, 0, 0 // current word; wordEnd is capped
	unitStart, unitEnd := -1, 0               // current CJK character (+ its marks)
	prevStart := -1                           // previous CJK character of this run

	flushWord := func() {
		if wordStart >= 0 && wordRunes >= 2 {
			dst = append(dst, n[wordStart:wordEnd])
		}
		wordStart = -1
	}
	// flushUnit emits the finished CJK character: the bigram it ends, then itself.
	flushUnit := func() {
		if prevStart >= 0 {
			dst = append(dst, n[prevStart:unitEnd])
		}
		dst = append(dst, n[unitStart:unitEnd])
		prevStart = unitStart
		unitStart = -1
	}
	endRun := func() {
		if unitStart >= 0 {
			flushUnit()
		}
		prevStart = -1
	}

	for i := 0; i < len(n); {
		c, size, cls := n[i], 1, clsSep
		if c < utf8.RuneSelf {
			cls = asciiClass[c]
		} else {
			var r rune
			r, size = utf8.DecodeRuneInString(n[i:])
			cls = classify(r)
		}
		end := i + size
		switch cls {
		case clsMark:
			if unitStart >= 0 {
				if end-unitStart <= MaxWordBytes {
					unitEnd = end
				} else {
					endRun() // too many marks: the rest are orphans and separate
				}
				break
			}
			if wordStart < 0 {
				break // an orphan mark separates
			}
			fallthrough
		case clsWord:
			if unitStart >= 0 {
				endRun()
			}
			if wordStart < 0 {
				wordStart, wordEnd, wordRunes = i, i, 0
			}
			wordRunes++
			if end-wordStart <= MaxWordBytes {
				wordEnd = end
			}
		case clsCJK:
			flushWord()
			if unitStart >= 0 {
				flushUnit()
			}
			unitStart, unitEnd = i, end
		default:
			flushWord()
			endRun()
		}
		i = end
	}
	flushWord()
	endRun()
	return dst
}

// Join returns tokens joined by single spaces: the exact string memcore stores in its
// FTS5 columns. The FTS5 table uses tokenize='porter ascii', which splits on ASCII
// non-alphanumerics and keeps every non-ASCII rune inside tokens, so each of our tokens
// (letters, digits, marks only) is exactly one FTS5 token; porter stems ASCII words the
// same way on the document and the query side.
func Join(tokens []string) string {
	return strings.Join(tokens, " ")
}
