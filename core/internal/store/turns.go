package store

import (
	"github.com/memcore/memcore/core/internal/record"
)

// LastSeq returns the highest seq of a session (0 when it has no turns).
func (d *DB) LastSeq(ns, session string) (int64, error) {
	s, err := d.prepare(`SELECT coalesce(max(seq), 0) FROM turns WHERE namespace=? AND session_id=?`)
	if err != nil {
		return 0, err
	}
	defer s.Reset()
	if err := bind(s, ns, session); err != nil {
		return 0, err
	}
	if !s.Step() {
		return 0, s.Err()
	}
	return s.ColumnInt64(0), nil
}

// InsertTurn stores t (of namespace ns) and indexes its tokenized content.
func (d *DB) InsertTurn(ns string, t *record.Turn, tokens string) error {
	err := d.exec(`INSERT INTO turns (id, namespace, session_id, seq, role, name, content, created_at)
		VALUES (?,?,?,?,?,?,?,?)`, t.ID, ns, t.SessionID, t.Seq, t.Role, t.Name, t.Content, ms(t.CreatedAt))
	if err != nil {
		return err
	}
	return d.exec(`INSERT INTO turns_fts (rowid, content) VALUES (?,?)`, d.conn.LastInsertRowID(), tokens)
}

const turnCols = `t.id, t.session_id, t.seq, t.role, t.name, t.content, t.created_at`

// TurnHit is a turn that matched an FTS query, with its negated bm25 (higher is better).
type TurnHit struct {
	Turn record.Turn
	BM25 float64
}

// MatchTurns runs the FTS5 expression match over the namespace's turns (of one session
// when session is not empty), best first, at most limit.
func (d *DB) MatchTurns(ns, match, session string, limit int) ([]TurnHit, error) {
	s, err := d.prepare(`SELECT ` + turnCols + `, -bm25(turns_fts) AS r
		FROM turns_fts JOIN turns t ON t.rowid = turns_fts.rowid
		WHERE turns_fts MATCH ? AND t.namespace = ? AND (? = '' OR t.session_id = ?)
		ORDER BY r DESC LIMIT ?`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, match, ns, session, session, limit); err != nil {
		return nil, err
	}
	var out []TurnHit
	for s.Step() {
		out = append(out, TurnHit{
			Turn: record.Turn{
				ID: s.ColumnText(0), SessionID: s.ColumnText(1), Seq: s.ColumnInt64(2),
				Role: s.ColumnText(3), Name: s.ColumnText(4), Content: s.ColumnText(5),
				CreatedAt: fromMS(s.ColumnInt64(6)),
			},
			BM25: s.ColumnFloat(7),
		})
	}
	return out, s.Err()
}
