package core

import (
	"fmt"
	"slices"
	"strings"
)

// What buildContext's working state shows of the task graph, and the todo reminder
// (docs/CONTEXT.md#tasks). Kept apart from context.go so that the two evolve separately.

// Working-state caps for tasks.
const (
	// renderTasks is how many open tasks the working state lists; the rest are counted.
	renderTasks = 20
	// ReminderUserTurns is how many user turns may pass, stored after the plan's last
	// change while one of its steps is in progress, before buildContext reminds the model
	// to update the plan.
	ReminderUserTurns = 3
)

// taskWorkingItems returns the reminder line (when due) and the open tasks, for the
// working state; the engine must be locked.
func (n *Namespace) taskWorkingItems(sessionID string, plan *Plan) ([]workItem, error) {
	var out []workItem
	if plan != nil && sessionID != "" {
		if i := slices.IndexFunc(plan.Steps, func(s PlanStep) bool { return s.Status == StepInProgress }); i >= 0 {
			turns, err := n.e.db.CountTurnsAfter(n.name, sessionID, RoleUser, plan.UpdatedAt)
			if err != nil {
				return nil, err
			}
			if turns >= ReminderUserTurns {
				out = append(out, workItem{"Reminder", fmt.Sprintf(
					"The plan has not been updated for %d user turns while step %d (%s) is in progress: "+
						"if it is done or blocked, update the plan before going on.", turns, i+1, oneLine(plan.Steps[i].Title))})
			}
		}
	}
	tasks, err := n.tasks()
	if err != nil {
		return nil, err
	}
	rank := func(t Task) int {
		switch {
		case t.Status == TaskInProgress:
			return 0
		case t.Ready:
			return 1
		default:
			return 2
		}
	}
	open := slices.DeleteFunc(slices.Clone(tasks), func(t Task) bool { return t.Status == TaskCompleted || t.Status == TaskCancelled })
	slices.SortStableFunc(open, func(a, b Task) int { return rank(a) - rank(b) })
	for i, t := range open {
		if i == renderTasks {
			out = append(out, workItem{"Tasks", fmt.Sprintf("(%d more open tasks: tasks.list shows them)", len(open)-i)})
			break
		}
		line := "- [ ] "
		switch {
		case t.Status == TaskInProgress:
			line = "- [>] "
		case t.Blocked:
			line = "- [-] "
		}
		line += oneLine(t.Title) + " (" + t.ID + ")"
		switch {
		case t.Status == TaskInProgress:
			line += " in progress"
		case t.Ready:
			line += " ready"
		case t.Blocked:
			var titles []string
			for _, b := range t.BlockedBy {
				if j := slices.IndexFunc(tasks, func(x Task) bool { return x.ID == b }); j >= 0 && tasks[j].Status != TaskCompleted {
					titles = append(titles, clipChars(oneLine(tasks[j].Title), 60))
				}
			}
			line += " blocked by: " + strings.Join(titles, "; ")
		}
		out = append(out, workItem{"Tasks", line})
	}
	return out, nil
}
