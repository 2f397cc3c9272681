package facts

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
)

// A second reading of the labelled sets: another person (or an LLM) labels the same
// conversations, and eval-facts --against / --gold scores one reading against another
// with the heuristics' own matching. Two careful readers agree only so far; that
// agreement is the ceiling a precision and recall measured against one reader's keys can
// be read against (docs/FACTS.md "How far two readers agree").

// Annotation is one reader's facts for one labelled case, found by the case's name.
type Annotation struct {
	Name  string `json:"name"`
	Facts []struct {
		Type    string `json:"type"`
		Key     string `json:"key"`
		Content string `json:"content"`
	} `json:"facts"`
}

// LoadAnnotations reads JSON Lines of Annotation (blank lines skipped). A line that does
// not parse, a case named twice, or a key that is not in its own content is an error: a
// reading whose facts could not match its own keys would score the matching, not the
// reader.
func LoadAnnotations(path string) (map[string]Annotation, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAnnotations(f, path)
}

func readAnnotations(r io.Reader, path string) (map[string]Annotation, error) {
	out := map[string]Annotation{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var a Annotation
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		if a.Name == "" {
			return nil, fmt.Errorf("%s:%d: no name", path, line)
		}
		if _, dup := out[a.Name]; dup {
			return nil, fmt.Errorf("%s:%d: %s read twice", path, line, a.Name)
		}
		for _, x := range a.Facts {
			if x.Key == "" || !strings.Contains(strings.ToLower(x.Content), strings.ToLower(x.Key)) {
				return nil, fmt.Errorf("%s:%d: %s: key %q is not in its content %q", path, line, a.Name, x.Key, x.Content)
			}
		}
		out[a.Name] = a
	}
	return out, sc.Err()
}

// Regold keeps the cases a reading covers, with the reading's keys as what is expected
// (their split, source and messages stay): one reader's labels judge another's, or the
// heuristics'.
func Regold(cases []LabelledCase, gold map[string]Annotation) []LabelledCase {
	var out []LabelledCase
	for _, c := range cases {
		a, ok := gold[c.Name]
		if !ok {
			continue
		}
		c.Expect = nil
		for _, x := range a.Facts {
			c.Expect = append(c.Expect, struct {
				Type string `json:"type"`
				Key  string `json:"key"`
			}{x.Type, x.Key})
		}
		out = append(out, c)
	}
	return out
}

// Covered keeps the cases a reading covers, unchanged.
func Covered(cases []LabelledCase, a map[string]Annotation) []LabelledCase {
	var out []LabelledCase
	for _, c := range cases {
		if _, ok := a[c.Name]; ok {
			out = append(out, c)
		}
	}
	return out
}

// AnnotatedFacts is an extractor for ScoreWith that answers with a reading's facts
// (confidence 1: a reader does not hedge).
func AnnotatedFacts(a map[string]Annotation) func(*LabelledCase) []Fact {
	return func(c *LabelledCase) []Fact {
		var out []Fact
		for _, x := range a[c.Name].Facts {
			out = append(out, Fact{Type: x.Type, Content: x.Content, Confidence: 1})
		}
		return out
	}
}

// overlap scores facts against a case's keys without one-to-one matching (Outcome.OverlapP
// and OverlapR).
func overlap(got []Fact, c *LabelledCase) (p, r Tally) {
	holds := func(f Fact, key string) bool {
		return strings.Contains(strings.ToLower(f.Content), strings.ToLower(key))
	}
	for _, f := range got {
		hit := false
		for _, e := range c.Expect {
			hit = hit || holds(f, e.Key)
		}
		if hit {
			p.TP++
		} else {
			p.FP++
		}
	}
	for _, e := range c.Expect {
		hit := false
		for _, f := range got {
			hit = hit || holds(f, e.Key)
		}
		if hit {
			r.TP++
		} else {
			r.FN++
		}
	}
	return p, r
}

// writeOverlap prints each split's precision and recall by overlap beside the strict ones.
func writeOverlap(w io.Writer, outs []Outcome) {
	fmt.Fprint(w, "\nBy overlap (a fact is right when it holds any expected key; an expected fact is found when any fact holds its key):\n\n| split | strict P / R | overlap P / R |\n|---|---:|---:|\n")
	for _, sp := range append(append([]string(nil), Splits...), "all") {
		var a, p, r Tally
		n := 0
		for _, o := range outs {
			if sp == "all" || o.Case.Split == sp {
				a.add(o.Any)
				p.add(o.OverlapP)
				r.add(o.OverlapR)
				n++
			}
		}
		if n > 0 {
			fmt.Fprintf(w, "| %s | %.2f / %.2f | %.2f / %.2f |\n", sp, a.Precision(), a.Recall(), p.Precision(), r.Recall())
		}
	}
}

// Reading is one named reading of the labelled cases, for WriteAgreement.
type Reading struct {
	Name    string
	Extract func(*LabelledCase) []Fact // nil: the reading is a gold only (the writers')
	Gold    map[string]Annotation      // nil: the cases' own keys
}

// WriteAgreement prints how far each reading agrees with each other one on the cases all
// of them cover: a row's facts scored against a column's keys, strict P / R and by
// overlap, and the share of its facts that hold a key of any other reader ("any other":
// the writers' and every other reading's keys pooled); then the same per language.
func WriteAgreement(w io.Writer, cases []LabelledCase, readings []Reading) {
	var cols []Reading // the readings with keys: the writers' and the annotations
	for _, r := range readings {
		if r.Extract == nil || r.Gold != nil {
			cols = append(cols, r)
		}
	}
	langs := []string{"all", "zh", "en", "mix"}
	for _, lang := range langs {
		var in []LabelledCase
		for _, c := range cases {
			if lang == "all" || c.Lang() == lang {
				in = append(in, c)
			}
		}
		if len(in) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s (%d conversations): a row's facts against a column's keys, strict P / R (by overlap P / R)\n\n| facts of \\ keys of |", lang, len(in))
		for _, c := range cols {
			fmt.Fprintf(w, " %s |", c.Name)
		}
		fmt.Fprint(w, " any other: P |\n|---|")
		for range cols {
			fmt.Fprint(w, "---:|")
		}
		fmt.Fprintln(w, "---:|")
		for _, r := range readings {
			if r.Extract == nil {
				continue
			}
			fmt.Fprintf(w, "| %s |", r.Name)
			for _, c := range cols {
				if c.Name == r.Name {
					fmt.Fprint(w, " — |")
					continue
				}
				gold := in
				if c.Gold != nil {
					gold = Regold(in, c.Gold)
				}
				var a, p, rr Tally
				for _, o := range ScoreWith(gold, r.Extract) {
					a.add(o.Any)
					p.add(o.OverlapP)
					rr.add(o.OverlapR)
				}
				fmt.Fprintf(w, " %.2f / %.2f (%.2f / %.2f) |", a.Precision(), a.Recall(), p.Precision(), rr.Recall())
			}
			var p Tally
			for _, o := range ScoreWith(pooled(in, cols, r.Name), r.Extract) {
				p.add(o.OverlapP)
			}
			fmt.Fprintf(w, " %.2f |\n", p.Precision())
		}
	}
}

// pooled gives each case the keys of every reading of cols but the one named except.
func pooled(cases []LabelledCase, cols []Reading, except string) []LabelledCase {
	out := make([]LabelledCase, len(cases))
	for i, c := range cases {
		out[i] = c
		out[i].Expect = nil
		for _, col := range cols {
			if col.Name == except {
				continue
			}
			src := []LabelledCase{c}
			if col.Gold != nil {
				src = Regold(src, col.Gold)
			}
			if len(src) == 1 {
				out[i].Expect = append(out[i].Expect, src[0].Expect...)
			}
		}
	}
	return out
}
