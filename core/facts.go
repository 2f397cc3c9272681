package core

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"github.com/memcore/memcore/core/internal/facts"
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
type extractFactsArgs struct {
	nsArg
	Messages json.RawMessage `json:"messages"`
	ExtractOptions
}

func opExtractFacts(ctx context.Context, n *Namespace, a *extractFactsArgs) (any, error) {
	return n.ExtractFacts(ctx, a.Messages, a.ExtractOptions)
}
