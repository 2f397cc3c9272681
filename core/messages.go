package core

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/memcore/memcore/core/internal/chat"
	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/record"
)

// ToolCall is one tool call of an assistant turn (Turn.ToolCalls).
type ToolCall = record.ToolCall

// RoleDeveloper is OpenAI's newer name for the system role; turns keep it as given.
const RoleDeveloper = "developer"

// AppendMessagesResult is what AppendMessages stored.
type AppendMessagesResult struct {
	Turns []Turn `json:"turns"`
	Shape string `json:"shape"` // the shape the messages were read as: openai or anthropic
}

// AppendMessages stores chat messages as they come from an OpenAI or Anthropic client
// (docs/PROTOCOL.md#appendmessages) as turns of a session, so that agents need no
// converter of their own. Roles are kept (developer included); an assistant message's
// tool calls become the turn's ToolCalls (id, name, arguments); every tool result — an
// OpenAI "tool" message or an Anthropic tool_result block, which arrives inside a user
// message — becomes a tool turn named after its tool, with the call's id in CallID (the
// name is found in the same batch or, for a result sent after its call, in the stored
// turns). The rest of an Anthropic user message is a user turn of its own. Content that
// is not text (images, documents) is kept as a marker "[image]". A message that leaves
// nothing to store (no text, no call) is skipped. All turns go in one transaction.
func (n *Namespace) AppendMessages(ctx context.Context, sessionID string, messages json.RawMessage) (*AppendMessagesResult, error) {
	c := checker{l: n.e.limits}
	c.sessionID(sessionID)
	if c.err != nil {
		return nil, c.err
	}
	if len(messages) == 0 || string(messages) == "null" {
		return nil, errs.New(errs.InvalidArgument, "messages", "messages is required: a JSON array of chat messages")
	}
	msgs, shape, err := chat.Parse(messages, "messages")
	if err != nil {
		return nil, err
	}
	if len(msgs) > n.e.limits.MaxBatch {
		return nil, errs.New(errs.TooLarge, "messages", "has %d messages, the limit is %d", len(msgs), n.e.limits.MaxBatch)
	}
	turns, from := messageTurns(msgs)
	if len(turns) == 0 {
		return nil, errs.New(errs.InvalidArgument, "messages", "no message has text or a tool call to store")
	}
	// Results whose call was appended before: their tool's name is in the stored turns.
	for i := range turns {
		if turns[i].Role == RoleTool && turns[i].Name == "" && turns[i].CallID != "" {
			err := n.e.do(ctx, func() (err error) {
				turns[i].Name, err = n.e.db.ToolNameOfCall(n.name, sessionID, turns[i].CallID)
				return err
			})
			if err != nil {
				return nil, err
			}
		}
	}
	stored, err := n.AppendTurns(ctx, sessionID, turns)
	if err != nil {
		// Name the field after the message the caller gave, not the turn made of it.
		e := *errs.As(err)
		if e.Field == "turns" {
			e.Field = "messages"
		}
		var i int
		var rest string
		if k, _ := fmt.Sscanf(e.Field, "turns[%d]", &i); k == 1 && i < len(from) {
			if _, rest, _ = strings.Cut(e.Field, "]"); rest == ".toolCalls" || strings.HasPrefix(rest, ".toolCalls[") {
				rest = strings.Replace(rest, ".toolCalls", ".tool_calls", 1)
			}
			e.Field = fmt.Sprintf("messages[%d]%s", from[i], rest)
		}
		return nil, &e
	}
	return &AppendMessagesResult{Turns: stored, Shape: string(shape)}, nil
}

// messageTurns turns parsed messages into turn inputs; from[i] is the index of the
// message turn i was made of.
func messageTurns(msgs []chat.Message) (turns []TurnInput, from []int) {
	add := func(i int, t TurnInput) {
		turns = append(turns, t)
		from = append(from, i)
	}
	for i := range msgs {
		m := &msgs[i]
		var text []string
		var calls []ToolCall
		for _, b := range m.Blocks {
			switch b.Kind {
			case chat.Text:
				if b.Text != "" {
					text = append(text, b.Text)
				}
			case chat.ToolCall:
				calls = append(calls, ToolCall{ID: b.ID, Name: b.Name, Arguments: b.Args})
			case chat.ToolResult:
				add(i, TurnInput{Role: RoleTool, Name: b.Name, CallID: b.ID, Content: b.Text})
			case chat.Other:
				text = append(text, "["+b.Type()+"]")
			}
		}
		if m.Role == RoleTool {
			continue // its one block, the result, is stored above
		}
		content := strings.Join(text, "\n")
		if strings.TrimSpace(content) == "" && len(calls) == 0 {
			continue
		}
		add(i, TurnInput{Role: m.Role, Content: content, ToolCalls: calls})
	}
	return turns, from
}

// turnSearchText is what the turn index holds of t: its content and, for an assistant
// turn that called tools, each call as name(arguments).
func turnSearchText(t *Turn) string {
	if len(t.ToolCalls) == 0 {
		return t.Content
	}
	parts := []string{t.Content}
	for _, c := range t.ToolCalls {
		parts = append(parts, c.Name+"("+c.Arguments+")")
	}
	return strings.Join(parts, "\n")
}

// Protocol op.

type appendMessagesArgs struct {
	nsArg
	SessionID string          `json:"sessionId"`
	Messages  json.RawMessage `json:"messages"`
}

func opAppendMessages(ctx context.Context, n *Namespace, a *appendMessagesArgs) (any, error) {
	return n.AppendMessages(ctx, a.SessionID, a.Messages)
}

// maxToolCalls is how many tool calls one turn may carry.
const maxToolCalls = 128

// toolCalls checks a turn's call id and tool calls (f is the turn's field prefix).
func (c *checker) toolCalls(f string, t TurnInput) {
	c.text(f+"callId", t.CallID, c.l.MaxFieldBytes, false)
	if t.CallID != "" && t.Role != RoleTool {
		c.fail(errs.InvalidArgument, f+"callId", "only a tool turn answers a call; this turn's role is %q", t.Role)
	}
	if len(t.ToolCalls) == 0 {
		return
	}
	if t.Role != RoleAssistant {
		c.fail(errs.InvalidArgument, f+"toolCalls", "only an assistant turn makes tool calls; this turn's role is %q", t.Role)
	}
	if len(t.ToolCalls) > maxToolCalls {
		c.fail(errs.TooLarge, f+"toolCalls", "has %d calls, the limit is %d", len(t.ToolCalls), maxToolCalls)
		return
	}
	for j, call := range t.ToolCalls {
		g := fmt.Sprintf("%stoolCalls[%d].", f, j)
		c.text(g+"id", call.ID, c.l.MaxFieldBytes, false)
		c.text(g+"name", call.Name, c.l.MaxFieldBytes, true)
		c.text(g+"arguments", call.Arguments, c.l.MaxContentBytes, false)
	}
}

// turnTools are the tools a turn shows were used: a tool turn's name, else the names of
// an assistant turn's calls (a call whose result was never stored still counts).
func turnTools(t Turn) []string {
	if t.Role == RoleTool {
		if t.Name != "" {
			return []string{t.Name}
		}
		return nil
	}
	var out []string
	for _, c := range t.ToolCalls {
		if c.Name != "" {
			out = append(out, c.Name)
		}
	}
	return out
}

// callMessage is a stored turn with tool calls or a call id as the chat message it came
// from (ok is false for a turn with neither).
func callMessage(t Turn) (chat.Message, bool) {
	switch {
	case t.Role == RoleTool && t.CallID != "":
		return chat.Message{Role: RoleTool, Blocks: []chat.Block{{Kind: chat.ToolResult, ID: t.CallID,
			Name: t.Name, Text: t.Content}}}, true
	case len(t.ToolCalls) > 0:
		m := chat.Message{Role: t.Role}
		if t.Content != "" {
			m.Blocks = append(m.Blocks, chat.Block{Kind: chat.Text, Text: t.Content})
		}
		for _, c := range t.ToolCalls {
			m.Blocks = append(m.Blocks, chat.Block{Kind: chat.ToolCall, ID: c.ID, Name: c.Name, Args: c.Arguments})
		}
		return m, true
	}
	return chat.Message{}, false
}
