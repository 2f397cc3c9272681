// The deterministic episode of a finished session (moved from session.go): its summary,
// goal, outcome, importance and lessons from the turns and the plan alone, without an LLM.

package core

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/chat"
	"github.com/memcore/memcore/core/internal/compact"
	"github.com/memcore/memcore/core/internal/lazyre"
	"github.com/memcore/memcore/core/internal/text"
)

// heuristicEpisode computes an episode's fields from the turns and the plan alone.
func heuristicEpisode(turns []Turn, plan *Plan) Episode {
	ep := Episode{Entities: []string{}, ToolsUsed: []string{}, Lessons: []string{}}
	ep.Summary = compact.Summarize(turnMessages(turns), episodeSummaryChars)
	ep.Goal = episodeGoal(turns, plan)
	ep.Outcome = episodeOutcome(turns, plan)
	var all strings.Builder
	for _, t := range turns {
		for _, name := range turnTools(t) {
			if !slices.Contains(ep.ToolsUsed, name) && len(ep.ToolsUsed) < episodeMaxTools {
				ep.ToolsUsed = append(ep.ToolsUsed, name)
			}
		}
		if t.Role != RoleSystem && t.Role != RoleDeveloper {
			all.WriteString(t.Content)
			all.WriteString("\n")
		}
	}
	ep.Entities = extractEntities(clipBytes(all.String(), episodeEntityBytes), episodeMaxEntities)
	var errors int
	ep.Lessons, errors = extractLessons(turns)
	ep.Importance = episodeImportance(turns, plan, len(ep.ToolsUsed), errors, len(ep.Lessons))
	return ep
}

// notALesson reports whether a sentence with a lesson cue is no lesson: a question ("你记得
// 我什么？" has 记得), a lead-in to what follows ("我记得："), or a fragment.
func notALesson(s string) bool {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, "?") || strings.HasSuffix(s, "？") || strings.HasSuffix(s, ":") || strings.HasSuffix(s, "：") {
		return true
	}
	if l := strings.ToLower(s); strings.Contains(l, "remind me") || strings.Contains(s, "提醒我") {
		return true // "下个月15号我妈过生日，记得提醒我": a task (its cue 记得), not a lesson
	}
	if instructionCueRE.MatchString(s) {
		return true // "记得别推荐有香菜的菜": a rule for the assistant (the summary's Preferences), not a lesson
	}
	return len(strings.Fields(s)) < 4 && utf8.RuneCountInString(s) < 8
}

// episodeOutcome says how the session ended: from the plan's steps when it has some,
// else from the last assistant turn.
func episodeOutcome(turns []Turn, plan *Plan) string {
	if plan != nil && len(plan.Steps) > 0 {
		var done, failed, active int
		var failedTitles []string
		for _, s := range plan.Steps {
			switch s.Status {
			case StepCompleted:
				done++
			case StepFailed:
				failed++
				failedTitles = append(failedTitles, oneLine(s.Title))
			case StepInProgress:
				active++
			}
		}
		total := len(plan.Steps)
		var out string
		switch {
		case done == total:
			out = fmt.Sprintf("completed: all %d plan steps done", total)
		case failed > 0:
			out = fmt.Sprintf("failed: %d of %d plan steps failed (%s); %d completed", failed, total,
				strings.Join(failedTitles, "; "), done)
		default:
			out = fmt.Sprintf("unfinished: %d of %d plan steps completed", done, total)
		}
		return clipChars(out, episodeOutcomeChars)
	}
	acked := false
	for i := len(turns) - 1; i >= 0; i-- {
		if turns[i].Role != RoleAssistant || strings.TrimSpace(turns[i].Content) == "" {
			continue
		}
		if compact.NoFinding(turns[i].Content) {
			acked = true // "Got it.", "Here is what I remember:": the answer is in an earlier turn, or none
			continue
		}
		s := sentences(turns[i].Content)
		return clipChars("answered: "+strings.Join(s[:min(2, len(s))], " "), episodeOutcomeChars)
	}
	if acked {
		return "no answer: the assistant only acknowledged"
	}
	return "no answer: the session has no assistant turn"
}

func episodeImportance(turns []Turn, plan *Plan, tools, errors, lessons int) float64 {
	v := 0.3 + math.Min(0.2, 0.01*float64(len(turns)))
	if tools > 0 {
		v += 0.1
	}
	v += math.Min(0.2, 0.05*float64(errors))
	if lessons > 0 {
		v += 0.1
	}
	if plan != nil {
		v += 0.1
	}
	return math.Round(math.Min(1, v)*100) / 100
}

// turnMessages turns a session's turns into chat messages for package compact: a tool
// turn becomes the call (an assistant message) and its result, so that tools are
// counted.
func turnMessages(turns []Turn) []chat.Message {
	out := make([]chat.Message, 0, len(turns))
	for i, t := range turns {
		if m, ok := callMessage(t); ok { // stored by appendMessages: the calls as they were
			out = append(out, m)
			continue
		}
		if t.Role == RoleTool {
			id := fmt.Sprintf("turn%d", i)
			out = append(out,
				chat.Message{Role: RoleAssistant, Blocks: []chat.Block{{Kind: chat.ToolCall, ID: id, Name: t.Name, Args: "{}"}}},
				chat.Message{Role: RoleTool, Blocks: []chat.Block{{Kind: chat.ToolResult, ID: id, Name: t.Name, Text: t.Content}}})
			continue
		}
		out = append(out, chat.NewText(t.Role, t.Content))
	}
	return out
}

// summarizeText is an extractive summary of one text: its first sentences within
// maxChars characters (the first one cut when it is longer).
func summarizeText(s string, maxChars int) string {
	var out []string
	n := 0
	for _, sent := range sentences(s) {
		l := utf8.RuneCountInString(sent) + 1
		if n+l > maxChars {
			if len(out) == 0 {
				return clipChars(sent, maxChars)
			}
			break
		}
		out, n = append(out, sent), n+l
	}
	return strings.Join(out, " ")
}

// sentences splits text into trimmed, white-space-folded sentences: at . ! ? followed by
// a space or the end (not at the period of an abbreviation: text.EndsWithAbbrev), at
// 。！？, and at line breaks.
func sentences(s string) []string {
	var out []string
	var cur strings.Builder
	flush := func() {
		if t := oneLine(cur.String()); t != "" {
			out = append(out, t)
		}
		cur.Reset()
	}
	rs := []rune(s)
	for i, r := range rs {
		switch {
		case r == '\n':
			flush()
			continue
		case r == '。' || r == '！' || r == '？':
			cur.WriteRune(r)
			flush()
			continue
		}
		cur.WriteRune(r)
		if (r == '.' || r == '!' || r == '?') && (i+1 == len(rs) || unicode.IsSpace(rs[i+1])) &&
			(r != '.' || i+1 == len(rs) || !text.EndsWithAbbrev(cur.String())) { // not at "St. Ives", "Dr. Patel"
			flush()
		}
	}
	flush()
	return out
}

// Cues of lessons and errors in a turn (lower-cased text).
var (
	// instructionCueRE is a lesson cue that opens an instruction to the assistant
	// ("记得别推荐…", "remember not to suggest…", "don't forget to use…"): a rule, which the
	// summary keeps among the preferences; the ninth new-user pass found one as a lesson.
	instructionCueRE = lazyre.New(`记得(?:别|不要|不能|少|多|用|给我|帮我)|注意(?:别|不要)|(?i)\b(?:remember|don't\s+forget)\s+(?:to\s+)?(?:not\s+to\s+|never\s+|always\s+)?(?:recommend|suggest|use|reply|answer|write|call|avoid|include|add)\b`)
	lessonCues       = []string{"lesson", "learned", "next time", "turns out", "turned out", "the fix",
		"fixed by", "root cause", "workaround", "remember to", "don't forget", "should have",
		"make sure", "教训", "下次", "原来", "记得", "注意", "解决办法", "经验"}
	errorCues = []string{"error", "failed", "failure", "exception", "traceback", "panic:",
		"doesn't work", "didn't work", "not working", "refused", "timed out", "timeout",
		"错误", "失败", "报错", "异常", "超时"}
)

func hasCue(lower string, cues []string) bool {
	for _, c := range cues {
		if strings.Contains(lower, c) {
			return true
		}
	}
	return false
}

// extractLessons returns the sentences with lesson cues (first), then error sentences,
// at most episodeMaxLessons, and how many turns had error cues.
func extractLessons(turns []Turn) ([]string, int) {
	var lessons, errorsSeen []string
	errTurns := 0
	add := func(list *[]string, s string) {
		s = clipChars(s, episodeLessonChars)
		if !slices.Contains(lessons, s) && !slices.Contains(errorsSeen, s) {
			*list = append(*list, s)
		}
	}
	for _, t := range turns {
		if t.Role == RoleSystem {
			continue
		}
		lower := strings.ToLower(t.Content)
		if hasCue(lower, errorCues) {
			errTurns++
		}
		for _, s := range sentences(t.Content) {
			ls := strings.ToLower(s)
			switch {
			case hasCue(ls, lessonCues) && !notALesson(s):
				add(&lessons, s)
			case hasCue(ls, errorCues):
				if t.Role == RoleTool && t.Name != "" {
					s = t.Name + ": " + s
				}
				add(&errorsSeen, s)
			}
		}
	}
	out := append(lessons, errorsSeen...)
	if len(out) > episodeMaxLessons {
		out = out[:episodeMaxLessons]
	}
	if out == nil {
		out = []string{}
	}
	return out, errTurns
}
