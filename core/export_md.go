package core

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode"

	"github.com/memcore/memcore/core/internal/errs"
)

// The Markdown folder: MEMORY.md (an index of at most 200 lines), one {type}_{slug}.md
// per live memory — YAML frontmatter with every field of the record but its content,
// each value written as JSON (which YAML reads as is), then the content, byte for byte —
// and the documents under documents/ (documents/daily/YYYY-MM-DD.md).

// maxIndexLines is the length limit of MEMORY.md, as of the MEMORY document.
const maxIndexLines = 200

// markdownFiles writes the memories and documents of lines (one namespace) as files.
func markdownFiles(lines []ExportLine) ([]ExportFile, error) {
	var files []ExportFile
	var index []string
	used := map[string]bool{}
	var mems []*Memory
	for _, l := range lines {
		switch {
		case l.Kind == "memory" && l.Memory != nil:
			mems = append(mems, l.Memory)
		case l.Kind == "document":
			files = append(files, ExportFile{Path: "documents/" + l.Document.Name + ".md", Content: l.Document.Content})
		}
	}
	for _, m := range mems {
		base := m.Type + "_" + slug(m)
		name := base + ".md"
		for i := 2; used[name]; i++ {
			name = fmt.Sprintf("%s-%d.md", base, i)
		}
		used[name] = true
		body, err := memoryMarkdown(m)
		if err != nil {
			return nil, err
		}
		files = append(files, ExportFile{Path: name, Content: body})
		hook := m.Title
		if hook == "" {
			hook = m.Content
		}
		index = append(index, fmt.Sprintf("- [%s](%s) — %s", m.Type, name, clipChars(oneLine(hook), 120)))
	}
	head := []string{"# Memory", "", fmt.Sprintf("%d memories, one file each (YAML frontmatter, then the content).", len(mems)), ""}
	if room := maxIndexLines - len(head); len(index) > room {
		more := len(index) - (room - 1)
		index = append(index[:room-1], fmt.Sprintf("- … %d more: see the {type}_{slug}.md files", more))
	}
	files = append([]ExportFile{{Path: "MEMORY.md", Content: strings.Join(append(head, index...), "\n") + "\n"}}, files...)
	return files, nil
}

// slug is a file-name-safe short name of a memory: the first words of its title or
// content (letters and digits of any script), or its id.
func slug(m *Memory) string {
	src := m.Title
	if src == "" {
		src = m.Content
	}
	var b strings.Builder
	n, dash := 0, false
	for _, r := range strings.ToLower(src) {
		if n >= 40 {
			break
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			n++
			dash = false
		} else {
			dash = true
		}
	}
	if b.Len() == 0 {
		return strings.ToLower(m.ID)
	}
	return b.String()
}

// memoryMarkdown is a memory's file: frontmatter of its JSON fields in their order (but
// content), then the content.
func memoryMarkdown(m *Memory) (string, error) {
	raw, err := json.Marshal(m)
	if err != nil {
		return "", errs.Wrap(errs.Internal, err, "export")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	var b strings.Builder
	b.WriteString("---\n")
	if _, err := dec.Token(); err != nil { // {
		return "", errs.Wrap(errs.Internal, err, "export")
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return "", errs.Wrap(errs.Internal, err, "export")
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return "", errs.Wrap(errs.Internal, err, "export")
		}
		if k := t.(string); k != "content" {
			fmt.Fprintf(&b, "%s: %s\n", k, v)
		}
	}
	b.WriteString("---\n")
	b.WriteString(m.Content)
	return b.String(), nil
}

// parseMemoryMarkdown reads a file memoryMarkdown wrote (or a person edited in the same
// form) back into a memory's JSON object. field names the file in errors.
func parseMemoryMarkdown(text, field string) (json.RawMessage, error) {
	rest, ok := strings.CutPrefix(text, "---\n")
	if !ok {
		return nil, errs.New(errs.InvalidArgument, field, "a memory file starts with a --- line (YAML frontmatter)")
	}
	fm, body, ok := strings.Cut(rest, "\n---\n")
	if !ok {
		if fm2, ok2 := strings.CutPrefix(rest, "---\n"); ok2 { // empty frontmatter
			fm, body, ok = "", fm2, true
		}
	}
	if !ok {
		return nil, errs.New(errs.InvalidArgument, field, "the frontmatter has no closing --- line")
	}
	obj := map[string]json.RawMessage{}
	for i, line := range strings.Split(fm, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" {
			return nil, errs.New(errs.InvalidArgument, field, "frontmatter line %d is not key: value", i+1)
		}
		if !json.Valid([]byte(v)) {
			// A plain YAML scalar a person typed (type: preference): read it as a string.
			b, _ := json.Marshal(v)
			v = string(b)
		}
		if _, dup := obj[k]; dup || k == "content" {
			return nil, errs.New(errs.InvalidArgument, field, "frontmatter key %q is given twice (the content is the body)", k)
		}
		obj[k] = json.RawMessage(v)
	}
	c, _ := json.Marshal(body)
	obj["content"] = c
	out, err := json.Marshal(obj)
	if err != nil {
		return nil, errs.New(errs.InvalidArgument, field, "%v", err)
	}
	return out, nil
}
