package core

import (
	"context"
	"strings"
	"time"

	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/store"
)

// Working memory: per session, a scratchpad of key/values, a plan and a business state.
// buildContext renders all three into the system message (docs/CONTEXT.md).

// Limits of working memory.
const (
	MaxScratchKeyBytes = 256      // a scratchpad key
	MaxWorkingBytes    = 64 << 10 // a scratchpad value, the business state
	MaxPlanSteps       = 100      // steps of a plan
)

// Reserved scratchpad keys.
const (
	// ScratchSubagentPrefix marks the result of a sub-agent ("subagent_result::<name>").
	// The working state shows a summary of it, not the whole text.
	ScratchSubagentPrefix = "subagent_result::"
	// ScratchDelegationPrefix marks the result of a delegated task
	// ("delegation_result::<name>"), shown like a sub-agent's.
	ScratchDelegationPrefix = "delegation_result::"
	// ScratchSessionFacts holds the facts established in this session (keys starting with
	// it, e.g. "session_facts" or "session_facts::deploy"). The working state shows them
	// in full, first, under "Session facts".
	ScratchSessionFacts = "session_facts"
)

// Plan step statuses.
const (
	StepPending    = "pending"
	StepInProgress = "in_progress"
	StepCompleted  = "completed"
	StepFailed     = "failed"
)

var stepStatuses = []string{StepPending, StepInProgress, StepCompleted, StepFailed}

// ScratchEntry is one scratchpad key/value of a session.
type ScratchEntry struct {
	Key       string    `json:"key"`
	Value     string    `json:"value"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// PlanStep is one step of a plan.
type PlanStep struct {
	Title  string `json:"title"`
	Status string `json:"status,omitempty"` // default pending
}

// Plan is a session's plan.
type Plan struct {
	SessionID string     `json:"sessionId"`
	Goal      string     `json:"goal"`
	Steps     []PlanStep `json:"steps"`
	UpdatedAt time.Time  `json:"updatedAt"`
}

// BusinessState is a session's business state: free text the host keeps up to date
// (an order being placed, a form half filled…).
type BusinessState struct {
	SessionID string `json:"sessionId"`
	State     string `json:"state"`
}

// isInternalKey reports whether key is of the form __name__, reserved for the engine.
func isInternalKey(key string) bool {
	return len(key) >= 4 && strings.HasPrefix(key, "__") && strings.HasSuffix(key, "__")
}

func (c *checker) sessionID(id string) {
	c.text("sessionId", id, c.l.MaxFieldBytes, true)
}

func (c *checker) scratchKey(key string) {
	c.text("key", key, MaxScratchKeyBytes, true)
	if c.err == nil && isInternalKey(key) {
		c.fail(errs.InvalidArgument, "key", "keys of the form __name__ are reserved for the engine")
	}
	for _, r := range key {
		if r < 0x20 || r == 0x7f {
			c.fail(errs.InvalidArgument, "key", "a key has no control characters")
			break
		}
	}
}

// ScratchpadSet sets a scratchpad key of a session. Keys are 1–256 bytes without control
// characters; keys of the form __name__ are reserved for the engine (invalid_argument).
// Values are at most 64 KiB. See ScratchSubagentPrefix, ScratchDelegationPrefix and
// ScratchSessionFacts for the keys the working state shows specially.
func (n *Namespace) ScratchpadSet(ctx context.Context, sessionID, key, value string) (*ScratchEntry, error) {
	c := checker{l: n.e.limits}
	c.sessionID(sessionID)
	c.scratchKey(key)
	c.text("value", value, MaxWorkingBytes, false)
	if c.err != nil {
		return nil, c.err
	}
	var out *ScratchEntry
	err := n.e.tx(ctx, func() error {
		now := n.e.clock()
		if err := n.e.db.EnsureSession(n.name, sessionID, now); err != nil {
			return err
		}
		out = &ScratchEntry{Key: key, Value: value, UpdatedAt: now}
		return n.e.db.PutScratch(n.name, sessionID, key, value, now)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ScratchpadGet returns a scratchpad entry; not_found when the key is not set.
func (n *Namespace) ScratchpadGet(ctx context.Context, sessionID, key string) (*ScratchEntry, error) {
	c := checker{l: n.e.limits}
	c.sessionID(sessionID)
	c.scratchKey(key)
	if c.err != nil {
		return nil, c.err
	}
	var e *store.ScratchEntry
	err := n.e.do(ctx, func() (err error) {
		e, err = n.e.db.GetScratch(n.name, sessionID, key)
		return err
	})
	if err != nil {
		return nil, err
	}
	if e == nil {
		return nil, errs.New(errs.NotFound, "key", "no scratchpad key %q in session %q", key, sessionID)
	}
	return &ScratchEntry{Key: e.Key, Value: e.Value, UpdatedAt: e.UpdatedAt}, nil
}

// ScratchpadList returns the session's scratchpad entries by key (engine-internal keys
// are left out). An unknown session has none.
func (n *Namespace) ScratchpadList(ctx context.Context, sessionID string) ([]ScratchEntry, error) {
	c := checker{l: n.e.limits}
	c.sessionID(sessionID)
	if c.err != nil {
		return nil, c.err
	}
	var out []ScratchEntry
	err := n.e.do(ctx, func() (err error) {
		out, err = n.scratchpad(sessionID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// scratchpad reads the session's public scratchpad entries; the engine must be locked.
func (n *Namespace) scratchpad(sessionID string) ([]ScratchEntry, error) {
	rows, err := n.e.db.ListScratch(n.name, sessionID)
	out := make([]ScratchEntry, 0, len(rows))
	for _, r := range rows {
		if !isInternalKey(r.Key) {
			out = append(out, ScratchEntry{Key: r.Key, Value: r.Value, UpdatedAt: r.UpdatedAt})
		}
	}
	return out, err
}

// ScratchpadDelete removes a scratchpad key; not_found when it is not set.
func (n *Namespace) ScratchpadDelete(ctx context.Context, sessionID, key string) error {
	c := checker{l: n.e.limits}
	c.sessionID(sessionID)
	c.scratchKey(key)
	if c.err != nil {
		return c.err
	}
	var found bool
	err := n.e.do(ctx, func() (err error) {
		found, err = n.e.db.DeleteScratch(n.name, sessionID, key)
		return err
	})
	if err == nil && !found {
		err = errs.New(errs.NotFound, "key", "no scratchpad key %q in session %q", key, sessionID)
	}
	return err
}

// StateSet replaces the session's business state (≤ 64 KiB; "" clears it).
func (n *Namespace) StateSet(ctx context.Context, sessionID, state string) (*BusinessState, error) {
	c := checker{l: n.e.limits}
	c.sessionID(sessionID)
	c.text("state", state, MaxWorkingBytes, false)
	if c.err != nil {
		return nil, c.err
	}
	err := n.e.tx(ctx, func() error {
		return n.e.db.SetBusinessState(n.name, sessionID, state, n.e.clock())
	})
	if err != nil {
		return nil, err
	}
	return &BusinessState{SessionID: sessionID, State: state}, nil
}

// StateGet returns the session's business state ("" when never set).
func (n *Namespace) StateGet(ctx context.Context, sessionID string) (*BusinessState, error) {
	c := checker{l: n.e.limits}
	c.sessionID(sessionID)
	if c.err != nil {
		return nil, c.err
	}
	out := &BusinessState{SessionID: sessionID}
	err := n.e.do(ctx, func() error {
		s, err := n.e.db.GetSession(n.name, sessionID)
		if s != nil {
			out.State = s.BusinessState
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
