package core

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/protocol"
)

// handleGlue registers the agent-glue ops (appendMessages, tasks.*, route, export,
// import) on the protocol's mux: one call from newMux, so the op table stays additive.
func (e *Engine) handleGlue(m *protocol.Mux) {
	m.Handle("appendMessages", handler(e, opAppendMessages))
	m.Handle("route", handler(e, opRoute))
	m.Handle("export", handler(e, func(ctx context.Context, n *Namespace, a *exportArgs) (any, error) {
		return n.Export(ctx, a.ExportOptions)
	}))
	m.Handle("import", handler(e, func(ctx context.Context, n *Namespace, a *importArgs) (any, error) {
		return n.Import(ctx, a.ImportOptions)
	}))
	m.Handle("tasks.create", handler(e, func(ctx context.Context, n *Namespace, a *taskCreateArgs) (any, error) {
		t, err := n.TaskCreate(ctx, a.TaskInput)
		return map[string]any{"task": t}, err
	}))
	m.Handle("tasks.get", handler(e, func(ctx context.Context, n *Namespace, a *taskIDArgs) (any, error) {
		t, err := n.TaskGet(ctx, a.ID)
		return map[string]any{"task": t}, err
	}))
	m.Handle("tasks.update", handler(e, func(ctx context.Context, n *Namespace, a *taskUpdateArgs) (any, error) {
		return n.TaskUpdate(ctx, a.ID, a.TaskPatch)
	}))
	m.Handle("tasks.delete", handler(e, func(ctx context.Context, n *Namespace, a *taskIDArgs) (any, error) {
		err := n.TaskDelete(ctx, a.ID)
		return map[string]any{"deleted": err == nil}, err
	}))
	m.Handle("tasks.list", handler(e, func(ctx context.Context, n *Namespace, a *taskListArgs) (any, error) {
		t, err := n.TaskList(ctx, a.TaskListOptions)
		return map[string]any{"tasks": t}, err
	}))
}

type (
	taskCreateArgs struct {
		nsArg
		TaskInput
	}
	taskIDArgs struct {
		nsArg
		ID string `json:"id"`
	}
	taskUpdateArgs struct {
		nsArg
		ID string `json:"id"`
		TaskPatch
	}
	exportArgs struct {
		nsArg
		ExportOptions
	}
	importArgs struct {
		nsArg
		ImportOptions
	}
	taskListArgs struct {
		nsArg
		TaskListOptions
	}
)

// countArgs are the args that, when given, must be positive: the Go API reads 0 as "the
// default", but a JSON request that says "limit": 0 asked for something the op cannot do
// (return nothing), and answering with the default would hide the caller's bug.
var countArgs = []string{"limit"}

// checkGivenZero refuses an explicit 0 for a countArgs member of an op's args object.
func checkGivenZero(raw json.RawMessage) error {
	if len(raw) == 0 || !bytes.Contains(raw, []byte(`"limit"`)) {
		return nil
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(raw, &top) != nil {
		return nil // the strict decoder has accepted it; nothing more to say
	}
	for _, k := range countArgs {
		if v, ok := top[k]; ok {
			var f float64
			if json.Unmarshal(v, &f) == nil && f == 0 {
				return errs.New(errs.InvalidArgument, k, "%s must be at least 1 (leave it out for the default), got 0", k)
			}
		}
	}
	return nil
}
