package facts

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

var at = time.Date(2026, 11, 22, 5, 2, 11, 0, time.UTC)

func TestDailyBlock_format(t *testing.T) {
	got := DailyBlock(at, "heuristic", "s1", []Fact{
		{Type: TypePreference, Content: "User prefers\ndark mode"},
		{Type: TypeRule, Content: "以后回答都用中文。"},
	})
	want := "## 05:02 UTC · heuristic · session s1\n- [preference] User prefers dark mode\n- [rule] 以后回答都用中文。\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := DailyBlock(at, "llm", "", nil); got != "## 05:02 UTC · llm\n" {
		t.Errorf("no session: %q", got)
	}
}

func TestAppendDaily_newAndAppend(t *testing.T) {
	b1 := DailyBlock(at, "heuristic", "", []Fact{{Type: TypeFact, Content: "a"}})
	doc, ok := AppendDaily("", "2026-11-22", b1)
	if !ok || doc != "# 2026-11-22\n\n## 05:02 UTC · heuristic\n- [fact] a\n" {
		t.Fatalf("new log: %v %q", ok, doc)
	}
	b2 := DailyBlock(at.Add(time.Hour), "llm", "", []Fact{{Type: TypeFact, Content: "a"}})
	doc2, ok := AppendDaily(doc, "2026-11-22", b2)
	// Under DailyRewriteOver: appended as is, duplicates and all.
	if !ok || doc2 != doc+"\n## 06:02 UTC · llm\n- [fact] a\n" {
		t.Fatalf("append: %q", doc2)
	}
}

// filler returns a daily log of about n characters made of distinct fact lines.
func filler(n int) string {
	var b strings.Builder
	b.WriteString("# 2026-11-22\n\n## 00:00 UTC · heuristic\n")
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "- [note] filler line number %04d\n", i)
	}
	return b.String()
}

func TestAppendDaily_rewritesWithDedupOver2000(t *testing.T) {
	doc := filler(DailyRewriteOver - 100)
	block := DailyBlock(at, "heuristic", "", []Fact{
		{Type: TypeNote, Content: "Filler line number 0000"}, // a duplicate, by Key
		{Type: TypeNote, Content: "something new, long enough to pass the rewrite threshold of the log"},
		{Type: TypeNote, Content: "more news, long enough to pass the rewrite threshold of the log too"},
	})
	got, ok := AppendDaily(doc, "2026-11-22", block)
	if !ok {
		t.Fatal("block skipped")
	}
	if utf8.RuneCountInString(doc+block) <= DailyRewriteOver {
		t.Fatal("the test does not cross the rewrite threshold")
	}
	if n := strings.Count(strings.ToLower(got), "filler line number 0000"); n != 1 {
		t.Errorf("the duplicate line is there %d times:\n%s", n, got)
	}
	if !strings.Contains(got, "something new") || !strings.Contains(got, "## 05:02 UTC") {
		t.Errorf("the new block was lost:\n%s", got[len(got)-300:])
	}
	if again, _ := AppendDaily(got, "2026-11-22", block); DedupDaily(again) != again {
		t.Error("the rewrite is not stable")
	}
	// A block whose every line is a duplicate leaves no empty header behind.
	dup := DailyBlock(at.Add(time.Hour), "heuristic", "", []Fact{{Type: TypeNote, Content: "something new, long enough to pass the rewrite threshold of the log"}})
	got2, _ := AppendDaily(got, "2026-11-22", dup)
	if strings.Contains(got2, "06:02") || got2 != got {
		t.Errorf("an all-duplicate block changed the log:\n%s", got2[len(got2)-200:])
	}
}

func TestAppendDaily_skipsOver8000(t *testing.T) {
	doc := filler(DailySkipOver - 50)
	block := DailyBlock(at, "heuristic", "", []Fact{{Type: TypeNote, Content: strings.Repeat("new words ", 10)}})
	got, ok := AppendDaily(doc, "2026-11-22", block)
	if ok || got != doc {
		t.Fatalf("a block past %d characters was added (ok %v)", DailySkipOver, ok)
	}
	// A block fits when the rewrite makes room.
	dupes := filler(DailySkipOver-400) + strings.Repeat("- [note] filler line number 0001\n", 20)
	if utf8.RuneCountInString(dupes) <= DailySkipOver-len(block) {
		t.Fatal("the test does not fill the log")
	}
	if _, ok := AppendDaily(dupes, "2026-11-22", block); !ok {
		t.Error("a block that fits after the rewrite was skipped")
	}
}

func TestAppendMemory(t *testing.T) {
	facts := []Fact{
		{Type: TypeFact, Content: "the migration is done", Confidence: 1},           // not an index type
		{Type: TypePreference, Content: "User prefers dark mode", Confidence: 0.8},  // 2nd
		{Type: TypeProfile, Content: "User's name is Ada", Confidence: 0.9},         // 1st
		{Type: TypeRule, Content: "Never push to main.", Confidence: 0.8},           // 3rd
		{Type: TypeProfile, Content: "User lives in Berlin", Confidence: 0.8},       // 4th
		{Type: TypePreference, Content: "User dislikes YAML", Confidence: 0.7},      // 5th: over the cap
		{Type: TypeError, Content: "Lesson learned: pin versions", Confidence: 0.9}, // not an index type
	}
	doc, added := AppendMemory("", facts)
	want := "# MEMORY\n\n## Auto-extracted\n- [profile] User's name is Ada\n- [preference] User prefers dark mode\n" +
		"- [rule] Never push to main.\n- [profile] User lives in Berlin\n"
	if doc != want || len(added) != MemoryMaxFacts {
		t.Fatalf("got %d added:\n%s", len(added), doc)
	}
	// Known lines are skipped; new ones go to the end of the section, before later sections.
	user := "# MEMORY\n\nHand-written notes.\n\n## Auto-extracted\n- [profile] User's name is Ada\n\n## Projects\n- atlas\n"
	doc, added = AppendMemory(user, facts[1:3])
	want = "# MEMORY\n\nHand-written notes.\n\n## Auto-extracted\n- [profile] User's name is Ada\n- [preference] User prefers dark mode\n\n## Projects\n- atlas\n"
	if doc != want || len(added) != 1 {
		t.Fatalf("got %d added:\n%s", len(added), doc)
	}
	// Nothing to add: the document is returned as it was, without an empty section.
	if doc, added := AppendMemory("# MEMORY\nmine\n", facts[:1]); doc != "# MEMORY\nmine\n" || added != nil {
		t.Errorf("got %q %v", doc, added)
	}
}

func TestAppendMemory_under4000(t *testing.T) {
	big := "# MEMORY\n" + strings.Repeat("x", MemoryUnder-30) + "\n"
	f := []Fact{{Type: TypeRule, Content: "a rule that is long enough to cross the limit", Confidence: 1}}
	if doc, added := AppendMemory(big, f); doc != big || added != nil {
		t.Errorf("added past %d characters", MemoryUnder)
	}
	full := "# MEMORY\n" + strings.Repeat("x", MemoryUnder) + "\n"
	if doc, added := AppendMemory(full, []Fact{{Type: TypeRule, Content: "r", Confidence: 1}}); doc != full || added != nil {
		t.Error("added to a document already over the limit")
	}
	lines := "# MEMORY\n" + strings.Repeat("-\n", MemoryMaxLines-2)
	if _, added := AppendMemory(lines, []Fact{{Type: TypeRule, Content: "r", Confidence: 1}}); added != nil {
		t.Errorf("added past %d lines", MemoryMaxLines)
	}
}
