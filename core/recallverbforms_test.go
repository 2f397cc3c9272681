package core_test

import (
	"testing"

	"github.com/memcore/memcore/core"
)

// An irregular verb's other forms are searched too (text/verbforms.go): "How long did I
// teach?" found nothing of "User taught primary school for 34 years" (thirteenth new-user
// pass: the stemmer joins teaches/teaching, not taught), and the other way round.
func TestRecall_irregularVerbForms(t *testing.T) {
	_, ns, _ := cxOpen(t, core.Options{})
	rememberContents(t, ns, "User taught primary school for 34 years", "User buys flowers every Friday",
		"User's grandson Oliver loves dinosaurs")
	checkRecallFinds(t, ns, "dinosaurs", []struct{ query, want string }{
		{"How long did I teach?", "taught primary school"},
		{"What did I buy last week?", "buys flowers"},
		{"What have I bought lately?", "buys flowers"},
	})
}
