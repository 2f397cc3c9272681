package core

import (
	"time"

	"github.com/memcore/memcore/core/internal/errs"
)

// Extraction's read marks in an export (format version 2). extractFacts with commit and a
// sessionId keeps, per session, a 16-byte hash of each message it read, so that a
// conversation sent again is not read twice. Exports of version 1 left the marks out:
// after export → import into a fresh database, a later extractFacts of the same session
// read the old messages again and stored their facts a second time. A "read" line
// carries one mark; an import writes it unless the session has it already. Only the
// hash is exported, never the message (the turn lines carry the text, when there are
// turns); a purge with alsoTurns removes a message's mark, so an export taken after it
// holds none.

// ExportRead is one read mark of a JSON Lines export: the session, the message's hash
// (hex SHA-256 of its role and trimmed text, first 16 bytes) and when it was read.
type ExportRead struct {
	SessionID string    `json:"sessionId"`
	MsgHash   string    `json:"msgHash"`
	ReadAt    time.Time `json:"readAt"`
}

// exportReads appends the read marks of namespace ns; the engine must be locked.
func (e *Engine) exportReads(ns string, add func(ExportLine)) error {
	marks, err := e.db.NamespaceReads(ns)
	if err != nil {
		return err
	}
	for _, r := range marks {
		add(ExportLine{Kind: "read", Read: &ExportRead{SessionID: r.SessionID, MsgHash: r.MsgHash, ReadAt: r.ReadAt}})
	}
	return nil
}

// checkRead checks a read line: a session id as a turn's, and a hash as MessageHash writes it.
func checkRead(c *checker, f string, r *ExportRead) {
	c.text(f+"sessionId", r.SessionID, c.l.MaxFieldBytes, true)
	if !isMsgHash(r.MsgHash) {
		c.fail(errs.InvalidArgument, f+"msgHash", "a message hash is 32 lower-case hex digits, got %q", clipChars(r.MsgHash, 40))
	}
}

func isMsgHash(s string) bool {
	if len(s) != 32 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !(s[i] >= '0' && s[i] <= '9' || s[i] >= 'a' && s[i] <= 'f') {
			return false
		}
	}
	return true
}

// importRead writes a read mark unless the session has it; it reports whether it wrote
// (in a dry run: would write).
func (e *Engine) importRead(ns string, r *ExportRead, dry bool) (bool, error) {
	if exists, err := e.db.ReadExists(ns, r.SessionID, r.MsgHash); err != nil || exists {
		return false, err
	}
	if dry {
		return true, nil
	}
	return true, e.db.MarkRead(ns, r.SessionID, []string{r.MsgHash}, r.ReadAt)
}
