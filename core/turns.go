package core

import (
	"context"
	"fmt"
	"time"

	"github.com/memcore/memcore/core/internal/compact"
	"github.com/memcore/memcore/core/internal/store"
	"github.com/memcore/memcore/core/internal/text"
)

// TurnInput is one message to append. CreatedAt defaults to now (give it when importing
// an old conversation); Name is the tool's name for role "tool".
type TurnInput struct {
	Role      string     `json:"role"`
	Name      string     `json:"name,omitempty"`
	Content   string     `json:"content"`
	CreatedAt *time.Time `json:"createdAt,omitempty"`
	// CallID is the tool call a tool turn answers; ToolCalls are the calls an assistant
	// turn made. AppendMessages fills both from the messages; a turn with either may have
	// empty content.
	CallID    string     `json:"callId,omitempty"`
	ToolCalls []ToolCall `json:"toolCalls,omitempty"`
}

// AppendTurns appends turns to a session, numbering them after the session's last turn,
// in one transaction. Turns are never changed afterwards.
func (n *Namespace) AppendTurns(ctx context.Context, sessionID string, turns []TurnInput) ([]Turn, error) {
	c := checker{l: n.e.limits}
	c.text("sessionId", sessionID, c.l.MaxFieldBytes, true)
	c.batch("turns", len(turns))
	for i, t := range turns {
		f := fmt.Sprintf("turns[%d].", i)
		c.oneOf(f+"role", t.Role, roles)
		c.text(f+"name", t.Name, c.l.MaxFieldBytes, false)
		c.text(f+"content", t.Content, c.l.MaxContentBytes, t.CallID == "" && len(t.ToolCalls) == 0)
		c.time(f+"createdAt", t.CreatedAt)
		c.toolCalls(f, t)
	}
	if c.err != nil {
		return nil, c.err
	}
	out := make([]Turn, len(turns))
	err := n.e.tx(ctx, func() error {
		prev, err := n.e.db.LastTurn(n.name, sessionID)
		if err != nil {
			return err
		}
		var seq int64
		if prev != nil {
			seq = prev.Seq
		}
		now := n.e.clock()
		for i, in := range turns {
			at := now
			if in.CreatedAt != nil {
				at = in.CreatedAt.UTC().Truncate(time.Millisecond)
			}
			t := Turn{ID: n.e.ids.next(now), SessionID: sessionID, Seq: seq + int64(i) + 1,
				Role: in.Role, Name: in.Name, Content: in.Content, CreatedAt: at,
				CallID: in.CallID, ToolCalls: in.ToolCalls}
			doc := store.TurnDoc{Content: text.Join(text.Tokens(turnSearchText(&t)))}
			if prev != nil && prev.Role != t.Role && !compact.NoFinding(prev.Content) {
				// The words of the turn it answers; not those of an acknowledgement or a
				// lead-in ("Here is what I remember:" made every question after it a hit
				// for "what do you remember about me").
				doc.Context = text.Join(text.Tokens(turnSearchText(prev)))
			}
			if err := n.e.db.InsertTurn(n.name, &t, doc); err != nil {
				return err
			}
			out[i] = t
			prev = &out[i]
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// SearchTurnsOptions narrow a turn search.
type SearchTurnsOptions struct {
	SessionID string `json:"sessionId,omitempty"` // one session; "" searches all of the namespace
	Limit     int    `json:"limit,omitempty"`     // default 10
}

// TurnHit is one turn found by SearchTurns; Score is its BM25 (higher is better).
type TurnHit struct {
	Turn  Turn    `json:"turn"`
	Score float64 `json:"score"`
}

// SearchTurns finds the turns that share a token with query, by BM25 (ties: newest
// first). A turn is also found, with less weight, by the words of the turn it replies to
// (the previous turn of the session, when its role differs): an answer rarely repeats the
// question's words. Among the turns found, those that share words with the best one
// which the query lacks are lifted (Scoring.TurnFeedback: "the person whose phone is …,
// how tall?" finds that person's height). A query of several questions ("…多高？另外，
// …的时间是什么？", text.QueryClauses) is searched question by question and the scores
// fused, so that one question's words do not crowd out the other's answer
// (turnclauses.go). A query that is a stretch of dialogue ("Bart: …\nAssistant: …\nBart:
// …", text.SplitTranscript) weights the words only the other speakers said at half the
// last speaker's (turntranscript.go). A long Chinese query's single characters weigh
// together what 16 would, so that the words naming its topic are not drowned by the
// characters every turn shares with it by chance (turnunigrams.go). A turn that holds
// the kind of answer the question's words ask for (a time for "什么时候 / when …", a number
// for "多少 / how many …") is lifted (Scoring.TurnAnswerKind, turnanswerkind.go). It is how an agent
// reaches what compaction took out of its context.
func (n *Namespace) SearchTurns(ctx context.Context, query string, o SearchTurnsOptions) ([]TurnHit, error) {
	return n.searchTurns(ctx, query, o, 0)
}

// searchTurns is SearchTurns with the candidate pool of the session boost given (0: the
// scoring's Pool(limit)); buildContext's turn fallback, which shows 3 turns, asks fewer.
// The feedback (turnfeedback.go) is SearchTurns' alone: it lifts turns from below the
// top few into the top ten, while the fallback keeps only turns within a share of the
// best score, which the feedback lifts most (measured: −0.010 of questions found on two
// Chinese sets with it, docs/EVAL.md).
func (n *Namespace) searchTurns(ctx context.Context, query string, o SearchTurnsOptions, pool int) ([]TurnHit, error) {
	feedback := pool == 0
	c := checker{l: n.e.limits}
	c.query("query", query)
	c.text("sessionId", o.SessionID, c.l.MaxFieldBytes, false)
	limit := c.limit("limit", o.Limit, 10)
	if c.err != nil {
		return nil, c.err
	}
	hits := []TurnHit{}
	tokens := text.QueryTokens(query)
	if len(tokens) == 0 {
		// Nothing searchable (only punctuation or emoji); still, nothing succeeds after Close.
		if err := n.e.checkOpen(); err != nil {
			return nil, err
		}
		return hits, nil
	}
	err := n.e.do(ctx, func() error {
		switch {
		case n.e.scoring.TurnSessionBoost <= 0 || o.SessionID != "":
			pool = limit
		case pool <= 0:
			pool = n.e.scoring.Pool(limit) // candidates from which sessions are judged
		default:
			pool = max(pool, limit)
		}
		var found []store.TurnHit
		var err error
		if tr, ok := text.SplitTranscript(query); ok {
			found, err = n.e.matchTranscript(n.name, tr, o.SessionID, pool, feedback) // turntranscript.go
		} else if cl := text.QueryClauses(query); len(cl) > 1 {
			found, err = n.e.matchClauses(n.name, cl, o.SessionID, pool, feedback) // turnclauses.go
		} else {
			found, err = n.e.matchTurns(n.name, tokens, o.SessionID, pool) // recall_common.go
			if feedback {
				n.e.withTurnFeedback(tokens, found) // turnfeedback.go
			}
			n.e.withAnswerKind(query, found) // turnanswerkind.go
		}
		for _, f := range found {
			hits = append(hits, TurnHit{Turn: f.Turn, Score: f.BM25})
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	boost := n.e.scoring.TurnSessionBoost
	if o.SessionID != "" {
		boost = 0 // one session: every turn would get the same kind of lift
	}
	rerankBySession(hits, boost)
	if len(hits) > limit {
		hits = hits[:limit]
	}
	return hits, nil
}
