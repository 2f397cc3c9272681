package store

import "time"

// ReadMark is one message fact extraction has read in a session (extraction_reads): the
// message's hash (facts.MessageHash) and when it was read.
type ReadMark struct {
	SessionID string
	MsgHash   string
	ReadAt    time.Time
}

// NamespaceReads returns every read mark of ns, by session and hash, for an export.
func (d *DB) NamespaceReads(ns string) ([]ReadMark, error) {
	s, err := d.prepare(`SELECT session_id, msg_hash, read_at FROM extraction_reads WHERE namespace = ? ORDER BY session_id, msg_hash`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns); err != nil {
		return nil, err
	}
	out := []ReadMark{}
	for s.Step() {
		out = append(out, ReadMark{SessionID: s.ColumnText(0), MsgHash: s.ColumnText(1), ReadAt: time.UnixMilli(s.ColumnInt64(2)).UTC()})
	}
	return out, s.Err()
}

// ReadExists reports whether ns's session has a read mark of hash (an import skips it).
func (d *DB) ReadExists(ns, session, hash string) (bool, error) {
	n, err := d.column(`SELECT 1 FROM extraction_reads WHERE namespace = ? AND session_id = ? AND msg_hash = ?`, ns, session, hash)
	return len(n) > 0, err
}
