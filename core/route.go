package core

import (
	"context"
	"encoding/json"

	"github.com/memcore/memcore/core/internal/chat"
	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/route"
)

// RouteDecision is where a piece of information belongs (docs/ROUTING.md): Layer is
// scratchpad, plan, turn, memory (with Type and Tier) or document (with Document: IDENTITY,
// SOUL or daily); Rule names the deciding rule and Reason says why.
type RouteDecision = route.Decision

// RouteInput is a text, or one chat message (OpenAI or Anthropic shape): exactly one.
type RouteInput struct {
	Text    *string         `json:"text,omitempty"`
	Message json.RawMessage `json:"message,omitempty"`
}

// Route tells which layer of memory a piece of information belongs to, by deterministic
// rules (English and Chinese) — the engine stores nothing. A message is routed by its
// role and readable text: a tool result is trajectory, a system message the agent's
// identity.
func (n *Namespace) Route(ctx context.Context, in RouteInput) (*RouteDecision, error) {
	if err := n.e.checkOpen(); err != nil {
		return nil, err
	}
	c := checker{l: n.e.limits}
	var ri route.Input
	switch {
	case in.Text != nil && in.Message != nil:
		return nil, errs.New(errs.InvalidArgument, "text", "give text or message, not both")
	case in.Text != nil:
		c.text("text", *in.Text, c.l.MaxContentBytes, false)
		ri.Text = *in.Text
	case in.Message != nil:
		msgs, _, err := chat.Parse(append(append([]byte("["), in.Message...), ']'), "message")
		if err != nil {
			e := *errs.As(err)
			if len(e.Field) >= len("message[0]") && e.Field[:len("message[0]")] == "message[0]" {
				e.Field = "message" + e.Field[len("message[0]"):]
			}
			return nil, &e
		}
		if len(msgs) != 1 {
			return nil, errs.New(errs.InvalidArgument, "message", "message is one chat message object")
		}
		m := msgs[0]
		ri.Role, ri.Text = m.Role, m.Text()
		if m.Has(chat.ToolResult) && ri.Text == "" {
			ri.Role = RoleTool
		}
		c.text("message.content", ri.Text, c.l.MaxContentBytes, false)
	default:
		return nil, errs.New(errs.InvalidArgument, "text", "give text (a string) or message (a chat message)")
	}
	if c.err != nil {
		return nil, c.err
	}
	d := route.Route(ri)
	return &d, nil
}

type routeArgs struct {
	nsArg
	RouteInput
}

func opRoute(ctx context.Context, n *Namespace, a *routeArgs) (any, error) {
	return n.Route(ctx, a.RouteInput)
}
