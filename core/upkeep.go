package core

import (
	"context"
	"math"
	"strconv"
	"time"

	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/store"
)

// The daily upkeep of Consolidate, step by step. Each step is its own transaction and
// reports what it did; with DryRun none writes and each reports what it would do, with
// the plan of actions.

// Consolidate steps, in the order they run.
const (
	StepExtraction = "extraction" // retry the queued LLM extraction passes
	StepDecay      = "decay"      // importance decay; delete below 0.1, demote below 0.3
	StepExpired    = "expired"    // sweep memories expired longer than the grace period
	StepDuplicates = "fold"       // fold duplicates into the newest
	StepIndex      = "index"      // refresh MEMORY's index section and USER's profile
)

// ConsolidateSteps are every step, in order.
var ConsolidateSteps = []string{StepExtraction, StepDecay, StepExpired, StepDuplicates, StepIndex}

// HalfLife is the importance half-life of a tier: a memory not recalled or updated for
// that long has half its importance. Permanent memories (and rules) decay only when
// ConsolidateOptions.IncludePermanent asks.
var HalfLife = map[string]time.Duration{
	TierTransient: 24 * time.Hour,
	TierShort:     3 * 24 * time.Hour,
	TierLong:      30 * 24 * time.Hour,
	TierPermanent: 180 * 24 * time.Hour,
}

// Decay thresholds: below DeleteBelow a decayed memory is forgotten (its history keeps
// a "forget" entry); below DemoteBelow it moves one tier down (permanent → long → short
// → transient), its expiry brought forward to the new tier's lifetime from now.
const (
	DeleteBelow = 0.1
	DemoteBelow = 0.3
)

// DefaultGraceDays is how long an expired memory stays before the sweep removes it.
const DefaultGraceDays = 7

// FoldPrefix is how many characters (case-folded, white space collapsed) of content
// make two memories of one type duplicates.
const FoldPrefix = 80

// maxPlan bounds the actions a dry run lists (the counts are complete).
const maxPlan = 1000

// Action is one change consolidate makes (or, in a dry run, would make).
type Action struct {
	Step string `json:"step"`
	// Op: "decay", "demote", "delete" (decay); "sweep" (expired); "fold" (fold:
	// ID is superseded by Into); "rewrite" (index: ID is the document's name).
	Op     string  `json:"op"`
	ID     string  `json:"id"`
	Into   string  `json:"into,omitempty"`
	From   float64 `json:"from,omitempty"` // importance before (decay, demote, delete)
	To     float64 `json:"to,omitempty"`   // importance after
	Tier   string  `json:"tier,omitempty"` // the new tier (demote)
	Detail string  `json:"detail,omitempty"`
}

// DecayReport counts the decay step.
type DecayReport struct {
	Examined int `json:"examined"` // live memories looked at
	Exempt   int `json:"exempt"`   // permanent or rule memories left alone
	Decayed  int `json:"decayed"`  // importance lowered (demoted and deleted included)
	Demoted  int `json:"demoted"`
	Deleted  int `json:"deleted"`
}

// SweepReport counts the expired step.
type SweepReport struct {
	GraceDays int `json:"graceDays"`
	Swept     int `json:"swept"` // purged: removed from the file with their history
}

// FoldReport counts the duplicates step.
type FoldReport struct {
	Groups int `json:"groups"` // sets of duplicates found
	Folded int `json:"folded"` // memories superseded by the newest of their set
}

// IndexReport says what the index step wrote.
type IndexReport struct {
	MemoryLines   int  `json:"memoryLines"` // lines of MEMORY's section
	UserLines     int  `json:"userLines"`   // lines of USER's profile section
	MemoryChanged bool `json:"memoryChanged"`
	UserChanged   bool `json:"userChanged"`
}

// UserSection is the part of the USER document consolidate writes: the live profile
// memories. The rest of the document is the host's and is left as it is.
const UserSection = "## Profile"

func (c *checker) steps(field string, steps []string) []string {
	if len(steps) == 0 {
		return ConsolidateSteps
	}
	for i, s := range steps {
		c.oneOf(field+"["+itoa(i)+"]", s, ConsolidateSteps)
	}
	return steps
}

func itoa(i int) string { return strconv.Itoa(i) }

// exempt reports whether decay leaves a memory alone.
func exempt(r store.UpkeepRow, all bool) bool {
	return !all && (r.Tier == TierPermanent || r.Type == TypeRule)
}

var demoteTo = map[string]string{TierPermanent: TierLong, TierLong: TierShort, TierShort: TierTransient}

// decay runs the decay step.
func (n *Namespace) decay(ctx context.Context, o *ConsolidateOptions, res *ConsolidateResult) error {
	rep := &DecayReport{}
	res.Decay = rep
	var toDelete []string
	err := n.step(ctx, o.DryRun, func() error {
		*rep = DecayReport{}
		toDelete = nil
		now := n.e.clock()
		rows, err := n.e.db.LiveUpkeepRows(n.name, now)
		if err != nil {
			return err
		}
		for _, r := range rows {
			rep.Examined++
			if exempt(r, o.IncludePermanent) {
				rep.Exempt++
				continue
			}
			age := now.Sub(r.LastUsed)
			if age <= 0 {
				continue
			}
			imp := r.Importance * math.Pow(0.5, float64(age)/float64(HalfLife[r.Tier]))
			if r.Importance-imp < 1e-4 {
				continue
			}
			rep.Decayed++
			switch {
			case imp < DeleteBelow:
				rep.Deleted++
				toDelete = append(toDelete, r.ID)
				res.plan(Action{Step: StepDecay, Op: "delete", ID: r.ID, From: r.Importance, To: imp})
				continue
			case imp < DemoteBelow && demoteTo[r.Tier] != "":
				rep.Demoted++
				res.plan(Action{Step: StepDecay, Op: "demote", ID: r.ID, From: r.Importance, To: imp, Tier: demoteTo[r.Tier]})
				if !o.DryRun {
					if err := n.demote(r.ID, imp, now); err != nil {
						return err
					}
				}
				continue
			}
			res.plan(Action{Step: StepDecay, Op: "decay", ID: r.ID, From: r.Importance, To: imp})
			if !o.DryRun {
				if err := n.e.db.SetDecayed(n.name, r.ID, imp, now); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil || o.DryRun {
		return err
	}
	return n.forgetAll(ctx, toDelete, false)
}

// demote lowers a memory's importance and tier: a new version, with its history entry.
func (n *Namespace) demote(id string, imp float64, now time.Time) error {
	m, err := n.e.db.GetMemory(n.name, id)
	if err != nil || m == nil {
		return err
	}
	old := *m
	m.Importance = imp
	m.Tier = demoteTo[m.Tier]
	exp := now.Add(tierTTL[m.Tier])
	if m.ExpiresAt == nil || exp.Before(*m.ExpiresAt) {
		m.ExpiresAt = &exp
	}
	m.Version++
	m.UpdatedAt = now
	if err := n.e.db.UpdateMemory(m, nil); err != nil {
		return err
	}
	if err := n.e.db.SetDecayed(n.name, id, imp, now); err != nil {
		return err
	}
	return n.e.db.AddChange(now, &old, m)
}

// forgetAll forgets ids in batches of MaxBatch.
func (n *Namespace) forgetAll(ctx context.Context, ids []string, purge bool) error {
	for len(ids) > 0 {
		k := min(len(ids), n.e.limits.MaxBatch)
		if _, err := n.Forget(ctx, ForgetOptions{IDs: ids[:k], Purge: purge}); err != nil {
			return err
		}
		ids = ids[k:]
	}
	return nil
}

// sweep runs the expired step: memories expired more than the grace period ago are
// purged (forget with purge: out of the file, history and derived copies included).
func (n *Namespace) sweep(ctx context.Context, o *ConsolidateOptions, res *ConsolidateResult) error {
	grace := DefaultGraceDays
	if o.GraceDays != nil {
		grace = *o.GraceDays
	}
	rep := &SweepReport{GraceDays: grace}
	res.Sweep = rep
	var ids []string
	err := n.e.do(ctx, func() (err error) {
		ids, err = n.e.db.ExpiredBefore(n.name, n.e.clock().Add(-time.Duration(grace)*24*time.Hour))
		return err
	})
	if err != nil {
		return err
	}
	rep.Swept = len(ids)
	for _, id := range ids {
		res.plan(Action{Step: StepExpired, Op: "sweep", ID: id})
	}
	if o.DryRun {
		return nil
	}
	return n.forgetAll(ctx, ids, true)
}

// plan records an action of a dry run (at most maxPlan; the counts stay complete).
func (r *ConsolidateResult) plan(a Action) {
	if !r.DryRun {
		return
	}
	if len(r.Plan) >= maxPlan {
		r.PlanTruncated = true
		return
	}
	r.Plan = append(r.Plan, a)
}

// graceCheck checks GraceDays.
func (c *checker) grace(field string, g *int) {
	if g != nil && (*g < 0 || *g > 3650) {
		c.fail(errs.InvalidArgument, field, "must be from 0 to 3650 days, got %d", *g)
	}
}

// step runs fn in a write transaction, or for a dry run as a read (which a read-only
// engine can do).
func (n *Namespace) step(ctx context.Context, dry bool, fn func() error) error {
	if dry {
		return n.e.do(ctx, fn)
	}
	return n.e.tx(ctx, fn)
}
