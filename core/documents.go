package core

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/errs"
)

// The core documents. Besides them a namespace keeps daily logs named "daily/YYYY-MM-DD".
const (
	DocIdentity = "IDENTITY" // who the agent is
	DocSoul     = "SOUL"     // how it behaves: tone, values, boundaries
	DocUser     = "USER"     // who the user is
	DocMemory   = "MEMORY"   // the index of what the agent knows, at most MaxMemoryLines lines
)

// MaxMemoryLines bounds the MEMORY document: it is an index that goes into every
// context, not a store (memories are).
const MaxMemoryLines = 200

// coreDocuments are the documents of the core-memory snapshot, in snapshot order.
var coreDocuments = []string{DocIdentity, DocSoul, DocUser, DocMemory}

// Document is one named Markdown document of a namespace.
type Document struct {
	Name      string    `json:"name"`
	Content   string    `json:"content"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// DocumentInfo describes a document without its content.
type DocumentInfo struct {
	Name      string    `json:"name"`
	Bytes     int64     `json:"bytes"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// checkDocName checks a document name: one of the core documents or daily/YYYY-MM-DD
// (a real date).
func (c *checker) docName(field, name string) {
	for _, d := range coreDocuments {
		if name == d {
			return
		}
	}
	if day, ok := strings.CutPrefix(name, "daily/"); ok && len(day) == 10 {
		if t, err := time.Parse(time.DateOnly, day); err == nil && t.Format(time.DateOnly) == day {
			return
		}
	}
	c.fail(errs.InvalidArgument, field, "%q is not a document name: IDENTITY, SOUL, USER, MEMORY or daily/YYYY-MM-DD", clipBytes(name, 64))
}

// lineCount counts the lines of s: a final newline does not start another line.
func lineCount(s string) int {
	if s == "" {
		return 0
	}
	return strings.Count(strings.TrimSuffix(s, "\n"), "\n") + 1
}

// Document returns the named document; not_found when it was never set.
func (n *Namespace) Document(ctx context.Context, name string) (*Document, error) {
	c := checker{l: n.e.limits}
	c.docName("name", name)
	if c.err != nil {
		return nil, c.err
	}
	var out *Document
	err := n.e.do(ctx, func() error {
		content, at, ok, err := n.e.db.GetDocument(n.name, name)
		if ok {
			out = &Document{Name: name, Content: content, UpdatedAt: at}
		}
		return err
	})
	if err == nil && out == nil {
		err = errs.New(errs.NotFound, "name", "no document %q in this namespace", name)
	}
	return out, err
}

// SetDocument creates or replaces the named document. Content may be empty, is at most
// Limits.MaxContentBytes (64 KiB), and MEMORY has at most MaxMemoryLines lines.
// Sessions that already froze their core-memory snapshot do not see the change.
func (n *Namespace) SetDocument(ctx context.Context, name, content string) (*Document, error) {
	c := checker{l: n.e.limits}
	c.docName("name", name)
	c.text("content", content, c.l.MaxContentBytes, false)
	if name == DocMemory && c.err == nil {
		if l := lineCount(content); l > MaxMemoryLines {
			c.fail(errs.TooLarge, "content", "MEMORY has %d lines, the limit is %d: it is an index, keep the details in memories", l, MaxMemoryLines)
		}
	}
	if c.err != nil {
		return nil, c.err
	}
	var out *Document
	err := n.e.do(ctx, func() error {
		now := n.e.clock()
		out = &Document{Name: name, Content: content, UpdatedAt: now}
		return n.e.db.PutDocument(n.name, name, content, now)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Documents lists the namespace's documents by name.
func (n *Namespace) Documents(ctx context.Context) ([]DocumentInfo, error) {
	out := []DocumentInfo{}
	err := n.e.do(ctx, func() error {
		docs, err := n.e.db.ListDocuments(n.name)
		for _, d := range docs {
			out = append(out, DocumentInfo{Name: d.Name, Bytes: d.Bytes, UpdatedAt: d.UpdatedAt})
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// DeleteDocument removes the named document; not_found when there is none.
func (n *Namespace) DeleteDocument(ctx context.Context, name string) error {
	c := checker{l: n.e.limits}
	c.docName("name", name)
	if c.err != nil {
		return c.err
	}
	var found bool
	err := n.e.do(ctx, func() (err error) {
		found, err = n.e.db.DeleteDocument(n.name, name)
		return err
	})
	if err == nil && !found {
		err = errs.New(errs.NotFound, "name", "no document %q in this namespace", name)
	}
	return err
}

// clipBytes cuts s to at most max bytes (at a rune boundary), with "…" when cut.
func clipBytes(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// Protocol ops.

type (
	docNameArgs struct {
		nsArg
		Name string `json:"name"`
	}
	docSetArgs struct {
		nsArg
		Name    string  `json:"name"`
		Content *string `json:"content"`
	}
)

func opDocumentsGet(ctx context.Context, n *Namespace, a *docNameArgs) (any, error) {
	return n.Document(ctx, a.Name)
}

func opDocumentsSet(ctx context.Context, n *Namespace, a *docSetArgs) (any, error) {
	if a.Content == nil {
		return nil, errs.New(errs.InvalidArgument, "content", "content is required (it may be empty)")
	}
	return n.SetDocument(ctx, a.Name, *a.Content)
}

func opDocumentsList(ctx context.Context, n *Namespace, a *nsArg) (any, error) {
	docs, err := n.Documents(ctx)
	return map[string]any{"documents": docs}, err
}

func opDocumentsDelete(ctx context.Context, n *Namespace, a *docNameArgs) (any, error) {
	if err := n.DeleteDocument(ctx, a.Name); err != nil {
		return nil, err
	}
	return map[string]any{"deleted": true, "name": a.Name}, nil
}
