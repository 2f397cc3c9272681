package store

import "time"

// ReadMessages returns which of hashes (facts.MessageHash of a message) fact extraction
// has read in the session already.
func (d *DB) ReadMessages(ns, session string, hashes []string) (map[string]bool, error) {
	s, err := d.prepare(`SELECT 1 FROM extraction_reads WHERE namespace = ? AND session_id = ? AND msg_hash = ?`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	read := map[string]bool{}
	for _, h := range hashes {
		if read[h] {
			continue
		}
		s.Reset()
		if err := bind(s, ns, session, h); err != nil {
			return nil, err
		}
		if s.Step() {
			read[h] = true
		} else if err := s.Err(); err != nil {
			return nil, err
		}
	}
	return read, nil
}

// MarkRead records that fact extraction has read the messages of hashes in the session.
func (d *DB) MarkRead(ns, session string, hashes []string, at time.Time) error {
	for _, h := range hashes {
		if err := d.exec(`INSERT INTO extraction_reads (namespace, session_id, msg_hash, read_at) VALUES (?,?,?,?)
			ON CONFLICT DO NOTHING`, ns, session, h, ms(at)); err != nil {
			return err
		}
	}
	return nil
}

// UnmarkRead forgets that fact extraction read the message of hash in the session (a
// purge deleting the message's turn); it reports whether there was such a mark.
func (d *DB) UnmarkRead(ns, session, hash string) (bool, error) {
	if err := d.exec(`DELETE FROM extraction_reads WHERE namespace = ? AND session_id = ? AND msg_hash = ?`, ns, session, hash); err != nil {
		return false, err
	}
	return d.conn.Changes() > 0, nil
}
