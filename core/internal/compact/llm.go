package compact

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/chat"
)

// TranscriptMaxChars bounds the transcript Prompt sends the LLM.
const TranscriptMaxChars = 32000

// Per-part bounds of the transcript.
const (
	transcriptTextMax   = 4000
	transcriptArgsMax   = 500
	transcriptResultMax = 1500
)

const systemPrompt = `You compress the earlier part of a conversation between a user and an AI agent, so that the agent can continue the work without it.
Write a summary of at most %d characters: short bullet points under these headings, leaving out a heading with nothing under it:
Goal:
Decisions:
Preferences: (the user's)
Facts: (names, numbers, paths, versions, commands; errors and their causes)
Done:
Open tasks:
Keep identifiers, numbers and file names exactly. Write in the language the user writes in.
Do not invent anything, do not address anyone, add nothing before or after the summary.
The transcript may start with an earlier summary (it begins with "[compacted]"): fold it in.`

// Prompt returns the system prompt and the user message that ask an LLM (at
// temperature 0) for a summary of msgs of at most maxChars characters.
func Prompt(msgs []chat.Message, maxChars int) (system, user string) {
	return fmt.Sprintf(systemPrompt, maxChars), "Transcript:\n\n" + Transcript(msgs, TranscriptMaxChars)
}

// Transcript renders msgs as plain text for an LLM, one paragraph a message ("user:
// …", "assistant called get_weather({…})", "get_weather returned: …"), long parts
// cut, and at most maxChars characters: when longer, the first message and as many of
// the last as fit, with a note of how many were left out between them.
func Transcript(msgs []chat.Message, maxChars int) string {
	parts := make([]string, 0, len(msgs))
	for i := range msgs {
		parts = append(parts, transcriptMessage(&msgs[i]))
	}
	total := 0
	for _, p := range parts {
		total += utf8.RuneCountInString(p) + 2
	}
	if total <= maxChars || len(parts) < 2 {
		return capRunes(strings.Join(parts, "\n\n"), maxChars)
	}
	first := capRunes(parts[0], maxChars/4)
	room := maxChars - utf8.RuneCountInString(first) - 64
	k := len(parts)
	for k > 1 {
		n := utf8.RuneCountInString(parts[k-1]) + 2
		if n > room {
			break
		}
		room -= n
		k--
	}
	tail := parts[k:]
	if k == len(parts) { // not even the last message fits whole
		k--
		tail = []string{capRunes(parts[k], max(room, 1))}
	}
	out := []string{first}
	if k > 1 {
		out = append(out, fmt.Sprintf("[… %d messages left out …]", k-1))
	}
	return strings.Join(append(out, tail...), "\n\n")
}

func transcriptMessage(m *chat.Message) string {
	var lines []string
	for _, b := range m.Blocks {
		switch b.Kind {
		case chat.Text:
			if t := strings.TrimSpace(b.Text); t != "" {
				lines = append(lines, m.Role+": "+capRunes(t, transcriptTextMax))
			}
		case chat.ToolCall:
			lines = append(lines, fmt.Sprintf("%s called %s(%s)", m.Role, b.Name, capRunes(b.Args, transcriptArgsMax)))
		case chat.ToolResult:
			name := b.Name
			if name == "" {
				name = "a tool"
			}
			lines = append(lines, fmt.Sprintf("%s returned: %s", name, capRunes(strings.TrimSpace(b.Text), transcriptResultMax)))
		case chat.Other:
			lines = append(lines, m.Role+": [non-text content]")
		}
	}
	if len(lines) == 0 {
		return m.Role + ": (empty)"
	}
	return strings.Join(lines, "\n")
}

// cleanLLM tidies an LLM's summary: trimmed, without a marker it may have echoed, and
// at most maxChars characters (cut at a line end when one is near).
func cleanLLM(s string, maxChars int) string {
	s = strings.TrimSpace(s)
	for strings.HasPrefix(s, Marker) {
		s = strings.TrimSpace(strings.TrimPrefix(s, Marker))
	}
	if i := strings.Index(s, "\n"+WorkingStateHeading); i >= 0 {
		s = strings.TrimSpace(s[:i]) // the working state is ours to append
	}
	if utf8.RuneCountInString(s) <= maxChars {
		return s
	}
	cut := capRunes(s, maxChars)
	if i := strings.LastIndex(cut, "\n"); i >= 0 && utf8.RuneCountInString(cut[:i]) >= maxChars*2/3 {
		return strings.TrimSpace(cut[:i])
	}
	return cut
}
