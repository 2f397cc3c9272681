package facts

import (
	"reflect"
	"strings"
	"testing"
)

// subjectLeadCheck fails when subjectLead answers for s and differs from subjectEN.
func subjectLeadCheck(t *testing.T, s string) bool {
	t.Helper()
	h := head(s, 80)
	got, ok := subjectLead(h, leadingWord(s))
	if !ok {
		return false
	}
	want := subjectEN.get().FindStringSubmatchIndex(h)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("subjectLead(%q) = %v, subjectEN %v", s, got, want)
	}
	return true
}

func TestSubjectLead_sameMatches(t *testing.T) {
	starts := []string{"i", "I", "my", "MY", "mY", "our", "we", "We", "me", "ME", "i'", "i’", "we'", "we’"}
	mids := []string{"", "m", "M", "ve", "VE", "d", "ll", "re", "RE", "s", " am", "\tam", "  AM", "\nam", "\vam",
		" and my", "  and\tmy", " and  mine", " and", " an", "m2", "_", "2", "ʼm", "’", "'"}
	ends := []string{"", " ", "a nurse", ".", ",", "2", "_x", "x", "'", "’", "伟", "\u212a", "ſ", "İ", " i", "-"}
	answered := 0
	for _, a := range starts {
		for _, b := range mids {
			for _, c := range ends {
				if subjectLeadCheck(t, a+b+c) {
					answered++
				}
			}
		}
	}
	long := "i" + strings.Repeat(" ", 85) + "am here"
	for _, s := range []string{long, "me" + strings.Repeat(" ", 77) + "and my", "ı am", "İ am", "I'M HOME", "i’M here"} {
		subjectLeadCheck(t, s)
	}
	if answered < 1000 {
		t.Errorf("subjectLead answered %d cases, want at least 1000", answered)
	}
}

func TestSubjectLead_otherWords(t *testing.T) {
	for _, s := range []string{"every Tuesday I swim", "in 2020 we moved", "mine is blue", "ours", "wee", "ime", "", "İ am"} {
		if _, ok := subjectLead(head(s, 80), leadingWord(s)); ok {
			t.Errorf("subjectLead(%q) answered; want the expression to run", s)
		}
	}
}

func FuzzSubjectLead(f *testing.F) {
	for _, s := range []string{"i'm a nurse", "I am", "me and my wife", "we’ve", "my2", "our_"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		subjectLeadCheck(t, s)
	})
}
