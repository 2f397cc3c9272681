package compact

import (
	"context"

	"github.com/memcore/memcore/core/internal/chat"
)

// Options tune Compact. A zero field takes its default (Defaults); a negative one
// switches the behaviour off (no message or character threshold, no floor, no micro
// budget: every older tool result is micro-compacted).
type Options struct {
	// Thresholds of summary compaction: it runs when the conversation has more messages,
	// characters or tokens than these. Defaults 20, 48,000 and 0 (no token threshold).
	// MaxTokens is also a budget: to fit it, the verbatim tail shrinks down to
	// MinRetained messages.
	MaxMessages, MaxChars, MaxTokens int
	// KeepRecent is how many of the most recent messages stay verbatim (8). The tail can
	// be longer (a tool call is not split from its result), or shorter, down to
	// MinRetained, when MaxTokens demands it.
	KeepRecent int
	// Floors (8, 4,000, 4): a conversation under both MinMessages messages and MinChars
	// characters is never compacted; MaxMessages, MaxChars and KeepRecent are raised to
	// them; the verbatim tail never shrinks below MinRetained messages.
	MinMessages, MinChars, MinRetained int
	// MicroKeep is how many of the most recent tool results are kept whole (3);
	// MicroMinChars how long an older one must be to be replaced (100 characters).
	MicroKeep, MicroMinChars int
	// Force runs summary compaction whatever the thresholds (still not below the
	// floors, and only when there is something older than the tail to summarise).
	Force bool
	// WorkingState is appended to the summary, so that the agent's plan and scratchpad
	// survive compaction ("Plan: …\nScratchpad: …"). It is kept whole up to
	// 2 × SummaryMaxChars characters.
	WorkingState string
	// SummaryMaxChars bounds the summary's text, without the header and the working
	// state (2,000 characters).
	SummaryMaxChars int
	// Summarize is the host's LLM: it returns a summary of msgs. nil, an error or an
	// empty answer uses the extractive Summarize instead (an error is reported in
	// Report.LLMError).
	Summarize func(ctx context.Context, msgs []chat.Message) (string, error)
}

// Defaults returns the documented defaults.
func Defaults() Options {
	return Options{
		MaxMessages: 20, MaxChars: 48000, MaxTokens: 0,
		KeepRecent:  8,
		MinMessages: 8, MinChars: 4000, MinRetained: 4,
		MicroKeep: 3, MicroMinChars: 100,
		SummaryMaxChars: 2000,
	}
}

// off is what a negative threshold becomes: never passed.
const off = int(^uint(0) >> 1)

// resolve fills the defaults and applies the floors.
func (o Options) resolve() Options {
	d := Defaults()
	pick := func(v, def, neg int) int {
		switch {
		case v == 0:
			return def
		case v < 0:
			return neg
		}
		return v
	}
	r := o
	r.MinMessages = pick(o.MinMessages, d.MinMessages, 0)
	r.MinChars = pick(o.MinChars, d.MinChars, 0)
	r.MinRetained = pick(o.MinRetained, d.MinRetained, 0)
	r.MaxMessages = max(pick(o.MaxMessages, d.MaxMessages, off), r.MinMessages)
	r.MaxChars = max(pick(o.MaxChars, d.MaxChars, off), r.MinChars)
	r.MaxTokens = max(o.MaxTokens, 0)
	r.KeepRecent = max(pick(o.KeepRecent, d.KeepRecent, 0), r.MinRetained)
	r.MicroKeep = pick(o.MicroKeep, d.MicroKeep, 0)
	r.MicroMinChars = pick(o.MicroMinChars, d.MicroMinChars, 0)
	r.SummaryMaxChars = max(pick(o.SummaryMaxChars, d.SummaryMaxChars, d.SummaryMaxChars), minSummaryChars)
	return r
}

// minSummaryChars is the least SummaryMaxChars can be: room for a few lines.
const minSummaryChars = 200

// Report says what Compact did.
type Report struct {
	// TokensBefore and TokensAfter are the conversation's estimated tokens (Tokens).
	TokensBefore int `json:"tokensBefore"`
	TokensAfter  int `json:"tokensAfter"`
	// MessagesBefore and MessagesAfter count the messages.
	MessagesBefore int `json:"messagesBefore"`
	MessagesAfter  int `json:"messagesAfter"`
	// Micro is how many tool results micro-compaction replaced.
	Micro int `json:"micro"`
	// RuleDropped counts what rule compression left out of the summariser's input
	// (acknowledgements, repeated identical errors); RuleTruncated the tool outputs it
	// cut short there.
	RuleDropped   int `json:"ruleDropped"`
	RuleTruncated int `json:"ruleTruncated"`
	// Summarized is how many messages the summary replaced.
	Summarized int `json:"summarized"`
	// SummaryBy is "llm", "extractive", or "" when nothing was summarised.
	SummaryBy string `json:"summaryBy"`
	// LLMError is why the LLM's summary was not used, when it failed.
	LLMError string `json:"llmError,omitempty"`
	// Trigger is why summary compaction ran: "force", "messages", "chars", "tokens";
	// "" when it did not.
	Trigger string `json:"trigger"`
	// Removed are the messages to store as turns of the session so that nothing is
	// lost, in their original (input) form and order: the conversation from the first
	// message after the leading system messages up to the last message compaction
	// summarised or micro-compacted, without compaction's own artefacts (earlier
	// summaries, results that are only a "[Previous: used …]" placeholder). Storing
	// them again is harmless when duplicates are skipped: the prefix of an unchanged
	// conversation is the same each time.
	Removed []chat.Message `json:"-"`
}
