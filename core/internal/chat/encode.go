package chat

import (
	"encoding/json"
	"maps"
)

// Encode writes messages in shape, keeping every field Parse did not interpret.
func Encode(msgs []Message, shape Shape) ([]byte, error) {
	out := make([]map[string]any, 0, len(msgs))
	for _, m := range msgs {
		out = append(out, encodeMessage(m, shape))
	}
	return json.Marshal(out)
}

func encodeMessage(m Message, shape Shape) map[string]any {
	o := maps.Clone(m.extra)
	if o == nil {
		o = map[string]any{}
	}
	o["role"] = m.Role
	if m.Role == "tool" && shape == OpenAI {
		text := ""
		for _, b := range m.Blocks {
			text += b.Text
		}
		o["content"] = text
		return o
	}
	var content []any
	var calls []any
	for _, b := range m.Blocks {
		switch {
		case b.Kind == ToolCall && shape == OpenAI:
			c := maps.Clone(b.raw)
			if c == nil {
				c = map[string]any{"type": "function"}
			}
			c["id"] = b.ID
			c["function"] = map[string]any{"name": b.Name, "arguments": b.Args}
			calls = append(calls, c)
		default:
			content = append(content, encodeBlock(b))
		}
	}
	switch {
	case m.plain && len(content) == 1 && m.Blocks[0].Kind == Text:
		o["content"] = m.Blocks[0].Text
	case content == nil && shape == OpenAI:
		o["content"] = nil
	case content == nil:
		o["content"] = []any{}
	default:
		o["content"] = content
	}
	if calls != nil {
		o["tool_calls"] = calls
	}
	return o
}

func encodeBlock(b Block) any {
	o := maps.Clone(b.raw)
	if o == nil {
		o = map[string]any{}
	}
	switch b.Kind {
	case Text:
		o["type"], o["text"] = "text", b.Text
	case ToolCall: // Anthropic tool_use
		var input any = map[string]any{}
		if b.Args != "" {
			if json.Unmarshal([]byte(b.Args), &input) != nil {
				input = b.Args
			}
		}
		o["type"], o["id"], o["name"], o["input"] = "tool_use", b.ID, b.Name, input
	case ToolResult:
		o["type"], o["tool_use_id"] = "tool_result", b.ID
		if s, isString := o["content"].(string); !isString || s != b.Text {
			if _, wasList := o["content"].([]any); wasList && resultText(o["content"]) == b.Text {
				break // unchanged: keep images and all
			}
			o["content"] = b.Text
		}
	}
	return o
}

func resultText(c any) string {
	b, _ := parseBlock(map[string]any{"type": "tool_result", "content": c}, "", map[string]string{})
	return b.Text
}
