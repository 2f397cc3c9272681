package text

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// AssocTable is a learned query-term association table: for a question term, the terms
// the turns answering such questions use instead (a translation model in the sense of
// Berger & Lafferty 1999, kept as its top few targets per term, unweighted). It is
// trained from question / evidence pairs by TrainAssoc and applied by AssocTerms as a
// down-weighted expansion of a query (core/turnunigrams.go, Scoring.TurnAssoc).
//
// Why a table and not a hand lexicon: the hand lexicon groups (lexicon.go) read off one
// set's misses did not carry to its blind half; a table counted over many pairs can be
// trained on some sets and measured on others (docs/EVAL.md, seventh round).
type AssocTable map[string][]string

// activeAssoc is the table AssocTerms reads; nil (the default) expands nothing.
var activeAssoc AssocTable

// SetAssocTable makes t the table AssocTerms reads (nil: none). It is for measuring a
// table trained on other sets (memcore eval --assoc FILE); it is not safe to call while
// queries run.
func SetAssocTable(t AssocTable) { activeAssoc = t }

// MaxAssocTerms caps the expansion terms of one query: a long query would otherwise
// add a target for each of its words.
const MaxAssocTerms = 16

// AssocTerms returns the targets of the active table for the query tokens toks, in the
// order of toks and then of each term's targets, without those already in toks or
// repeated, at most MaxAssocTerms. nil when no table is active or nothing matches.
func AssocTerms(toks []string) []string {
	if len(activeAssoc) == 0 {
		return nil
	}
	var out []string
	for _, t := range toks {
		for _, e := range activeAssoc[t] {
			if contains(toks, e) || contains(out, e) {
				continue
			}
			out = append(out, e)
			if len(out) == MaxAssocTerms {
				return out
			}
		}
	}
	return out
}

// WriteAssoc writes t as text, one line a term in sorted order: the term, a tab, its
// targets separated by spaces (tokens never hold a space or a tab).
func WriteAssoc(w io.Writer, t AssocTable) error {
	bw := bufio.NewWriter(w)
	for _, k := range sortedKeys(t) {
		if _, err := fmt.Fprintf(bw, "%s\t%s\n", k, strings.Join(t[k], " ")); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// ReadAssoc parses what WriteAssoc wrote. A line without a tab is an error naming it.
func ReadAssoc(r io.Reader) (AssocTable, error) {
	t := AssocTable{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" {
			continue
		}
		k, v, ok := strings.Cut(line, "\t")
		if !ok || k == "" {
			return nil, fmt.Errorf("assoc table line %d: want term<TAB>targets, got %q", n, line)
		}
		t[k] = strings.Fields(v)
	}
	return t, sc.Err()
}
