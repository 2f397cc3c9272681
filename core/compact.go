package core

import (
	"context"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/chat"
	"github.com/memcore/memcore/core/internal/compact"
	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/store"
	"github.com/memcore/memcore/core/internal/text"
)

// MaxCompactMessages is the most messages one Compact call takes.
const MaxCompactMessages = 10000

// CompactOptions tune [Namespace.Compact]. Zero thresholds take the defaults of
// docs/COMPACTION.md (20 messages, 48,000 characters, no token threshold); thresholds
// under the floors (8 messages, 4,000 characters) are raised to them.
type CompactOptions struct {
	// SessionID, when set, is the session the messages belong to: what compaction takes
	// out of the context is appended to it as turns (those the session already has are
	// skipped), so searchTurns still finds it. Without it nothing is stored.
	SessionID string `json:"sessionId,omitempty"`
	// Force summarises the older messages whatever the thresholds.
	Force bool `json:"force,omitempty"`
	// MaxMessages, MaxChars and MaxTokens are the thresholds of summary compaction;
	// MaxTokens is also a budget the verbatim tail shrinks to fit (down to 4 messages).
	MaxMessages int `json:"maxMessages,omitempty"`
	MaxChars    int `json:"maxChars,omitempty"`
	MaxTokens   int `json:"maxTokens,omitempty"`
	// WorkingState ends the summary, so that it survives compaction ("Plan: …\nScratchpad: …").
	WorkingState string `json:"workingState,omitempty"`
}

// CompactReport says what Compact did: tokens (estimated, CJK-aware) and messages before
// and after, what each layer did, who wrote the summary and how many turns were stored.
type CompactReport struct {
	TokensBefore   int `json:"tokensBefore"`
	TokensAfter    int `json:"tokensAfter"`
	MessagesBefore int `json:"messagesBefore"`
	MessagesAfter  int `json:"messagesAfter"`
	// Micro is how many old tool results were replaced by "[Previous: used <tool>]".
	Micro int `json:"micro"`
	// RuleDropped and RuleTruncated: acknowledgements and repeated errors left out of,
	// and tool outputs cut short in, what the summariser read.
	RuleDropped   int `json:"ruleDropped"`
	RuleTruncated int `json:"ruleTruncated"`
	// Summarized is how many messages the "[compacted]" summary replaced.
	Summarized int `json:"summarized"`
	// SummaryBy is "llm", "extractive", or "" when nothing was summarised.
	SummaryBy string `json:"summaryBy"`
	// LLMError is why the host's LLM was not used, when it failed.
	LLMError string `json:"llmError,omitempty"`
	// Trigger is what made summary compaction run: "messages", "chars", "tokens",
	// "force"; "" when it did not.
	Trigger string `json:"trigger"`
	// StoredTurns is how many turns were appended to the session.
	StoredTurns int `json:"storedTurns"`
}

// CompactResult is the compacted conversation, in the shape it came in, and the report.
type CompactResult struct {
	Messages json.RawMessage `json:"messages"`
	Report   CompactReport   `json:"report"`
}

// Compact shortens a conversation (a JSON array of messages in the OpenAI or the
// Anthropic shape) so that it fits a model's context: old tool results become
// placeholders, and past a threshold (or when forced) the older messages are replaced by
// one "[compacted]" summary, written by the host's LLM (Options.Complete) when there is
// one and extractively otherwise, ending with the working state. The system message and
// the most recent messages stay verbatim; a tool call is never split from its result.
// With a session id, whatever left the context is stored as turns of the session.
// See docs/COMPACTION.md.
func (n *Namespace) Compact(ctx context.Context, messages json.RawMessage, o CompactOptions) (*CompactResult, error) {
	if err := n.e.checkOpen(); err != nil {
		return nil, err
	}
	c := checker{l: n.e.limits}
	switch {
	case len(messages) == 0 || string(messages) == "null":
		c.fail(errs.InvalidArgument, "messages", "messages are required (an array, maybe empty)")
	case len(messages) > c.l.MaxRequestBytes:
		c.fail(errs.TooLarge, "messages", "are %d bytes, the limit is %d", len(messages), c.l.MaxRequestBytes)
	}
	c.text("sessionId", o.SessionID, c.l.MaxFieldBytes, false)
	c.nonNegative("maxMessages", o.MaxMessages)
	c.nonNegative("maxChars", o.MaxChars)
	c.nonNegative("maxTokens", o.MaxTokens)
	c.text("workingState", o.WorkingState, c.l.MaxContentBytes, false)
	if c.err != nil {
		return nil, c.err
	}
	msgs, shape, err := chat.Parse(messages, "messages")
	if err != nil {
		return nil, err
	}
	if len(msgs) > MaxCompactMessages {
		return nil, errs.New(errs.TooLarge, "messages", "has %d messages, the limit is %d", len(msgs), MaxCompactMessages)
	}

	co := compact.Defaults()
	co.Force, co.WorkingState = o.Force, o.WorkingState
	co.MaxMessages, co.MaxChars, co.MaxTokens = o.MaxMessages, o.MaxChars, o.MaxTokens
	if n.e.complete != nil {
		co.Summarize = n.compactSummarizer(co.SummaryMaxChars)
	}
	out, rep, err := compact.Compact(ctx, msgs, co)
	if err != nil {
		return nil, errs.Wrap(errs.Storage, err, "request cancelled")
	}
	stored := 0
	if o.SessionID != "" && len(rep.Removed) > 0 {
		if stored, err = n.storeCompacted(ctx, o.SessionID, rep.Removed); err != nil {
			return nil, err
		}
	}
	raw, err := chat.Encode(out, shape)
	if err != nil {
		return nil, errs.Wrap(errs.Internal, err, "encode messages")
	}
	return &CompactResult{Messages: raw, Report: CompactReport{
		TokensBefore: rep.TokensBefore, TokensAfter: rep.TokensAfter,
		MessagesBefore: rep.MessagesBefore, MessagesAfter: rep.MessagesAfter,
		Micro: rep.Micro, RuleDropped: rep.RuleDropped, RuleTruncated: rep.RuleTruncated,
		Summarized: rep.Summarized, SummaryBy: rep.SummaryBy, LLMError: rep.LLMError,
		Trigger: rep.Trigger, StoredTurns: stored,
	}}, nil
}

func (c *checker) nonNegative(field string, v int) {
	if v < 0 {
		c.fail(errs.InvalidArgument, field, "must not be negative, got %d", v)
	}
}

// compactSummarizer asks the host's LLM, at temperature 0, for a summary of at most
// maxChars characters (and as many tokens: a token is at least about a character in
// every script).
func (n *Namespace) compactSummarizer(maxChars int) func(context.Context, []chat.Message) (string, error) {
	return func(ctx context.Context, msgs []chat.Message) (string, error) {
		system, user := compact.Prompt(msgs, maxChars)
		return n.e.complete(ctx, Completion{System: system, Temperature: 0, MaxTokens: maxChars,
			Messages: []CompletionMessage{{Role: RoleUser, Content: user}}})
	}
}

// storeCompacted appends msgs to the session as turns, in one transaction, skipping those
// the session already has (same role and content, counted: a session holding a message
// once skips one copy of it). It returns how many turns it appended.
func (n *Namespace) storeCompacted(ctx context.Context, sessionID string, msgs []chat.Message) (int, error) {
	turns := n.compactedTurns(msgs)
	if len(turns) == 0 {
		return 0, nil
	}
	want := map[string]bool{}
	for _, t := range turns {
		want[store.TurnKey(t.Role, t.Content)] = true
	}
	stored := 0
	err := n.e.tx(ctx, func() error {
		have, err := n.e.db.CountSessionTurns(n.name, sessionID, want)
		if err != nil {
			return err
		}
		prev, err := n.e.db.LastTurn(n.name, sessionID)
		if err != nil {
			return err
		}
		var seq int64
		if prev != nil {
			seq = prev.Seq
		}
		now := n.e.clock()
		stored = 0
		for _, in := range turns {
			k := store.TurnKey(in.Role, in.Content)
			if have[k] > 0 {
				have[k]--
				continue
			}
			seq++
			t := Turn{ID: n.e.ids.next(now), SessionID: sessionID, Seq: seq, Role: in.Role, Name: in.Name,
				Content: in.Content, CreatedAt: now}
			doc := store.TurnDoc{Content: text.Join(text.Tokens(t.Content))}
			if prev != nil && prev.Role != t.Role {
				doc.Context = text.Join(text.Tokens(prev.Content))
			}
			if err := n.e.db.InsertTurn(n.name, &t, doc); err != nil {
				return err
			}
			prev = &t
			stored++
		}
		return nil
	})
	return stored, err
}

// compactedTurns turns messages into turns: developer becomes system; every tool result
// is a tool turn named after its tool (Anthropic sends results in user messages: the
// rest of such a message is a user turn of its own); a message's content is its readable
// text (chat.Message.AllText: tool calls as name(args)). Placeholders and empty
// messages are left out; content and names are cut to the turn limits, at a character
// boundary, rather than refused.
func (n *Namespace) compactedTurns(msgs []chat.Message) []TurnInput {
	l := n.e.limits
	var out []TurnInput
	add := func(role, name, content string) {
		content = clean(content, l.MaxContentBytes)
		if strings.TrimSpace(content) == "" || compact.IsPlaceholder(content) {
			return
		}
		out = append(out, TurnInput{Role: role, Name: clean(name, l.MaxFieldBytes), Content: content})
	}
	for i := range msgs {
		m := msgs[i]
		role := m.Role
		if role == "developer" {
			role = RoleSystem
		}
		rest := m
		rest.Blocks = nil
		for _, b := range m.Blocks {
			if b.Kind == chat.ToolResult {
				add(RoleTool, b.Name, b.Text)
			} else {
				rest.Blocks = append(rest.Blocks, b)
			}
		}
		if role != RoleTool {
			add(role, "", rest.AllText())
		}
	}
	return out
}

// clean makes s storable: valid UTF-8 without NUL, at most max bytes (cut at a
// character boundary).
func clean(s string, max int) string {
	s = strings.ToValidUTF8(strings.ReplaceAll(s, "\x00", ""), "\uFFFD")
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}

// Protocol op.

type compactArgs struct {
	nsArg
	Messages json.RawMessage `json:"messages"`
	CompactOptions
}

func compactOp(ctx context.Context, n *Namespace, a *compactArgs) (any, error) {
	return n.Compact(ctx, a.Messages, a.CompactOptions)
}
