package core

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/store"
)

// Export and import (docs/EXPORT.md): every record of one or more namespaces as JSON
// Lines — lossless, the format to back up or move a namespace — or one namespace's
// memories and documents as a folder of Markdown files, the way agents keep memory on
// disk (MEMORY.md, one {type}_{slug}.md per memory with YAML frontmatter).

// Export formats.
const (
	FormatJSONL    = "jsonl"
	FormatMarkdown = "md"
)

// ExportVersion is the version of the JSON Lines format, in its header line. Version 2
// added "read" lines (extraction's read marks, export_reads.go); version 3 a memory's
// "decayedAt" and "quota" lines (the upkeep's state, export_upkeep.go). An import takes
// every version up to this one, and an older memcore refuses a newer file as newer
// instead of failing on its first line of a kind or field it does not know.
const ExportVersion = 3

// ExportOptions choose what to export. Namespaces defaults to the namespace the export
// is called on; ["*"] is every namespace of the database. The Markdown format takes one.
type ExportOptions struct {
	Format     string   `json:"format,omitempty"` // jsonl (default) or md
	Namespaces []string `json:"namespaces,omitempty"`
}

// ExportFile is one file of a Markdown export: a path relative to the folder (always
// with "/", never "..") and its text.
type ExportFile struct {
	Path    string `json:"path"`
	Content string `json:"content"`
}

// ExportResult is an export: Data (JSON Lines, one record a line) or Files (Markdown),
// with the number of records of each kind.
type ExportResult struct {
	Format     string         `json:"format"`
	Data       string         `json:"data,omitempty"`
	Files      []ExportFile   `json:"files,omitempty"`
	Namespaces []string       `json:"namespaces"`
	Counts     map[string]int `json:"counts"`
}

// ExportLine is one line of a JSON Lines export: Kind says which of the other fields it
// carries. Memory lines carry the memory as stored (nil once forgotten) and its whole
// history; the record types are serialised as they are, so a field added to them is
// exported and imported with no change here.
type ExportLine struct {
	Kind      string         `json:"kind"` // header, memory, turn, document, episode, session, scratchpad, plan, task, read, quota
	Namespace string         `json:"namespace,omitempty"`
	Header    *ExportHeader  `json:"header,omitempty"`
	Memory    *Memory        `json:"memory,omitempty"`
	MemoryID  string         `json:"memoryId,omitempty"`
	History   []HistoryEntry `json:"history,omitempty"`
	Turn      *Turn          `json:"turn,omitempty"`
	Document  *Document      `json:"document,omitempty"`
	Episode   *Episode       `json:"episode,omitempty"`
	Session   *ExportSession `json:"session,omitempty"`
	Scratch   *ExportScratch `json:"scratchpad,omitempty"`
	Plan      *Plan          `json:"plan,omitempty"`
	Task      *Task          `json:"task,omitempty"`
	Read      *ExportRead    `json:"read,omitempty"`
	// DecayedAt (memory lines, version 3) is when decay last lowered the memory's
	// importance; Quota (quota lines) the namespace's own quota (export_upkeep.go).
	DecayedAt *time.Time `json:"decayedAt,omitempty"`
	Quota     *Quota     `json:"quota,omitempty"`
}

// ExportHeader is the first line of a JSON Lines export.
type ExportHeader struct {
	Format        string    `json:"format"` // "memcore"
	Version       int       `json:"version"`
	SchemaVersion int       `json:"schemaVersion"`
	Engine        string    `json:"engine"`
	ExportedAt    time.Time `json:"exportedAt"`
	// Lines is the number of lines after the header (JSON Lines exports), so that an
	// import can tell a file cut at a line boundary from a whole one: fewer lines are
	// refused, more are accepted (lines appended by hand). 0: not given, as in exports
	// of earlier versions; nothing is checked.
	Lines int `json:"lines,omitempty"`
	// SHA256 is the hex SHA-256 of those Lines lines, each with its "\n" (leading and
	// trailing white space of a line is not part of it, so CRLF line ends pass), so that
	// an import refuses a file with a flipped byte, which could otherwise be valid JSON
	// with another value in it. A person who edits an export by hand removes it (and
	// lines). Empty: not checked.
	SHA256 string `json:"sha256,omitempty"`
}

// ExportSession is a session's own state: its business state and when it started and
// ended (its turns, scratchpad and plan are lines of their own).
type ExportSession struct {
	ID            string     `json:"id"`
	BusinessState string     `json:"businessState,omitempty"`
	StartedAt     time.Time  `json:"startedAt"`
	EndedAt       *time.Time `json:"endedAt,omitempty"`
}

// ExportScratch is one scratchpad entry of a session.
type ExportScratch struct {
	SessionID string    `json:"sessionId"`
	Key       string    `json:"key"`
	Value     string    `json:"value"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// exportNamespaces resolves the namespace filter.
func (n *Namespace) exportNamespaces(filter []string) ([]string, error) {
	c := checker{l: n.e.limits}
	if len(filter) == 0 {
		return []string{n.name}, nil
	}
	if len(filter) == 1 && filter[0] == "*" {
		return n.e.db.Namespaces()
	}
	out := []string{}
	for i, ns := range filter {
		if err := checkNamespace(ns); err != nil {
			c.fail(errs.InvalidArgument, fmt.Sprintf("namespaces[%d]", i), "%s", errs.As(err).Message)
		}
		if !slices.Contains(out, ns) {
			out = append(out, ns)
		}
	}
	if c.err != nil {
		return nil, c.err
	}
	return out, nil
}

// Export returns the records of the chosen namespaces (docs/EXPORT.md). It reads in one
// transaction, so the export is consistent while others write.
func (n *Namespace) Export(ctx context.Context, o ExportOptions) (*ExportResult, error) {
	if o.Format == "" {
		o.Format = FormatJSONL
	}
	c := checker{l: n.e.limits}
	c.oneOf("format", o.Format, []string{FormatJSONL, FormatMarkdown})
	if c.err != nil {
		return nil, c.err
	}
	res := &ExportResult{Format: o.Format, Counts: map[string]int{}}
	var lines []ExportLine
	err := n.e.do(ctx, func() (err error) {
		if res.Namespaces, err = n.exportNamespaces(o.Namespaces); err != nil {
			return err
		}
		if o.Format == FormatMarkdown && len(res.Namespaces) != 1 {
			return errs.New(errs.InvalidArgument, "namespaces", "a Markdown export holds one namespace (export each into a folder of its own, or use jsonl)")
		}
		lines = []ExportLine{{Kind: "header", Header: &ExportHeader{Format: "memcore", Version: ExportVersion,
			SchemaVersion: store.SchemaVersion, Engine: Version, ExportedAt: n.e.clock()}}}
		for _, ns := range res.Namespaces {
			if lines, err = n.e.exportNamespace(ns, lines); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, l := range lines[1:] {
		res.Counts[l.Kind]++
	}
	if o.Format == FormatMarkdown {
		res.Files, err = markdownFiles(lines)
		return res, err
	}
	var body bytes.Buffer
	enc := json.NewEncoder(&body)
	enc.SetEscapeHTML(false)
	for i := range lines[1:] {
		if err := enc.Encode(&lines[1+i]); err != nil {
			return nil, errs.Wrap(errs.Internal, err, "export")
		}
	}
	sum := sha256.Sum256(body.Bytes())
	lines[0].Header.Lines, lines[0].Header.SHA256 = len(lines)-1, hex.EncodeToString(sum[:])
	var b bytes.Buffer
	enc = json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&lines[0]); err != nil {
		return nil, errs.Wrap(errs.Internal, err, "export")
	}
	b.Write(body.Bytes())
	res.Data = b.String()
	return res, nil
}

// exportNamespace appends the lines of namespace ns; the engine must be locked.
func (e *Engine) exportNamespace(ns string, lines []ExportLine) ([]ExportLine, error) {
	n := &Namespace{e: e, name: ns}
	add := func(l ExportLine) { l.Namespace = ns; lines = append(lines, l) }
	// Memories, live ones and forgotten ones, each with its history.
	live := map[string]*Memory{}
	cursor := ""
	for {
		page, err := e.db.ListMemories(ns, store.Filter{IncludeExpired: true, IncludeSuperseded: true, Now: e.clock()}, cursor, 1000)
		if err != nil {
			return nil, err
		}
		for _, m := range page {
			// Recall's accesses not yet written (heat.go): an export is a read, and
			// shows them as every read does.
			e.overlay(m)
			live[m.ID] = m
		}
		if len(page) < 1000 {
			break
		}
		cursor = page[len(page)-1].ID
	}
	ids, err := e.db.HistoryMemoryIDs(ns)
	if err != nil {
		return nil, err
	}
	for id := range live {
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	for _, id := range ids {
		h, err := e.db.History(ns, id)
		if err != nil {
			return nil, err
		}
		add(ExportLine{Kind: "memory", Memory: live[id], MemoryID: id, History: h})
	}
	turns, err := e.db.NamespaceTurns(ns)
	if err != nil {
		return nil, err
	}
	for i := range turns {
		add(ExportLine{Kind: "turn", Turn: &turns[i]})
	}
	docs, err := e.db.ListDocuments(ns)
	if err != nil {
		return nil, err
	}
	for _, d := range docs {
		content, at, _, err := e.db.GetDocument(ns, d.Name)
		if err != nil {
			return nil, err
		}
		add(ExportLine{Kind: "document", Document: &Document{Name: d.Name, Content: content, UpdatedAt: at}})
	}
	eps, err := e.db.ListEpisodes(ns, "")
	if err != nil {
		return nil, err
	}
	for _, r := range eps {
		add(ExportLine{Kind: "episode", Episode: &Episode{ID: r.ID, SessionID: r.SessionID, Summary: r.Summary,
			Goal: r.Goal, Outcome: r.Outcome, Entities: r.Entities, ToolsUsed: r.ToolsUsed, Lessons: r.Lessons,
			Importance: r.Importance, StartedAt: r.StartedAt, EndedAt: r.EndedAt, MemoryID: r.MemoryID}})
	}
	sessions, err := e.db.ListSessions(ns)
	if err != nil {
		return nil, err
	}
	for _, s := range sessions {
		add(ExportLine{Kind: "session", Session: &ExportSession{ID: s.ID, BusinessState: s.BusinessState,
			StartedAt: s.StartedAt, EndedAt: s.EndedAt}})
	}
	scratchSessions, err := e.db.ScratchSessions(ns)
	if err != nil {
		return nil, err
	}
	for _, sid := range scratchSessions {
		entries, err := e.db.ListScratch(ns, sid)
		if err != nil {
			return nil, err
		}
		for _, s := range entries {
			add(ExportLine{Kind: "scratchpad", Scratch: &ExportScratch{SessionID: sid, Key: s.Key, Value: s.Value, UpdatedAt: s.UpdatedAt}})
		}
	}
	planSessions, err := e.db.PlanSessions(ns)
	if err != nil {
		return nil, err
	}
	for _, sid := range planSessions {
		p, err := n.plan(sid)
		if err != nil {
			return nil, err
		}
		add(ExportLine{Kind: "plan", Plan: p})
	}
	tasks, err := n.tasks()
	if err != nil {
		return nil, err
	}
	for i := range tasks {
		add(ExportLine{Kind: "task", Task: &tasks[i]})
	}
	if err := e.exportReads(ns, add); err != nil {
		return nil, err
	}
	if err := e.exportQuota(ns, add); err != nil {
		return nil, err
	}
	return lines, e.exportDecayed(ns, lines)
}
