package store

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/ncruces/go-sqlite3"
)

// Episode is a row of the episodes table.
type Episode struct {
	ID         string
	SessionID  string
	Summary    string
	Goal       string
	Outcome    string
	Entities   []string
	ToolsUsed  []string
	Lessons    []string
	Importance float64
	StartedAt  time.Time
	EndedAt    time.Time
	MemoryID   string // "" when none
}

const episodeCols = `id, session_id, summary, goal, outcome, entities, tools_used, lessons,
	importance, started_at, ended_at, memory_id`

// jsonLists returns the episode's entities, tools and lessons as the JSON arrays its
// columns hold (an absent list is []).
func (e *Episode) jsonLists() (lists [3]string, err error) {
	for i, l := range [][]string{e.Entities, e.ToolsUsed, e.Lessons} {
		if l == nil {
			l = []string{}
		}
		b, err := json.Marshal(l)
		if err != nil {
			return lists, err
		}
		lists[i] = string(b)
	}
	return lists, nil
}

// InsertEpisode stores an episode of namespace ns.
func (d *DB) InsertEpisode(ns string, e *Episode) error {
	lists, err := e.jsonLists()
	if err != nil {
		return err
	}
	var mem any
	if e.MemoryID != "" {
		mem = e.MemoryID
	}
	return d.exec(`INSERT INTO episodes (id, namespace, session_id, summary, goal, outcome, entities,
		tools_used, lessons, importance, started_at, ended_at, memory_id) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)`,
		e.ID, ns, e.SessionID, e.Summary, e.Goal, e.Outcome, lists[0], lists[1], lists[2],
		e.Importance, ms(e.StartedAt), ms(e.EndedAt), mem)
}

// ListEpisodes returns the namespace's episodes (of one session when session is not
// ""), oldest first.
func (d *DB) ListEpisodes(ns, session string) ([]Episode, error) {
	s, err := d.prepare(`SELECT ` + episodeCols + ` FROM episodes
		WHERE namespace = ? AND (? = '' OR session_id = ?) ORDER BY rowid`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns, session, session); err != nil {
		return nil, err
	}
	out := []Episode{}
	for s.Step() {
		e, err := scanEpisode(s)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, s.Err()
}

func scanEpisode(s *sqlite3.Stmt) (Episode, error) {
	e := Episode{ID: s.ColumnText(0), SessionID: s.ColumnText(1), Summary: s.ColumnText(2),
		Goal: s.ColumnText(3), Outcome: s.ColumnText(4), Importance: s.ColumnFloat(8),
		StartedAt: fromMS(s.ColumnInt64(9)), EndedAt: fromMS(s.ColumnInt64(10)),
		MemoryID: s.ColumnText(11)}
	for i, dst := range []*[]string{&e.Entities, &e.ToolsUsed, &e.Lessons} {
		if err := json.Unmarshal(s.ColumnRawText(5+i), dst); err != nil {
			return e, fmt.Errorf("episode %s: column %d: %w", e.ID, 5+i, err)
		}
	}
	return e, nil
}
