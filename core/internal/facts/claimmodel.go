package facts

import (
	"math"
	"strings"
	"unicode"
)

// A small statistical claim detector: a logistic regression over hashed word and Han
// character n-grams of one clause, trained offline on the labelled sets that are not
// blind (claimmodel_train.go, `go generate` here or `go run ./cmd/memcore train-claims`)
// and embedded as the generated claimmodel_weights.go (one signed byte a bucket, 8 KiB).
// The rules learn the phrasings they are shown; the detector, trained across every
// writer at once, judges a clause the rules have no shape for: extraction uses it to keep
// a clause with no subject that no rule read ("coeliac, so strictly gluten-free please",
// "日常用 Notion 做 planning"; claimmodelgate.go). It is deterministic: the same training
// cases give the same weights (TestClaimModel_weightsUpToDate), a clause the same score.

//go:generate go run ../../../cmd/memcore train-claims --dir testdata --out claimmodel_weights.go

// cmBits is the log2 of the number of hashed feature buckets (8 KiB of weights).
const cmBits = 13

// claimModel is a trained detector: one weight a bucket (w[i] is an int8 held in a
// string so that the generated file is a constant), times scale, plus bias.
type claimModel struct {
	w     string
	scale float64
	bias  float64
}

// activeModel is the detector extraction uses (claimmodelgate.go); leave-one-writer-out
// swaps it for one trained without the writer it scores (labelledlowo.go).
var activeModel = &claimModel{w: cmWeights, scale: cmScale, bias: cmBias}

// FNV-1a style mixing of 32-bit values: cheap, allocation-free and the same on every
// platform (the weights depend on it: changing it needs `go generate` again).
func cmMix(h, x uint32) uint32 {
	for i := 0; i < 4; i++ {
		h ^= x & 0xff
		h *= 16777619
		x >>= 8
	}
	return h
}

const cmSeed uint32 = 2166136261

// cmFeatures appends the bucket of each feature of a clause: Latin words (digits folded
// to 0) and their bigrams, the first word, Han characters with their bigrams and
// trigrams, the first Han bigram, whether a question mark is in it, and its length.
func cmFeatures(text string, out []uint32) []uint32 {
	const mask = 1<<cmBits - 1
	add := func(h uint32) { out = append(out, h&mask) }
	var word uint32 // hash of the Latin word being read, 0 when none
	var prev uint32 // hash of the previous word (Latin word or Han character)
	var h1, h2 uint32
	nHan, nWords, n := 0, 0, 0
	endWord := func() {
		if word == 0 {
			return
		}
		add(cmMix(1, word))
		if nWords == 0 && nHan == 0 {
			add(cmMix(2, word))
		}
		add(cmMix(cmMix(3, prev), word))
		prev, word = word, 0
		nWords++
	}
	question := false
	for _, r := range text {
		n++
		switch {
		case unicode.Is(unicode.Han, r):
			endWord()
			c := cmMix(cmSeed, uint32(r))
			add(cmMix(4, c))
			if h1 != 0 {
				add(cmMix(cmMix(5, h1), c))
				if nHan == 1 && nWords == 0 {
					add(cmMix(cmMix(6, h1), c))
				}
			}
			if h2 != 0 {
				add(cmMix(cmMix(cmMix(7, h2), h1), c))
			}
			h2, h1 = h1, c
			prev = c
			nHan++
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '’':
			if unicode.IsDigit(r) {
				r = '0'
			} else if r == '’' {
				r = '\''
			}
			if word == 0 {
				word = cmSeed
			}
			word = cmMix(word, uint32(unicode.ToLower(r)))
			h1, h2 = 0, 0
		default:
			endWord()
			h1, h2 = 0, 0
			if r == '?' || r == '？' {
				question = true
			}
		}
	}
	endWord()
	if question {
		add(cmMix(8, 1))
	}
	l := uint32(0)
	for m := n; m > 4 && l < 6; m /= 2 {
		l++
	}
	add(cmMix(9, l))
	return out
}

// score is the model's probability that the clause is a claim about the user that a
// careful reader would keep as a fact.
func (m *claimModel) score(text string) float64 {
	var buf [64]uint32
	z := m.bias
	for _, b := range cmFeatures(text, buf[:0]) {
		z += float64(int8(m.w[b])) * m.scale
	}
	return 1 / (1 + math.Exp(-z))
}

// clauseText is a clause of s as claims reads it: the span with its leading separators
// and trailing punctuation trimmed.
func clauseText(s *sentence, sp [2]int) (string, int) {
	from, to := sp[0], sp[1]
	for from < to && (unicode.IsSpace(s.r[from]) || strings.ContainsRune(",，;；:：—–-", s.r[from])) {
		from++
	}
	return strings.TrimRightFunc(string(s.r[from:to]), func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune(".。!！~～…", r)
	}), from
}
