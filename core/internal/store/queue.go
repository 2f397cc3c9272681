package store

import "time"

// Queued is an LLM extraction pass that failed and waits in the extraction queue.
type Queued struct {
	Seq       int64
	SessionID string
	From, To  int64  // the message index range of the pass
	Messages  string // what the pass reads, JSON (the engine's format)
	Attempts  int64  // failed attempts so far
	LastError string
	CreatedAt time.Time
}

// Enqueue adds a failed pass to the queue, or, when the namespace already queued the same
// session and range, counts one more failed attempt of it (with the newer messages and
// error).
func (d *DB) Enqueue(ns string, q *Queued) error {
	return d.exec(`INSERT INTO extraction_queue (namespace, session_id, from_turn, to_turn, messages,
		attempts, last_error, created_at) VALUES (?,?,?,?,?,1,?,?)
		ON CONFLICT (namespace, session_id, from_turn, to_turn) DO UPDATE SET
		messages = excluded.messages, attempts = attempts + 1, last_error = excluded.last_error`,
		ns, q.SessionID, q.From, q.To, q.Messages, q.LastError, ms(q.CreatedAt))
}

// QueuedPasses returns up to limit queued passes of the namespace, oldest first; of one
// session only when session is not nil.
func (d *DB) QueuedPasses(ns string, session *string, limit int) ([]Queued, error) {
	var sid any
	if session != nil {
		sid = *session
	}
	s, err := d.prepare(`SELECT seq, session_id, from_turn, to_turn, messages, attempts, last_error, created_at
		FROM extraction_queue WHERE namespace = ? AND (?2 IS NULL OR session_id = ?2) ORDER BY seq LIMIT ?`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns, sid, limit); err != nil {
		return nil, err
	}
	var out []Queued
	for s.Step() {
		out = append(out, Queued{Seq: s.ColumnInt64(0), SessionID: s.ColumnText(1), From: s.ColumnInt64(2),
			To: s.ColumnInt64(3), Messages: s.ColumnText(4), Attempts: s.ColumnInt64(5),
			LastError: s.ColumnText(6), CreatedAt: fromMS(s.ColumnInt64(7))})
	}
	return out, s.Err()
}

// Dequeue removes a queued pass.
func (d *DB) Dequeue(seq int64) error {
	return d.exec(`DELETE FROM extraction_queue WHERE seq = ?`, seq)
}

// DequeueRange removes the queued pass of a session and range, if there is one.
func (d *DB) DequeueRange(ns, session string, from, to int64) error {
	return d.exec(`DELETE FROM extraction_queue WHERE namespace = ? AND session_id = ? AND from_turn = ?
		AND to_turn = ?`, ns, session, from, to)
}

// RetryFailed counts one more failed attempt of a queued pass.
func (d *DB) RetryFailed(seq int64, lastError string) error {
	return d.exec(`UPDATE extraction_queue SET attempts = attempts + 1, last_error = ? WHERE seq = ?`,
		lastError, seq)
}

// QueueLen returns how many passes the namespace has queued.
func (d *DB) QueueLen(ns string) (int64, error) {
	return d.queryInt(`SELECT count(*) FROM extraction_queue WHERE namespace = ?`, ns)
}

// LLMExtractions returns how many LLM extraction passes the session has had (0 for a
// session without a row).
func (d *DB) LLMExtractions(ns, session string) (int64, error) {
	return d.queryInt(`SELECT llm_extractions FROM sessions WHERE namespace = ? AND session_id = ?`, ns, session)
}

// CountLLMExtraction counts one LLM extraction pass of the session (creating its row,
// started at at, when missing).
func (d *DB) CountLLMExtraction(ns, session string, at time.Time) error {
	if err := d.EnsureSession(ns, session, at); err != nil {
		return err
	}
	return d.exec(`UPDATE sessions SET llm_extractions = llm_extractions + 1
		WHERE namespace = ? AND session_id = ?`, ns, session)
}

// LiveContents returns the first chars characters of the content of every live (not
// expired, not superseded) memory of the namespace whose type is one of types: what
// extraction compares new facts with so as not to store one twice.
func (d *DB) LiveContents(ns string, types []string, now time.Time, chars int) ([]LiveContent, error) {
	s, err := d.prepare(`SELECT type, substr(content, 1, ?) FROM memories
		WHERE namespace = ? AND type IN (SELECT value FROM json_each(?))
		AND superseded_by IS NULL AND (expires_at IS NULL OR expires_at > ?)`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, chars, ns, jsonList(types), ms(now)); err != nil {
		return nil, err
	}
	var out []LiveContent
	for s.Step() {
		out = append(out, LiveContent{Type: s.ColumnText(0), Content: s.ColumnText(1)})
	}
	return out, s.Err()
}

// LiveContent is a memory's type and the start of its content.
type LiveContent struct{ Type, Content string }
