package facts

import (
	"os"
	"strings"
	"testing"
)

func TestReadAnnotations_case(t *testing.T) {
	for _, tc := range []struct{ name, in, err string }{
		{"ok", `{"name":"a","facts":[{"type":"fact","key":"Figma","content":"User designs in figma"}]}` + "\n\n" + `{"name":"b","facts":[]}`, ""},
		{"key not in content", `{"name":"a","facts":[{"type":"fact","key":"sketch","content":"User designs in Figma"}]}`, "is not in its content"},
		{"empty key", `{"name":"a","facts":[{"type":"fact","key":"","content":"User designs in Figma"}]}`, "is not in its content"},
		{"twice", `{"name":"a","facts":[]}` + "\n" + `{"name":"a","facts":[]}`, "read twice"},
		{"no name", `{"facts":[]}`, "no name"},
		{"not json", `{"name":`, "x.jsonl:1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := readAnnotations(strings.NewReader(tc.in), "x.jsonl")
			if tc.err == "" {
				if err != nil || len(a) != 2 {
					t.Fatalf("got %v, %v", a, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("error %v, want %q", err, tc.err)
			}
		})
	}
}

// A fact that holds two expected keys matches one of them strictly and both by overlap;
// a second fact on a key already matched is wrong strictly and right by overlap.
func TestScoreWith_overlap(t *testing.T) {
	in := `{"name":"c1","facts":[{"type":"profile","key":"字节","content":"用户在字节"},{"type":"profile","key":"前端","content":"用户做前端"}]}
{"name":"c2","facts":[{"type":"profile","key":"Lily","content":"User's daughter Lily is allergic to peanuts"}]}`
	gold, err := readAnnotations(strings.NewReader(in), "gold")
	if err != nil {
		t.Fatal(err)
	}
	reader := `{"name":"c1","facts":[{"type":"profile","key":"字节","content":"用户在字节做前端"}]}
{"name":"c2","facts":[{"type":"profile","key":"lily","content":"User has a daughter, Lily"},{"type":"profile","key":"peanut","content":"Lily is allergic to peanuts"}]}`
	got, err := readAnnotations(strings.NewReader(reader), "reader")
	if err != nil {
		t.Fatal(err)
	}
	cases := Regold([]LabelledCase{{Name: "c1", Split: "blind"}, {Name: "c2", Split: "blind"}, {Name: "c3", Split: "blind"}}, gold)
	if len(cases) != 2 {
		t.Fatalf("Regold kept %d cases, want the 2 the reading covers", len(cases))
	}
	outs := ScoreWith(cases, AnnotatedFacts(got))
	var strict, op, or Tally
	for _, o := range outs {
		strict.add(o.Any)
		op.add(o.OverlapP)
		or.add(o.OverlapR)
	}
	if strict != (Tally{TP: 2, FP: 1, FN: 1}) {
		t.Errorf("strict %+v, want 2 right, 1 wrong, 1 missed", strict)
	}
	if op != (Tally{TP: 3}) || or != (Tally{TP: 3}) {
		t.Errorf("overlap P %+v R %+v, want every fact right and every key found", op, or)
	}
	self := ScoreWith(cases, AnnotatedFacts(gold))
	for _, o := range self {
		if o.Any.FP+o.Any.FN != 0 {
			t.Errorf("%s: a reading scored against itself: %+v", o.Case.Name, o.Any)
		}
	}
}

// The agreement table scores each reading against the writers' keys and every other
// reading's, never against itself.
func TestWriteAgreement_table(t *testing.T) {
	a, err := readAnnotations(strings.NewReader(`{"name":"c1","facts":[{"type":"profile","key":"peanut","content":"User is allergic to peanuts"},{"type":"fact","key":"Figma","content":"User designs in Figma"}]}
{"name":"c2","facts":[]}`), "A")
	if err != nil {
		t.Fatal(err)
	}
	cases := []LabelledCase{{Name: "c1", Split: "blind"}, {Name: "c2", Split: "blind"}, {Name: "c3", Split: "blind"}}
	cases[0].Expect = append(cases[0].Expect, struct {
		Type string `json:"type"`
		Key  string `json:"key"`
	}{"profile", "peanut"})
	var b strings.Builder
	h := func(c *LabelledCase) []Fact { return []Fact{{Content: "User designs in Figma"}} }
	WriteAgreement(&b, Covered(cases, a), []Reading{{Name: "writers"}, {Name: "A", Extract: AnnotatedFacts(a), Gold: a}, {Name: "H", Extract: h}})
	out := b.String()
	for _, want := range []string{"all (2 conversations)", "| facts of \\ keys of | writers | A | any other: P |",
		"| A | 0.50 / 1.00 (0.50 / 1.00) | — | 0.50 |", "| H | 0.00 / 0.00 (0.00 / 0.00) | 0.50 / 0.50 (0.50 / 0.50) | 0.50 |"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
}

// The second readings of testdata/agree load and name labelled cases: a renamed or
// removed case would drop out of the agreement silently.
func TestAgreeReadings_coverTheirCases(t *testing.T) {
	if os.Getenv("LABELLED_SPLITS") != "" {
		t.Skip("the readings are of blind cases; LABELLED_SPLITS keeps blind files closed")
	}
	cases, err := LoadLabelled("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []string{"reader1", "reader2", "reader3"} {
		a, err := LoadAnnotations("testdata/agree/" + r + ".jsonl")
		if err != nil {
			t.Fatal(err)
		}
		if n := len(Covered(cases, a)); n != 337 || len(a) != 337 {
			t.Errorf("%s: %d readings, %d of them name a labelled case; want 337", r, len(a), n)
		}
	}
}
