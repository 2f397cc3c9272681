package store

import (
	"time"

	"github.com/ncruces/go-sqlite3"
)

// Task is a row of a namespace's persistent task graph, with the ids of the tasks it
// waits for (BlockedBy) and of those waiting for it (Blocks), both sorted.
type Task struct {
	ID          string
	Title       string
	Description string
	Status      string
	SessionID   string
	CreatedAt   time.Time
	UpdatedAt   time.Time
	BlockedBy   []string
	Blocks      []string
}

// PutTask creates or replaces a task's row (its edges are set by SetTaskDeps).
func (d *DB) PutTask(ns string, t *Task) error {
	return d.exec(`INSERT INTO tasks (id, namespace, title, description, status, session_id, created_at, updated_at)
		VALUES (?,?,?,?,?,?,?,?) ON CONFLICT (id) DO UPDATE SET title = excluded.title,
		description = excluded.description, status = excluded.status, updated_at = excluded.updated_at`,
		t.ID, ns, t.Title, t.Description, t.Status, t.SessionID, ms(t.CreatedAt), ms(t.UpdatedAt))
}

// SetTaskDeps replaces the tasks that id waits for.
func (d *DB) SetTaskDeps(ns, id string, blockedBy []string) error {
	if err := d.exec(`DELETE FROM task_deps WHERE namespace = ? AND task_id = ?`, ns, id); err != nil {
		return err
	}
	for _, b := range blockedBy {
		if err := d.exec(`INSERT OR IGNORE INTO task_deps (namespace, task_id, blocked_by) VALUES (?,?,?)`, ns, id, b); err != nil {
			return err
		}
	}
	return nil
}

// DeleteTask removes a task and every edge to or from it; it reports whether it existed.
func (d *DB) DeleteTask(ns, id string) (bool, error) {
	if err := d.exec(`DELETE FROM tasks WHERE namespace = ? AND id = ?`, ns, id); err != nil {
		return false, err
	}
	found := d.conn.Changes() > 0
	return found, d.exec(`DELETE FROM task_deps WHERE namespace = ? AND (task_id = ? OR blocked_by = ?)`, ns, id, id)
}

// GetTask returns a task with its edges, or nil when the namespace has no such task.
func (d *DB) GetTask(ns, id string) (*Task, error) {
	all, err := d.tasks(ns, id)
	if err != nil || len(all) == 0 {
		return nil, err
	}
	return &all[0], nil
}

// ListTasks returns every task of the namespace with its edges, oldest first.
func (d *DB) ListTasks(ns string) ([]Task, error) { return d.tasks(ns, "") }

func (d *DB) tasks(ns, id string) ([]Task, error) {
	s, err := d.prepare(`SELECT id, title, description, status, session_id, created_at, updated_at
		FROM tasks WHERE namespace = ? AND (? = '' OR id = ?) ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns, id, id); err != nil {
		return nil, err
	}
	out := []Task{}
	index := map[string]int{}
	for s.Step() {
		index[s.ColumnText(0)] = len(out)
		out = append(out, scanTask(s))
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return out, nil
	}
	e, err := d.prepare(`SELECT task_id, blocked_by FROM task_deps WHERE namespace = ?
		AND (? = '' OR task_id = ? OR blocked_by = ?) ORDER BY task_id, blocked_by`)
	if err != nil {
		return nil, err
	}
	defer e.Reset()
	if err := bind(e, ns, id, id, id); err != nil {
		return nil, err
	}
	for e.Step() {
		task, by := e.ColumnText(0), e.ColumnText(1)
		if i, ok := index[task]; ok {
			out[i].BlockedBy = append(out[i].BlockedBy, by)
		}
		if i, ok := index[by]; ok {
			out[i].Blocks = append(out[i].Blocks, task)
		}
	}
	return out, e.Err()
}

func scanTask(s *sqlite3.Stmt) Task {
	return Task{ID: s.ColumnText(0), Title: s.ColumnText(1), Description: s.ColumnText(2),
		Status: s.ColumnText(3), SessionID: s.ColumnText(4), CreatedAt: fromMS(s.ColumnInt64(5)),
		UpdatedAt: fromMS(s.ColumnInt64(6)), BlockedBy: []string{}, Blocks: []string{}}
}

// CountTurnsAfter counts the session's turns of role created after at.
func (d *DB) CountTurnsAfter(ns, session, role string, at time.Time) (int64, error) {
	return d.queryInt(`SELECT count(*) FROM turns WHERE namespace = ? AND session_id = ? AND role = ? AND created_at > ?`,
		ns, session, role, ms(at))
}

// ToolNameOfCall returns the name of the tool call id made by an assistant turn of the
// session ("" when no stored turn made it): a tool result appended in a later batch than
// its call still gets its tool's name.
func (d *DB) ToolNameOfCall(ns, session, callID string) (string, error) {
	s, err := d.prepare(`SELECT json_extract(c.value, '$.name') FROM turns t, json_each(t.tool_calls) c
		WHERE t.namespace = ? AND t.session_id = ? AND t.tool_calls IS NOT NULL
		AND json_extract(c.value, '$.id') = ? ORDER BY t.seq DESC LIMIT 1`)
	if err != nil {
		return "", err
	}
	defer s.Reset()
	if err := bind(s, ns, session, callID); err != nil {
		return "", err
	}
	if !s.Step() {
		return "", s.Err()
	}
	return s.ColumnText(0), nil
}
