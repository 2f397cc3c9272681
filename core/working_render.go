// Working memory as buildContext renders it (moved from working.go): a session's
// scratchpad, plan and state read together, as items and as text within a budget.

package core

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/text"
)

// workingState is a session's working memory as buildContext renders it.
type workingState struct {
	plan    *Plan
	state   string
	facts   []ScratchEntry // session_facts…
	results []ScratchEntry // subagent_result::…, delegation_result::…
	scratch []ScratchEntry // the rest
	extra   []workItem     // the todo reminder and the open tasks, shown after the plan
}

// readWorking reads the session's working memory; the engine must be locked.
func (n *Namespace) readWorking(sessionID string) (workingState, error) {
	var w workingState
	var err error
	if w.plan, err = n.plan(sessionID); err != nil {
		return w, err
	}
	s, err := n.e.db.GetSession(n.name, sessionID)
	if err != nil {
		return w, err
	}
	if s != nil {
		w.state = s.BusinessState
	}
	entries, err := n.scratchpad(sessionID)
	for _, e := range entries {
		switch {
		case strings.HasPrefix(e.Key, ScratchSessionFacts):
			w.facts = append(w.facts, e)
		case strings.HasPrefix(e.Key, ScratchSubagentPrefix), strings.HasPrefix(e.Key, ScratchDelegationPrefix):
			w.results = append(w.results, e)
		default:
			w.scratch = append(w.scratch, e)
		}
	}
	return w, err
}

// Rendering caps, in characters.
const (
	renderStateChars   = 2000 // the business state
	renderFactsChars   = 2000 // one session_facts entry
	renderResultChars  = 300  // the summary of a sub-agent or delegation result
	renderScratchChars = 500  // one other scratchpad value
)

type workItem struct{ section, text string }

// items are the rendered pieces of the working state, most important first: the plan,
// the business state, session facts, sub-agent and delegation results, other keys.
func (w *workingState) items() []workItem {
	var out []workItem
	if p := w.plan; p != nil {
		var b strings.Builder
		fmt.Fprintf(&b, "Goal: %s", oneLine(p.Goal))
		marks := map[string]string{StepPending: "[ ]", StepInProgress: "[>]", StepCompleted: "[x]", StepFailed: "[!]"}
		for i, s := range p.Steps {
			fmt.Fprintf(&b, "\n%d. %s %s", i+1, marks[s.Status], oneLine(s.Title))
			switch s.Status {
			case StepInProgress:
				b.WriteString(" (in progress)")
			case StepFailed:
				b.WriteString(" (failed)")
			}
		}
		out = append(out, workItem{"Plan", b.String()})
	}
	out = append(out, w.extra...)
	if strings.TrimSpace(w.state) != "" {
		out = append(out, workItem{"Business state", clipChars(strings.TrimSpace(w.state), renderStateChars)})
	}
	for _, e := range w.facts {
		v := clipChars(strings.TrimSpace(e.Value), renderFactsChars)
		if name, ok := strings.CutPrefix(e.Key, ScratchSessionFacts+"::"); ok {
			v = "- " + name + ": " + v
		}
		out = append(out, workItem{"Session facts", v})
	}
	for _, e := range w.results {
		kind, name := "sub-agent", strings.TrimPrefix(e.Key, ScratchSubagentPrefix)
		if strings.HasPrefix(e.Key, ScratchDelegationPrefix) {
			kind, name = "delegation", strings.TrimPrefix(e.Key, ScratchDelegationPrefix)
		}
		sum := summarizeText(e.Value, renderResultChars)
		line := fmt.Sprintf("- %s (%s): %s", oneLine(name), kind, sum)
		if utf8.RuneCountInString(strings.TrimSpace(e.Value)) > utf8.RuneCountInString(sum) {
			line += fmt.Sprintf(" [summary; full text: scratchpad key %q]", e.Key)
		}
		out = append(out, workItem{"Results", line})
	}
	for _, e := range w.scratch {
		out = append(out, workItem{"Scratchpad", "- " + oneLine(e.Key) + ": " +
			clipChars(oneLine(e.Value), renderScratchChars)})
	}
	return out
}

// render returns the working state as Markdown, in at most maxTokens estimated tokens
// (maxTokens < 0: no limit). To fit it leaves out items from the least important end,
// saying how many; if the plan alone does not fit it is cut by lines.
func (w *workingState) render(maxTokens int) string {
	items := w.items()
	if len(items) == 0 || maxTokens == 0 {
		return ""
	}
	out := renderItems(items, 0)
	if maxTokens < 0 || text.EstimateTokens(out) <= maxTokens {
		return out
	}
	for keep := len(items) - 1; keep >= 1; keep-- {
		out = renderItems(items[:keep], len(items)-keep)
		if text.EstimateTokens(out) <= maxTokens {
			return out
		}
	}
	// Only the first item, cut by lines; the headings alone ("# Working state", "",
	// "## Plan") say nothing, so it goes when no line of it fits.
	lines := strings.Split(out, "\n")
	for len(lines) > 4 {
		lines = lines[:len(lines)-1]
		s := strings.Join(lines, "\n") + "\n…"
		if text.EstimateTokens(s) <= maxTokens {
			return s
		}
	}
	return ""
}

func renderItems(items []workItem, omitted int) string {
	var b strings.Builder
	b.WriteString("# Working state")
	section := ""
	for _, it := range items {
		if it.section != section {
			section = it.section
			b.WriteString("\n\n## " + section)
		}
		b.WriteString("\n" + it.text)
	}
	if omitted > 0 {
		fmt.Fprintf(&b, "\n\n(%d more working-state entries left out for the token budget: plan.get, state.get and scratchpad.list show everything)", omitted)
	}
	return b.String()
}

// oneLine folds white space runs (newlines included) into single spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// clipChars cuts s to at most max characters, ending with "…" when cut.
func clipChars(s string, max int) string {
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	return clipRunes(s, max-1) + "…"
}
