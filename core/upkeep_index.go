package core

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/facts"
	"github.com/memcore/memcore/core/internal/store"
)

// The fold and index steps of Consolidate (upkeep.go has the others).

// foldKey is the duplicate identity of a memory: its type and the first FoldPrefix
// characters of its content, case-folded with white space collapsed.
func foldKey(typ, content string) string {
	s := strings.ToLower(oneLineText(content))
	if utf8.RuneCountInString(s) > FoldPrefix {
		s = string([]rune(s)[:FoldPrefix])
	}
	return typ + "\x00" + s
}

// fold runs the duplicates step: in each set of live duplicates the most recently
// updated memory stays (with the highest importance of the set) and the others are
// superseded by it; history keeps every version. Keys need no folding: a key names one
// memory of a namespace.
func (n *Namespace) fold(ctx context.Context, o *ConsolidateOptions, res *ConsolidateResult) error {
	rep := &FoldReport{}
	res.Fold = rep
	return n.step(ctx, o.DryRun, func() error {
		*rep = FoldReport{}
		now := n.e.clock()
		rows, err := n.e.db.LiveUpkeepRows(n.name, now)
		if err != nil {
			return err
		}
		groups := map[string][]store.UpkeepRow{}
		var order []string
		for _, r := range rows {
			k := foldKey(r.Type, r.Content)
			if _, ok := groups[k]; !ok {
				order = append(order, k)
			}
			groups[k] = append(groups[k], r)
		}
		for _, k := range order {
			g := groups[k]
			if len(g) < 2 {
				continue
			}
			rep.Groups++
			slices.SortStableFunc(g, func(a, b store.UpkeepRow) int {
				if c := b.UpdatedAt.Compare(a.UpdatedAt); c != 0 {
					return c
				}
				return cmp.Compare(b.ID, a.ID)
			})
			keep := g[0]
			best := keep.Importance
			for _, r := range g[1:] {
				best = max(best, r.Importance)
				rep.Folded++
				res.plan(Action{Step: StepDuplicates, Op: "fold", ID: r.ID, Into: keep.ID})
				if o.DryRun {
					continue
				}
				m, err := n.e.db.GetMemory(n.name, r.ID)
				if err != nil {
					return err
				}
				old := *m
				m.SupersededBy, m.Version, m.UpdatedAt = keep.ID, m.Version+1, now
				if err := n.e.db.UpdateMemory(m, nil); err != nil {
					return err
				}
				if err := n.e.db.AddChange(now, &old, m); err != nil {
					return err
				}
			}
			if best > keep.Importance && !o.DryRun {
				m, err := n.e.db.GetMemory(n.name, keep.ID)
				if err != nil {
					return err
				}
				old := *m
				m.Importance, m.Version, m.UpdatedAt = best, m.Version+1, now
				if err := n.e.db.UpdateMemory(m, nil); err != nil {
					return err
				}
				if err := n.e.db.AddChange(now, &old, m); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// indexTypes are the memory types MEMORY's section lists (as fact extraction does).
var indexTypes = []string{TypeProfile, TypeRule, TypePreference, TypeSkill}

// maxIndexLine bounds one line of the index, in characters.
const maxIndexLine = 200

// refreshIndex runs the index step: MEMORY's "## Auto-extracted" section is rewritten
// from the live memories of indexTypes (most important first, while MEMORY stays within
// MaxMemoryLines lines and facts.MemoryUnder characters), and USER's "## Profile" section
// from the live profile memories. Text outside the sections is kept; sessions that froze
// their core-memory snapshot keep it (the documents change, not the snapshots).
func (n *Namespace) refreshIndex(ctx context.Context, o *ConsolidateOptions, res *ConsolidateResult) error {
	rep := &IndexReport{}
	res.Index = rep
	return n.step(ctx, o.DryRun, func() error {
		*rep = IndexReport{}
		now := n.e.clock()
		rows, err := n.e.db.LiveUpkeepRows(n.name, now)
		if err != nil {
			return err
		}
		slices.SortStableFunc(rows, func(a, b store.UpkeepRow) int {
			if c := cmp.Compare(b.Importance, a.Importance); c != 0 {
				return c
			}
			return cmp.Compare(b.ID, a.ID)
		})
		var memLines, userLines []string
		for _, r := range rows {
			if slices.Contains(indexTypes, r.Type) {
				memLines = append(memLines, clipChars(facts.Line(Fact{Type: r.Type, Content: r.Content}), maxIndexLine))
			}
			if r.Type == TypeProfile {
				l := "- " + oneLineText(r.Content)
				if r.Predicate != "" {
					l = "- " + oneLineText(r.Predicate) + ": " + oneLineText(r.Content)
				}
				userLines = append(userLines, clipChars(l, maxIndexLine))
			}
		}
		for _, d := range []struct {
			name, section string
			lines         []string
			count         *int
			changed       *bool
		}{
			{DocMemory, facts.MemorySection, memLines, &rep.MemoryLines, &rep.MemoryChanged},
			{DocUser, UserSection, userLines, &rep.UserLines, &rep.UserChanged},
		} {
			cur, _, _, err := n.e.db.GetDocument(n.name, d.name)
			if err != nil {
				return err
			}
			next, kept := withSection(cur, d.name, d.section, d.lines)
			*d.count = kept
			if next == cur {
				continue
			}
			*d.changed = true
			res.plan(Action{Step: StepIndex, Op: "rewrite", ID: d.name, Detail: itoa(kept) + " lines"})
			if !o.DryRun {
				if err := n.e.db.PutDocument(n.name, d.name, next, now); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// withSection returns doc with its section (a "## " heading up to the next heading)
// holding lines — as many as fit MaxMemoryLines lines and facts.MemoryUnder characters
// — and how many it holds. A missing section is added at the end; with no lines and no
// section doc is returned as it is.
func withSection(doc, name, section string, lines []string) (string, int) {
	var all []string
	if strings.TrimSpace(doc) != "" {
		all = strings.Split(strings.TrimRight(doc, "\n"), "\n")
	}
	start := slices.IndexFunc(all, func(l string) bool { return strings.TrimSpace(l) == section })
	if start < 0 && len(lines) == 0 {
		return doc, 0
	}
	var head, tail []string
	if start < 0 {
		head = all
		if len(head) == 0 {
			head = []string{"# " + name}
		}
	} else {
		head = all[:start]
		end := start + 1
		for end < len(all) && !strings.HasPrefix(all[end], "#") {
			end++
		}
		tail = all[end:]
	}
	head = trimBlank(head)
	out := append(slices.Clone(head), "", section)
	size := func(ls []string) int { return utf8.RuneCountInString(strings.Join(ls, "\n")) + 1 }
	kept := 0
	for _, l := range lines {
		next := append(slices.Clone(out), l)
		if len(next)+len(tail)+1 > MaxMemoryLines || size(next)+size(tail) >= facts.MemoryUnder {
			break
		}
		out, kept = next, kept+1
	}
	if len(tail) > 0 {
		out = append(append(out, ""), tail...)
	}
	return strings.Join(out, "\n") + "\n", kept
}

func trimBlank(ls []string) []string {
	for len(ls) > 0 && strings.TrimSpace(ls[len(ls)-1]) == "" {
		ls = ls[:len(ls)-1]
	}
	return ls
}
