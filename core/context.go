package core

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/chat"
	"github.com/memcore/memcore/core/internal/compact"
	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/text"
)

// Context assembly: what to send to the model this turn, within a token budget. See
// docs/CONTEXT.md for the layout, the shares and the trimming order.

// Task complexities: they shift the budget's shares (see ContextShares).
const (
	ComplexitySimple  = "simple"
	ComplexityMedium  = "medium"
	ComplexityComplex = "complex"
)

var complexities = []string{ComplexitySimple, ComplexityMedium, ComplexityComplex}

// Message shapes of buildContext (input and output are in the same one).
const (
	ShapeOpenAI    = string(chat.OpenAI)
	ShapeAnthropic = string(chat.Anthropic)
)

// ContextShares split a budget: System is the nominal share of the system prompt and
// the core-memory snapshot; Memory caps the working state plus recalled memories;
// History is the nominal share of the conversation (it gets whatever the others leave);
// Reserve is kept free for the model's answer.
type ContextShares struct {
	System  float64 `json:"system"`
	Memory  float64 `json:"memory"`
	History float64 `json:"history"`
	Reserve float64 `json:"reserve"`
}

// Shares returns the budget shares of a complexity (simple, medium or complex; "" is
// medium). A simple task is mostly conversation with a short answer; a complex one leans
// on its plan, its scratchpad and recalled knowledge, and writes long answers (code,
// documents), so memory and reserve grow at the expense of raw history — which
// compaction summarises and searchTurns still reaches.
func Shares(complexity string) (ContextShares, bool) {
	switch complexity {
	case ComplexitySimple:
		return ContextShares{System: 0.15, Memory: 0.10, History: 0.55, Reserve: 0.20}, true
	case ComplexityMedium, "":
		return ContextShares{System: 0.15, Memory: 0.15, History: 0.50, Reserve: 0.20}, true
	case ComplexityComplex:
		return ContextShares{System: 0.15, Memory: 0.20, History: 0.40, Reserve: 0.25}, true
	}
	return ContextShares{}, false
}

// Auto-recall parameters.
const (
	recallQueryMessages = 5   // user messages the automatic query is made of
	recallQueryPerMsg   = 200 // characters of each
	recallQueryChars    = 500 // characters in all
	recallLimit         = 5   // memories recalled
	recallChars         = 500 // characters of memory text in the block
	recallOpen          = "<recalled-memories>"
	recallClose         = "</recalled-memories>"
)

// MaxBudgetTokens bounds budgetTokens.
const MaxBudgetTokens = 10_000_000

// maxSystemPromptBytes bounds the host's system prompt.
const maxSystemPromptBytes = 256 << 10

// BuildContextOptions are the inputs of BuildContext.
type BuildContextOptions struct {
	// SessionID is the conversation; its core-memory snapshot is frozen at its first
	// BuildContext, and its working state is rendered.
	SessionID string `json:"sessionId"`
	// Query, when not empty, is the auto-recall query; otherwise it is made of the last
	// user messages.
	Query string `json:"query,omitempty"`
	// Messages is the conversation so far, a JSON array in the OpenAI or Anthropic shape.
	Messages json.RawMessage `json:"messages"`
	// Shape forces the shape ("openai" or "anthropic"); "" detects it (a conversation of
	// plain text reads as OpenAI: Anthropic hosts should say so).
	Shape string `json:"shape,omitempty"`
	// SystemPrompt is the host's own system prompt, sent first, unchanged.
	SystemPrompt string `json:"systemPrompt,omitempty"`
	// BudgetTokens is the model's context window to fill (estimated tokens).
	BudgetTokens int `json:"budgetTokens"`
	// Complexity is simple, medium (default) or complex; see Shares.
	Complexity string `json:"complexity,omitempty"`
	// RecallTurns: false keeps the turns of earlier sessions out of the recall block
	// (memories only). Default: memories first, then matching turns (docs/CONTEXT.md).
	RecallTurns *bool `json:"recallTurns,omitempty"`
}

// BuildContextResult is what to send.
type BuildContextResult struct {
	// Messages are the messages to send, in the input's shape. OpenAI: the first is the
	// system message. Anthropic: no system message (send System as the system parameter).
	Messages json.RawMessage `json:"messages"`
	// System is the system text: the system prompt, the core-memory snapshot and the
	// working state.
	System string `json:"system"`
	// Shape is the shape of Messages.
	Shape string `json:"shape"`
	// Recalled are the ids of the memories in the <recalled-memories> block.
	Recalled []string `json:"recalled"`
	// RecalledItems are all the entries of the block, in its order: memories, turns of
	// earlier sessions and the USER document, each with where it came from and when.
	RecalledItems []RecalledItem `json:"recalledItems"`
	// Report says where the tokens went.
	Report ContextReport `json:"report"`
}

// ContextReport accounts for the budget, in estimated tokens (text.EstimateTokens).
type ContextReport struct {
	System  int `json:"system"`  // the host's system prompt (and system messages merged into it)
	Core    int `json:"core"`    // the core-memory snapshot
	Working int `json:"working"` // plan, business state, scratchpad
	Recall  int `json:"recall"`  // the <recalled-memories> block
	History int `json:"history"` // the conversation as sent (without the recall block)
	Reserve int `json:"reserve"` // kept free for the answer
	Total   int `json:"total"`   // system+core+working+recall+history: what is sent
	Budget  int `json:"budget"`

	Complexity string        `json:"complexity"`
	Shares     ContextShares `json:"shares"`
	// Trimmed names what was cut to fit, in the order it was cut: "recall", "working",
	// "history", "reserve".
	Trimmed []string `json:"trimmed"`
	// OverBudget is set when even the parts that are never cut (system prompt, core
	// snapshot, the last user message and what follows it) exceed the budget.
	OverBudget bool `json:"overBudget,omitempty"`
	// SnapshotFrozen is set on the call that froze the session's core snapshot.
	SnapshotFrozen bool `json:"snapshotFrozen,omitempty"`
	// MessagesIn and MessagesOut count the conversation's messages before and after
	// compaction (without the system message).
	MessagesIn  int `json:"messagesIn"`
	MessagesOut int `json:"messagesOut"`
	// Compaction is what compaction did to the older history, when it ran.
	Compaction any `json:"compaction,omitempty"`
}

// msgOverhead is what a message costs besides its text (role, separators), as
// compaction counts it.
const msgOverhead = compact.MessageOverhead

// BuildContext assembles the context of one model call: the system text (system prompt,
// the session's frozen core-memory snapshot, its working state), then the conversation
// with memories recalled for it prefixed to the last user message, compacted to fit the
// budget's history share. It works without an LLM; with one (Options.Complete),
// compaction summarises better.
func (n *Namespace) BuildContext(ctx context.Context, o BuildContextOptions) (*BuildContextResult, error) {
	c := checker{l: n.e.limits}
	c.sessionID(o.SessionID)
	if o.Query != "" {
		c.query("query", o.Query)
	}
	c.text("systemPrompt", o.SystemPrompt, maxSystemPromptBytes, false)
	switch {
	case o.BudgetTokens == 0:
		c.fail(errs.InvalidArgument, "budgetTokens", "is required: the model's context window to fill, from 1 to %d tokens", MaxBudgetTokens)
	case o.BudgetTokens < 0 || o.BudgetTokens > MaxBudgetTokens:
		c.fail(errs.InvalidArgument, "budgetTokens", "must be from 1 to %d tokens (the model's context window to fill), got %d", MaxBudgetTokens, o.BudgetTokens)
	}
	shares, ok := Shares(o.Complexity)
	if !ok {
		c.oneOf("complexity", o.Complexity, complexities)
	}
	if o.Shape != "" {
		c.oneOf("shape", o.Shape, []string{ShapeOpenAI, ShapeAnthropic})
	}
	if len(o.Messages) == 0 || string(o.Messages) == "null" {
		c.fail(errs.InvalidArgument, "messages", "messages are required (an array, maybe empty)")
	}
	if c.err != nil {
		return nil, c.err
	}
	msgs, shape, err := chat.Parse(o.Messages, "messages")
	if err != nil {
		return nil, err
	}
	if o.Shape != "" {
		shape = chat.Shape(o.Shape)
	}
	complexity := o.Complexity
	if complexity == "" {
		complexity = ComplexityMedium
	}
	rep := ContextReport{Budget: o.BudgetTokens, Complexity: complexity, Shares: shares,
		Trimmed: []string{}, MessagesIn: len(msgs)}

	// System messages join the system text: the leading ones for OpenAI, all of them for
	// Anthropic (its messages have no system role).
	sysParts := []string{}
	if strings.TrimSpace(o.SystemPrompt) != "" {
		sysParts = append(sysParts, o.SystemPrompt)
	}
	var conv []chat.Message
	for i := range msgs {
		m := &msgs[i]
		isSys := m.Role == "system" || m.Role == "developer"
		if isSys && (shape == chat.Anthropic || len(conv) == 0) {
			if t := m.AllText(); strings.TrimSpace(t) != "" {
				sysParts = append(sysParts, t)
			}
			continue
		}
		if m.Role == "user" {
			stripRecallBlock(m)
		}
		conv = append(conv, *m)
	}
	systemPrompt := strings.Join(sysParts, "\n\n")

	// The session's frozen snapshot and its working state, in one read.
	var (
		core    string
		frozen  bool
		working workingState
	)
	run := n.e.tx
	if n.e.readOnly {
		run = n.e.do // nothing is frozen: see coreSnapshot
	}
	err = run(ctx, func() (err error) {
		core, frozen, err = n.coreSnapshot(o.SessionID)
		if err != nil {
			return err
		}
		working, err = n.readWorking(o.SessionID)
		if err == nil { // the task graph and the todo reminder: context_tasks.go
			working.extra, err = n.taskWorkingItems(o.SessionID, working.plan)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	rep.SnapshotFrozen = frozen

	// Auto-recall: memories, then turns of earlier sessions (see recallblock.go).
	last := lastHumanMessage(conv)
	var items []RecalledItem
	if last >= 0 {
		q, newest := o.Query, o.Query
		if q == "" {
			q, newest = recallQuery(conv), conv[last].Text()
		}
		items, err = n.gatherRecall(ctx, q, newest, o.SessionID, core, o.RecallTurns == nil || *o.RecallTurns)
		if err != nil {
			return nil, err
		}
	}

	// The budget.
	budget := o.BudgetTokens
	reserve := int(float64(budget) * shares.Reserve)
	memCap := int(float64(budget) * shares.Memory)
	rep.System = text.EstimateTokens(systemPrompt)
	rep.Core = text.EstimateTokens(core)
	var head, tail []chat.Message
	if last >= 0 {
		head, tail = conv[:last], conv[last:]
	} else {
		head = conv
	}
	tailT := compact.Tokens(tail)
	fixed := rep.System + rep.Core + tailT + msgOverhead // the system message's own cost
	avail := budget - reserve - fixed                    // for memory and older history
	memRoom := max(0, min(memCap, avail))

	block, used := renderRecall(items)
	recallT := text.EstimateTokens(block)
	workText := working.render(-1)
	workT := text.EstimateTokens(workText)
	if workT+recallT > memRoom && len(used) > 0 {
		rep.Trimmed = append(rep.Trimmed, "recall")
		for len(used) > 0 && workT+recallT > memRoom {
			// Drop the last item shown (turns go before memories, later before earlier).
			drop := used[len(used)-1]
			for i := range items {
				if items[i].Kind == drop.Kind && items[i].ID == drop.ID {
					items = append(items[:i:i], items[i+1:]...)
					break
				}
			}
			block, used = renderRecall(items)
			recallT = text.EstimateTokens(block)
		}
	}
	if workT > memRoom {
		rep.Trimmed = append(rep.Trimmed, "working")
		workText = working.render(memRoom)
		workT = text.EstimateTokens(workText)
	}
	histRoom := avail - workT - recallT

	// Older history: compacted to its room; the last user message and what follows it
	// (the turn in flight) stay (compaction may still shorten its older tool results).
	hist := conv
	if headT := compact.Tokens(head); headT > max(0, histRoom) {
		out, info, err := n.compactHistory(ctx, conv, len(tail), max(0, histRoom))
		if err != nil {
			return nil, err
		}
		hist = out
		rep.Compaction = info
		if compact.Tokens(hist[:len(hist)-len(tail)]) < headT {
			rep.Trimmed = append(rep.Trimmed, "history")
		}
	}
	if avail < 0 {
		// The parts never cut do not fit beside the reserve: the answer's room shrinks.
		rep.Trimmed = append(rep.Trimmed, "reserve")
		reserve = max(0, budget-fixed)
	}
	rep.OverBudget = fixed > budget
	rep.Reserve = reserve

	// Place the recall block in the last user message.
	rep.History = compact.Tokens(hist)
	recalled, recalledItems := []string{}, []RecalledItem{}
	if block != "" {
		prefixText(&hist[len(hist)-len(tail)], block+"\n\n")
		for _, it := range used {
			if it.Kind == RecalledMemory {
				recalled = append(recalled, it.ID)
			}
		}
		recalledItems = used
		rep.Recall = recallT
	}
	rep.Working = workT
	rep.MessagesOut = len(hist)

	systemText := joinNonEmpty("\n\n", systemPrompt, core, workText)
	out := hist
	if shape == chat.OpenAI && systemText != "" {
		out = append([]chat.Message{chat.NewText("system", systemText)}, hist...)
	}
	rep.Total = rep.System + rep.Core + rep.Working + rep.Recall + rep.History
	if systemText != "" {
		rep.Total += msgOverhead
	}
	raw, err := chat.Encode(out, shape)
	if err != nil {
		return nil, errs.Wrap(errs.Internal, err, "encode messages")
	}
	return &BuildContextResult{Messages: raw, System: systemText, Shape: string(shape),
		Recalled: recalled, RecalledItems: recalledItems, Report: rep}, nil
}

func joinNonEmpty(sep string, parts ...string) string {
	var keep []string
	for _, p := range parts {
		if strings.TrimSpace(p) != "" {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, sep)
}

// coreSnapshot returns the session's core-memory snapshot, freezing it from the current
// documents on the session's first call (frozen reports that). Run inside a transaction.
// A read-only engine freezes nothing: a session without a snapshot gets the current
// documents each call.
func (n *Namespace) coreSnapshot(sessionID string) (snap string, frozen bool, err error) {
	if !n.e.readOnly {
		if err := n.e.db.EnsureSession(n.name, sessionID, n.e.clock()); err != nil {
			return "", false, err
		}
	}
	s, err := n.e.db.GetSession(n.name, sessionID)
	if err != nil {
		return "", false, err
	}
	if s != nil && s.CoreSnapshot != nil {
		return *s.CoreSnapshot, false, nil
	}
	var b strings.Builder
	for _, name := range coreDocuments {
		content, _, ok, err := n.e.db.GetDocument(n.name, name)
		if err != nil {
			return "", false, err
		}
		content = strings.TrimSpace(content)
		if !ok || content == "" {
			continue
		}
		if name == DocMemory {
			content = firstLines(content, MaxMemoryLines)
		}
		if b.Len() == 0 {
			b.WriteString("# Core memory\n")
		}
		fmt.Fprintf(&b, "\n## %s\n%s\n", name, dropLeadHeading(content))
	}
	snap = strings.TrimSuffix(b.String(), "\n")
	if n.e.readOnly {
		return snap, false, nil
	}
	if _, err := n.e.db.SetCoreSnapshot(n.name, sessionID, snap); err != nil {
		return "", false, err
	}
	return snap, true, nil
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

// lastHumanMessage returns the index of the last user message that is not only tool
// results (Anthropic sends those as user messages), or -1.
func lastHumanMessage(msgs []chat.Message) int {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role == "user" && isHuman(&msgs[i]) {
			return i
		}
	}
	return -1
}

func isHuman(m *chat.Message) bool {
	if len(m.Blocks) == 0 {
		return true
	}
	for _, b := range m.Blocks {
		if b.Kind != chat.ToolResult {
			return true
		}
	}
	return false
}

// recallQuery makes the auto-recall query: the text of the last user messages, newest
// first, each cut to recallQueryPerMsg characters, in all to recallQueryChars.
func recallQuery(msgs []chat.Message) string {
	var parts []string
	total := 0
	for i := len(msgs) - 1; i >= 0 && len(parts) < recallQueryMessages && total < recallQueryChars; i-- {
		m := &msgs[i]
		if m.Role != "user" {
			continue
		}
		t := strings.Join(strings.Fields(m.Text()), " ")
		if t == "" {
			continue
		}
		t = clipRunes(t, min(recallQueryPerMsg, recallQueryChars-total))
		parts = append(parts, t)
		total += utf8.RuneCountInString(t) + 1
	}
	return strings.Join(parts, " ")
}

// clipRunes cuts s to at most max characters (no marker).
func clipRunes(s string, max int) string {
	if max <= 0 {
		return ""
	}
	i := 0
	for j := range s {
		if i == max {
			return s[:j]
		}
		i++
	}
	return s
}

// sanitizeRecall keeps memory text from closing or opening the block.
func sanitizeRecall(s string) string {
	s = strings.ReplaceAll(s, recallClose, "")
	return strings.ReplaceAll(s, recallOpen, "")
}

// stripRecallBlock removes a <recalled-memories> block that an earlier buildContext put
// at the start of a user message, so blocks do not pile up when a host sends back the
// messages it was given.
func stripRecallBlock(m *chat.Message) {
	for i := range m.Blocks {
		b := &m.Blocks[i]
		if b.Kind != chat.Text {
			continue
		}
		if strings.HasPrefix(b.Text, recallOpen) {
			if end := strings.Index(b.Text, recallClose); end >= 0 {
				b.Text = strings.TrimLeft(b.Text[end+len(recallClose):], "\n")
			}
		}
		return
	}
}

// prefixText puts s before the message's text: into its first text block, or as a new
// first text block (after tool results, which Anthropic wants first).
func prefixText(m *chat.Message, s string) {
	for i := range m.Blocks {
		if m.Blocks[i].Kind == chat.Text {
			m.Blocks[i].Text = s + m.Blocks[i].Text
			return
		}
	}
	at := 0
	for at < len(m.Blocks) && m.Blocks[at].Kind == chat.ToolResult {
		at++
	}
	nb := chat.Block{Kind: chat.Text, Text: strings.TrimRight(s, "\n")}
	m.Blocks = append(m.Blocks[:at:at], append([]chat.Block{nb}, m.Blocks[at:]...)...)
}

// compactHistory fits conv, whose last keep messages are the turn in flight, into
// maxTokens for the messages before them. It runs compaction (micro-compaction of older
// tool results, then a summary of the older messages — by the host's LLM when there is
// one) with the turn in flight as the least verbatim tail; when that is not enough (a
// conversation under compaction's floors, a summary that is itself too long), the oldest
// messages are dropped, the summary last. The result ends with the keep messages.
func (n *Namespace) compactHistory(ctx context.Context, conv []chat.Message, keep, maxTokens int) ([]chat.Message, *compact.Report, error) {
	o := compact.Defaults()
	o.Force = true
	o.MaxTokens = max(1, maxTokens+compact.Tokens(conv[len(conv)-keep:]))
	o.MinRetained = keep
	if keep == 0 {
		o.MinRetained = -1 // none: zero would take the default
	}
	// The summary takes at most about a third of the room (fewer characters than tokens:
	// a CJK character is about a token, an English one a quarter).
	o.SummaryMaxChars = min(2000, max(200, maxTokens*6/10))
	// Keep verbatim as many recent messages as fit beside the summary (compaction then
	// shrinks the tail, pairs intact, until its estimate fits).
	room := o.MaxTokens - (o.SummaryMaxChars+3)/4
	fit := 0
	for i := len(conv) - 1; i >= 0; i-- {
		room -= compact.MessageTokens(&conv[i])
		if room < 0 {
			break
		}
		fit++
	}
	o.KeepRecent = max(fit+2, keep, 1)
	if n.e.complete != nil {
		o.Summarize = n.contextSummarizer(o.SummaryMaxChars)
	}
	out, rep, err := compact.Compact(ctx, conv, o)
	if err != nil {
		return nil, nil, errs.Wrap(errs.Storage, err, "request cancelled")
	}
	head, tail := out[:len(out)-keep], out[len(out)-keep:]
	if compact.Tokens(head) > maxTokens {
		head = dropOldest(head, maxTokens)
	}
	res := append(append([]chat.Message{}, head...), tail...)
	rep.TokensAfter, rep.MessagesAfter = compact.Tokens(res), len(res)
	return res, &rep, nil
}

// contextSummarizer asks the host's LLM for compaction's summary.
func (n *Namespace) contextSummarizer(maxChars int) func(context.Context, []chat.Message) (string, error) {
	return func(ctx context.Context, msgs []chat.Message) (string, error) {
		system, user := compact.Prompt(msgs, maxChars)
		return n.e.complete(ctx, Completion{System: system, Temperature: 0, MaxTokens: maxChars/2 + 100,
			Messages: []CompletionMessage{{Role: RoleUser, Content: user}}})
	}
}

// dropOldest drops the oldest messages until the rest fit maxTokens, starting the kept
// history at a user message so that no tool result is left without its call. A leading
// compaction summary goes last.
func dropOldest(msgs []chat.Message, maxTokens int) []chat.Message {
	if len(msgs) > 0 && compact.IsSummary(&msgs[0]) {
		if t := compact.MessageTokens(&msgs[0]); t <= maxTokens {
			return append([]chat.Message{msgs[0]}, dropOldest(msgs[1:], maxTokens-t)...)
		}
	}
	total := compact.Tokens(msgs)
	i := 0
	for i < len(msgs) && total > maxTokens {
		total -= compact.MessageTokens(&msgs[i])
		i++
	}
	for i < len(msgs) && !(msgs[i].Role == "user" && isHuman(&msgs[i])) {
		i++
	}
	return msgs[i:]
}

// Protocol op.

type buildContextArgs struct {
	nsArg
	BuildContextOptions
}

func opBuildContext(ctx context.Context, n *Namespace, a *buildContextArgs) (any, error) {
	return n.BuildContext(ctx, a.BuildContextOptions)
}

// dropLeadHeading removes a document's own first-line Markdown heading
// ("# MEMORY"): the core block already titles each document "## NAME", and a
// second heading under it reads as "## MEMORY\n# MEMORY" to the model (issue 9
// item 6). A document that is only a heading keeps it.
func dropLeadHeading(content string) string {
	first, rest, ok := strings.Cut(content, "\n")
	if !ok || !strings.HasPrefix(first, "#") {
		return content
	}
	if t := strings.TrimLeft(first, "#"); t == "" || t[0] != ' ' {
		return content
	}
	if rest = strings.TrimSpace(rest); rest == "" {
		return content
	}
	return rest
}
