package core

import (
	"fmt"

	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/store"
	"github.com/memcore/memcore/core/internal/text"
)

// importKinds are the kinds of line an import takes, with the field each one carries.
var importKinds = []string{"memory", "turn", "document", "episode", "session", "scratchpad", "plan", "task", "read", "quota"}

// checkLine checks one line as the engine checks what it writes; field names the line.
func (e *Engine) checkLine(l *ExportLine, field string) error {
	c := checker{l: e.limits}
	c.oneOf(field+".kind", l.Kind, importKinds)
	if err := checkNamespace(l.Namespace); err != nil {
		c.fail(errs.InvalidArgument, field+".namespace", "%s", errs.As(err).Message)
	}
	if c.err != nil {
		return c.err
	}
	carried := map[string]bool{"memory": l.MemoryID != "", "turn": l.Turn != nil, "document": l.Document != nil,
		"episode": l.Episode != nil, "session": l.Session != nil, "scratchpad": l.Scratch != nil,
		"plan": l.Plan != nil, "task": l.Task != nil, "read": l.Read != nil, "quota": l.Quota != nil}
	for k, has := range carried {
		if has != (k == l.Kind) {
			return errs.New(errs.InvalidArgument, field+"."+k, "a %s line carries its %s (memoryId for a memory) and nothing else", l.Kind, l.Kind)
		}
	}
	f := field + "." + l.Kind + "."
	checkDecayedAt(&c, field, l)
	switch l.Kind {
	case "memory":
		c.id(field+".memoryId", l.MemoryID)
		if m := l.Memory; m != nil {
			e.checkMemoryRecord(&c, f, l.Namespace, l.MemoryID, m)
		}
		for i, h := range l.History {
			g := fmt.Sprintf("%s.history[%d].", field, i)
			c.oneOf(g+"op", h.Op, []string{"create", "update", "forget"})
			if h.Memory == nil {
				c.fail(errs.InvalidArgument, g+"memory", "a history entry carries the memory's state")
			} else {
				e.checkMemoryRecord(&c, g+"memory.", l.Namespace, l.MemoryID, h.Memory)
			}
		}
	case "turn":
		t := l.Turn
		c.id(f+"id", t.ID)
		c.text(f+"sessionId", t.SessionID, c.l.MaxFieldBytes, true)
		if t.Seq < 1 {
			c.fail(errs.InvalidArgument, f+"seq", "must be at least 1, got %d", t.Seq)
		}
		c.oneOf(f+"role", t.Role, roles)
		c.text(f+"name", t.Name, c.l.MaxFieldBytes, false)
		c.text(f+"content", t.Content, c.l.MaxContentBytes, false)
		c.toolCalls(f, TurnInput{Role: t.Role, CallID: t.CallID, ToolCalls: t.ToolCalls})
	case "document":
		c.docName(f+"name", l.Document.Name)
		c.text(f+"content", l.Document.Content, c.l.MaxContentBytes, false)
		if l.Document.Name == DocMemory && lineCount(l.Document.Content) > MaxMemoryLines {
			c.fail(errs.TooLarge, f+"content", "MEMORY has more than %d lines", MaxMemoryLines)
		}
	case "episode":
		ep := l.Episode
		c.id(f+"id", ep.ID)
		c.text(f+"sessionId", ep.SessionID, c.l.MaxFieldBytes, true)
		c.text(f+"summary", ep.Summary, c.l.MaxContentBytes, false)
		c.unit(f+"importance", ep.Importance)
	case "session":
		c.text(f+"id", l.Session.ID, c.l.MaxFieldBytes, true)
		c.text(f+"businessState", l.Session.BusinessState, MaxWorkingBytes, false)
	case "scratchpad":
		s := l.Scratch
		c.text(field+".scratchpad.sessionId", s.SessionID, c.l.MaxFieldBytes, true)
		c.text(field+".scratchpad.key", s.Key, MaxScratchKeyBytes, true)
		c.text(field+".scratchpad.value", s.Value, MaxWorkingBytes, false)
	case "plan":
		c.text(f+"sessionId", l.Plan.SessionID, c.l.MaxFieldBytes, true)
		pc := checker{l: e.limits}
		l.Plan.Steps = pc.plan(l.Plan.Goal, l.Plan.Steps)
		if pc.err != nil {
			c.fail(pc.err.Code, f+pc.err.Field, "%s", pc.err.Message)
		}
	case "task":
		t := l.Task
		c.taskID(f+"id", t.ID)
		c.text(f+"title", t.Title, maxTaskTitleBytes, true)
		c.text(f+"description", t.Description, c.l.MaxContentBytes, false)
		c.oneOf(f+"status", t.Status, taskStatuses)
		c.blockers(f+"blockedBy", t.BlockedBy)
	case "read":
		checkRead(&c, f, l.Read)
	case "quota":
		c.quota(field+".quota", l.Quota)
	}
	return errOrNil(c.err)
}

func errOrNil(e *errs.Error) error {
	if e == nil {
		return nil
	}
	return e
}

// checkMemoryRecord checks a stored memory's fields (as remember and update keep them).
func (e *Engine) checkMemoryRecord(c *checker, f, ns, id string, m *Memory) {
	if m.ID != id {
		c.fail(errs.InvalidArgument, f+"id", "is %q, the line's memoryId is %q", m.ID, id)
	}
	if m.Namespace != ns {
		c.fail(errs.InvalidArgument, f+"namespace", "is %q, the line's namespace is %q", m.Namespace, ns)
	}
	c.oneOf(f+"type", m.Type, memoryTypes)
	c.text(f+"title", m.Title, c.l.MaxFieldBytes, false)
	c.text(f+"content", m.Content, c.l.MaxContentBytes, true)
	c.text(f+"subject", m.Subject, c.l.MaxFieldBytes, false)
	c.text(f+"predicate", m.Predicate, c.l.MaxFieldBytes, false)
	c.tags(f+"tags", m.Tags)
	c.unit(f+"importance", m.Importance)
	c.unit(f+"confidence", m.Confidence)
	c.oneOf(f+"tier", m.Tier, tiers)
	c.time(f+"expiresAt", m.ExpiresAt)
	c.source(f+"source", m.Source)
	c.card(f+"card", m.Card)
	if m.Version < 1 {
		c.fail(errs.InvalidArgument, f+"version", "must be at least 1, got %d", m.Version)
	}
	if m.CreatedAt.IsZero() || m.UpdatedAt.IsZero() {
		c.fail(errs.InvalidArgument, f+"createdAt", "a stored memory has createdAt and updatedAt")
	}
}

// checkImportedTasks refuses a task listed twice.
func checkImportedTasks(lines []ExportLine, keep []int, fields []string) error {
	seen := map[string]bool{}
	for _, i := range keep {
		if t := lines[i].Task; t != nil {
			if seen[t.ID] {
				return errs.New(errs.InvalidArgument, fields[i]+".task.id", "task %s is in the import twice", t.ID)
			}
			seen[t.ID] = true
		}
	}
	return nil
}

// importLine writes one checked line unless what it holds exists; it reports whether it
// wrote (in a dry run: would write). The engine must be locked, in a transaction.
func (e *Engine) importLine(l *ExportLine, prev map[string]*Turn, dry bool) (bool, error) {
	ns := l.Namespace
	switch l.Kind {
	case "memory":
		if have, err := e.db.History(ns, l.MemoryID); err != nil || len(have) > 0 {
			return false, err
		}
		if l.Memory != nil {
			if exists, err := e.db.IDExists("memories", l.MemoryID); err != nil || exists {
				return false, err
			}
		}
		if dry {
			return true, nil
		}
		if l.Memory != nil {
			if err := e.db.InsertMemory(l.Memory, ftsDoc(l.Memory)); err != nil {
				return false, err
			}
			if err := e.importDecayedAt(l); err != nil {
				return false, err
			}
		}
		for _, h := range l.History {
			if err := e.db.AddHistory(h.Op, h.At, h.Memory); err != nil {
				return false, err
			}
		}
		if len(l.History) == 0 && l.Memory != nil {
			// A memory with no history (a Markdown file): its history starts here, as
			// remember's does.
			if err := e.db.AddHistory("create", l.Memory.UpdatedAt, l.Memory); err != nil {
				return false, err
			}
		}
		return true, nil
	case "turn":
		t := l.Turn
		key := ns + "\x00" + t.SessionID
		if exists, err := e.db.TurnExists(ns, t.SessionID, t.Seq); err != nil || exists {
			return false, err
		}
		if exists, err := e.db.IDExists("turns", t.ID); err != nil || exists {
			return false, err
		}
		if dry {
			return true, nil
		}
		doc := store.TurnDoc{Content: text.Join(text.Tokens(turnSearchText(t)))}
		if p := prev[key]; p != nil && p.Seq == t.Seq-1 && p.Role != t.Role {
			doc.Context = text.Join(text.Tokens(turnSearchText(p)))
		}
		prev[key] = t
		return true, e.db.InsertTurn(ns, t, doc)
	case "document":
		if _, _, ok, err := e.db.GetDocument(ns, l.Document.Name); err != nil || ok {
			return false, err
		}
		if dry {
			return true, nil
		}
		return true, e.db.PutDocument(ns, l.Document.Name, l.Document.Content, l.Document.UpdatedAt)
	case "episode":
		if exists, err := e.db.IDExists("episodes", l.Episode.ID); err != nil || exists {
			return false, err
		}
		if dry {
			return true, nil
		}
		return true, e.db.InsertEpisode(ns, toStoreEpisode(l.Episode))
	case "session":
		if s, err := e.db.GetSession(ns, l.Session.ID); err != nil || s != nil {
			return false, err
		}
		if dry {
			return true, nil
		}
		s := l.Session
		return true, e.db.PutSession(ns, store.SessionRow{ID: s.ID, BusinessState: s.BusinessState, StartedAt: s.StartedAt, EndedAt: s.EndedAt})
	case "scratchpad":
		s := l.Scratch
		if have, err := e.db.GetScratch(ns, s.SessionID, s.Key); err != nil || have != nil {
			return false, err
		}
		if dry {
			return true, nil
		}
		if err := e.db.EnsureSession(ns, s.SessionID, s.UpdatedAt); err != nil {
			return false, err
		}
		return true, e.db.PutScratch(ns, s.SessionID, s.Key, s.Value, s.UpdatedAt)
	case "plan":
		if have, err := e.db.GetPlan(ns, l.Plan.SessionID); err != nil || have != nil {
			return false, err
		}
		if dry {
			return true, nil
		}
		if err := e.db.EnsureSession(ns, l.Plan.SessionID, l.Plan.UpdatedAt); err != nil {
			return false, err
		}
		return true, (&Namespace{e: e, name: ns}).putPlan(l.Plan)
	case "task":
		t := l.Task
		if exists, err := e.db.IDExists("tasks", t.ID); err != nil || exists {
			return false, err
		}
		if dry {
			return true, nil
		}
		return true, e.db.PutTask(ns, &store.Task{ID: t.ID, Title: t.Title, Description: t.Description,
			Status: t.Status, SessionID: t.SessionID, CreatedAt: t.CreatedAt, UpdatedAt: t.UpdatedAt})
	case "read":
		return e.importRead(ns, l.Read, dry)
	case "quota":
		return e.importQuota(ns, l.Quota, dry)
	}
	return false, errs.New(errs.Internal, "", "import: kind %q", l.Kind)
}

// checkTaskGraphs checks, after the import's tasks are written (or, in a dry run, on
// the stored graph plus the import's), that every blocker exists and no cycle remains.
func (e *Engine) checkTaskGraphs(namespaces []string, lines []ExportLine, imported []int, fields []string, dry bool) error {
	for _, ns := range namespaces {
		g, err := (&Namespace{e: e, name: ns}).taskGraph()
		if err != nil {
			return err
		}
		var mine []int
		for _, i := range imported {
			if lines[i].Namespace != ns {
				continue
			}
			mine = append(mine, i)
			if dry {
				t := lines[i].Task
				g[t.ID] = &graphNode{Task: store.Task{ID: t.ID, Status: t.Status, BlockedBy: t.BlockedBy}}
			}
		}
		for _, i := range mine {
			t := lines[i].Task
			if err := g.known(fields[i]+".task.blockedBy", t.BlockedBy); err != nil {
				return err
			}
			for _, b := range t.BlockedBy {
				if b == t.ID || g.waitsFor(b, t.ID) {
					return errs.New(errs.InvalidArgument, fields[i]+".task.blockedBy",
						"task %s and %s wait for each other: the task graph would have a cycle", t.ID, b)
				}
			}
		}
	}
	return nil
}
