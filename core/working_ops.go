// The protocol ops of working memory (moved from working.go): the scratchpad, the plan and
// the business state.

package core

import (
	"context"

	"github.com/memcore/memcore/core/internal/errs"
)

// Protocol ops.

type (
	sessionArgs struct {
		nsArg
		SessionID string `json:"sessionId"`
	}
	scratchKeyArgs struct {
		nsArg
		SessionID string `json:"sessionId"`
		Key       string `json:"key"`
	}
	scratchSetArgs struct {
		nsArg
		SessionID string  `json:"sessionId"`
		Key       string  `json:"key"`
		Value     *string `json:"value"`
	}
	planSetArgs struct {
		nsArg
		SessionID string     `json:"sessionId"`
		Goal      string     `json:"goal"`
		Steps     []PlanStep `json:"steps"`
	}
	planStepArgs struct {
		nsArg
		SessionID string `json:"sessionId"`
		Index     *int   `json:"index"`
		Status    string `json:"status"`
	}
	stateSetArgs struct {
		nsArg
		SessionID string  `json:"sessionId"`
		State     *string `json:"state"`
	}
)

func required(field string) error {
	return errs.New(errs.InvalidArgument, field, "%s is required", field)
}

func opScratchpadSet(ctx context.Context, n *Namespace, a *scratchSetArgs) (any, error) {
	if a.Value == nil {
		return nil, required("value")
	}
	return n.ScratchpadSet(ctx, a.SessionID, a.Key, *a.Value)
}

func opScratchpadGet(ctx context.Context, n *Namespace, a *scratchKeyArgs) (any, error) {
	return n.ScratchpadGet(ctx, a.SessionID, a.Key)
}

func opScratchpadList(ctx context.Context, n *Namespace, a *sessionArgs) (any, error) {
	entries, err := n.ScratchpadList(ctx, a.SessionID)
	return map[string]any{"entries": entries}, err
}

func opScratchpadDelete(ctx context.Context, n *Namespace, a *scratchKeyArgs) (any, error) {
	if err := n.ScratchpadDelete(ctx, a.SessionID, a.Key); err != nil {
		return nil, err
	}
	return map[string]any{"deleted": true, "key": a.Key}, nil
}

func opPlanSet(ctx context.Context, n *Namespace, a *planSetArgs) (any, error) {
	return n.PlanSet(ctx, a.SessionID, a.Goal, a.Steps)
}

func opPlanGet(ctx context.Context, n *Namespace, a *sessionArgs) (any, error) {
	return n.PlanGet(ctx, a.SessionID)
}

func opPlanUpdateStep(ctx context.Context, n *Namespace, a *planStepArgs) (any, error) {
	if a.Index == nil {
		return nil, required("index")
	}
	return n.PlanUpdateStep(ctx, a.SessionID, *a.Index, a.Status)
}

func opStateSet(ctx context.Context, n *Namespace, a *stateSetArgs) (any, error) {
	if a.State == nil {
		return nil, required("state")
	}
	return n.StateSet(ctx, a.SessionID, *a.State)
}

func opStateGet(ctx context.Context, n *Namespace, a *sessionArgs) (any, error) {
	return n.StateGet(ctx, a.SessionID)
}
