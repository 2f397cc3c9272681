package facts

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// sentence is one sentence of a message, as the patterns see it.
type sentence struct {
	s      string
	lower  string    // s in lower case, for pattern.need
	class  textClass // of lower: which need words can be in it
	need   *needHits // the need words in lower (needscan.go), found on first use
	r      []rune    // s as runes: regexp2 matches runes, and its indexes are rune indexes
	quotes [][2]int  // rune spans inside quotation marks: someone else's words
	ask    bool      // a question
	// cond and hypo cache where the first conditional and hypothetical markers start
	// (see first).
	cond, hypo *int
}

// sub returns string(s.r[a:b]) without building it: the bytes of s.s it is. string(s.r)
// encodes every rune in turn (an invalid one as U+FFFD, 3 bytes), so the runes r[a:b]
// are s.s from the encoded length of r[:a] to that of r[:b]; for an ASCII sentence the
// offsets are the indexes. Why: claims built two or three strings a clause this way,
// each an allocation (and in the wasm builds a visible part of the collector's work).
func (s *sentence) sub(a, b int) string {
	if len(s.s) == len(s.r) {
		return s.s[a:b]
	}
	i, off := 0, 0
	for ; i < a; i++ {
		off += encLen(s.r[i])
	}
	start := off
	for ; i < b; i++ {
		off += encLen(s.r[i])
	}
	return s.s[start:off]
}

// lowerAt is strings.ToLower(t) for t the text of s from rune index from on (t ==
// s.sub(from, from+n) for some n): for an ASCII sentence the lower case of that text is
// the same bytes of s.lower, so no copy is made.
func (s *sentence) lowerAt(from int, t string) string {
	if len(s.s) == len(s.r) && len(s.lower) == len(s.s) {
		return s.lower[from : from+len(t)]
	}
	return strings.ToLower(t)
}

// encLen is the length of r in string([]rune{r}): utf8.RuneLen, or 3 for a rune that
// string conversion writes as U+FFFD.
func encLen(r rune) int {
	if n := utf8.RuneLen(r); n > 0 {
		return n
	}
	return utf8.RuneLen(utf8.RuneError)
}

// first returns where the first match of x in the sentence starts (len(s.r) when there
// is none), computed once and kept in *at.
func (s *sentence) first(at **int, x *lazy2) int {
	if *at == nil {
		i := len(s.r)
		if m, _ := x.FindRunesMatch(s.r); m != nil {
			i = m.Index
		}
		*at = &i
	}
	return **at
}

// sentences splits a message's text into sentences. Fenced code blocks and Markdown
// quotes ("> …") are dropped (they are not the speaker's own words); curly apostrophes
// become straight ones and backticks go, so that `ripgrep` reads as ripgrep. Sentences
// end at 。！？；!?; and line breaks, and at a "." followed by a space or the end that
// does not close an abbreviation ("e.g.") or an initial ("J.").
func sentences(msg string) []*sentence {
	var out []*sentence
	fenced := false
	for _, line := range strings.Split(msg, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fenced = !fenced
			continue
		}
		if fenced || strings.HasPrefix(t, ">") || t == "" {
			continue
		}
		if strings.ContainsAny(t, "’‘`") { // the Replacer copies the line even when it changes nothing
			t = lineCleaner.Replace(t)
		}
		out = splitLine(out, zhSpaces([]rune(t)))
		if len(out) >= maxSentences {
			return out[:maxSentences]
		}
	}
	return out
}

var lineCleaner = strings.NewReplacer("’", "'", "‘", "'", "`", "")

func splitLine(out []*sentence, rs []rune) []*sentence {
	start := 0
	emit := func(end int) {
		r := trimRunes(rs[start:end])
		start = end
		if len(r) == 0 || len(r) > maxSentenceRunes {
			return
		}
		out = append(out, newSentence(r))
	}
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if !isTerminator(r) {
			continue
		}
		j := i + 1
		for j < len(rs) && (isTerminator(rs[j]) || isCloser(rs[j])) {
			j++
		}
		if r == '.' && ((j < len(rs) && !unicode.IsSpace(rs[j])) || abbreviation(rs[start:i])) {
			i = j - 1
			continue
		}
		emit(j)
		i = j - 1
	}
	emit(len(rs))
	return out
}

func isTerminator(r rune) bool { return strings.ContainsRune("。！？；!?;.…", r) }

func isCloser(r rune) bool { return strings.ContainsRune("\"”」』)）'", r) }

// abbreviation reports whether the text before a "." ends with an abbreviation or an
// initial, after which the "." does not end the sentence.
func abbreviation(before []rune) bool {
	k := len(before)
	for k > 0 && (unicode.IsLetter(before[k-1]) || before[k-1] == '.') && before[k-1] < 0x2E80 {
		k--
	}
	w := strings.ToLower(string(before[k:]))
	switch w {
	case "e.g", "i.e", "etc", "vs", "mr", "mrs", "ms", "dr", "st", "no", "fig", "approx", "cf", "jr", "sr",
		// months and times ("on Dec. 4 at 6 p.m.": the web demo's reminder was cut at "Dec"),
		// titles and places
		"jan", "feb", "apr", "aug", "sep", "sept", "oct", "nov", "dec", "a.m", "p.m", "prof", "mt", "u.s", "u.k":
		return true
	}
	return len(before)-k == 1 && unicode.IsUpper(before[k])
}

func trimRunes(r []rune) []rune {
	for len(r) > 0 && unicode.IsSpace(r[0]) {
		r = r[1:]
	}
	for len(r) > 0 && unicode.IsSpace(r[len(r)-1]) {
		r = r[:len(r)-1]
	}
	return r
}

func newSentence(r []rune) *sentence {
	s := &sentence{s: string(r), r: r, quotes: quoteSpans(r)}
	s.lower = strings.ToLower(s.s)
	s.class = classOf(s.lower)
	s.ask = matches(askEnd, r) || (matches(askStart, r) && !matches(statementEnd, r))
	return s
}

// quoteSpans returns the rune spans inside “…”, 「…」, 『…』 and "…" (an unclosed quote
// runs to the end).
func quoteSpans(r []rune) [][2]int {
	var spans [][2]int
	var closer rune
	open := -1
	for i, c := range r {
		switch {
		case open >= 0 && c == closer:
			spans = append(spans, [2]int{open, i})
			open = -1
		case open >= 0:
		case c == '“':
			open, closer = i+1, '”'
		case c == '「':
			open, closer = i+1, '」'
		case c == '『':
			open, closer = i+1, '』'
		case c == '"':
			open, closer = i+1, '"'
		}
	}
	if open >= 0 {
		spans = append(spans, [2]int{open, len(r)})
	}
	return spans
}

// quoted reports whether rune index i is inside quotation marks.
func (s *sentence) quoted(i int) bool {
	for _, q := range s.quotes {
		if i >= q[0] && i < q[1] {
			return true
		}
	}
	return false
}
