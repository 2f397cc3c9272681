package core

import (
	"slices"
	"strings"

	"github.com/memcore/memcore/core/internal/facts"
	"github.com/memcore/memcore/core/internal/store"
	"github.com/memcore/memcore/core/internal/text"
)

// ForgetReceipt says what a forget removed and where. Without purge only the memories'
// rows and index entries go (their history keeps a "forget" entry); with purge every place
// a memory's text was copied to is cleaned too, and with AlsoTurns the turns it was
// learned from.
type ForgetReceipt struct {
	Memories       int `json:"memories"`       // memory rows (and their full-text entries)
	HistoryEntries int `json:"historyEntries"` // history rows dropped (purge)
	Vectors        int `json:"vectors"`        // embeddings of the memories
	Embeddings     int `json:"embeddings"`     // cached embeddings of their texts (purge)
	// Documents lists the documents (MEMORY, USER, daily logs) lines were removed from:
	// every line holding one of the memory's texts, and a block heading left empty.
	Documents []DocumentLines `json:"documents"`
	// CoreSnapshotLines are lines removed from the core-memory blocks frozen for
	// sessions (they copy MEMORY and USER).
	CoreSnapshotLines int `json:"coreSnapshotLines"`
	// Queue counts the queued LLM extraction passes dropped: those reading the memory's
	// source turns or its text.
	Queue int `json:"queue"`
	// Episodes counts episodes deleted: the episode the memory made recallable, and with
	// AlsoTurns every episode of a session a purged turn belonged to (an episode
	// summarises its session's turns and may quote them), together with its memory.
	Episodes int `json:"episodes"`
	// EpisodeMemories are the ids of the episode memories deleted that way.
	EpisodeMemories []string `json:"episodeMemories,omitempty"`
	// EpisodeItems counts list items (entities, lessons, tools) and texts (summary,
	// goal, outcome) of other episodes cleaned of the memory's text.
	EpisodeItems int `json:"episodeItems"`
	// Turns counts the turns deleted (AlsoTurns): the memory's source turns and the
	// copies compaction stored of the same messages.
	Turns int `json:"turns"`
	// ReadMarks counts extraction's read marks dropped with those turns (AlsoTurns): the
	// hash of each message extractFacts read in a session, kept so that a message is read
	// once. A hash is not the text, but it confirms a guessed message; it goes with its
	// turn (a re-sent copy of the message is then read again, as a new one).
	ReadMarks int `json:"readMarks"`
	// IndexRewritten is true when the full-text indexes were rewritten, so that no term
	// of what was removed stays in an unmerged segment.
	IndexRewritten bool `json:"indexRewritten"`
}

// DocumentLines is how many lines a purge removed from a document.
type DocumentLines struct {
	Name  string `json:"name"`
	Lines int    `json:"lines"`
}

func (r *ForgetReceipt) addDoc(name string, lines int) {
	for i := range r.Documents {
		if r.Documents[i].Name == name {
			r.Documents[i].Lines += lines
			return
		}
	}
	r.Documents = append(r.Documents, DocumentLines{Name: name, Lines: lines})
}

// oneLineText is a text as document lines hold it (white space runs as one space).
func oneLineText(s string) string { return strings.Join(strings.Fields(s), " ") }

// purgeDerived removes, inside the caller's transaction and before the memory's own rows
// go, every copy of memory m's texts (each version's) outside its rows: cached
// embeddings, document and frozen snapshot lines, queued passes, episodes — and with
// alsoTurns its source turns. It returns whether turns were deleted.
func (n *Namespace) purgeDerived(m *Memory, rc *ForgetReceipt, alsoTurns bool) (bool, error) {
	db := n.e.db
	hist, err := db.History(n.name, m.ID)
	if err != nil {
		return false, err
	}
	versions := []*Memory{m}
	for _, h := range hist {
		if h.Memory != nil {
			versions = append(versions, h.Memory)
		}
	}
	var needles, embedded, turnIDs []string
	add := func(list *[]string, s string) {
		if strings.TrimSpace(s) != "" && !slices.Contains(*list, s) {
			*list = append(*list, s)
		}
	}
	for _, v := range versions {
		add(&needles, v.Content)
		add(&needles, oneLineText(v.Content))
		add(&embedded, embedText(v))
		if v.Source != nil {
			for _, t := range v.Source.TurnIDs {
				add(&turnIDs, t)
			}
		}
	}
	for _, t := range embedded {
		gone, err := db.UncacheEmbedding(n.name, textHash(t))
		if err != nil {
			return false, err
		}
		if gone {
			rc.Embeddings++
		}
	}
	purgedSessions := map[string]bool{}
	if alsoTurns && len(turnIDs) > 0 {
		src, err := db.TurnsMatching(n.name, turnIDs, nil)
		if err != nil {
			return false, err
		}
		var contents []string
		for _, t := range src {
			add(&contents, strings.TrimSpace(t.Content))
		}
		all, err := db.TurnsMatching(n.name, turnIDs, contents)
		if err != nil {
			return false, err
		}
		for _, t := range all {
			ok, err := db.DeleteTurn(n.name, t.ID, turnDoc)
			if err != nil {
				return false, err
			}
			if ok {
				rc.Turns++
				purgedSessions[t.SessionID] = true
				gone, err := db.UnmarkRead(n.name, t.SessionID, facts.MessageHash(facts.Message{Role: t.Role, Text: t.Content}))
				if err != nil {
					return false, err
				}
				if gone {
					rc.ReadMarks++
				}
			}
		}
		for _, c := range contents {
			add(&needles, c)
			add(&needles, oneLineText(c))
		}
	}
	// Documents and the frozen blocks that copy them.
	lineNeedles := make([]string, 0, len(needles))
	for _, s := range needles {
		add(&lineNeedles, oneLineText(s))
	}
	docs, err := db.ListDocuments(n.name)
	if err != nil {
		return false, err
	}
	now := n.e.clock()
	for _, d := range docs {
		content, _, _, err := db.GetDocument(n.name, d.Name)
		if err != nil {
			return false, err
		}
		if next, removed := scrubLines(content, lineNeedles); removed > 0 {
			if err := db.PutDocument(n.name, d.Name, next, now); err != nil {
				return false, err
			}
			rc.addDoc(d.Name, removed)
		}
	}
	snaps, err := db.CoreSnapshots(n.name)
	if err != nil {
		return false, err
	}
	for _, s := range snaps {
		if next, removed := scrubLines(s.Snapshot, lineNeedles); removed > 0 {
			if err := db.ReplaceCoreSnapshot(n.name, s.SessionID, next); err != nil {
				return false, err
			}
			rc.CoreSnapshotLines += removed
		}
	}
	q, err := db.DeleteQueuedMatching(n.name, append(slices.Clone(needles), turnIDs...))
	if err != nil {
		return false, err
	}
	rc.Queue += q
	// Episodes.
	eps, err := db.ListEpisodes(n.name, "")
	if err != nil {
		return false, err
	}
	for _, ep := range eps {
		if ep.MemoryID == m.ID || purgedSessions[ep.SessionID] {
			if err := db.DeleteEpisode(n.name, ep.ID); err != nil {
				return false, err
			}
			rc.Episodes++
			if ep.MemoryID != "" && ep.MemoryID != m.ID {
				gone, err := n.dropMemory(ep.MemoryID, rc)
				if err != nil {
					return false, err
				}
				if gone {
					rc.EpisodeMemories = append(rc.EpisodeMemories, ep.MemoryID)
				}
			}
			continue
		}
		if scrubEpisode(&ep, needles, rc) {
			if err := db.ReplaceEpisodeText(n.name, &ep); err != nil {
				return false, err
			}
		}
	}
	return rc.Turns > 0, nil
}

// dropMemory deletes a memory with its history, vector and cached embeddings (an
// episode memory going with its episode). It reports whether it existed.
func (n *Namespace) dropMemory(id string, rc *ForgetReceipt) (bool, error) {
	m, err := n.e.db.GetMemory(n.name, id)
	if err != nil || m == nil {
		return false, err
	}
	v, err := n.e.db.VectorCount(n.name, id)
	if err != nil {
		return false, err
	}
	rc.Vectors += v
	h, err := n.e.db.HistoryRows(n.name, id)
	if err != nil {
		return false, err
	}
	rc.HistoryEntries += h
	if gone, err := n.e.db.UncacheEmbedding(n.name, textHash(embedText(m))); err != nil {
		return false, err
	} else if gone {
		rc.Embeddings++
	}
	if _, err := n.e.db.DeleteMemory(n.name, id); err != nil {
		return false, err
	}
	return true, n.e.db.PurgeHistory(n.name, id)
}

// turnDoc is what the turn index holds of t, replying to prev.
func turnDoc(prev, t *Turn) store.TurnDoc {
	doc := store.TurnDoc{Content: text.Join(text.Tokens(t.Content))}
	if prev != nil && prev.Role != t.Role {
		doc.Context = text.Join(text.Tokens(prev.Content))
	}
	return doc
}

// scrubLines removes the lines of doc that hold one of needles (compared with white
// space runs as one space), then block headings ("## …") left with nothing under them.
// It returns the document and how many lines went.
func scrubLines(doc string, needles []string) (string, int) {
	if doc == "" || len(needles) == 0 {
		return doc, 0
	}
	lines := strings.Split(doc, "\n")
	kept := make([]string, 0, len(lines))
	removed := 0
	for _, l := range lines {
		if hasAny(oneLineText(l), needles) {
			removed++
			continue
		}
		kept = append(kept, l)
	}
	if removed == 0 {
		return doc, 0
	}
	var out []string
	for i, l := range kept {
		if strings.HasPrefix(l, "## ") && blockEmpty(kept[i+1:]) {
			removed++
			continue
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n"), removed
}

func blockEmpty(rest []string) bool {
	for _, l := range rest {
		if strings.HasPrefix(l, "#") {
			return true
		}
		if strings.TrimSpace(l) != "" {
			return false
		}
	}
	return true
}

// hasAny reports whether s holds one of needles. A short needle (under
// shortNeedle bytes: "ok", "yes") matches only a whole line or a line's tail after a
// "] " or ": " marker, so that forgetting it does not take unrelated lines along.
func hasAny(s string, needles []string) bool {
	for _, n := range needles {
		switch {
		case n == "":
		case len(n) >= shortNeedle:
			if strings.Contains(s, n) {
				return true
			}
		case s == n || strings.HasSuffix(s, "] "+n) || strings.HasSuffix(s, ": "+n):
			return true
		}
	}
	return false
}

const shortNeedle = 12

// scrubEpisode drops the list items of ep holding one of needles and cuts them out of
// its texts; it reports whether anything changed.
func scrubEpisode(ep *store.Episode, needles []string, rc *ForgetReceipt) bool {
	changed := false
	for _, l := range []*[]string{&ep.Entities, &ep.ToolsUsed, &ep.Lessons} {
		before := len(*l)
		*l = slices.DeleteFunc(*l, func(s string) bool { return hasAny(s, needles) || hasAny(oneLineText(s), needles) })
		if d := before - len(*l); d > 0 {
			rc.EpisodeItems += d
			changed = true
		}
	}
	for _, t := range []*string{&ep.Summary, &ep.Goal, &ep.Outcome} {
		for _, nd := range needles {
			if nd != "" && strings.Contains(*t, nd) {
				*t = strings.ReplaceAll(*t, nd, "")
				rc.EpisodeItems++
				changed = true
			}
		}
	}
	return changed
}

// forgottenState is the last state of a memory of the namespace that was forgotten
// without purge — its row is gone, its history's "forget" entry holds it whole — or nil
// when the namespace never had the id. Why: a plain forget (the memory tool's, decay's,
// a quota's eviction) keeps the text in the history so that nothing is lost by mistake;
// the user who then wants it gone for good must be able to purge it, and by id is the
// only handle left (a filter matches stored rows).
func (n *Namespace) forgottenState(id string) (*Memory, error) {
	hist, err := n.e.db.History(n.name, id)
	if err != nil || len(hist) == 0 {
		return nil, err
	}
	last := hist[len(hist)-1]
	if last.Op != "forget" || last.Memory == nil {
		return nil, nil
	}
	return last.Memory, nil
}
