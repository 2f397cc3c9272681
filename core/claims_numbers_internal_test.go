package core

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/memcore/memcore/core/internal/facts"
)

// The standard: a number a document states — a default, a limit, a cap — is the code's.
// Each row writes the sentence of the document with the constant the code uses, and the
// document must hold it (white space folded, so a sentence may wrap). Changing either
// side alone fails here: the document is then wrong about the code.

// thousands writes n as the docs do: 1,000 and 24,000 (not 1000).
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// sizeText writes a size in bytes as the docs do: 64 KiB, 64 MiB, 1 GiB.
func sizeText(n int) string {
	for _, u := range []struct {
		unit string
		size int
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.size && n%u.size == 0 {
			return fmt.Sprintf("%d %s", n/u.size, u.unit)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}

var spaces = regexp.MustCompile(`\s+`)

// docText is a document of docs/ with its white space folded to single spaces.
func docText(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("../docs/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return spaces.ReplaceAllString(string(b), " ")
}

func days(d time.Duration) int { return int(d / (24 * time.Hour)) }

func TestClaimsNumbers_docsStateTheCodesConstants(t *testing.T) {
	l := DefaultLimits
	medium, _ := Shares(ComplexityMedium)
	simple, _ := Shares(ComplexitySimple)
	complex, _ := Shares(ComplexityComplex)
	share := func(name string, s ContextShares) string {
		return fmt.Sprintf("| `%s`%s | %.2f | %.2f | %.2f | %.2f |", name, map[bool]string{true: " (default)"}[name == "medium"],
			s.System, s.Memory, s.History, s.Reserve)
	}
	rows := []struct {
		doc, want string
	}{
		// ENGINE.md, Limits.
		{"ENGINE.md", "| content of a memory or turn | " + sizeText(l.MaxContentBytes) + " |"},
		{"ENGINE.md", "| title, subject, predicate, card fields, names, session ids | " + sizeText(l.MaxFieldBytes) + " |"},
		{"ENGINE.md", fmt.Sprintf("| tags per memory / bytes per tag | %d / %d |", l.MaxTags, l.MaxTagBytes)},
		{"ENGINE.md", fmt.Sprintf("| a memory's `key` / `metadata` (compact JSON) | %d bytes / %s", MaxKeyBytes, sizeText(MaxMetadataBytes))},
		{"ENGINE.md", "| memories per `remember`, turns per `appendTurns`, ids per `forget` | " + thousands(l.MaxBatch) + " |"},
		{"ENGINE.md", "| a `recall` or `searchTurns` query | " + sizeText(l.MaxQueryBytes) + " |"},
		{"ENGINE.md", "| `limit` of recall, searchTurns, list | " + thousands(l.MaxResults) + " |"},
		{"ENGINE.md", "| one protocol request | " + sizeText(l.MaxRequestBytes) + " |"},
		{"ENGINE.md", fmt.Sprintf("Up to %s a call", thousands(l.MaxBatch))},
		// ENGINE.md, callbacks, snapshots, upkeep, embedding cache.
		{"ENGINE.md", "`core.DefaultCallbackTimeout`, " + map[time.Duration]string{time.Minute: "one minute"}[DefaultCallbackTimeout]},
		{"ENGINE.md", "`core.MaxCompletionBytes` (" + sizeText(MaxCompletionBytes) + ")"},
		{"ENGINE.md", "at most " + sizeText(MaxSnapshotBytes) + " (`core.MaxSnapshotBytes`"},
		{"ENGINE.md", fmt.Sprintf("`transient` %d day, `short` %d days, `long` %d days, `permanent` %d days",
			days(HalfLife[TierTransient]), days(HalfLife[TierShort]), days(HalfLife[TierLong]), days(HalfLife[TierPermanent]))},
		{"ENGINE.md", fmt.Sprintf("Below **%g** the memory is forgotten", DeleteBelow)},
		{"ENGINE.md", fmt.Sprintf("below **%g** it is demoted one tier", DemoteBelow)},
		{"ENGINE.md", fmt.Sprintf("`graceDays` ago (default %d,", DefaultGraceDays)},
		{"ENGINE.md", fmt.Sprintf("the same first %d characters of content", facts.KeyRunes)},
		{"ENGINE.md", fmt.Sprintf("while MEMORY stays within %d lines and %s characters", MaxMemoryLines, thousands(facts.MemoryUnder))},
		{"ENGINE.md", fmt.Sprintf("in memory (the last %d;", maxCachedQueries)},
		// CONTEXT.md, auto-recall, the budget, working memory, episodes.
		{"CONTEXT.md", fmt.Sprintf("the text of the **last %d user messages**, newest first, each cut to **%d characters**, **%d** in all",
			recallQueryMessages, recallQueryPerMsg, recallQueryChars)},
		{"CONTEXT.md", fmt.Sprintf("`recall` with limit **%d**", recallLimit)},
		{"CONTEXT.md", fmt.Sprintf("among %d BM25 candidates", recallTurnCands)},
		{"CONTEXT.md", fmt.Sprintf("keeps at most **%d** turns whose BM25 is at least %g of the best turn's", recallTurnLimit, recallTurnMinRel)},
		{"CONTEXT.md", fmt.Sprintf("the USER document (at most %d characters)", recallUserDocMax)},
		{"CONTEXT.md", fmt.Sprintf("up to **%d** memories about the user", recallProfileMax)},
		{"CONTEXT.md", fmt.Sprintf("at most **%d characters** of memory and document text and **%d characters** of turn text (a turn is cut to %d;",
			recallChars, recallTurnChars, recallItemPerTurn)},
		{"CONTEXT.md", share("simple", simple)},
		{"CONTEXT.md", share("medium", medium)},
		{"CONTEXT.md", share("complex", complex)},
		{"CONTEXT.md", fmt.Sprintf("at most **%d steps**", MaxPlanSteps)},
		{"CONTEXT.md", fmt.Sprintf("then blocked, at most %d lines)", renderTasks)},
		{"CONTEXT.md", fmt.Sprintf("%d user turns were stored since the plan last changed", ReminderUserTurns)},
		{"CONTEXT.md", fmt.Sprintf("the value cut to %d characters", renderScratchChars)},
		{"CONTEXT.md", fmt.Sprintf("(up to %s characters each)", thousands(renderFactsChars))},
		{"CONTEXT.md", fmt.Sprintf("the first sentences, at most %d characters", renderResultChars)},
		{"CONTEXT.md", fmt.Sprintf("≤ %s characters;", thousands(episodeSummaryChars))},
		{"CONTEXT.md", fmt.Sprintf("`entities` — at most %d,", episodeMaxEntities)},
		{"CONTEXT.md", fmt.Sprintf("`lessons` — at most %d sentences", episodeMaxLessons)},
		{"CONTEXT.md", fmt.Sprintf("at most **%d lines** (`too_large` beyond)", MaxMemoryLines)},
		// FACTS.md, what is read and committing.
		{"FACTS.md", fmt.Sprintf("| gate | %d message (`MinMessages`) |", facts.DefaultMinMessages)},
		{"FACTS.md", fmt.Sprintf("| per message | %s characters |", thousands(facts.MaxMessageRunes))},
		{"FACTS.md", fmt.Sprintf("| per call | %s characters |", thousands(facts.MaxScanRunes))},
		{"FACTS.md", fmt.Sprintf("| facts | %d a message |", facts.DefaultMaxFacts)},
		{"FACTS.md", fmt.Sprintf("| duplicates | first %d characters |", facts.KeyRunes)},
		{"FACTS.md", fmt.Sprintf("pass **%s** characters", thousands(facts.DailyRewriteOver))},
		{"FACTS.md", fmt.Sprintf("pass **%s** characters", thousands(facts.DailySkipOver))},
		{"FACTS.md", fmt.Sprintf("at most **%d** a commit", facts.MemoryMaxFacts)},
		{"FACTS.md", fmt.Sprintf("stays under **%s** characters and %d lines", thousands(facts.MemoryUnder), facts.MemoryMaxLines)},
		{"FACTS.md", fmt.Sprintf("**At most %d passes a session**", facts.MaxLLMPerSession)},
		{"FACTS.md", fmt.Sprintf("**user messages of %d+ characters** among the last %d messages", facts.MinLLMRunes, facts.DefaultWindow)},
		// GLUE.md and PROTOCOL.md.
		{"GLUE.md", fmt.Sprintf("A namespace holds at most %s tasks", thousands(MaxTasks))},
		{"GLUE.md", fmt.Sprintf("`blockedBy` (task ids, ≤ %d)", MaxTaskBlockers)},
		{"PROTOCOL.md", "A request over " + sizeText(l.MaxRequestBytes) + " is `too_large`"},
		{"PROTOCOL.md", fmt.Sprintf("`graceDays` (0–3,650, default %d)", DefaultGraceDays)},
		{"PROTOCOL.md", fmt.Sprintf("1 to %s; absent or 0: %s;", thousands(int(MaxCallbackTimeout/time.Millisecond)), thousands(int(DefaultCallbackTimeout/time.Millisecond)))},
	}
	docs := map[string]string{}
	for _, r := range rows {
		if _, ok := docs[r.doc]; !ok {
			docs[r.doc] = docText(t, r.doc)
		}
		if !strings.Contains(docs[r.doc], r.want) {
			t.Errorf("docs/%s does not say the code's number: want %q", r.doc, r.want)
		}
	}
}
