package core

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/facts"
	"github.com/memcore/memcore/core/internal/store"
)

// MaxExtractionAttempts is how many times in all a queued LLM extraction pass is tried
// (its first failure included); after that its messages go through the heuristics.
const MaxExtractionAttempts = 5

// ConsolidateOptions tune Consolidate.
type ConsolidateOptions struct {
	// Limit is how many queued passes one call takes up, oldest first (default 10).
	Limit int `json:"limit,omitempty"`
	// Steps are the steps to run (default: ConsolidateSteps, all of them, in order).
	Steps []string `json:"steps,omitempty"`
	// DryRun computes every step's plan and counts without changing anything (the
	// extraction step then only counts the queue).
	DryRun bool `json:"dryRun,omitempty"`
	// GraceDays is how long expired memories stay before the sweep (default 7).
	GraceDays *int `json:"graceDays,omitempty"`
	// IncludePermanent lets decay lower (and demote, and delete) permanent memories
	// and rules too, which it otherwise leaves alone.
	IncludePermanent bool `json:"includePermanent,omitempty"`
}

// ConsolidateResult counts what Consolidate did.
type ConsolidateResult struct {
	// ExtractionCounts are the extraction step's counts (JSON: at the top level).
	ExtractionCounts

	// Steps are the steps that ran, in order; DryRun echoes the option.
	Steps  []string `json:"steps"`
	DryRun bool     `json:"dryRun"`
	// One report per step that ran.
	Decay *DecayReport `json:"decay,omitempty"`
	Sweep *SweepReport `json:"expired,omitempty"`
	Fold  *FoldReport  `json:"fold,omitempty"`
	Index *IndexReport `json:"index,omitempty"`
	// Plan lists the actions of a dry run (at most 1,000; PlanTruncated says when
	// there were more — the counts above are complete).
	Plan          []Action `json:"plan,omitempty"`
	PlanTruncated bool     `json:"planTruncated,omitempty"`
}

// ExtractionCounts count the extraction step: the queued LLM passes retried.
type ExtractionCounts struct {
	Processed   int `json:"processed"`   // queued passes taken up
	ByLLM       int `json:"byLLM"`       // answered by the LLM, stored and removed from the queue
	ByHeuristic int `json:"byHeuristic"` // run through the heuristics instead, stored and removed
	Failed      int `json:"failed"`      // the LLM failed again: kept, one more attempt counted
	Stored      int `json:"stored"`      // memories stored
	Duplicates  int `json:"duplicates"`  // facts not stored: live memories already
	Pending     int `json:"pending"`     // passes left in the namespace's queue
}

// Consolidate is the namespace's daily upkeep, in steps (ConsolidateSteps, upkeep.go),
// each its own transaction and each reported; with DryRun nothing changes and the result
// holds the plan. The extraction step retries the LLM extraction passes that failed
// (ExtractFacts with Commit queues them): with the host's LLM, a pass that succeeds is
// stored like ExtractFacts stores and leaves the queue, one that fails again stays (until
// MaxExtractionAttempts); without an LLM — or once the session's LLM cap or the attempts
// are used up — the heuristics run on the queued messages and the pass leaves the queue.
// Then decay, the sweep of long-expired memories, the fold of duplicates and the refresh
// of MEMORY's and USER's sections (docs/ENGINE.md, "Upkeep").
func (n *Namespace) Consolidate(ctx context.Context, o ConsolidateOptions) (*ConsolidateResult, error) {
	c := checker{l: n.e.limits}
	limit := c.limit("limit", o.Limit, 10)
	steps := c.steps("steps", o.Steps)
	c.grace("graceDays", o.GraceDays)
	if c.err != nil {
		return nil, c.err
	}
	if err := n.e.checkOpen(); err != nil {
		return nil, err
	}
	if n.e.readOnly && !o.DryRun {
		return nil, errs.New(errs.Unsupported, "dryRun", "a read-only database can only plan its upkeep: set dryRun")
	}
	res := &ConsolidateResult{Steps: []string{}, DryRun: o.DryRun}
	for _, step := range ConsolidateSteps { // in order, whatever order they were given in
		if !slices.Contains(steps, step) {
			continue
		}
		res.Steps = append(res.Steps, step)
		var err error
		switch step {
		case StepExtraction:
			if !o.DryRun {
				err = n.retryQueued(ctx, nil, limit, res)
			}
		case StepDecay:
			err = n.decay(ctx, &o, res)
		case StepExpired:
			err = n.sweep(ctx, &o, res)
		case StepDuplicates:
			err = n.fold(ctx, &o, res)
		case StepIndex:
			err = n.refreshIndex(ctx, &o, res)
		}
		if err != nil {
			return nil, err
		}
	}
	err := n.e.do(ctx, func() error {
		pending, err := n.e.db.QueueLen(n.name)
		res.Pending = int(pending)
		return err
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// retryQueued takes up to limit queued passes (of one session when session is not nil)
// and retries each, adding to res.
func (n *Namespace) retryQueued(ctx context.Context, session *string, limit int, res *ConsolidateResult) error {
	if err := n.e.checkOpen(); err != nil {
		return err
	}
	var queued []store.Queued
	err := n.e.do(ctx, func() (err error) {
		queued, err = n.e.db.QueuedPasses(n.name, session, limit)
		return err
	})
	if err != nil {
		return err
	}
	date := n.e.clock().Format(time.DateOnly)
	for _, q := range queued {
		res.Processed++
		var msgs []queuedMessage
		if err := json.Unmarshal([]byte(q.Messages), &msgs); err != nil {
			msgs = nil // unreadable: nothing to extract, the pass only leaves the queue
		}
		in := make([]facts.Indexed, len(msgs))
		turnIDs := map[int]string{}
		for i, m := range msgs {
			in[i] = m.Indexed
			if m.TurnID != "" {
				turnIDs[m.Index] = m.TurnID
			}
		}
		ci := commitInfo{session: q.SessionID, turnIDs: turnIDs, date: date, by: ByHeuristic}
		var fs []Fact
		llm := n.e.complete != nil && len(in) > 0 && q.Attempts < MaxExtractionAttempts
		if llm {
			if llm, err = n.underLLMCap(ctx, q.SessionID); err != nil {
				return err
			}
		}
		if llm {
			got, llmErr := n.e.llmExtract(ctx, in)
			switch {
			case llmErr == nil:
				fs, ci.by = got, ByLLM
			case q.Attempts+1 < MaxExtractionAttempts:
				res.Failed++
				err := n.e.do(ctx, func() error { return n.e.db.RetryFailed(q.Seq, clipBytes(llmErr.Error(), 1024)) })
				if err != nil {
					return err
				}
				continue
			}
		}
		if ci.by == ByHeuristic {
			fs = facts.ExtractIndexed(in)
		}
		ci.also = func() error {
			if err := n.e.db.Dequeue(q.Seq); err != nil {
				return err
			}
			if ci.by == ByLLM && q.SessionID != "" {
				return n.e.db.CountLLMExtraction(n.name, q.SessionID, n.e.clock())
			}
			return nil
		}
		stored, dups, err := n.commitFacts(ctx, fs, ci)
		if err != nil {
			return err
		}
		if ci.by == ByLLM {
			res.ByLLM++
		} else {
			res.ByHeuristic++
		}
		res.Stored += len(stored.Memories)
		res.Duplicates += dups
	}
	return nil
}

// Protocol op.

type consolidateArgs struct {
	nsArg
	ConsolidateOptions
}

func opConsolidate(ctx context.Context, n *Namespace, a *consolidateArgs) (any, error) {
	return n.Consolidate(ctx, a.ConsolidateOptions)
}
