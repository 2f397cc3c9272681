package core

import (
	"slices"

	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/store"
)

// graphNode is a task as the graph checks see it.
type graphNode struct{ Task store.Task }

// taskGraph is a namespace's tasks by id, read whole: the checks (cycles, blocked,
// ready) need the edges of every task, and MaxTasks bounds the read.
type taskGraph map[string]*graphNode

// taskGraph reads the namespace's graph; the engine must be locked.
func (n *Namespace) taskGraph() (taskGraph, error) {
	rows, err := n.e.db.ListTasks(n.name)
	if err != nil {
		return nil, err
	}
	g := make(taskGraph, len(rows))
	for _, r := range rows {
		g[r.ID] = &graphNode{Task: r}
	}
	return g, nil
}

// known fails not_found for the first id that is not a task of the graph.
func (g taskGraph) known(field string, ids []string) error {
	for i, id := range ids {
		if _, ok := g[id]; !ok {
			return errs.New(errs.NotFound, field, "no task %q in this namespace (%s[%d])", id, field, i)
		}
	}
	return nil
}

// waitsFor reports whether task from waits for task to, directly or through others.
func (g taskGraph) waitsFor(from, to string) bool {
	seen := map[string]bool{}
	stack := []string{from}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if id == to {
			return true
		}
		if seen[id] || g[id] == nil {
			continue
		}
		seen[id] = true
		stack = append(stack, g[id].Task.BlockedBy...)
	}
	return false
}

// setBlockers replaces id's blockers in the graph, keeping Blocks consistent.
func (g taskGraph) setBlockers(id string, blockers []string) {
	for _, b := range g[id].Task.BlockedBy {
		if n := g[b]; n != nil {
			n.Task.Blocks = slices.DeleteFunc(n.Task.Blocks, func(x string) bool { return x == id })
		}
	}
	g[id].Task.BlockedBy = blockers
	for _, b := range blockers {
		if n := g[b]; n != nil && !slices.Contains(n.Task.Blocks, id) {
			n.Task.Blocks = append(n.Task.Blocks, id)
		}
	}
}

// openBlockers are the blockers of id that are not completed.
func (g taskGraph) openBlockers(id string) []string {
	var out []string
	for _, b := range g[id].Task.BlockedBy {
		if n := g[b]; n != nil && n.Task.Status != TaskCompleted {
			out = append(out, b)
		}
	}
	return out
}

func (g taskGraph) blocked(id string) bool { return len(g.openBlockers(id)) > 0 }

// readySet is the ids of the pending tasks that nothing open blocks.
func (g taskGraph) readySet() map[string]bool {
	out := map[string]bool{}
	for id, n := range g {
		if n.Task.Status == TaskPending && !g.blocked(id) {
			out[id] = true
		}
	}
	return out
}

// public is a stored task with its derived fields.
func (g taskGraph) public(r store.Task) Task {
	t := Task{ID: r.ID, Title: r.Title, Description: r.Description, Status: r.Status,
		SessionID: r.SessionID, BlockedBy: r.BlockedBy, Blocks: r.Blocks,
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
	if t.BlockedBy == nil {
		t.BlockedBy = []string{}
	}
	if t.Blocks == nil {
		t.Blocks = []string{}
	}
	if g[r.ID] != nil {
		t.Blocked = g.blocked(r.ID)
	}
	t.Ready = t.Status == TaskPending && !t.Blocked
	return t
}

// dedupe returns ids without repeats, in first-seen order.
func dedupe(ids []string) []string {
	out := []string{}
	for _, id := range ids {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}
