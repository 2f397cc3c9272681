package chat

import (
	"strings"
)

// Shape is the wire shape of a conversation.
type Shape string

// The shapes.
const (
	OpenAI    Shape = "openai"
	Anthropic Shape = "anthropic"
)

// Block kinds.
const (
	Text       = "text"
	ToolCall   = "tool_call"   // OpenAI tool_calls[i], Anthropic tool_use
	ToolResult = "tool_result" // OpenAI role "tool", Anthropic tool_result
	Other      = "other"       // images, documents…: passed through untouched
)

// Block is one part of a message.
type Block struct {
	Kind string
	Text string // the text, or a tool result's content as text
	ID   string // tool call id (ToolCall) or the id it answers (ToolResult)
	Name string // tool name (ToolCall; ToolResult: resolved from its call when known)
	Args string // a tool call's arguments, as JSON text
	raw  map[string]any
}

// Message is one message in the common form.
type Message struct {
	Role   string // system, user, assistant, tool
	Blocks []Block
	// plain reports that the content was a plain string (written back as one).
	plain bool
	extra map[string]any // fields of the message this package does not interpret
}

// NewText returns a message with one text block, written as a plain string.
func NewText(role, text string) Message {
	return Message{Role: role, Blocks: []Block{{Kind: Text, Text: text}}, plain: true}
}

// Text returns the message's text blocks joined by newlines.
func (m *Message) Text() string {
	var parts []string
	for _, b := range m.Blocks {
		if b.Kind == Text && b.Text != "" {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// AllText returns every readable part: text, tool calls as "name(args)" and tool
// results, joined by newlines — what a summary or a search sees of the message.
func (m *Message) AllText() string {
	var parts []string
	for _, b := range m.Blocks {
		switch b.Kind {
		case Text, ToolResult:
			if b.Text != "" {
				parts = append(parts, b.Text)
			}
		case ToolCall:
			parts = append(parts, b.Name+"("+b.Args+")")
		}
	}
	return strings.Join(parts, "\n")
}

// Has reports whether the message has a block of kind.
func (m *Message) Has(kind string) bool {
	for _, b := range m.Blocks {
		if b.Kind == kind {
			return true
		}
	}
	return false
}

// CallIDs returns the ids of the message's tool calls.
func (m *Message) CallIDs() []string {
	var ids []string
	for _, b := range m.Blocks {
		if b.Kind == ToolCall && b.ID != "" {
			ids = append(ids, b.ID)
		}
	}
	return ids
}

// ResultIDs returns the ids of the tool calls the message answers.
func (m *Message) ResultIDs() []string {
	var ids []string
	for _, b := range m.Blocks {
		if b.Kind == ToolResult && b.ID != "" {
			ids = append(ids, b.ID)
		}
	}
	return ids
}

// Type returns the "type" a content part of kind Other was given ("image", "document",
// …), or "attachment" when it had none: what a stored turn keeps of it as a marker.
func (b Block) Type() string {
	if t, ok := b.raw["type"].(string); ok && t != "" && len(t) <= 64 {
		return t
	}
	return "attachment"
}
