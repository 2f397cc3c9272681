package store

import (
	"encoding/json"
	"fmt"

	"github.com/ncruces/go-sqlite3"

	"github.com/memcore/memcore/core/internal/record"
)

// LastTurn returns the session's last turn (nil when it has none).
func (d *DB) LastTurn(ns, session string) (*record.Turn, error) {
	s, err := d.prepare(`SELECT ` + turnCols + ` FROM turns t WHERE t.namespace = ? AND t.session_id = ?
		ORDER BY t.seq DESC LIMIT 1`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns, session); err != nil {
		return nil, err
	}
	if !s.Step() {
		return nil, s.Err()
	}
	t := scanTurn(s)
	return &t, nil
}

// LastSeq returns the highest seq of a session (0 when it has no turns).
func (d *DB) LastSeq(ns, session string) (int64, error) {
	t, err := d.LastTurn(ns, session)
	if t == nil || err != nil {
		return 0, err
	}
	return t.Seq, nil
}

// TurnDoc is a turn's text as the FTS index stores it (tokenized, space-joined): its
// content, and the content of the turn it replies to.
type TurnDoc struct{ Content, Context string }

// InsertTurn stores t (of namespace ns) and indexes doc under the same rowid.
func (d *DB) InsertTurn(ns string, t *record.Turn, doc TurnDoc) error {
	var calls any // NULL when the turn made no tool call
	if len(t.ToolCalls) > 0 {
		b, err := json.Marshal(t.ToolCalls)
		if err != nil {
			return err
		}
		calls = string(b)
	}
	had, err := d.sessionHasTurns(ns, t.SessionID)
	if err != nil {
		return err
	}
	err = d.exec(`INSERT INTO turns (id, namespace, session_id, seq, role, name, content, created_at, call_id, tool_calls)
		VALUES (?,?,?,?,?,?,?,?,?,?)`, t.ID, ns, t.SessionID, t.Seq, t.Role, t.Name, t.Content, ms(t.CreatedAt),
		t.CallID, calls)
	if err != nil {
		return err
	}
	rowid := d.conn.LastInsertRowID()
	if err := d.exec(`INSERT INTO turns_fts (rowid, content, context) VALUES (?,?,?)`,
		rowid, doc.Content, doc.Context); err != nil {
		return err
	}
	if err := d.countFTSRow("turns", ns, rowid, 1); err != nil {
		return err
	}
	return d.countTurn(ns, 1, 1-boolInt(had)) // counters.go
}

func scanTurn(s *sqlite3.Stmt) record.Turn {
	t := record.Turn{
		ID: s.ColumnText(0), SessionID: s.ColumnText(1), Seq: s.ColumnInt64(2),
		Role: s.ColumnText(3), Name: s.ColumnText(4), Content: s.ColumnText(5),
		CreatedAt: fromMS(s.ColumnInt64(6)), CallID: s.ColumnText(7),
	}
	if calls := s.ColumnText(8); calls != "" {
		_ = json.Unmarshal([]byte(calls), &t.ToolCalls) // written by InsertTurn only
	}
	return t
}

// turnCols are the columns scanTurn reads, in its order; queries that add a column of
// their own read it at index turnColCount.
const turnCols = `t.id, t.session_id, t.seq, t.role, t.name, t.content, t.created_at, t.call_id, t.tool_calls`

const turnColCount = 9

// TurnHit is a turn that matched an FTS query, with its negated bm25 (higher is better).
type TurnHit struct {
	Turn record.Turn
	BM25 float64
}

// MatchTurns runs the FTS5 expression match over the namespace's turns (of one session
// when session is not empty), best first, at most limit. contextWeight is the bm25 weight
// of the replied-to turn's words against 1 for the turn's own.
func (d *DB) MatchTurns(ns, match, session string, contextWeight float64, limit int) ([]TurnHit, error) {
	s, err := d.prepare(`SELECT ` + turnCols + `, -bm25(turns_fts, 1.0, ?) AS r
		FROM turns_fts JOIN turns t ON t.rowid = turns_fts.rowid
		WHERE turns_fts MATCH ? AND t.namespace = ? AND (? = '' OR t.session_id = ?)
		ORDER BY r DESC LIMIT ` + fmt.Sprint(limit)) // not bound: see matchMemories
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, contextWeight, match, ns, session, session); err != nil {
		return nil, err
	}
	var out []TurnHit
	for s.Step() {
		out = append(out, TurnHit{Turn: scanTurn(s), BM25: s.ColumnFloat(turnColCount)})
	}
	return out, s.Err()
}
