package core

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/chat"
	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/facts"
	"github.com/memcore/memcore/core/internal/store"
)

// Fact is a candidate memory found in a conversation: its type, content, optional
// subject and predicate, a confidence and the indexes of the messages it was found in.
type Fact = facts.Fact

// Who found the facts of an ExtractResult.
const (
	ByHeuristic = "heuristic"
	ByLLM       = "llm"
)

// Reasons an ExtractResult has no facts.
const (
	ReasonTooFewMessages = facts.ReasonTooFewMessages // no user or assistant message (facts.DefaultMinMessages)
	ReasonNoCues         = facts.ReasonNoCues         // nothing found
	ReasonAllKnown       = "all_known"                // found, but every one is a live memory already
	ReasonAllRead        = facts.ReasonAllRead        // every message was read by an earlier call of the session
)

// ExtractOptions tune ExtractFacts.
type ExtractOptions struct {
	// Commit stores the facts as memories (and logs them in the daily log and MEMORY)
	// instead of only returning them.
	Commit bool `json:"commit,omitempty"`
	// SessionID is the session the messages belong to: committed memories get it as
	// source.sessionId, and the LLM pass is capped per session.
	SessionID string `json:"sessionId,omitempty"`
	// Date (YYYY-MM-DD) names the daily log a commit writes to; default: today, by the
	// engine's clock, in UTC.
	Date string `json:"date,omitempty"`
	// UseLLM: false keeps the host's LLM out of this call. Default: use it when the host
	// gave one.
	UseLLM *bool `json:"useLLM,omitempty"`
}

// ExtractResult is what ExtractFacts found and, with Commit, stored.
type ExtractResult struct {
	Facts []Fact `json:"facts"`
	// Memories are the memories stored (Commit): facts already known as a live memory
	// of the namespace are not stored again (counted in Duplicates).
	Memories   []*Memory `json:"memories"`
	Duplicates int       `json:"duplicates"`
	// By is "llm" when the host's LLM found the facts, else "heuristic".
	By string `json:"by"`
	// Queued is 1 when the LLM pass failed and was queued for a retry (Commit only);
	// Retried counts earlier queued passes of the session this call retried.
	Queued  int `json:"queued"`
	Retried int `json:"retried"`
	// Reason says why Facts (or, with Commit, Memories) is empty.
	Reason string `json:"reason,omitempty"`
	// Superseded lists the live memories that stored facts superseded (same subject and
	// predicate: see Supersession).
	Superseded []Supersession `json:"superseded,omitempty"`
	// Read counts the messages this call read (system and tool messages included: they
	// are looked at and passed over by design); 0 when the gate held. Unread counts those
	// it had no room for (facts.MaxScanRunes characters a call): with Commit and a
	// SessionID the next call of the session reads them. Known counts those an earlier
	// call of the session (Commit and SessionID) had read: they are not read again.
	// Read + Unread + Known is the number of messages given, once the gate is passed.
	Read   int `json:"read"`
	Unread int `json:"unread"`
	Known  int `json:"known"`
}

// importance of an extracted memory, by type: what describes the user or how to work
// with them first, requests last.
var extractedImportance = map[string]float64{
	TypeRule: 0.8, TypeProfile: 0.7, TypePreference: 0.7, TypeSkill: 0.6, TypeError: 0.6,
	TypeFact: 0.5, TypeNote: 0.4,
}

// ExtractedTag tags every memory that fact extraction stored.
const ExtractedTag = "extracted"

// ExtractFacts finds candidate memories in messages (a JSON array in the OpenAI or the
// Anthropic chat shape): see docs/FACTS.md. The heuristics always run; with a host LLM
// (and UseLLM not false) an LLM pass over the longer user messages replaces their result
// when it succeeds, at most facts.MaxLLMPerSession times a session. With Commit the facts
// are stored in one transaction with their daily-log block and MEMORY lines; a failed
// LLM pass is queued for Consolidate (or a later call of the session) to retry.
func (n *Namespace) ExtractFacts(ctx context.Context, messages json.RawMessage, o ExtractOptions) (*ExtractResult, error) {
	msgs, err := n.e.extractInput(messages)
	if err != nil {
		return nil, err
	}
	c := checker{l: n.e.limits}
	c.text("sessionId", o.SessionID, c.l.MaxFieldBytes, false)
	c.date("date", o.Date)
	if c.err != nil {
		return nil, c.err
	}
	if err := n.e.checkOpen(); err != nil {
		return nil, err
	}
	date := o.Date
	if date == "" {
		date = n.e.clock().Format(time.DateOnly)
	}
	// With Commit and a session, each message is read once: what an earlier call of the
	// session read is known (facts.MessageHash, store.ReadMessages) and skipped, so that
	// calling after every turn or once at the end gives the same facts.
	track := o.Commit && o.SessionID != ""
	var known []bool
	var hashes []string
	nKnown := 0
	if track {
		hashes = make([]string, len(msgs))
		for i, m := range msgs {
			hashes[i] = facts.MessageHash(m)
		}
		var read map[string]bool
		if err := n.e.do(ctx, func() (err error) {
			read, err = n.e.db.ReadMessages(n.name, o.SessionID, hashes)
			return err
		}); err != nil {
			return nil, err
		}
		known = make([]bool, len(msgs))
		for i, h := range hashes {
			if read[h] {
				known[i] = true
				nKnown++
			}
		}
	}
	// With a session, the turns it has stored before the messages (when they continue
	// them) are the turn before the first messages: a host that passes only the new
	// messages gets the facts of answers to the previous call's last question too. The
	// same turns give the stored memories their turn ids. They are read only when needed
	// — before extraction when a first message is new (facts.BeforeNeeded), before an
	// LLM pass, else only when there is something to commit — and only the last ones
	// (sessionTurns).
	st := sessionTurns{n: n, session: o.SessionID, msgs: msgs}
	fo := facts.Options{Known: known, Scope: n.cacheScope()}
	if track && facts.Gate(msgs, facts.Options{}) && facts.BeforeNeeded(msgs, known) {
		if err := st.load(ctx); err != nil {
			return nil, err
		}
		fo.Before = turnsBefore(st.turns, len(msgs), st.ids)
	}
	h := facts.Extract(msgs, fo)
	res := &ExtractResult{Facts: h.Facts, Memories: []*Memory{}, By: ByHeuristic, Reason: h.Reason,
		Read: len(h.Read), Unread: h.Unread}
	if h.Reason == facts.ReasonTooFewMessages {
		return res, nil
	}
	res.Known = nKnown
	pass := llmPass{session: o.SessionID, from: facts.WindowStart(msgs, fo), to: len(msgs) - 1,
		in: facts.LLMInput(msgs, fo)}
	useLLM := n.e.complete != nil && (o.UseLLM == nil || *o.UseLLM) && len(pass.in) > 0
	if useLLM {
		under, err := n.underLLMCap(ctx, o.SessionID)
		if err != nil {
			return nil, err
		}
		useLLM = under
	}
	if track && useLLM {
		// Before the LLM's answer, which may take long: turns the host logs meanwhile
		// would no longer end with the messages (alignTurns), and the memories would
		// lose their turn ids.
		if err := st.load(ctx); err != nil {
			return nil, err
		}
	}
	var llmErr error
	if useLLM {
		var got []Fact
		if got, llmErr = n.e.llmExtract(ctx, pass.in); llmErr == nil {
			// The LLM reads the window; what the heuristics found before it stays.
			var keep []Fact
			for _, f := range h.Facts {
				if slices.Max(f.Evidence) < pass.from {
					keep = append(keep, f)
				}
			}
			res.Facts, res.By, res.Reason = facts.Fold(append(keep, got...)), ByLLM, ""
			if len(res.Facts) == 0 {
				res.Reason = ReasonNoCues
			}
		}
	}
	if track && (len(res.Facts) > 0 || useLLM && llmErr != nil) {
		if err := st.load(ctx); err != nil {
			return nil, err
		}
	}
	turnIDs := st.ids
	ci := commitInfo{session: o.SessionID, turnIDs: turnIDs, date: date, by: res.By}
	if track && len(h.Read) > 0 {
		read := make([]string, len(h.Read))
		for i, j := range h.Read {
			read[i] = hashes[j]
		}
		ci.also = func() error { return n.e.db.MarkRead(n.name, o.SessionID, read, n.e.clock()) }
	}
	switch {
	case !o.Commit:
		if useLLM && llmErr == nil && o.SessionID != "" && !n.e.readOnly {
			err = n.e.do(ctx, func() error { return n.e.db.CountLLMExtraction(n.name, o.SessionID, n.e.clock()) })
		}
		return res, err
	case useLLM && llmErr != nil:
		// Keep the heuristic result, and the pass for a retry.
		if err := n.enqueue(ctx, pass, turnIDs, llmErr); err != nil {
			return nil, err
		}
		res.Queued = 1
	case useLLM:
		// Counted, and what an earlier failure of this very pass queued is moot.
		mark := ci.also
		ci.also = func() error {
			if mark != nil {
				if err := mark(); err != nil {
					return err
				}
			}
			if err := n.e.db.DequeueRange(n.name, pass.session, int64(pass.from), int64(pass.to)); err != nil {
				return err
			}
			if pass.session == "" {
				return nil
			}
			return n.e.db.CountLLMExtraction(n.name, pass.session, n.e.clock())
		}
	}
	var rr *RememberResult
	rr, res.Duplicates, err = n.commitFacts(ctx, res.Facts, ci)
	if err != nil {
		return nil, err
	}
	res.Memories, res.Superseded = rr.Memories, rr.Superseded
	if len(res.Facts) > 0 && len(res.Memories) == 0 {
		res.Reason = ReasonAllKnown
	}
	if useLLM && llmErr == nil && o.SessionID != "" {
		// The LLM answers again: retry one pass of the session that failed before. A
		// failure here leaves it queued and does not fail this call.
		var r ConsolidateResult
		_ = n.retryQueued(ctx, &o.SessionID, 1, &r)
		res.Retried = r.ByLLM + r.ByHeuristic
	}
	return res, nil
}

// extractInput parses and checks the messages of an extraction: a JSON array of chat
// messages (required), at most MaxBatch, each one's text at most MaxContentBytes.
func (e *Engine) extractInput(raw json.RawMessage) ([]facts.Message, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, errs.New(errs.InvalidArgument, "messages", "messages is required: a JSON array of chat messages")
	}
	msgs, _, err := chat.Parse(raw, "messages")
	if err != nil {
		return nil, err
	}
	if len(msgs) > e.limits.MaxBatch {
		return nil, errs.New(errs.TooLarge, "messages", "has %d messages, the limit is %d", len(msgs), e.limits.MaxBatch)
	}
	out := make([]facts.Message, len(msgs))
	for i, m := range msgs {
		t := m.Text()
		if len(t) > e.limits.MaxContentBytes {
			return nil, errs.New(errs.TooLarge, fmt.Sprintf("messages[%d].content", i),
				"is %d bytes, the limit is %d", len(t), e.limits.MaxContentBytes)
		}
		role := m.Role
		if role == "developer" {
			role = RoleSystem
		}
		out[i] = facts.Message{Role: role, Text: t}
	}
	return out, nil
}

// date checks an optional YYYY-MM-DD date.
func (c *checker) date(field, d string) {
	if d == "" {
		return
	}
	if t, err := time.Parse(time.DateOnly, d); err != nil || t.Format(time.DateOnly) != d {
		c.fail(errs.InvalidArgument, field, "must be a date YYYY-MM-DD, got %q", clipBytes(d, 32))
	}
}

// alignTurns maps message indexes to the ids of the session's turns, when the messages
// end with the session's last turns: from the end back, as long as roles and texts agree.
func alignTurns(turns []Turn, msgs []facts.Message) map[int]string {
	ids := map[int]string{}
	for i, j := len(msgs)-1, len(turns)-1; i >= 0 && j >= 0; i, j = i-1, j-1 {
		if msgs[i].Role != turns[j].Role || strings.TrimSpace(msgs[i].Text) != strings.TrimSpace(turns[j].Content) {
			break
		}
		ids[i] = turns[j].ID
	}
	return ids
}

// turnsBefore returns the session's turns said before the call's n messages when all of
// them are the session's last turns (ids, alignTurns' map, holds every message): the last
// few, which is all the turn before of a message needs (facts.Options.Before). Otherwise
// nil: the messages do not say where in the session they start.
func turnsBefore(turns []Turn, n int, ids map[int]string) []facts.Message {
	j0 := len(turns) - n
	if n == 0 || j0 <= 0 || len(ids) != n {
		return nil
	}
	var out []facts.Message
	for j := max(0, j0-beforeTurns); j < j0; j++ {
		out = append(out, facts.Message{Role: turns[j].Role, Text: turns[j].Content})
	}
	return out
}

// llmPass is one LLM extraction pass: what it reads, of which session and message range.
type llmPass struct {
	session  string
	from, to int
	in       []facts.Indexed
}

// queuedMessage is a message of a queued pass, with the id of its turn when known.
type queuedMessage struct {
	facts.Indexed
	TurnID string `json:"turnId,omitempty"`
}

// underLLMCap reports whether the session may have another LLM pass (a call without a
// session is not capped: there is nothing to count it against).
func (n *Namespace) underLLMCap(ctx context.Context, session string) (bool, error) {
	if session == "" {
		return true, nil
	}
	var count int64
	err := n.e.do(ctx, func() (err error) {
		count, err = n.e.db.LLMExtractions(n.name, session)
		return err
	})
	return count < facts.MaxLLMPerSession, err
}

// llmExtract runs one LLM extraction pass; any failure (the call, an empty answer, no
// JSON in it) is an error.
func (e *Engine) llmExtract(ctx context.Context, in []facts.Indexed) ([]Fact, error) {
	system, user := facts.Prompt(in)
	answer, err := e.complete(ctx, Completion{System: system, Messages: []CompletionMessage{{Role: RoleUser, Content: user}},
		MaxTokens: 1024, Temperature: 0, JSON: true})
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(answer) == "" {
		return nil, errors.New("the LLM gave an empty answer")
	}
	return facts.ParseLLM(answer, in, facts.DefaultMaxFacts)
}

// enqueue queues a failed pass (or counts one more failure of it).
func (n *Namespace) enqueue(ctx context.Context, p llmPass, turnIDs map[int]string, cause error) error {
	q := make([]queuedMessage, len(p.in))
	for i, m := range p.in {
		q[i] = queuedMessage{Indexed: m, TurnID: turnIDs[m.Index]}
	}
	b, err := json.Marshal(q)
	if err != nil {
		return err
	}
	return n.e.do(ctx, func() error {
		return n.e.db.Enqueue(n.name, &store.Queued{SessionID: p.session, From: int64(p.from), To: int64(p.to),
			Messages: string(b), LastError: clipBytes(cause.Error(), 1024), CreatedAt: n.e.clock()})
	})
}

// commitInfo is where committed facts come from and go to.
type commitInfo struct {
	session string
	turnIDs map[int]string // message index → turn id
	date    string         // of the daily log
	by      string
	also    func() error // more writes of the same transaction, when not nil
}

// commitFacts stores fs as memories in one transaction (Remember's), with the daily-log
// block and the MEMORY lines of those it stored and ci.also. Facts of a type and Key a
// live memory of the namespace has are not stored; it returns the stored memories and
// how many were not.
func (n *Namespace) commitFacts(ctx context.Context, fs []Fact, ci commitInfo) (*RememberResult, int, error) {
	none := &RememberResult{Memories: []*Memory{}}
	if len(fs) == 0 {
		if ci.also == nil {
			return none, 0, nil
		}
		return none, 0, n.e.tx(ctx, ci.also)
	}
	in := make([]MemoryInput, len(fs))
	l := n.e.limits
	for i, f := range fs {
		// Cut to the limits, which a host may set below a fact's size: a fact is not
		// refused for its length.
		pred, tags := f.Predicate, []string{ExtractedTag}
		if ci.by == ByHeuristic && pred != "" && !facts.SingleValued(f) {
			// A kind of claim, not a slot: "family" twice is two true facts, not a
			// correction (facts.SingleValued). Kept as a tag, in the same search column,
			// when the namespace's tag limits leave room for it.
			if len(tags) < l.MaxTags && len(pred) <= l.MaxTagBytes {
				tags = append(tags, pred)
			}
			pred = ""
		}
		in[i] = MemoryInput{Type: f.Type, Content: fitBytes(f.Content, l.MaxContentBytes),
			Subject: fitBytes(f.Subject, l.MaxFieldBytes), Predicate: fitBytes(pred, l.MaxFieldBytes),
			Tags: tags, Importance: new(extractedImportance[f.Type]), Confidence: new(f.Confidence),
			Source: ci.source(f.Evidence)}
	}
	dups := 0
	stored, err := n.remember(ctx, in, func(ms []*Memory) ([]*Memory, error) {
		keep, err := n.unknown(ms)
		if err != nil {
			return nil, err
		}
		dups = len(ms) - len(keep)
		if err := n.logFacts(keep, ci); err != nil {
			return nil, err
		}
		if ci.also != nil {
			return keep, ci.also()
		}
		return keep, nil
	})
	if err != nil {
		return nil, 0, err
	}
	return stored, dups, nil
}

// fitBytes cuts s to at most max bytes, at a rune boundary.
func fitBytes(s string, max int) string {
	if len(s) <= max {
		return s
	}
	for max > 0 && !utf8.RuneStart(s[max]) {
		max--
	}
	return s[:max]
}

// source is the source of a fact found in the messages of evidence: the session, and
// the turns those messages are, when known. Without a session there is none.
func (ci commitInfo) source(evidence []int) *Source {
	if ci.session == "" {
		return nil
	}
	s := &Source{SessionID: ci.session}
	for _, i := range evidence {
		if id, ok := ci.turnIDs[i]; ok {
			s.TurnIDs = append(s.TurnIDs, id)
		}
	}
	return s
}

// unknown returns the memories of ms (and of ms itself, the first of each) whose type
// and facts.Key no live memory of the namespace has.
func (n *Namespace) unknown(ms []*Memory) ([]*Memory, error) {
	var types []string
	for _, m := range ms {
		if !slices.Contains(types, m.Type) {
			types = append(types, m.Type)
		}
	}
	// Four times the key's length is plenty for normalisation to leave KeyRunes.
	live, err := n.e.db.LiveContents(n.name, types, n.e.clock(), 4*facts.KeyRunes)
	if err != nil {
		return nil, err
	}
	seen := make(map[string]bool, len(live))
	for _, l := range live {
		seen[l.Type+"\x00"+facts.Key(l.Content)] = true
	}
	keep := []*Memory{}
	for _, m := range ms {
		k := m.Type + "\x00" + facts.Key(m.Content)
		if !seen[k] {
			seen[k] = true
			keep = append(keep, m)
		}
	}
	return keep, nil
}

// logFacts adds the stored memories to the daily log of ci.date and to MEMORY's
// "## Auto-extracted" section (facts.AppendDaily, facts.AppendMemory), inside the
// caller's transaction. A document that would pass the content limit is left alone.
func (n *Namespace) logFacts(ms []*Memory, ci commitInfo) error {
	if len(ms) == 0 {
		return nil
	}
	now := n.e.clock()
	fs := make([]Fact, len(ms))
	for i, m := range ms {
		fs[i] = Fact{Type: m.Type, Content: m.Content, Confidence: m.Confidence}
	}
	name := facts.DailyName(ci.date)
	daily, _, _, err := n.e.db.GetDocument(n.name, name)
	if err != nil {
		return err
	}
	if next, ok := facts.AppendDaily(daily, ci.date, facts.DailyBlock(now, ci.by, ci.session, fs)); ok && len(next) <= n.e.limits.MaxContentBytes {
		if err := n.e.db.PutDocument(n.name, name, next, now); err != nil {
			return err
		}
	}
	index, _, _, err := n.e.db.GetDocument(n.name, DocMemory)
	if err != nil {
		return err
	}
	if next, added := facts.AppendMemory(index, fs); len(added) > 0 && len(next) <= n.e.limits.MaxContentBytes {
		return n.e.db.PutDocument(n.name, DocMemory, next, now)
	}
	return nil
}

// Protocol op.

type extractFactsArgs struct {
	nsArg
	Messages json.RawMessage `json:"messages"`
	ExtractOptions
}

func opExtractFacts(ctx context.Context, n *Namespace, a *extractFactsArgs) (any, error) {
	return n.ExtractFacts(ctx, a.Messages, a.ExtractOptions)
}
