// The input of fact extraction (moved from facts.go): checking the messages, the date
// check, and aligning the messages with the session's turns.

package core

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/memcore/memcore/core/internal/chat"
	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/facts"
)

func (e *Engine) extractInput(raw json.RawMessage) ([]facts.Message, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, errs.New(errs.InvalidArgument, "messages", "messages is required: a JSON array of chat messages")
	}
	msgs, _, err := chat.Parse(raw, "messages")
	if err != nil {
		return nil, err
	}
	if len(msgs) > e.limits.MaxBatch {
		return nil, errs.New(errs.TooLarge, "messages", "has %d messages, the limit is %d", len(msgs), e.limits.MaxBatch)
	}
	out := make([]facts.Message, len(msgs))
	for i, m := range msgs {
		t := m.Text()
		if len(t) > e.limits.MaxContentBytes {
			return nil, errs.New(errs.TooLarge, fmt.Sprintf("messages[%d].content", i),
				"is %d bytes, the limit is %d", len(t), e.limits.MaxContentBytes)
		}
		role := m.Role
		if role == "developer" {
			role = RoleSystem
		}
		out[i] = facts.Message{Role: role, Text: t}
	}
	return out, nil
}

// date checks an optional YYYY-MM-DD date.
func (c *checker) date(field, d string) {
	if d == "" {
		return
	}
	if t, err := time.Parse(time.DateOnly, d); err != nil || t.Format(time.DateOnly) != d {
		c.fail(errs.InvalidArgument, field, "must be a date YYYY-MM-DD, got %q", clipBytes(d, 32))
	}
}

// alignTurns maps message indexes to the ids of the session's turns, when the messages
// end with the session's last turns: from the end back, as long as roles and texts agree.
func alignTurns(turns []Turn, msgs []facts.Message) map[int]string {
	ids := map[int]string{}
	for i, j := len(msgs)-1, len(turns)-1; i >= 0 && j >= 0; i, j = i-1, j-1 {
		if msgs[i].Role != turns[j].Role || strings.TrimSpace(msgs[i].Text) != strings.TrimSpace(turns[j].Content) {
			break
		}
		ids[i] = turns[j].ID
	}
	return ids
}

// turnsBefore returns the session's turns said before the call's n messages when all of
// them are the session's last turns (ids, alignTurns' map, holds every message): the last
// few, which is all the turn before of a message needs (facts.Options.Before). Otherwise
// nil: the messages do not say where in the session they start.
func turnsBefore(turns []Turn, n int, ids map[int]string) []facts.Message {
	j0 := len(turns) - n
	if n == 0 || j0 <= 0 || len(ids) != n {
		return nil
	}
	var out []facts.Message
	for j := max(0, j0-beforeTurns); j < j0; j++ {
		out = append(out, facts.Message{Role: turns[j].Role, Text: turns[j].Content})
	}
	return out
}

// llmPass is one LLM extraction pass: what it reads, of which session and message range.
