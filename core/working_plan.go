// A session's plan (moved from working.go): its checks, PlanSet, PlanGet and PlanUpdateStep.

package core

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/memcore/memcore/core/internal/errs"
)

// checkPlan validates a plan's steps (defaulting their status) and returns them.
func (c *checker) plan(goal string, steps []PlanStep) []PlanStep {
	c.text("goal", goal, c.l.MaxFieldBytes, true)
	if len(steps) > MaxPlanSteps {
		c.fail(errs.TooLarge, "steps", "has %d steps, the limit is %d", len(steps), MaxPlanSteps)
		return nil
	}
	out := make([]PlanStep, len(steps))
	active := -1
	for i, s := range steps {
		f := fmt.Sprintf("steps[%d].", i)
		c.text(f+"title", s.Title, c.l.MaxFieldBytes, true)
		if s.Status == "" {
			s.Status = StepPending
		}
		c.oneOf(f+"status", s.Status, stepStatuses)
		if s.Status == StepInProgress {
			if active >= 0 {
				c.fail(errs.InvalidArgument, f+"status", "steps[%d] is in_progress already: at most one step is in_progress", active)
			}
			active = i
		}
		out[i] = s
	}
	return out
}

// PlanSet creates or replaces the session's plan: a goal (required, ≤ 1 KiB) and at most
// 100 steps {title, status}, status pending (default), in_progress, completed or
// failed, at most one in_progress (else invalid_argument naming the second).
func (n *Namespace) PlanSet(ctx context.Context, sessionID, goal string, steps []PlanStep) (*Plan, error) {
	c := checker{l: n.e.limits}
	c.sessionID(sessionID)
	steps = c.plan(goal, steps)
	if c.err != nil {
		return nil, c.err
	}
	var out *Plan
	err := n.e.tx(ctx, func() error {
		now := n.e.clock()
		if err := n.e.db.EnsureSession(n.name, sessionID, now); err != nil {
			return err
		}
		out = &Plan{SessionID: sessionID, Goal: goal, Steps: steps, UpdatedAt: now}
		return n.putPlan(out)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (n *Namespace) putPlan(p *Plan) error {
	b, err := json.Marshal(p.Steps)
	if err != nil {
		return err
	}
	return n.e.db.PutPlan(n.name, p.SessionID, p.Goal, string(b), p.UpdatedAt)
}

// plan reads the session's plan (nil when it has none); the engine must be locked.
func (n *Namespace) plan(sessionID string) (*Plan, error) {
	row, err := n.e.db.GetPlan(n.name, sessionID)
	if row == nil || err != nil {
		return nil, err
	}
	p := &Plan{SessionID: sessionID, Goal: row.Goal, UpdatedAt: row.UpdatedAt}
	if err := json.Unmarshal([]byte(row.Steps), &p.Steps); err != nil {
		return nil, fmt.Errorf("plan of session %q: %w", sessionID, err)
	}
	if p.Steps == nil {
		p.Steps = []PlanStep{}
	}
	return p, nil
}

func noPlan(sessionID string) error {
	return errs.New(errs.NotFound, "sessionId", "session %q has no plan", sessionID)
}

// PlanGet returns the session's plan; not_found when it has none.
func (n *Namespace) PlanGet(ctx context.Context, sessionID string) (*Plan, error) {
	c := checker{l: n.e.limits}
	c.sessionID(sessionID)
	if c.err != nil {
		return nil, c.err
	}
	var p *Plan
	err := n.e.do(ctx, func() (err error) {
		p, err = n.plan(sessionID)
		return err
	})
	if err == nil && p == nil {
		err = noPlan(sessionID)
	}
	return p, err
}

// PlanUpdateStep sets the status of step index (0-based). Any status may follow any
// other (a failed step can be retried). Setting in_progress while another step is
// in_progress is a conflict (field status): finish or fail that one first. An index out
// of range is invalid_argument; no plan is not_found.
func (n *Namespace) PlanUpdateStep(ctx context.Context, sessionID string, index int, status string) (*Plan, error) {
	c := checker{l: n.e.limits}
	c.sessionID(sessionID)
	c.oneOf("status", status, stepStatuses)
	if index < 0 {
		c.fail(errs.InvalidArgument, "index", "must not be negative, got %d", index)
	}
	if c.err != nil {
		return nil, c.err
	}
	var p *Plan
	err := n.e.tx(ctx, func() (err error) {
		p, err = n.plan(sessionID)
		switch {
		case err != nil:
			return err
		case p == nil:
			return noPlan(sessionID)
		case index >= len(p.Steps):
			return errs.New(errs.InvalidArgument, "index", "the plan has %d steps, there is no step %d", len(p.Steps), index)
		}
		if status == StepInProgress {
			for i, s := range p.Steps {
				if i != index && s.Status == StepInProgress {
					return errs.New(errs.Conflict, "status", "step %d (%q) is in_progress: at most one step is in_progress, complete or fail it first", i, s.Title)
				}
			}
		}
		p.Steps[index].Status = status
		p.UpdatedAt = n.e.clock()
		return n.putPlan(p)
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}
