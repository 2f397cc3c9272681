package prototest

import (
	"encoding/json"
	"fmt"
	"strings"
)

// The generated parts of docs/RELIABILITY.md sit between these markers.
const (
	HostileTableBegin = "<!-- hostile-table:begin (generated: MEMCORE_WRITE_TABLE=1 go test ./internal/prototest -run TestHostileTable) -->"
	HostileTableEnd   = "<!-- hostile-table:end -->"
)

// HostileMarkdown returns the Markdown table of the hostile inputs and their answers.
func HostileMarkdown() string {
	var b strings.Builder
	b.WriteString("| # | case | input | answer | field |\n|---:|---|---|---|---|\n")
	for i, h := range HostileTable() {
		answer := "ok"
		if h.Code != "" {
			answer = "`" + h.Code + "`"
		}
		field := ""
		if h.Field != "" {
			field = "`" + strings.ReplaceAll(h.Field, "|", `\|`) + "`"
		}
		what := h.What
		if h.Repeat > 1 {
			what += fmt.Sprintf(" (×%d)", h.Repeat)
		}
		fmt.Fprintf(&b, "| %d | `%s` | %s | %s | %s |\n", i+1, h.Name, strings.ReplaceAll(what, "|", `\|`), answer, field)
	}
	return b.String()
}

// ReplaceHostileTable returns doc with the text between the markers replaced by the
// current table, and whether the markers were found.
func ReplaceHostileTable(doc string) (string, bool) {
	i := strings.Index(doc, HostileTableBegin)
	j := strings.Index(doc, HostileTableEnd)
	if i < 0 || j < i {
		return doc, false
	}
	return doc[:i+len(HostileTableBegin)] + "\n\n" + HostileMarkdown() + "\n" + doc[j:], true
}

// hostileJSONCase is one case as HostileJSON writes it for the Node runner.
type hostileJSONCase struct {
	Name   string `json:"name"`
	Op     string `json:"op"`
	Args   string `json:"args"` // raw JSON text, "$SEED" and "%d" as in Hostile
	Repeat int    `json:"repeat,omitempty"`
	Code   string `json:"code,omitempty"`
	Field  string `json:"field,omitempty"`
	Write  bool   `json:"write,omitempty"` // a refusal is followed by the integrity check
}

// HostileJSON returns the table as JSON for runners in other languages
// (js/test/hostile.test.mjs gets it from go run ./internal/prototest/hostilecases): the seed
// request, its content, and the cases with their args as raw JSON text.
func HostileJSON() []byte {
	out := struct {
		Seed        string            `json:"seed"`
		SeedContent string            `json:"seedContent"`
		Cases       []hostileJSONCase `json:"cases"`
	}{Seed: seedReq, SeedContent: seedContent}
	for _, h := range HostileTable() {
		out.Cases = append(out.Cases, hostileJSONCase{Name: h.Name, Op: h.Op, Args: h.Args, Repeat: h.Repeat,
			Code: h.Code, Field: h.Field, Write: writeOps[h.Op]})
	}
	b, err := json.Marshal(out)
	if err != nil {
		panic(err)
	}
	return b
}
