package core

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/store"
)

// The persistent task graph of a namespace (docs/CONTEXT.md#tasks): tasks outlive
// sessions, wait for each other (blockedBy / blocks), and buildContext shows the open
// ones in the working state. It is the agent's todo list for work that spans sessions;
// a session's plan is the list for the work at hand.

// Task statuses.
const (
	TaskPending    = "pending"
	TaskInProgress = "in_progress"
	TaskCompleted  = "completed"
	TaskCancelled  = "cancelled"
)

var taskStatuses = []string{TaskPending, TaskInProgress, TaskCompleted, TaskCancelled}

// Limits of the task graph.
const (
	MaxTasks          = 10000 // tasks per namespace
	MaxTaskBlockers   = 100   // blockedBy of one task
	maxTaskIDBytes    = 128
	maxTaskTitleBytes = 1 << 10
)

// Task is one task of the graph. BlockedBy are the tasks it waits for, Blocks those that
// wait for it. Blocked is true while some task of BlockedBy is not completed (a
// cancelled blocker still blocks: remove the edge when the work is no longer needed);
// Ready is true for a pending task that is not blocked: what to start next.
type Task struct {
	ID          string    `json:"id"`
	Title       string    `json:"title"`
	Description string    `json:"description,omitempty"`
	Status      string    `json:"status"`
	SessionID   string    `json:"sessionId,omitempty"`
	BlockedBy   []string  `json:"blockedBy"`
	Blocks      []string  `json:"blocks"`
	Blocked     bool      `json:"blocked"`
	Ready       bool      `json:"ready"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

// TaskInput creates a task. Title is required (≤ 1 KiB); Status defaults to pending;
// SessionID records the session that created it (the task does not end with it).
type TaskInput struct {
	Title       string   `json:"title"`
	Description string   `json:"description,omitempty"`
	Status      string   `json:"status,omitempty"`
	BlockedBy   []string `json:"blockedBy,omitempty"`
	SessionID   string   `json:"sessionId,omitempty"`
}

// TaskPatch changes a task; nil fields are left as they are. BlockedBy replaces the
// blockers; AddBlockedBy and RemoveBlockedBy change them one by one.
type TaskPatch struct {
	Title           *string  `json:"title,omitempty"`
	Description     *string  `json:"description,omitempty"`
	Status          *string  `json:"status,omitempty"`
	BlockedBy       []string `json:"blockedBy,omitempty"`
	AddBlockedBy    []string `json:"addBlockedBy,omitempty"`
	RemoveBlockedBy []string `json:"removeBlockedBy,omitempty"`
}

// TaskUpdateResult is the updated task and the tasks its change made ready (completing
// a task unblocks the pending tasks that waited only for it).
type TaskUpdateResult struct {
	Task      *Task    `json:"task"`
	Unblocked []string `json:"unblocked"`
}

// TaskListOptions filter tasks.list: by status, to the ready ones, or to one session's.
type TaskListOptions struct {
	Status    []string `json:"status,omitempty"`
	Ready     bool     `json:"ready,omitempty"`
	SessionID string   `json:"sessionId,omitempty"`
}

func (c *checker) taskID(field, id string) { c.text(field, id, maxTaskIDBytes, true) }

func (c *checker) blockers(field string, ids []string) {
	if len(ids) > MaxTaskBlockers {
		c.fail(errs.TooLarge, field, "has %d tasks, the limit is %d", len(ids), MaxTaskBlockers)
		return
	}
	for i, id := range ids {
		c.taskID(fmt.Sprintf("%s[%d]", field, i), id)
	}
}

// TaskCreate adds a task. Every id of BlockedBy must be a task of the namespace
// (not_found naming it); a namespace holds at most MaxTasks tasks (too_large).
func (n *Namespace) TaskCreate(ctx context.Context, in TaskInput) (*Task, error) {
	c := checker{l: n.e.limits}
	c.text("title", in.Title, maxTaskTitleBytes, true)
	c.text("description", in.Description, c.l.MaxContentBytes, false)
	if in.Status == "" {
		in.Status = TaskPending
	}
	c.oneOf("status", in.Status, taskStatuses)
	c.blockers("blockedBy", in.BlockedBy)
	c.text("sessionId", in.SessionID, c.l.MaxFieldBytes, false)
	if c.err != nil {
		return nil, c.err
	}
	var out *Task
	err := n.e.tx(ctx, func() error {
		g, err := n.taskGraph()
		if err != nil {
			return err
		}
		if len(g) >= MaxTasks {
			return errs.New(errs.TooLarge, "", "the namespace has %d tasks, the limit is %d: delete finished ones", len(g), MaxTasks)
		}
		if err := g.known("blockedBy", in.BlockedBy); err != nil {
			return err
		}
		now := n.e.clock()
		t := &store.Task{ID: n.e.ids.next(now), Title: in.Title, Description: in.Description,
			Status: in.Status, SessionID: in.SessionID, CreatedAt: now, UpdatedAt: now}
		if err := n.e.db.PutTask(n.name, t); err != nil {
			return err
		}
		if err := n.e.db.SetTaskDeps(n.name, t.ID, dedupe(in.BlockedBy)); err != nil {
			return err
		}
		out, err = n.task(t.ID)
		return err
	})
	return out, err
}

// TaskGet returns a task; not_found when the namespace has none of that id.
func (n *Namespace) TaskGet(ctx context.Context, id string) (*Task, error) {
	c := checker{l: n.e.limits}
	c.taskID("id", id)
	if c.err != nil {
		return nil, c.err
	}
	var out *Task
	err := n.e.do(ctx, func() (err error) {
		out, err = n.task(id)
		return err
	})
	return out, err
}

// TaskUpdate changes a task. A blocker that would make the graph cyclic (the task
// itself, or a task that waits for it, directly or not) is invalid_argument naming it;
// an unknown one not_found. Starting (in_progress) or completing a blocked task is a
// conflict (field status): its blockers come first. The result lists the tasks the
// change made ready.
func (n *Namespace) TaskUpdate(ctx context.Context, id string, p TaskPatch) (*TaskUpdateResult, error) {
	c := checker{l: n.e.limits}
	c.taskID("id", id)
	if p.Title != nil {
		c.text("title", *p.Title, maxTaskTitleBytes, true)
	}
	if p.Description != nil {
		c.text("description", *p.Description, c.l.MaxContentBytes, false)
	}
	if p.Status != nil {
		c.oneOf("status", *p.Status, taskStatuses)
	}
	c.blockers("blockedBy", p.BlockedBy)
	c.blockers("addBlockedBy", p.AddBlockedBy)
	c.blockers("removeBlockedBy", p.RemoveBlockedBy)
	if p.BlockedBy != nil && (p.AddBlockedBy != nil || p.RemoveBlockedBy != nil) {
		c.fail(errs.InvalidArgument, "blockedBy", "give blockedBy (all of them) or addBlockedBy/removeBlockedBy, not both")
	}
	if c.err != nil {
		return nil, c.err
	}
	var out *TaskUpdateResult
	err := n.e.tx(ctx, func() error {
		g, err := n.taskGraph()
		if err != nil {
			return err
		}
		cur, ok := g[id]
		if !ok {
			return noTask(id)
		}
		readyBefore := g.readySet()
		oldStatus := cur.Task.Status
		t := cur.Task
		if p.Title != nil {
			t.Title = *p.Title
		}
		if p.Description != nil {
			t.Description = *p.Description
		}
		blockers := slices.Clone(t.BlockedBy)
		field := "blockedBy"
		switch {
		case p.BlockedBy != nil:
			blockers = dedupe(p.BlockedBy)
		case p.AddBlockedBy != nil || p.RemoveBlockedBy != nil:
			field = "addBlockedBy"
			blockers = dedupe(append(blockers, p.AddBlockedBy...))
			blockers = slices.DeleteFunc(blockers, func(b string) bool { return slices.Contains(p.RemoveBlockedBy, b) })
		}
		if err := g.known(field, blockers); err != nil {
			return err
		}
		for _, b := range blockers {
			if b == id || g.waitsFor(b, id) {
				return errs.New(errs.InvalidArgument, field,
					"task %s cannot wait for %s: %s already waits for %s, and the graph would have a cycle", id, b, b, id)
			}
		}
		g.setBlockers(id, blockers)
		if p.Status != nil {
			t.Status = *p.Status
			if (t.Status == TaskInProgress || t.Status == TaskCompleted) && t.Status != oldStatus && g.blocked(id) {
				return errs.New(errs.Conflict, "status", "task %s is blocked by %v: finish those first (or remove them with removeBlockedBy)",
					id, g.openBlockers(id))
			}
		}
		t.UpdatedAt = n.e.clock()
		t.BlockedBy = blockers
		if err := n.e.db.PutTask(n.name, &t); err != nil {
			return err
		}
		if err := n.e.db.SetTaskDeps(n.name, id, blockers); err != nil {
			return err
		}
		g[id].Task = t
		res := &TaskUpdateResult{Unblocked: []string{}}
		for rid := range g.readySet() {
			if !readyBefore[rid] && rid != id {
				res.Unblocked = append(res.Unblocked, rid)
			}
		}
		slices.Sort(res.Unblocked)
		res.Task, err = n.task(id)
		out = res
		return err
	})
	return out, err
}

// TaskDelete removes a task and its edges (the tasks that waited for it no longer do);
// not_found when there is none.
func (n *Namespace) TaskDelete(ctx context.Context, id string) error {
	c := checker{l: n.e.limits}
	c.taskID("id", id)
	if c.err != nil {
		return c.err
	}
	var found bool
	err := n.e.tx(ctx, func() (err error) {
		found, err = n.e.db.DeleteTask(n.name, id)
		return err
	})
	if err == nil && !found {
		err = noTask(id)
	}
	return err
}

// TaskList returns the namespace's tasks, oldest first, filtered by o.
func (n *Namespace) TaskList(ctx context.Context, o TaskListOptions) ([]Task, error) {
	c := checker{l: n.e.limits}
	for i, s := range o.Status {
		c.oneOf(fmt.Sprintf("status[%d]", i), s, taskStatuses)
	}
	c.text("sessionId", o.SessionID, c.l.MaxFieldBytes, false)
	if c.err != nil {
		return nil, c.err
	}
	var all []Task
	err := n.e.do(ctx, func() (err error) {
		all, err = n.tasks()
		return err
	})
	if err != nil {
		return nil, err
	}
	out := []Task{}
	for _, t := range all {
		if (len(o.Status) == 0 || slices.Contains(o.Status, t.Status)) && (!o.Ready || t.Ready) &&
			(o.SessionID == "" || t.SessionID == o.SessionID) {
			out = append(out, t)
		}
	}
	return out, nil
}

func noTask(id string) error {
	return errs.New(errs.NotFound, "id", "no task %q in this namespace", id)
}

// tasks reads every task with its derived fields; the engine must be locked.
func (n *Namespace) tasks() ([]Task, error) {
	g, err := n.taskGraph()
	if err != nil {
		return nil, err
	}
	rows, err := n.e.db.ListTasks(n.name)
	if err != nil {
		return nil, err
	}
	out := make([]Task, len(rows))
	for i, r := range rows {
		out[i] = g.public(r)
	}
	return out, nil
}

// task reads one task; not_found when missing. The engine must be locked.
func (n *Namespace) task(id string) (*Task, error) {
	r, err := n.e.db.GetTask(n.name, id)
	if err != nil {
		return nil, err
	}
	if r == nil {
		return nil, noTask(id)
	}
	g, err := n.taskGraph()
	if err != nil {
		return nil, err
	}
	t := g.public(*r)
	return &t, nil
}
