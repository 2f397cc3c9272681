// Package record defines memcore's records (memories, turns, history entries) as they
// cross the engine's boundary. The public package core re-exports them by alias so the
// storage layer and the protocol share one definition with no import cycle.
package record

import (
	"encoding/json"
	"time"
)

// Memory is one semantic (long-term) memory. JSON names are the public contract of
// DESIGN.md; optional fields are omitted when empty.
type Memory struct {
	ID             string     `json:"id"`
	Namespace      string     `json:"namespace"`
	Type           string     `json:"type"`
	Title          string     `json:"title,omitempty"`
	Content        string     `json:"content"`
	Subject        string     `json:"subject,omitempty"`
	Predicate      string     `json:"predicate,omitempty"`
	Tags           []string   `json:"tags"`
	Importance     float64    `json:"importance"`
	Confidence     float64    `json:"confidence"`
	Tier           string     `json:"tier"`
	CreatedAt      time.Time  `json:"createdAt"`
	UpdatedAt      time.Time  `json:"updatedAt"`
	ExpiresAt      *time.Time `json:"expiresAt,omitempty"`
	LastAccessedAt *time.Time `json:"lastAccessedAt,omitempty"`
	AccessCount    int64      `json:"accessCount"`
	Version        int64      `json:"version"`
	Source         *Source    `json:"source,omitempty"`
	Card           *Card      `json:"card,omitempty"`
	SupersededBy   string     `json:"supersededBy,omitempty"`
	// Key is the caller's name for the memory, unique in its namespace (remember with a
	// known key updates that memory: an upsert).
	Key string `json:"key,omitempty"`
	// Metadata is the caller's free-form JSON object (at most 8 KiB), filterable by
	// top-level equality.
	Metadata json.RawMessage `json:"metadata,omitempty"`
}

// Source says where a memory was learned: the session and the turns that support it.
type Source struct {
	SessionID string   `json:"sessionId,omitempty"`
	TurnIDs   []string `json:"turnIds,omitempty"`
}

// Card is the optional persona card of a memory about a person.
type Card struct {
	Backstory    string `json:"backstory,omitempty"`
	Person       string `json:"person,omitempty"`
	Relationship string `json:"relationship,omitempty"`
}

// HistoryEntry is one change of a memory: the state right after the change.
// Op is "create", "update" or "forget"; Memory is the snapshot (nil for a purge).
type HistoryEntry struct {
	Version int64     `json:"version"`
	Op      string    `json:"op"`
	At      time.Time `json:"at"`
	Memory  *Memory   `json:"memory"`
}

// Turn is one message of a session's trajectory. Turns are append-only.
type Turn struct {
	ID        string    `json:"id"`
	SessionID string    `json:"sessionId"`
	Seq       int64     `json:"seq"`
	Role      string    `json:"role"`
	Name      string    `json:"name,omitempty"`
	Content   string    `json:"content"`
	CreatedAt time.Time `json:"createdAt"`
	// CallID is the tool call a tool turn answers (OpenAI tool_call_id, Anthropic
	// tool_use_id), kept so that a conversation stored by appendMessages reads back with
	// its calls and results paired.
	CallID string `json:"callId,omitempty"`
	// ToolCalls are the tool calls an assistant turn made, in order.
	ToolCalls []ToolCall `json:"toolCalls,omitempty"`
}

// ToolCall is one tool call of an assistant turn: its id, the tool's name and the
// arguments as the model wrote them (JSON text).
type ToolCall struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}
