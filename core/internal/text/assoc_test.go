package text

import (
	"bytes"
	"reflect"
	"testing"
)

// assocFixture: in two conversations, questions about what someone eats are answered by
// turns about allergies; "shellfish" is in every answer, "weather" in every turn.
func assocFixture() []AssocConv {
	conv := func(name string) AssocConv {
		c := AssocConv{Turns: []string{
			"nice weather " + name, "weather is cold", "weather again", "weather and rain",
			"weather is allergic to shellfish", "weather, shellfish allergy",
		}}
		for i := 0; i < 3; i++ {
			c.Pairs = append(c.Pairs, AssocPair{Question: "What can " + name + " not eat?",
				Evidence: []string{"weather is allergic to shellfish"}})
		}
		return c
	}
	return []AssocConv{conv("Ann"), conv("Bob")}
}

func TestTrainAssoc_fixture(t *testing.T) {
	p := AssocParams{MinQuestions: 3, MinPairs: 3, MinConvs: 2, MinLift: 1.5, TopK: 2}
	got := TrainAssoc(assocFixture(), p)
	want := AssocTable{"eat": {"allergic", "shellfish"}, "not": {"allergic", "shellfish"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v (weather is in every turn: no lift; ann/bob each in one conversation)", got, want)
	}
	p.MinConvs = 3
	if got := TrainAssoc(assocFixture(), p); len(got) != 0 {
		t.Fatalf("min 3 conversations of 2: got %v, want none", got)
	}
}

func TestAssoc_roundTrip(t *testing.T) {
	tab := AssocTable{"eat": {"allergic", "shellfish"}, "工作": {"上班"}}
	var b bytes.Buffer
	if err := WriteAssoc(&b, tab); err != nil {
		t.Fatal(err)
	}
	got, err := ReadAssoc(&b)
	if err != nil || !reflect.DeepEqual(got, tab) {
		t.Fatalf("got %v, %v; want %v", got, err, tab)
	}
	if _, err := ReadAssoc(bytes.NewBufferString("no tab here\n")); err == nil {
		t.Fatal("a line without a tab: want an error")
	}
	SetAssocTable(tab)
	defer SetAssocTable(nil)
	if got := AssocTerms([]string{"eat", "shellfish"}); !reflect.DeepEqual(got, []string{"allergic"}) {
		t.Fatalf("AssocTerms: got %v, want [allergic] (shellfish is in the query)", got)
	}
}

func TestTrainAssocIBM1_fixture(t *testing.T) {
	p := AssocParams{MinQuestions: 3, MinPairs: 3, TopK: 2}
	got := TrainAssocIBM1(assocFixture(), p, 5, 0.05)
	if len(got["eat"]) == 0 || !contains([]string{"allergic", "shellfish", "weather"}, got["eat"][0]) {
		t.Fatalf("eat: got %v, want an evidence term first", got["eat"])
	}
	if _, ok := got[assocNull]; ok {
		t.Fatal("the empty word is no query term")
	}
}
