package chat

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/memcore/memcore/core/internal/errs"
)

// roles are the message roles accepted ("developer" is OpenAI's newer name for system).
var roles = map[string]bool{"system": true, "developer": true, "user": true, "assistant": true, "tool": true}

// Parse reads a JSON array of messages in either shape. Errors are invalid_argument
// naming the field under prefix ("messages[3].content").
func Parse(raw []byte, prefix string) ([]Message, Shape, error) {
	var items []map[string]any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&items); err != nil {
		return nil, "", errs.New(errs.InvalidArgument, prefix, "messages must be a JSON array of message objects: %v", err)
	}
	shape := detect(items)
	msgs := make([]Message, 0, len(items))
	names := map[string]string{} // tool call id → tool name
	for i, it := range items {
		if it == nil {
			return nil, "", errs.New(errs.InvalidArgument, fmt.Sprintf("%s[%d]", prefix, i), "a message must be an object")
		}
		m, err := parseMessage(it, msgField{prefix, i}, names)
		if err != nil {
			return nil, "", err
		}
		msgs = append(msgs, m)
	}
	return msgs, shape, nil
}

// detect tells the shape by its tell-tales; a conversation of plain text is the same in
// both shapes and reads as OpenAI's.
func detect(items []map[string]any) Shape {
	for _, it := range items {
		if parts, ok := it["content"].([]any); ok {
			for _, p := range parts {
				if pm, ok := p.(map[string]any); ok && (pm["type"] == "tool_use" || pm["type"] == "tool_result") {
					return Anthropic
				}
			}
		}
	}
	return OpenAI
}

// msgField names a message in errors ("messages[3]"); it is formatted only for an error,
// not for every message read (fmt.Sprintf a message was a visible part of a 40-message
// extraction's time in the wasm builds).
type msgField struct {
	prefix string
	i      int
}

func (f msgField) String() string { return fmt.Sprintf("%s[%d]", f.prefix, f.i) }

func parseMessage(it map[string]any, field msgField, names map[string]string) (Message, error) {
	var m Message
	role, ok := it["role"].(string)
	if !ok || !roles[role] {
		return m, errs.New(errs.InvalidArgument, field.String()+".role", "role must be one of system, developer, user, assistant, tool")
	}
	m.Role = role
	interpreted := 1 // the fields read into Role and Blocks, which extra leaves out
	switch c := it["content"].(type) {
	case string:
		m.plain = true
		m.Blocks = append(m.Blocks, Block{Kind: Text, Text: c})
		interpreted++
	case []any:
		for j, p := range c {
			b, err := parseBlock(p, fmt.Sprintf("%s.content[%d]", field, j), names)
			if err != nil {
				return m, err
			}
			m.Blocks = append(m.Blocks, b)
		}
		interpreted++
	case nil:
		// OpenAI lets an assistant message go without text: content null or absent when
		// it carries tool calls (or the legacy function_call), null with a refusal. Every
		// other message must say something: a user message with no content was a caller's
		// bug stored or extracted as nothing, with no error to find it by.
		_, present := it["content"]
		_, hasCalls := it["tool_calls"]
		_, hasFn := it["function_call"]
		if role != "assistant" || (!present && !hasCalls && !hasFn) {
			return m, errs.New(errs.InvalidArgument, field.String()+".content",
				"content is required: a string or an array of parts (only an assistant message may have none)")
		}
	default:
		return m, errs.New(errs.InvalidArgument, field.String()+".content", "content must be a string, an array of parts, or null")
	}
	calls, isCalls := it["tool_calls"].([]any)
	if isCalls {
		for j, c := range calls {
			cm, ok := c.(map[string]any)
			fn, _ := cm["function"].(map[string]any)
			if !ok || fn == nil {
				return m, errs.New(errs.InvalidArgument, fmt.Sprintf("%s.tool_calls[%d]", field, j), "a tool call needs a function")
			}
			b := Block{Kind: ToolCall, ID: str(cm["id"]), Name: str(fn["name"]), Args: str(fn["arguments"]), raw: cm}
			names[b.ID] = b.Name
			m.Blocks = append(m.Blocks, b)
		}
		interpreted++
	}
	// extra: every field but role, a content of text or parts, and a tool_calls array
	// (content null stays, as it came). None for a plain message, the common case.
	if len(it) > interpreted {
		m.extra = make(map[string]any, len(it)-interpreted)
		for k, v := range it {
			switch k {
			case "role":
				continue
			case "content":
				switch v.(type) {
				case string, []any:
					continue
				}
			case "tool_calls":
				if isCalls {
					continue
				}
			}
			m.extra[k] = v
		}
	}
	if role == "tool" { // OpenAI tool result: the whole content is the result
		id := str(it["tool_call_id"])
		text := m.Text()
		m.Blocks = []Block{{Kind: ToolResult, ID: id, Name: names[id], Text: text}}
	}
	return m, nil
}

func parseBlock(p any, field string, names map[string]string) (Block, error) {
	pm, ok := p.(map[string]any)
	if !ok {
		return Block{}, errs.New(errs.InvalidArgument, field, "a content part must be an object")
	}
	b := Block{raw: pm}
	switch pm["type"] {
	case "text":
		t, ok := pm["text"].(string)
		if !ok {
			return b, errs.New(errs.InvalidArgument, field+".text", "a text part needs a string text")
		}
		b.Kind, b.Text = Text, t
	case "tool_use":
		args, err := json.Marshal(pm["input"])
		if err != nil {
			return b, errs.New(errs.InvalidArgument, field+".input", "%v", err)
		}
		b.Kind, b.ID, b.Name, b.Args = ToolCall, str(pm["id"]), str(pm["name"]), string(args)
		names[b.ID] = b.Name
	case "tool_result":
		b.Kind, b.ID = ToolResult, str(pm["tool_use_id"])
		b.Name = names[b.ID]
		switch c := pm["content"].(type) {
		case string:
			b.Text = c
		case []any:
			var parts []string
			for _, x := range c {
				if xm, ok := x.(map[string]any); ok && xm["type"] == "text" {
					parts = append(parts, str(xm["text"]))
				}
			}
			b.Text = strings.Join(parts, "\n")
		}
	default:
		b.Kind = Other
	}
	return b, nil
}

func str(v any) string {
	s, _ := v.(string)
	return s
}
