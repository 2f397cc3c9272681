package facts

import (
	"fmt"
	"testing"
)

// TestFoldOwned_sameAsFold: folding a message's facts over their own slice gives what
// Fold gives, merges and all.
func TestFoldOwned_sameAsFold(t *testing.T) {
	mk := func() []Fact {
		return []Fact{
			{Type: TypeProfile, Content: "User's name is Tom", Confidence: 0.8, Evidence: []int{3}},
			{Type: TypePreference, Content: "User likes tea", Confidence: 0.7, Evidence: []int{3}},
			{Type: TypeProfile, Content: "User's name is Tom.", Confidence: 0.9, Evidence: []int{1}},
			{Type: TypeFact, Content: "User has a dog", Confidence: 0.7, Evidence: []int{3}},
			{Type: TypePreference, Content: "user likes tea", Confidence: 0.6, Evidence: []int{2}},
		}
	}
	want := Fold(mk())
	if got := (keyCache{}).foldOwned(mk()); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("foldOwned = %v\nwant %v", got, want)
	}
	if len(want) >= 5 {
		t.Errorf("the case merges nothing: %v", want)
	}
}
