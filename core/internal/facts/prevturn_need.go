package facts

// BeforeNeeded reports whether Extract(msgs, Options{Known: known, Before: …}) may look
// at Options.Before: whether a user message it may read (not known) opens the spoken
// messages of msgs, or answers an assistant message that opens them — the only messages
// whose turn before can lie before msgs (turnBeforeIn). Why: the engine reads the
// session's stored turns for Before, and a call whose first messages an earlier call of
// the session read (a host calling after every turn with the whole conversation) need
// not read them at all (docs/BENCHMARKS.md, "extractFacts in a long session").
func BeforeNeeded(msgs []Message, known []bool) bool {
	spoken := 0
	for i, m := range msgs {
		if m.Role != "user" && m.Role != "assistant" {
			continue
		}
		if m.Role == "user" && !(i < len(known) && known[i]) && opensCall(msgs, i) {
			return true
		}
		if spoken++; spoken == 2 {
			return false // a later message's turn before is within msgs
		}
	}
	return false
}

// opensCall reports whether the turn before user message i may lie before msgs: no
// spoken message precedes it, or only the assistant's one (whose request, if any, is
// before msgs).
func opensCall(msgs []Message, i int) bool {
	j := spokenBefore(msgs, i)
	return j < 0 || msgs[j].Role == "assistant" && spokenBefore(msgs, j) < 0
}

// SetMsgCache turns the message cache (msgcache.go) on or off and empties it. Why: the
// engine's tests check that what extractFacts stores does not depend on the cache, and
// they cannot reach setMsgCache from outside this package. Not for production use.
func SetMsgCache(on bool) { setMsgCache(on) }
