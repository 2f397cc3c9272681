package core

import (
	"strings"

	"github.com/memcore/memcore/core/internal/facts"
)

// A forgotten memory leaves the engine's index of what it knows.
//
// MEMORY's "## Auto-extracted" section (written by extractFacts with commit and by
// consolidate's index step) and USER's "## Profile" section (the index step) list live
// memories, and MEMORY and USER go into the core-memory snapshot of every new session.
// A forget without purge removed the memory but left its line there, so a fact the user
// or the agent had forgotten — forget({filter:{tags:["extracted"]}}) "undoes every
// extraction", FACTS.md — kept reaching the model in every new session until the next
// consolidate (TestClaimsUndo_forgetExtractedTakesEveryCopy). unindex removes the
// memory's own line from those two sections; everything else stays as a plain forget
// leaves it: the history keeps the text, the daily log (a record of what happened) keeps
// its line, and snapshots already frozen keep theirs (a session's prefix is stable).
// A purge removes every copy anyway (purge.go). Lines are matched whole, as the engine
// writes them, so a line a person wrote in the section is left alone.

// unindex removes m's lines from MEMORY's and USER's index sections; the engine must be
// locked, in a transaction.
func (n *Namespace) unindex(m *Memory, rc *ForgetReceipt) error {
	memLine := facts.Line(Fact{Type: m.Type, Content: m.Content})
	want := map[string]map[string]bool{
		DocMemory: {memLine: true, clipChars(memLine, maxIndexLine): true},
	}
	if m.Type == TypeProfile {
		l := "- " + oneLineText(m.Content)
		if m.Predicate != "" {
			l = "- " + oneLineText(m.Predicate) + ": " + oneLineText(m.Content)
		}
		want[DocUser] = map[string]bool{l: true, clipChars(l, maxIndexLine): true}
	}
	for _, d := range []struct{ name, section string }{{DocMemory, facts.MemorySection}, {DocUser, UserSection}} {
		if want[d.name] == nil {
			continue
		}
		cur, _, ok, err := n.e.db.GetDocument(n.name, d.name)
		if err != nil || !ok {
			if err != nil {
				return err
			}
			continue
		}
		next, removed := dropSectionLines(cur, d.section, want[d.name])
		if removed == 0 {
			continue
		}
		if err := n.e.db.PutDocument(n.name, d.name, next, n.e.clock()); err != nil {
			return err
		}
		rc.addDoc(d.name, removed)
	}
	return nil
}

// dropSectionLines removes from doc's section (its heading up to the next heading) the
// lines that are one of want, white space trimmed; it returns the document and how many
// lines went. The heading stays.
func dropSectionLines(doc, section string, want map[string]bool) (string, int) {
	lines := strings.Split(doc, "\n")
	out := lines[:0:0]
	in, removed := false, 0
	for _, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case t == section:
			in = true
		case strings.HasPrefix(t, "#"):
			in = false
		case in && want[t]:
			removed++
			continue
		}
		out = append(out, l)
	}
	if removed == 0 {
		return doc, 0
	}
	return strings.Join(out, "\n"), removed
}
