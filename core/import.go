package core

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/protocol"
	"github.com/memcore/memcore/core/internal/store"
)

// ImportOptions give what to import: Data (JSON Lines, the jsonl format) or Files (a
// Markdown folder, the md format, imported into the namespace import is called on).
// Namespaces, for JSON Lines, imports only those namespaces' records (default: all).
// DryRun checks everything and reports what would be imported, writing nothing.
type ImportOptions struct {
	Format     string       `json:"format,omitempty"` // jsonl (default) or md
	Data       string       `json:"data,omitempty"`
	Files      []ExportFile `json:"files,omitempty"`
	Namespaces []string     `json:"namespaces,omitempty"`
	DryRun     bool         `json:"dryRun,omitempty"`
	// Progress, when not nil, is called as records are checked and written (not over the
	// protocol: the JS API reports its own phases).
	Progress func(phase string, done, total int) `json:"-"`
}

// ImportReport says what an import did: records imported and skipped (already there:
// the same id, or the same session and seq for a turn, the same name for a document…),
// by kind, and those left out by the namespace filter.
type ImportReport struct {
	Imported   map[string]int `json:"imported"`
	Skipped    map[string]int `json:"skipped"`
	Excluded   int            `json:"excluded"`
	Namespaces []string       `json:"namespaces"`
	DryRun     bool           `json:"dryRun,omitempty"`
}

// Import checks every record first — the whole input, strictly, as a request is
// (invalid_argument naming data[line].field or files[i]) — and then writes them all in
// one transaction, or nothing. Records that exist already are skipped, not overwritten,
// so importing the same export twice changes nothing.
func (n *Namespace) Import(ctx context.Context, o ImportOptions) (*ImportReport, error) {
	if o.Format == "" {
		o.Format = FormatJSONL
	}
	c := checker{l: n.e.limits}
	c.oneOf("format", o.Format, []string{FormatJSONL, FormatMarkdown})
	for i, ns := range o.Namespaces {
		if err := checkNamespace(ns); err != nil {
			c.fail(errs.InvalidArgument, fmt.Sprintf("namespaces[%d]", i), "%s", errs.As(err).Message)
		}
	}
	if c.err != nil {
		return nil, c.err
	}
	var lines []ExportLine
	var fields []string // the input field each line came from, for errors
	var err error
	if o.Format == FormatMarkdown {
		lines, fields, err = n.markdownLines(o.Files)
	} else {
		lines, fields, err = parseJSONL(o.Data)
	}
	if err != nil {
		return nil, err
	}
	rep := &ImportReport{Imported: map[string]int{}, Skipped: map[string]int{}, Namespaces: []string{}, DryRun: o.DryRun}
	var keep []int
	for i, l := range lines {
		if l.Kind == "header" {
			continue
		}
		if len(o.Namespaces) > 0 && !slices.Contains(o.Namespaces, l.Namespace) {
			rep.Excluded++
			continue
		}
		if err := n.e.checkLine(&lines[i], fields[i]); err != nil {
			return nil, err
		}
		if !slices.Contains(rep.Namespaces, l.Namespace) {
			rep.Namespaces = append(rep.Namespaces, l.Namespace)
		}
		keep = append(keep, i)
		if o.Progress != nil && len(keep)%1000 == 0 {
			o.Progress("check", len(keep), len(lines))
		}
	}
	if err := checkImportedTasks(lines, keep, fields); err != nil {
		return nil, err
	}
	write := n.e.tx
	if o.DryRun {
		write = n.e.do // reads only; nothing is written
	}
	err = write(ctx, func() error {
		clear(rep.Imported)
		clear(rep.Skipped)
		prev := map[string]*Turn{} // namespace + session → the turn imported before
		var tasks []int
		for done, i := range keep {
			l := &lines[i]
			ok, err := n.e.importLine(l, prev, o.DryRun)
			if err != nil {
				return err
			}
			if l.Kind == "task" && ok {
				tasks = append(tasks, i)
			}
			if ok {
				rep.Imported[l.Kind]++
			} else {
				rep.Skipped[l.Kind]++
			}
			if o.Progress != nil && (done+1)%1000 == 0 {
				o.Progress("write", done+1, len(keep))
			}
		}
		// Edges last, once every task of the import exists; then no cycle may remain.
		for _, i := range tasks {
			l := &lines[i]
			if !o.DryRun {
				if err := n.e.db.SetTaskDeps(l.Namespace, l.Task.ID, dedupe(l.Task.BlockedBy)); err != nil {
					return err
				}
			}
		}
		return n.e.checkTaskGraphs(rep.Namespaces, lines, tasks, fields, o.DryRun)
	})
	if err != nil {
		return nil, err
	}
	if o.Progress != nil {
		o.Progress("done", len(keep), len(keep))
	}
	return rep, nil
}

// parseJSONL decodes every line strictly; blank lines are allowed.
func parseJSONL(data string) ([]ExportLine, []string, error) {
	if strings.TrimSpace(data) == "" {
		return nil, nil, errs.New(errs.InvalidArgument, "data", "data is required: the JSON Lines of an export")
	}
	var lines []ExportLine
	var fields []string
	sum := sha256.New() // of the lines the header announces (ExportHeader.SHA256)
	sc := bufio.NewScanner(strings.NewReader(data))
	sc.Buffer(nil, len(data)+1)
	for i := 0; sc.Scan(); i++ {
		raw := strings.TrimSpace(sc.Text())
		if raw == "" {
			continue
		}
		field := fmt.Sprintf("data[%d]", i)
		if raw[0] != '{' {
			// Said in the file's terms: the decoder's own words ("args must be…") name
			// the protocol's envelope, which a person importing a file never saw.
			return nil, nil, errs.New(errs.InvalidArgument, field, "line %d is not a JSON object: an import is an export's JSON Lines, one {\"kind\":…} object a line, the first its header", i+1)
		}
		var l ExportLine
		if err := protocol.Decode(json.RawMessage(raw), &l); err != nil {
			e := *errs.As(err)
			e.Field = strings.Replace(e.Field, "args", field, 1)
			if !strings.HasPrefix(e.Field, field) {
				e.Field = field + "." + e.Field
			}
			e.Message = "line " + fmt.Sprint(i+1) + ": " + e.Message
			return nil, nil, &e
		}
		if len(lines) == 0 {
			h := l.Header
			switch {
			case l.Kind != "header" || h == nil || h.Format != "memcore":
				return nil, nil, errs.New(errs.InvalidArgument, field, "the first line is the export's header {\"kind\":\"header\",\"header\":{\"format\":\"memcore\",…}}")
			case h.Version > ExportVersion || h.SchemaVersion > store.SchemaVersion:
				return nil, nil, errs.New(errs.Unsupported, field+".header", "the export is of a newer memcore (format %d, schema %d): import it with that version", h.Version, h.SchemaVersion)
			}
		} else if l.Kind == "header" {
			return nil, nil, errs.New(errs.InvalidArgument, field+".kind", "only the first line is a header")
		}
		if len(lines) > 0 && len(lines) <= lines[0].Header.Lines {
			sum.Write([]byte(raw))
			sum.Write([]byte{'\n'})
		}
		lines = append(lines, l)
		fields = append(fields, field)
	}
	if err := sc.Err(); err != nil {
		return nil, nil, errs.New(errs.InvalidArgument, "data", "reading the lines: %v", err)
	}
	// Fewer lines than announced: the file was cut (at a line end, or the scanner would
	// have found a broken line). More is allowed: lines a person appended by hand.
	if h := lines[0].Header; h.Lines > 0 && len(lines)-1 < h.Lines {
		return nil, nil, errs.New(errs.InvalidArgument, "data", "the export is cut short: its header announces %d lines after it, it holds %d", h.Lines, len(lines)-1)
	}
	if h := lines[0].Header; h.SHA256 != "" && h.Lines > 0 && !strings.EqualFold(hex.EncodeToString(sum.Sum(nil)), h.SHA256) {
		return nil, nil, errs.New(errs.InvalidArgument, "data", "the export is damaged: its %d lines do not have the SHA-256 its header announces (a changed byte; after editing an export by hand, remove sha256 from its header)", h.Lines)
	}
	return lines, fields, nil
}

// markdownLines reads a Markdown folder into lines of namespace n: MEMORY.md is the
// index (rebuilt, not read), documents/… are documents, other .md files memories. A
// memory whose frontmatter names another namespace gets a new id: it is a copy.
func (n *Namespace) markdownLines(files []ExportFile) ([]ExportLine, []string, error) {
	if len(files) == 0 {
		return nil, nil, errs.New(errs.InvalidArgument, "files", "files is required: the Markdown folder's files [{path, content}]")
	}
	var lines []ExportLine
	var fields []string
	for i, f := range files {
		field := fmt.Sprintf("files[%d]", i)
		p := strings.TrimPrefix(f.Path, "./")
		switch {
		case p == "MEMORY.md" || !strings.HasSuffix(p, ".md"):
			continue
		case strings.HasPrefix(p, "documents/"):
			d := &Document{Name: strings.TrimSuffix(strings.TrimPrefix(p, "documents/"), ".md"), Content: f.Content, UpdatedAt: n.e.clock()}
			lines = append(lines, ExportLine{Kind: "document", Namespace: n.name, Document: d})
		default:
			raw, err := parseMemoryMarkdown(f.Content, field)
			if err != nil {
				return nil, nil, err
			}
			var m Memory
			if err := protocol.Decode(raw, &m); err != nil {
				e := *errs.As(err)
				e.Field = field + "." + strings.TrimPrefix(e.Field, "args.")
				return nil, nil, &e
			}
			if m.Namespace != n.name || m.ID == "" {
				// A copy into another namespace (ids are unique across namespaces), or a
				// file a person wrote: a new id.
				m.ID = n.e.ids.next(n.e.clock())
			}
			m.Namespace = n.name
			lines = append(lines, ExportLine{Kind: "memory", Namespace: n.name, Memory: &m, MemoryID: m.ID})
		}
		fields = append(fields, field)
	}
	return lines, fields, nil
}
