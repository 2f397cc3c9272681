package core

import (
	"context"
	"strings"
	"time"

	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/store"
)

// Episode is what a finished session leaves behind: what it was about, how it went and
// what was learned. Its memory (MemoryID: a note tagged "episode") makes it recallable.
type Episode struct {
	ID         string    `json:"id"`
	SessionID  string    `json:"sessionId"`
	Summary    string    `json:"summary"`
	Goal       string    `json:"goal"`
	Outcome    string    `json:"outcome"`
	Entities   []string  `json:"entities"`
	ToolsUsed  []string  `json:"toolsUsed"`
	Lessons    []string  `json:"lessons"`
	Importance float64   `json:"importance"`
	StartedAt  time.Time `json:"startedAt"`
	EndedAt    time.Time `json:"endedAt"`
	MemoryID   string    `json:"memoryId,omitempty"`
}

// EndSessionResult is the episode of an ended session and how it was written.
type EndSessionResult struct {
	Episode *Episode `json:"episode"`
	// By is "llm" when the host's LLM wrote the summary fields, "heuristic" otherwise
	// (no LLM, or its answer failed or was unusable).
	By string `json:"by"`
}

// Episode limits.
const (
	episodeSummaryChars = 1200
	episodeGoalChars    = 300
	episodeOutcomeChars = 400
	episodeMaxEntities  = 20
	episodeMaxLessons   = 5
	episodeLessonChars  = 240
	episodeMaxTools     = 50
	episodeEntityBytes  = 256 << 10 // of the session's text, searched for entities
)

// EndSession ends a session: it writes its episode from the session's turns (and plan),
// stores it, marks the session ended and remembers a note (tags ["episode"], title
// "Episode: <goal>", the summary, outcome and lessons as content, source {sessionId}) so
// that recall finds it. With the host's LLM (Options.Complete) the summary, goal,
// outcome, entities, lessons and importance come from it; without one, or when it fails,
// they are computed deterministically. A session with no turns is not_found; ending a
// session twice is a conflict (episodes.list returns the first episode).
func (n *Namespace) EndSession(ctx context.Context, sessionID string) (*EndSessionResult, error) {
	c := checker{l: n.e.limits}
	c.sessionID(sessionID)
	if c.err != nil {
		return nil, c.err
	}
	var (
		turns []Turn
		plan  *Plan
		sess  *store.Session
	)
	err := n.e.do(ctx, func() (err error) {
		if sess, err = n.e.db.GetSession(n.name, sessionID); err != nil {
			return err
		}
		if err := n.checkNotEnded(sessionID, sess); err != nil {
			return err
		}
		if turns, err = n.e.db.SessionTurns(n.name, sessionID); err != nil {
			return err
		}
		plan, err = n.plan(sessionID)
		return err
	})
	if err != nil {
		return nil, err
	}
	if len(turns) == 0 {
		return nil, errs.New(errs.NotFound, "sessionId", "session %q has no turns: appendTurns first", sessionID)
	}
	ep := heuristicEpisode(turns, plan)
	by := "heuristic"
	if n.e.complete != nil {
		if llm, ok := n.llmEpisode(ctx, turns, plan); ok {
			mergeEpisode(&ep, llm)
			by = "llm"
		}
	}
	now := n.e.clock()
	ep.SessionID, ep.EndedAt = sessionID, now
	ep.StartedAt = turns[0].CreatedAt
	if sess != nil && sess.StartedAt.Before(ep.StartedAt) {
		ep.StartedAt = sess.StartedAt
	}
	ep.ID = n.e.ids.next(now)

	mem, err := n.e.newMemory(n.name, episodeMemory(&ep), now)
	if err != nil {
		return nil, errs.Wrap(errs.Internal, err, "episode memory")
	}
	ep.MemoryID = mem.ID
	var vec [][]float32
	var vecs map[string][]float32 // the embedding cache's answer (embedcache.go)
	if n.e.embedder != nil {
		vecs = n.embedCached(ctx, []string{embedText(mem)})
		if v := vecs[embedText(mem)]; v != nil {
			vec = [][]float32{v}
		}
	}
	err = n.e.tx(ctx, func() error {
		s, err := n.e.db.GetSession(n.name, sessionID)
		if err != nil {
			return err
		}
		if err := n.checkNotEnded(sessionID, s); err != nil {
			return err // ended meanwhile, while the LLM was writing
		}
		if err := n.e.db.InsertMemory(mem, ftsDoc(mem)); err != nil {
			return err
		}
		if vec != nil {
			if err := n.e.db.PutVector(n.name, mem.ID, vec[0]); err != nil {
				return err
			}
			if err := n.putEmbeddings(vecs); err != nil {
				return err
			}
		}
		// No history row: a creation is rebuilt from the live row (store.History).
		if err := n.e.db.InsertEpisode(n.name, toStoreEpisode(&ep)); err != nil {
			return err
		}
		if err := n.e.db.EnsureSession(n.name, sessionID, ep.StartedAt); err != nil {
			return err
		}
		return n.e.db.EndSession(n.name, sessionID, now)
	})
	if err != nil {
		return nil, err
	}
	return &EndSessionResult{Episode: &ep, By: by}, nil
}

func (n *Namespace) checkNotEnded(sessionID string, s *store.Session) error {
	if s != nil && s.EndedAt != nil {
		return errs.New(errs.Conflict, "sessionId", "session %q ended at %s: episodes.list returns its episode",
			sessionID, s.EndedAt.Format(time.RFC3339))
	}
	return nil
}

// Episodes lists the namespace's episodes, oldest first (of one session when sessionID
// is not "").
func (n *Namespace) Episodes(ctx context.Context, sessionID string) ([]Episode, error) {
	c := checker{l: n.e.limits}
	c.text("sessionId", sessionID, c.l.MaxFieldBytes, false)
	if c.err != nil {
		return nil, c.err
	}
	out := []Episode{}
	err := n.e.do(ctx, func() error {
		rows, err := n.e.db.ListEpisodes(n.name, sessionID)
		for _, r := range rows {
			out = append(out, Episode{ID: r.ID, SessionID: r.SessionID, Summary: r.Summary,
				Goal: r.Goal, Outcome: r.Outcome, Entities: r.Entities, ToolsUsed: r.ToolsUsed,
				Lessons: r.Lessons, Importance: r.Importance, StartedAt: r.StartedAt,
				EndedAt: r.EndedAt, MemoryID: r.MemoryID})
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func toStoreEpisode(e *Episode) *store.Episode {
	return &store.Episode{ID: e.ID, SessionID: e.SessionID, Summary: e.Summary, Goal: e.Goal,
		Outcome: e.Outcome, Entities: e.Entities, ToolsUsed: e.ToolsUsed, Lessons: e.Lessons,
		Importance: e.Importance, StartedAt: e.StartedAt, EndedAt: e.EndedAt, MemoryID: e.MemoryID}
}

// episodeMemory is the note that makes an episode recallable.
func episodeMemory(e *Episode) *MemoryInput {
	goal := e.Goal
	if goal == "" {
		goal = "session " + e.SessionID
	}
	var b strings.Builder
	b.WriteString(e.Summary)
	if e.Outcome != "" {
		b.WriteString("\nOutcome: " + e.Outcome)
	}
	if len(e.Lessons) > 0 {
		b.WriteString("\nLessons:")
		for _, l := range e.Lessons {
			b.WriteString("\n- " + l)
		}
	}
	imp := e.Importance
	return &MemoryInput{Type: TypeNote, Title: "Episode: " + clipChars(oneLine(goal), 200),
		Content: clipBytes(b.String(), 60<<10), Tags: []string{"episode"}, Importance: &imp,
		Source: &Source{SessionID: e.SessionID}}
}

// Protocol ops.

type episodesArgs struct {
	nsArg
	SessionID string `json:"sessionId,omitempty"`
}

func opEndSession(ctx context.Context, n *Namespace, a *sessionArgs) (any, error) {
	return n.EndSession(ctx, a.SessionID)
}

func opEpisodesList(ctx context.Context, n *Namespace, a *episodesArgs) (any, error) {
	eps, err := n.Episodes(ctx, a.SessionID)
	return map[string]any{"episodes": eps}, err
}
