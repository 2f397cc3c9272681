// The LLM pass of fact extraction (moved from facts.go): the per-session cap, one pass
// through the host's complete callback, and queueing a failed pass for a retry.

package core

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/memcore/memcore/core/internal/facts"
	"github.com/memcore/memcore/core/internal/store"
)

type llmPass struct {
	session  string
	from, to int
	in       []facts.Indexed
}

// queuedMessage is a message of a queued pass, with the id of its turn when known.
type queuedMessage struct {
	facts.Indexed
	TurnID string `json:"turnId,omitempty"`
}

// underLLMCap reports whether the session may have another LLM pass (a call without a
// session is not capped: there is nothing to count it against).
func (n *Namespace) underLLMCap(ctx context.Context, session string) (bool, error) {
	if session == "" {
		return true, nil
	}
	var count int64
	err := n.e.do(ctx, func() (err error) {
		count, err = n.e.db.LLMExtractions(n.name, session)
		return err
	})
	return count < facts.MaxLLMPerSession, err
}

// llmExtract runs one LLM extraction pass; any failure (the call, an empty answer, no
// JSON in it) is an error.
func (e *Engine) llmExtract(ctx context.Context, in []facts.Indexed) ([]Fact, error) {
	system, user := facts.Prompt(in)
	answer, err := e.complete(ctx, Completion{System: system, Messages: []CompletionMessage{{Role: RoleUser, Content: user}},
		MaxTokens: 1024, Temperature: 0, JSON: true})
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(answer) == "" {
		return nil, errors.New("the LLM gave an empty answer")
	}
	return facts.ParseLLM(answer, in, facts.DefaultMaxFacts)
}

// enqueue queues a failed pass (or counts one more failure of it).
func (n *Namespace) enqueue(ctx context.Context, p llmPass, turnIDs map[int]string, cause error) error {
	q := make([]queuedMessage, len(p.in))
	for i, m := range p.in {
		q[i] = queuedMessage{Indexed: m, TurnID: turnIDs[m.Index]}
	}
	b, err := json.Marshal(q)
	if err != nil {
		return err
	}
	return n.e.do(ctx, func() error {
		return n.e.db.Enqueue(n.name, &store.Queued{SessionID: p.session, From: int64(p.from), To: int64(p.to),
			Messages: string(b), LastError: clipBytes(cause.Error(), 1024), CreatedAt: n.e.clock()})
	})
}

// Protocol op.
