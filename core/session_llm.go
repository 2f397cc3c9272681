// The LLM episode (moved from session.go): when the database has an llm function, it writes
// the episode's summary, goal, outcome, entities and lessons, merged over the heuristic one.

package core

import (
	"context"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/compact"
)

const episodeSystemPrompt = `You write the episode of a finished conversation between a user and an AI agent: a short record the agent will recall in later sessions.
Answer with one JSON object and nothing else:
{"summary": "3-6 sentences: what was asked, what was done, how it ended",
 "goal": "what the user wanted, one sentence",
 "outcome": "how it ended (completed / failed / unfinished, and why), one sentence",
 "entities": ["people, places, projects, products, code identifiers that matter"],
 "lessons": ["what to do or avoid next time; empty if none"],
 "importance": 0.0 to 1.0 (how much this session matters to remember)}
Write in the language the user wrote in.`

type llmEpisodeJSON struct {
	Summary    string   `json:"summary"`
	Goal       string   `json:"goal"`
	Outcome    string   `json:"outcome"`
	Entities   []string `json:"entities"`
	Lessons    []string `json:"lessons"`
	Importance *float64 `json:"importance"`
}

// llmEpisode asks the host's LLM for the episode; ok is false when it fails or its
// answer is unusable (then the heuristic episode stands).
func (n *Namespace) llmEpisode(ctx context.Context, turns []Turn, plan *Plan) (out llmEpisodeJSON, ok bool) {
	defer func() {
		if recover() != nil { // a host callback must not take the engine down
			ok = false
		}
	}()
	prompt := transcript(turns, plan, 24000)
	answer, err := n.e.complete(ctx, Completion{System: episodeSystemPrompt, JSON: true,
		MaxTokens: 800, Temperature: 0,
		Messages: []CompletionMessage{{Role: RoleUser, Content: prompt}}})
	if err != nil {
		return out, false
	}
	answer = strings.TrimSpace(answer)
	// Tolerate a fenced answer or words around the object.
	if i, j := strings.IndexByte(answer, '{'), strings.LastIndexByte(answer, '}'); i >= 0 && j > i {
		answer = answer[i : j+1]
	}
	if json.Unmarshal([]byte(answer), &out) != nil || !utf8.ValidString(answer) {
		return out, false
	}
	if strings.TrimSpace(out.Summary) == "" || strings.IndexByte(answer, 0) >= 0 {
		return out, false
	}
	// Escaped NULs and lone surrogates ("\u0000", "\ud800") survive the checks above
	// as decoded text: an episode made of them could not be exported and imported back.
	for _, s := range append([]string{out.Summary, out.Goal, out.Outcome}, append(out.Entities, out.Lessons...)...) {
		if strings.ContainsRune(s, 0) || strings.ContainsRune(s, utf8.RuneError) {
			return out, false
		}
	}
	return out, true
}

// mergeEpisode takes the LLM's fields over the heuristic ones, within the limits; tools
// used stay the ones the turns name.
func mergeEpisode(ep *Episode, l llmEpisodeJSON) {
	ep.Summary = clipChars(strings.TrimSpace(l.Summary), 4*episodeSummaryChars)
	if g := oneLine(l.Goal); g != "" {
		ep.Goal = clipChars(g, episodeGoalChars)
	}
	if o := oneLine(l.Outcome); o != "" {
		ep.Outcome = clipChars(o, episodeOutcomeChars)
	}
	if ents := cleanList(l.Entities, episodeMaxEntities, 80); len(ents) > 0 {
		ep.Entities = ents
	}
	if l.Lessons != nil {
		ep.Lessons = cleanList(l.Lessons, episodeMaxLessons, episodeLessonChars)
	}
	if l.Importance != nil && *l.Importance >= 0 && *l.Importance <= 1 {
		ep.Importance = math.Round(*l.Importance*100) / 100
	}
}

func cleanList(in []string, max, chars int) []string {
	out := []string{}
	for _, s := range in {
		s = oneLine(s)
		if s == "" || slices.Contains(out, s) {
			continue
		}
		out = append(out, clipChars(s, chars))
		if len(out) == max {
			break
		}
	}
	return out
}

// transcript renders the session for the LLM: the plan, then the turns, at most
// maxChars characters (compaction's transcript: the beginning and the end when longer).
func transcript(turns []Turn, plan *Plan, maxChars int) string {
	var b strings.Builder
	if plan != nil {
		w := workingState{plan: plan}
		b.WriteString(w.render(-1) + "\n\n# Conversation\n\n")
	}
	b.WriteString(compact.Transcript(turnMessages(turns), maxChars-utf8.RuneCountInString(b.String())))
	return b.String()
}
