package facts

import "sync"

// The facts of a message, kept across Extract calls.
//
// Why: a host that calls extractFacts after every turn without committing (or without a
// session, so nothing is marked read) gives the whole conversation each time, and every
// call read every message again: the cost of a call grew with the conversation, not with
// what is new in it. A message's facts depend on that message alone (its role, the text
// read of it, Options.MaxFacts, and what the turn before it asked or requested — see
// Extract and prevturn.go), so they are kept, keyed by exactly those,
// and a message seen by an earlier call costs a map lookup. The result is the same by
// construction; TestMsgCache_sameResult checks it on the labelled sets, cold and warm.
// The key also holds Options.Scope (the engine's namespace): a namespace finds only
// what its own calls read, so a call's speed tells nothing of another's messages.
//
// What it keeps is bounded: two generations of at most msgCacheBytes/2 bytes of text
// each (the key holds the text read). When the newer fills, the older is dropped and the
// newer becomes the older; a hit in the older is copied into the newer. So what a
// conversation re-reads call after call stays, and one call's text never evicts itself.
// With the prefilter off (tests comparing with and without the machinery) it is not used.

// msgCacheBytes bounds the text the cache holds (both generations).
const msgCacheBytes = 1 << 20

// msgKey is what a message's facts depend on.
type msgKey struct {
	user     bool
	maxFacts int
	scope    string // Options.Scope: the engine's namespace
	text     string // the text read (the message's first MaxMessageRunes characters)
	// before is what the turn before contributes (prevturn.go): "" when nothing, else the
	// slot the assistant asked about or that the message hands over requested material.
	// Not the turn's text: the facts depend on what is read of it, and only that.
	before string
}

// msgFacts are a message's facts with their evidence left out (it is the message's
// index in the call, set on the way out).
type msgFacts []Fact

// msgStore is the cache: two generations and their size.
type msgStore struct {
	sync.Mutex
	on        bool // false: not used (setMsgCache; benchmarks of extraction itself)
	cur, old  map[msgKey]msgFacts
	curBytes  int
	hits, all int // lookups that found the message, and all lookups (for tests)
}

var msgCache = msgStore{on: true}

// cachedFacts returns the facts cached for k, each with evidence idx, and whether there
// were any.
func cachedFacts(k msgKey, idx int) ([]Fact, bool) {
	if !prefilter {
		return nil, false
	}
	c := &msgCache
	c.Lock()
	defer c.Unlock()
	if !c.on {
		return nil, false
	}
	c.all++
	fs, ok := c.cur[k]
	if !ok {
		if fs, ok = c.old[k]; !ok {
			return nil, false
		}
		c.putLocked(k, fs)
	}
	c.hits++
	out := make([]Fact, len(fs))
	for i, f := range fs {
		f.Evidence = []int{idx}
		out[i] = f
	}
	return out, true
}

// cacheFacts keeps the facts a message gave (their evidence is dropped).
func cacheFacts(k msgKey, found []Fact) {
	if !prefilter || len(k.text) > msgCacheBytes/8 {
		return
	}
	c := &msgCache
	c.Lock() // once: whether the cache is on, and the insertion
	defer c.Unlock()
	if !c.on {
		return
	}
	fs := make(msgFacts, len(found))
	for i, f := range found {
		f.Evidence = nil
		fs[i] = f
	}
	c.putLocked(k, fs)
}

func (c *msgStore) putLocked(k msgKey, fs msgFacts) {
	if c.cur == nil || c.curBytes+len(k.text) > msgCacheBytes/2 {
		c.old, c.cur, c.curBytes = c.cur, map[msgKey]msgFacts{}, 0
	}
	n := len(c.cur)
	c.cur[k] = fs // one hashing of the key: a new key is told by the map's growth
	if len(c.cur) > n {
		c.curBytes += len(k.text) + len(k.scope) + len(k.before) + 64
	}
}

// setMsgCache turns the cache on or off and empties it (tests and benchmarks).
func setMsgCache(on bool) {
	c := &msgCache
	c.Lock()
	defer c.Unlock()
	c.on, c.cur, c.old, c.curBytes, c.hits, c.all = on, nil, nil, 0, 0, 0
}

// msgCacheOn reports whether the cache is in use (leave-one-writer-out scoring turns it
// off and restores it).
func msgCacheOn() bool {
	c := &msgCache
	c.Lock()
	defer c.Unlock()
	return c.on
}

// ForgetScope drops every message cached for scope (the engine's namespace). The engine
// calls it after a forget with purge, which promises that no copy of the forgotten text
// is left where the engine keeps one: the cache's keys hold the text of the messages read.
func ForgetScope(scope string) {
	c := &msgCache
	c.Lock()
	defer c.Unlock()
	for _, m := range []map[msgKey]msgFacts{c.cur, c.old} {
		for k := range m {
			if k.scope == scope {
				delete(m, k)
			}
		}
	}
}
