package core

import (
	"context"
	"math"
	"slices"
	"time"

	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/store"
)

// Quota bounds a namespace: how many memories it holds and how many bytes their fields
// weigh (content, title, subject, predicate, tags, key, metadata and card, as stored).
// Expired and superseded memories count: they are in the file until consolidate sweeps
// them or a forget removes them. A remember that would pass a bound either fails (the
// default) with code too_large and field "quota.maxMemories" or "quota.maxBytes", writing
// nothing, or — OnExceed "evict" — evicts memories until the namespace fits again.
type Quota struct {
	MaxMemories int64 `json:"maxMemories,omitempty"` // 0: no limit
	MaxBytes    int64 `json:"maxBytes,omitempty"`    // 0: no limit
	// OnExceed is "error" (the default) or "evict": then the memories with the lowest
	// importance × heat × recency go first (expired and superseded ones before any
	// live one), never a permanent memory nor one the same call stored. An evicted
	// memory is forgotten like forget without purge (its history keeps a "forget"
	// entry). When only permanent or new memories are left, the remember fails as
	// without eviction.
	OnExceed string `json:"onExceed,omitempty"`
}

// Quota policies.
const (
	QuotaError = "error"
	QuotaEvict = "evict"
)

// quotaRecency is the time constant of the recency factor of an eviction score.
const quotaRecency = 30 * 24 * time.Hour

func (c *checker) quota(field string, q *Quota) {
	if q.MaxMemories < 0 {
		c.fail(errs.InvalidArgument, field+".maxMemories", "must be 0 (no limit) or more, got %d", q.MaxMemories)
	}
	if q.MaxBytes < 0 {
		c.fail(errs.InvalidArgument, field+".maxBytes", "must be 0 (no limit) or more, got %d", q.MaxBytes)
	}
	if q.OnExceed != "" {
		c.oneOf(field+".onExceed", q.OnExceed, []string{QuotaError, QuotaEvict})
	}
}

// QuotaInfo is a namespace's quota and how much of it is used.
type QuotaInfo struct {
	Quota
	// Own is true when the namespace has a quota of its own, false when the engine's
	// default (Options.Quota) or none applies.
	Own      bool  `json:"own"`
	Memories int64 `json:"memories"`
	Bytes    int64 `json:"bytes"`
}

// SetQuota gives the namespace a quota of its own, stored in the file (q nil removes it:
// the engine's default applies again). It does not evict at once: the next remember does.
func (n *Namespace) SetQuota(ctx context.Context, q *Quota) (*QuotaInfo, error) {
	if q != nil {
		c := checker{l: n.e.limits}
		c.quota("quota", q)
		if c.err != nil {
			return nil, c.err
		}
	}
	err := n.e.tx(ctx, func() error {
		if q == nil {
			return n.e.db.SetQuota(n.name, nil)
		}
		return n.e.db.SetQuota(n.name, &store.QuotaRow{MaxMemories: q.MaxMemories, MaxBytes: q.MaxBytes, Evict: q.OnExceed == QuotaEvict})
	})
	if err != nil {
		return nil, err
	}
	return n.QuotaInfo(ctx)
}

// QuotaInfo returns the quota that applies to the namespace and its usage.
func (n *Namespace) QuotaInfo(ctx context.Context) (*QuotaInfo, error) {
	out := &QuotaInfo{}
	err := n.e.do(ctx, func() error {
		q, own, err := n.quotaOf()
		if err != nil {
			return err
		}
		if q != nil {
			out.Quota = *q
		}
		out.Own = own
		out.Memories, out.Bytes, err = n.e.db.Usage(n.name)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// quotaOf is the namespace's own quota, else the engine's default (nil: none).
func (n *Namespace) quotaOf() (*Quota, bool, error) {
	r, err := n.e.db.GetQuota(n.name)
	if err != nil || r == nil {
		return n.e.quota, false, err
	}
	q := &Quota{MaxMemories: r.MaxMemories, MaxBytes: r.MaxBytes, OnExceed: QuotaError}
	if r.Evict {
		q.OnExceed = QuotaEvict
	}
	return q, true, nil
}

// enforceQuota checks the namespace against its quota inside a remember's transaction
// and, with eviction, forgets memories (never those of fresh) until it fits. It returns
// the evicted ids.
func (n *Namespace) enforceQuota(fresh map[string]bool, now time.Time) ([]string, error) {
	q, _, err := n.quotaOf()
	if err != nil || q == nil || (q.MaxMemories == 0 && q.MaxBytes == 0) {
		return nil, err
	}
	count, bytes, err := n.e.db.Usage(n.name)
	if err != nil {
		return nil, err
	}
	over := func() bool {
		return (q.MaxMemories > 0 && count > q.MaxMemories) || (q.MaxBytes > 0 && bytes > q.MaxBytes)
	}
	if !over() {
		return nil, nil
	}
	var evicted []string
	if q.OnExceed == QuotaEvict {
		cands, err := n.e.db.EvictionCandidates(n.name, now)
		if err != nil {
			return nil, err
		}
		cands = slices.DeleteFunc(cands, func(c store.EvictionCandidate) bool { return fresh[c.ID] })
		slices.SortStableFunc(cands, func(a, b store.EvictionCandidate) int {
			if a.Dead != b.Dead {
				if a.Dead {
					return -1
				}
				return 1
			}
			sa, sb := evictionScore(a, now), evictionScore(b, now)
			switch {
			case sa < sb:
				return -1
			case sa > sb:
				return 1
			}
			return 0
		})
		for _, c := range cands {
			if !over() {
				break
			}
			m, err := n.e.db.GetMemory(n.name, c.ID)
			if err != nil {
				return nil, err
			}
			if _, err := n.e.db.DeleteMemory(n.name, c.ID); err != nil {
				return nil, err
			}
			if err := n.e.db.AddHistory("forget", now, m); err != nil {
				return nil, err
			}
			if err := n.unindex(m, &ForgetReceipt{}); err != nil { // as a forget (forget_index.go)
				return nil, err
			}
			evicted = append(evicted, c.ID)
			count--
			bytes -= c.Bytes
		}
	}
	switch {
	case q.MaxMemories > 0 && count > q.MaxMemories:
		return nil, errs.New(errs.TooLarge, "quota.maxMemories",
			"the namespace would hold %d memories, its quota is %d (forget some, raise the quota, or let it evict)", count, q.MaxMemories)
	case q.MaxBytes > 0 && bytes > q.MaxBytes:
		return nil, errs.New(errs.TooLarge, "quota.maxBytes",
			"the namespace's memories would weigh %d bytes, its quota is %d (forget some, raise the quota, or let it evict)", bytes, q.MaxBytes)
	}
	return evicted, nil
}

// evictionScore is importance × heat × recency: heat 1 + ln(1 + accesses), recency
// exp(−age of the last use / 30 days).
func evictionScore(c store.EvictionCandidate, now time.Time) float64 {
	heat := 1 + math.Log1p(float64(c.AccessCount))
	age := now.Sub(c.LastUsed)
	if age < 0 {
		age = 0
	}
	return c.Importance * heat * math.Exp(-float64(age)/float64(quotaRecency))
}

// Protocol ops.

type quotaSetArgs struct {
	nsArg
	// Quota is the namespace's own quota; null removes it.
	Quota *Quota `json:"quota"`
}

func opQuotaSet(ctx context.Context, n *Namespace, a *quotaSetArgs) (any, error) {
	return n.SetQuota(ctx, a.Quota)
}

func opQuotaGet(ctx context.Context, n *Namespace, _ *nsArg) (any, error) {
	return n.QuotaInfo(ctx)
}
