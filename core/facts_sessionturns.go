package core

import (
	"context"

	"github.com/memcore/memcore/core/internal/facts"
)

// sessionTurns are the session's stored turns that an extractFacts call with commit and
// a sessionId may need: those its messages may be (alignTurns: the memories' turn ids)
// and the few before them (turnsBefore: the turn before its first message). Read at
// most once a call, and only when needed (ExtractFacts), and only the last len(msgs)+
// beforeTurns of the session: reading every turn made each call of a long session cost
// more than the extraction (docs/BENCHMARKS.md, "extractFacts in a long session"). No
// copy outlives the call, so nothing here needs purging when the session's turns change.
type sessionTurns struct {
	n       *Namespace
	session string
	msgs    []facts.Message
	done    bool
	turns   []Turn         // the last turns of the session, in order
	ids     map[int]string // alignTurns(turns, msgs); nil until loaded
}

// beforeTurns is how many turns before a call's messages turnsBefore reads.
const beforeTurns = 4

// load reads the turns and aligns them with the messages, once.
func (s *sessionTurns) load(ctx context.Context) error {
	if s.done {
		return nil
	}
	if err := s.n.e.do(ctx, func() (err error) {
		s.turns, err = s.n.e.db.LastSessionTurns(s.n.name, s.session, len(s.msgs)+beforeTurns)
		return err
	}); err != nil {
		return err
	}
	s.done, s.ids = true, alignTurns(s.turns, s.msgs)
	return nil
}
