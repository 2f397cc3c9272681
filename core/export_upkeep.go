package core

import (
	"time"

	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/store"
)

// The upkeep's state in an export (format version 3): when decay last lowered a memory's
// importance, and a namespace's own quota. Exports of version 2 left both out, and a
// database restored from one behaved differently on its next upkeep
// (TestClaimsExport_nextOpSameAfterImport):
//
//   - decay lowers importance by the time since a memory's last use or last decay. The
//     exported importance is already the decayed one, but without the decay's time the
//     imported memory decayed again for the same days: 0.8 decayed once over 10 days to
//     0.63 in the database exported, and to 0.50 at the next consolidate after an import
//     (and a memory decayed twice can fall below the deletion threshold). A memory line
//     now carries "decayedAt" when decay has lowered it.
//   - a quota set with quota.set is stored in the file, per namespace; after an import the
//     namespace had none and took any number of memories. A "quota" line carries it; an
//     import writes it unless the namespace has a quota of its own already (an import
//     never overwrites).
//
// Still not exported, by design (GLUE.md "Export and import"): embedding vectors, the
// frozen core-memory snapshots, the queue of failed LLM extraction passes and the count
// of a session's LLM passes.

// exportDecayed sets DecayedAt on the memory lines of namespace ns that decay lowered;
// the engine must be locked.
func (e *Engine) exportDecayed(ns string, lines []ExportLine) error {
	at, err := e.db.DecayedAt(ns)
	if err != nil || len(at) == 0 {
		return err
	}
	for i := range lines {
		l := &lines[i]
		if t, ok := at[l.MemoryID]; ok && l.Kind == "memory" && l.Memory != nil && l.Namespace == ns {
			l.DecayedAt = &t
		}
	}
	return nil
}

// exportQuota appends namespace ns's own quota, if it has one; the engine must be locked.
func (e *Engine) exportQuota(ns string, add func(ExportLine)) error {
	r, err := e.db.GetQuota(ns)
	if err != nil || r == nil {
		return err
	}
	q := &Quota{MaxMemories: r.MaxMemories, MaxBytes: r.MaxBytes, OnExceed: QuotaError}
	if r.Evict {
		q.OnExceed = QuotaEvict
	}
	add(ExportLine{Kind: "quota", Quota: q})
	return nil
}

// checkDecayedAt refuses a decay time on a line that is not a stored memory's.
func checkDecayedAt(c *checker, field string, l *ExportLine) {
	if l.DecayedAt == nil {
		return
	}
	if l.Kind != "memory" || l.Memory == nil {
		c.fail(errs.InvalidArgument, field+".decayedAt", "only the line of a stored memory carries decayedAt")
		return
	}
	c.time(field+".decayedAt", l.DecayedAt)
}

// importQuota writes a namespace's quota unless it has one of its own; it reports
// whether it wrote (in a dry run: would write).
func (e *Engine) importQuota(ns string, q *Quota, dry bool) (bool, error) {
	if have, err := e.db.GetQuota(ns); err != nil || have != nil {
		return false, err
	}
	if dry {
		return true, nil
	}
	return true, e.db.SetQuota(ns, &store.QuotaRow{MaxMemories: q.MaxMemories, MaxBytes: q.MaxBytes, Evict: q.OnExceed == QuotaEvict})
}

// importDecayedAt restores when decay last lowered an imported memory.
func (e *Engine) importDecayedAt(l *ExportLine) error {
	if l.DecayedAt == nil || l.Memory == nil {
		return nil
	}
	return e.db.SetDecayedAt(l.Namespace, l.MemoryID, l.DecayedAt.UTC().Truncate(time.Millisecond))
}
