package facts

import (
	"cmp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// What committed facts add to the namespace's documents. Sizes are in characters.
const (
	// DailyPrefix + "YYYY-MM-DD" names a daily log.
	DailyPrefix = "daily/"
	// DailyRewriteOver: a daily log longer than this is rewritten without duplicate fact
	// lines when a block is added.
	DailyRewriteOver = 2000
	// DailySkipOver: a block that would make the daily log longer than this (after the
	// rewrite) is not added; the log stays as it was.
	DailySkipOver = 8000

	// MemorySection is the part of the MEMORY document extraction writes.
	MemorySection = "## Auto-extracted"
	// MemoryUnder: facts are added to MEMORY only while it stays under this size…
	MemoryUnder = 4000
	// …and MemoryMaxLines lines (DESIGN.md: the index has at most 200 lines)…
	MemoryMaxLines = 200
	// …and at most MemoryMaxFacts a commit.
	MemoryMaxFacts = 4
)

// memoryTypes are the types MEMORY gets: what describes the user or how to work with
// them. Completions, errors and requests stay in the daily log.
var memoryTypes = []string{TypeProfile, TypeRule, TypePreference, TypeSkill}

// DailyName returns the name of the daily log of date ("2026-11-22").
func DailyName(date string) string { return DailyPrefix + date }

// Line is how a fact is written in a document: "- [type] content", on one line.
func Line(f Fact) string {
	return "- [" + f.Type + "] " + strings.Join(strings.Fields(f.Content), " ")
}

var lineRE = lazy(`^- \[([a-z]+)\] (.+)$`)

// lineKey returns the identity of a fact line ("" for any other line).
func lineKey(l string) string {
	m := lineRE.FindStringSubmatch(l)
	if m == nil {
		return ""
	}
	return m[1] + "\x00" + Key(m[2])
}

// DailyBlock is the dated block a commit adds to the daily log:
//
//	## 05:02 UTC · heuristic · session s1
//	- [preference] User prefers dark mode
func DailyBlock(at time.Time, by, session string, facts []Fact) string {
	var b strings.Builder
	b.WriteString("## " + at.UTC().Format("15:04") + " UTC · " + by)
	if session != "" {
		b.WriteString(" · session " + strings.Join(strings.Fields(session), " "))
	}
	b.WriteByte('\n')
	for _, f := range facts {
		b.WriteString(Line(f) + "\n")
	}
	return b.String()
}

// AppendDaily returns the daily log of date with block added, and whether it was: a log
// that would pass DailyRewriteOver characters is first rewritten by DedupDaily; one that
// would still pass DailySkipOver is returned unchanged, with false.
func AppendDaily(doc, date, block string) (string, bool) {
	base := strings.TrimRight(doc, "\n")
	if strings.TrimSpace(base) == "" {
		base = "# " + date
	}
	out := base + "\n\n" + strings.TrimRight(block, "\n") + "\n"
	if utf8.RuneCountInString(out) > DailyRewriteOver {
		out = DedupDaily(out)
	}
	if utf8.RuneCountInString(out) > DailySkipOver {
		return doc, false
	}
	return out, true
}

// DedupDaily rewrites a daily log deterministically: a fact line whose type and Key an
// earlier line has is dropped, then a block header ("## …") left without lines, and runs
// of blank lines become one.
func DedupDaily(doc string) string {
	lines := strings.Split(strings.TrimRight(doc, "\n"), "\n")
	seen := map[string]bool{}
	kept := lines[:0:0]
	for _, l := range lines {
		if k := lineKey(l); k != "" {
			if seen[k] {
				continue
			}
			seen[k] = true
		}
		kept = append(kept, l)
	}
	var out []string
	for i, l := range kept {
		if strings.HasPrefix(l, "## ") && emptyBlock(kept[i+1:]) {
			continue
		}
		if l == "" && (len(out) == 0 || out[len(out)-1] == "") {
			continue
		}
		out = append(out, l)
	}
	return strings.TrimRight(strings.Join(out, "\n"), "\n") + "\n"
}

// emptyBlock reports whether the lines up to the next heading are all blank.
func emptyBlock(rest []string) bool {
	for _, l := range rest {
		if strings.HasPrefix(l, "#") {
			return true
		}
		if strings.TrimSpace(l) != "" {
			return false
		}
	}
	return true
}

// AppendMemory adds facts to the "## Auto-extracted" section of the MEMORY document (the
// section is created at the end when missing): only the types of memoryTypes, the most
// confident first, at most MemoryMaxFacts, none whose line the document already has, and
// only while the document stays under MemoryUnder characters and MemoryMaxLines lines.
// It returns the document and the facts added; with none added, doc itself.
func AppendMemory(doc string, facts []Fact) (string, []Fact) {
	var cands []Fact
	for _, f := range facts {
		if slices.Contains(memoryTypes, f.Type) {
			cands = append(cands, f)
		}
	}
	slices.SortStableFunc(cands, func(a, b Fact) int { return cmp.Compare(b.Confidence, a.Confidence) })
	if len(cands) == 0 || utf8.RuneCountInString(doc) >= MemoryUnder {
		return doc, nil
	}
	var lines []string
	if strings.TrimSpace(doc) == "" {
		lines = []string{"# MEMORY"}
	} else {
		lines = strings.Split(strings.TrimRight(doc, "\n"), "\n")
	}
	seen := map[string]bool{}
	sec := -1
	for i, l := range lines {
		if k := lineKey(l); k != "" {
			seen[k] = true
		}
		if sec < 0 && strings.TrimSpace(l) == MemorySection {
			sec = i
		}
	}
	if sec < 0 {
		lines = append(lines, "", MemorySection)
		sec = len(lines) - 1
	}
	// at: after the section's last non-blank line.
	at := sec + 1
	for at < len(lines) && !strings.HasPrefix(lines[at], "#") {
		at++
	}
	for at > sec+1 && strings.TrimSpace(lines[at-1]) == "" {
		at--
	}
	var added []Fact
	for _, f := range cands {
		if len(added) == MemoryMaxFacts {
			break
		}
		k := f.Type + "\x00" + Key(f.Content)
		if seen[k] {
			continue
		}
		next := slices.Insert(slices.Clone(lines), at, Line(f))
		text := strings.Join(next, "\n") + "\n"
		if utf8.RuneCountInString(text) >= MemoryUnder || len(next) > MemoryMaxLines {
			break
		}
		lines, at = next, at+1
		seen[k] = true
		added = append(added, f)
	}
	if len(added) == 0 {
		return doc, nil
	}
	return strings.Join(lines, "\n") + "\n", added
}
