package core

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/store"
	"github.com/memcore/memcore/core/internal/text"
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

// workingState is a session's working memory as buildContext renders it.
type workingState struct {
	plan    *Plan
	state   string
	facts   []ScratchEntry // session_facts…
	results []ScratchEntry // subagent_result::…, delegation_result::…
	scratch []ScratchEntry // the rest
	extra   []workItem     // the todo reminder and the open tasks, shown after the plan
}

// readWorking reads the session's working memory; the engine must be locked.
func (n *Namespace) readWorking(sessionID string) (workingState, error) {
	var w workingState
	var err error
	if w.plan, err = n.plan(sessionID); err != nil {
		return w, err
	}
	s, err := n.e.db.GetSession(n.name, sessionID)
	if err != nil {
		return w, err
	}
	if s != nil {
		w.state = s.BusinessState
	}
	entries, err := n.scratchpad(sessionID)
	for _, e := range entries {
		switch {
		case strings.HasPrefix(e.Key, ScratchSessionFacts):
			w.facts = append(w.facts, e)
		case strings.HasPrefix(e.Key, ScratchSubagentPrefix), strings.HasPrefix(e.Key, ScratchDelegationPrefix):
			w.results = append(w.results, e)
		default:
			w.scratch = append(w.scratch, e)
		}
	}
	return w, err
}

// Rendering caps, in characters.
const (
	renderStateChars   = 2000 // the business state
	renderFactsChars   = 2000 // one session_facts entry
	renderResultChars  = 300  // the summary of a sub-agent or delegation result
	renderScratchChars = 500  // one other scratchpad value
)

type workItem struct{ section, text string }

// items are the rendered pieces of the working state, most important first: the plan,
// the business state, session facts, sub-agent and delegation results, other keys.
func (w *workingState) items() []workItem {
	var out []workItem
	if p := w.plan; p != nil {
		var b strings.Builder
		fmt.Fprintf(&b, "Goal: %s", oneLine(p.Goal))
		marks := map[string]string{StepPending: "[ ]", StepInProgress: "[>]", StepCompleted: "[x]", StepFailed: "[!]"}
		for i, s := range p.Steps {
			fmt.Fprintf(&b, "\n%d. %s %s", i+1, marks[s.Status], oneLine(s.Title))
			switch s.Status {
			case StepInProgress:
				b.WriteString(" (in progress)")
			case StepFailed:
				b.WriteString(" (failed)")
			}
		}
		out = append(out, workItem{"Plan", b.String()})
	}
	out = append(out, w.extra...)
	if strings.TrimSpace(w.state) != "" {
		out = append(out, workItem{"Business state", clipChars(strings.TrimSpace(w.state), renderStateChars)})
	}
	for _, e := range w.facts {
		v := clipChars(strings.TrimSpace(e.Value), renderFactsChars)
		if name, ok := strings.CutPrefix(e.Key, ScratchSessionFacts+"::"); ok {
			v = "- " + name + ": " + v
		}
		out = append(out, workItem{"Session facts", v})
	}
	for _, e := range w.results {
		kind, name := "sub-agent", strings.TrimPrefix(e.Key, ScratchSubagentPrefix)
		if strings.HasPrefix(e.Key, ScratchDelegationPrefix) {
			kind, name = "delegation", strings.TrimPrefix(e.Key, ScratchDelegationPrefix)
		}
		sum := summarizeText(e.Value, renderResultChars)
		line := fmt.Sprintf("- %s (%s): %s", oneLine(name), kind, sum)
		if utf8.RuneCountInString(strings.TrimSpace(e.Value)) > utf8.RuneCountInString(sum) {
			line += fmt.Sprintf(" [summary; full text: scratchpad key %q]", e.Key)
		}
		out = append(out, workItem{"Results", line})
	}
	for _, e := range w.scratch {
		out = append(out, workItem{"Scratchpad", "- " + oneLine(e.Key) + ": " +
			clipChars(oneLine(e.Value), renderScratchChars)})
	}
	return out
}

// render returns the working state as Markdown, in at most maxTokens estimated tokens
// (maxTokens < 0: no limit). To fit it leaves out items from the least important end,
// saying how many; if the plan alone does not fit it is cut by lines.
func (w *workingState) render(maxTokens int) string {
	items := w.items()
	if len(items) == 0 || maxTokens == 0 {
		return ""
	}
	out := renderItems(items, 0)
	if maxTokens < 0 || text.EstimateTokens(out) <= maxTokens {
		return out
	}
	for keep := len(items) - 1; keep >= 1; keep-- {
		out = renderItems(items[:keep], len(items)-keep)
		if text.EstimateTokens(out) <= maxTokens {
			return out
		}
	}
	// Only the first item, cut by lines; the headings alone ("# Working state", "",
	// "## Plan") say nothing, so it goes when no line of it fits.
	lines := strings.Split(out, "\n")
	for len(lines) > 4 {
		lines = lines[:len(lines)-1]
		s := strings.Join(lines, "\n") + "\n…"
		if text.EstimateTokens(s) <= maxTokens {
			return s
		}
	}
	return ""
}

func renderItems(items []workItem, omitted int) string {
	var b strings.Builder
	b.WriteString("# Working state")
	section := ""
	for _, it := range items {
		if it.section != section {
			section = it.section
			b.WriteString("\n\n## " + section)
		}
		b.WriteString("\n" + it.text)
	}
	if omitted > 0 {
		fmt.Fprintf(&b, "\n\n(%d more working-state entries left out for the token budget: plan.get, state.get and scratchpad.list show everything)", omitted)
	}
	return b.String()
}

// oneLine folds white space runs (newlines included) into single spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// clipChars cuts s to at most max characters, ending with "…" when cut.
func clipChars(s string, max int) string {
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	return clipRunes(s, max-1) + "…"
}

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
