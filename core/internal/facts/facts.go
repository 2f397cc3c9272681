package facts

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/text"
)

// Memory types, the same strings as the engine's.
const (
	TypeFact       = "fact"
	TypePreference = "preference"
	TypeRule       = "rule"
	TypeSkill      = "skill"
	TypeError      = "error"
	TypeProfile    = "profile"
	TypeNote       = "note"
)

// Types are the memory types, in the engine's order.
var Types = []string{TypeFact, TypePreference, TypeRule, TypeSkill, TypeError, TypeProfile, TypeNote}

// Defaults of Options, and the fixed caps.
const (
	// DefaultMinMessages is the gate: a call given fewer user and assistant messages yields
	// nothing (ReasonTooFewMessages). One: a new user's first message ("My daughter Lily is
	// allergic to peanuts.") is read when it is said. A message's facts depend only on it
	// and the turn before, so a later call finds nothing more in it; until the thirteenth
	// round the gate was six (three exchanges), and a host calling after the first message
	// got nothing (RATIONALE.md). Options.MinMessages still raises it.
	DefaultMinMessages = 1
	// DefaultWindow is how many of the most recent messages the LLM pass reads (the
	// heuristics read every message, within MaxScanRunes).
	DefaultWindow = 20
	// DefaultMaxFacts is the most facts one message gives (the most confident). The cap is
	// per message, not per call: a cut across messages would make the result depend on how
	// the conversation was split into calls.
	DefaultMaxFacts = 8
	// KeyRunes is how many characters of normalised content make a fact's identity:
	// two facts of one type whose first KeyRunes case-folded characters agree are one.
	KeyRunes = 80
	// MaxContentRunes bounds a fact's content; longer sentences are cut with "…".
	MaxContentRunes = 300
	// maxSentenceRunes: longer sentences are pasted text (logs, articles), not the
	// user speaking; they are skipped.
	maxSentenceRunes = 400
	// maxSentences bounds the sentences read of one message.
	maxSentences = 100
	// MaxMessageRunes: a message is read up to its first MaxMessageRunes characters…
	MaxMessageRunes = 4000
	// …and a call reads at most MaxScanRunes characters in all, newest messages first; the
	// messages it has no room for are left unread (Result.Unread) for the next call. The
	// patterns backtrack: these bound what one call can cost.
	MaxScanRunes = 24000
	// maxMatches bounds the matches of one pattern in one sentence.
	maxMatches = 3
)

// Reasons an extraction returns no facts.
const (
	ReasonTooFewMessages = "too_few_messages" // below Options.MinMessages
	ReasonNoCues         = "no_cues"          // scanned, nothing found
	ReasonAllRead        = "all_read"         // every message was read by an earlier call (Options.Known)
)

// Message is one message as extraction reads it: its role ("user", "assistant",
// "system", "tool") and its text (tool calls and results left out).
type Message struct {
	Role string
	Text string
}

// Fact is a candidate memory. Evidence holds the indexes, in the caller's message list,
// of the messages it was found in (sorted, at least one).
type Fact struct {
	Type       string  `json:"type"`
	Content    string  `json:"content"`
	Subject    string  `json:"subject,omitempty"`
	Predicate  string  `json:"predicate,omitempty"`
	Confidence float64 `json:"confidence"`
	Evidence   []int   `json:"evidence"`
}

// Options tune Extract; zero fields take the defaults.
type Options struct {
	MinMessages int // DefaultMinMessages; counts user and assistant messages
	Window      int // DefaultWindow, of the LLM pass
	MaxFacts    int // DefaultMaxFacts, per message
	// Known[i] marks message i as read by an earlier call (the engine keeps them per
	// session): it is not read again. Shorter than the messages, or nil: the rest are new.
	Known []bool
	// Before are the messages said before the first of the call's, when the caller knows
	// them (the engine gives a session's stored turns that the messages continue): they
	// are not read, only looked at as the turn before the first messages (prevturn.go).
	Before []Message
	// Scope keeps the facts of messages read before (msgcache.go) apart: a message is
	// found in the cache only by a call of the same scope (the engine gives the
	// namespace), so that how fast a call is says nothing about another namespace's
	// messages.
	Scope string
}

func (o Options) withDefaults() Options {
	if o.MinMessages <= 0 {
		o.MinMessages = DefaultMinMessages
	}
	if o.Window <= 0 {
		o.Window = DefaultWindow
	}
	if o.MaxFacts <= 0 {
		o.MaxFacts = DefaultMaxFacts
	}
	return o
}

func (o Options) known(i int) bool { return i < len(o.Known) && o.Known[i] }

// Result is what Extract found; Reason says why Facts is empty ("" when it is not).
type Result struct {
	Facts  []Fact
	Reason string
	// Read are the indexes of the messages this call read, in order (system and tool
	// messages included: they are looked at and passed over by design); none when the gate
	// held. Unread counts the messages it had no room for (MaxScanRunes), the oldest of
	// those not known; a call of the same session reads them next.
	Read   []int
	Unread int
}

// Gate reports whether msgs pass the minimum-length gate of o.
func Gate(msgs []Message, o Options) bool {
	o = o.withDefaults()
	n := 0
	for _, m := range msgs {
		if m.Role == "user" || m.Role == "assistant" {
			n++
		}
	}
	return n >= o.MinMessages
}

// WindowStart returns the index of the first message the LLM pass reads.
func WindowStart(msgs []Message, o Options) int {
	return max(0, len(msgs)-o.withDefaults().Window)
}

// Extract reads every message not known already, newest first within the read budget,
// and returns what they say, in the order it was said. User messages are read for every
// category; assistant messages for lessons only (their pleasantries and status reports
// are not facts about the user); system and tool messages not at all. Each message gives
// at most o.MaxFacts facts (its most confident); duplicates across messages are folded.
// A user message's facts depend on that message and on what the turn before it asked
// (prevturn.go: a question's slot, a request for material), read from msgs whether
// known or not; so reading a conversation once at its end or turn by turn (with Known
// and the whole conversation) gives the same facts.
func Extract(msgs []Message, o Options) Result {
	o = o.withDefaults()
	if !Gate(msgs, o) {
		return Result{Facts: []Fact{}, Reason: ReasonTooFewMessages, Read: []int{}}
	}
	budget, unread := readBudget(msgs, o)
	// Each message's facts are kept apart and copied once into a slice of their number:
	// a slice sized by guess (a fact a message) regrew on the bench's conversation,
	// twice its 4 KB in garbage every call.
	parts, nFound := make([][]Fact, 0, len(msgs)), 0
	read := make([]int, 0, len(msgs))
	keys := keyCache{} // each fact's key made once, not at both folds (foldkeys.go)
	for i := range msgs {
		if budget[i] < 0 {
			continue
		}
		read = append(read, i)
		if budget[i] == 0 {
			continue
		}
		user := msgs[i].Role == "user"
		text := prefix(msgs[i].Text, budget[i])
		ck := msgKey{user: user, maxFacts: o.MaxFacts, scope: o.Scope, text: text}
		if user {
			ck.before = turnBeforeIn(msgs, o.Before, i) // prevturn.go
		}
		if fs, ok := cachedFacts(ck, i); ok { // msgcache.go
			parts, nFound = append(parts, fs), nFound+len(fs)
			continue
		}
		if user && (userMaterial(text) || ck.before == beforeMaterial) {
			cacheFacts(ck, nil)
			continue
		}
		var mine []Fact
		kin := "" // the relative the sentence before was about (round12kin.go)
		for _, s := range sentences(text) {
			got := scan(s, user, i)
			if user {
				got, kin = kinCarry12(s, got, kin, i) // "My dad is 81; he takes levodopa…"
			}
			mine = append(mine, got...)
		}
		if ck.before != "" {
			mine = answerFacts(text, ck.before, mine, i)
		}
		if len(mine) == 0 {
			cacheFacts(ck, nil)
			continue
		}
		mine = Cap(keys.foldOwned(mine), o.MaxFacts)
		cacheFacts(ck, mine)
		parts, nFound = append(parts, mine), nFound+len(mine)
	}
	found := make([]Fact, 0, nFound)
	for _, p := range parts {
		found = append(found, p...)
	}
	out := keys.fold(found)
	r := Result{Facts: out, Read: read, Unread: unread}
	switch {
	case len(out) > 0:
	case len(read) == 0 && unread == 0:
		r.Reason = ReasonAllRead
	default:
		r.Reason = ReasonNoCues
	}
	return r
}

// readBudget returns how many characters of each message Extract reads: -1 for a
// message it does not read (known, or no room left), 0 for one it reads past (system,
// tool, empty), else up to MaxMessageRunes, newest first, MaxScanRunes in all. A message
// is read whole (to MaxMessageRunes) or not at all; it also returns how many new
// messages were left for lack of room.
func readBudget(msgs []Message, o Options) ([]int, int) {
	budget := make([]int, len(msgs))
	left, unread := MaxScanRunes, 0
	for i := len(msgs) - 1; i >= 0; i-- {
		switch {
		case o.known(i):
			budget[i] = -1
		case unread > 0:
			budget[i] = -1
			unread++
		case msgs[i].Role != "user" && msgs[i].Role != "assistant":
			budget[i] = 0
		default:
			n := min(utf8.RuneCountInString(msgs[i].Text), MaxMessageRunes)
			if n > left {
				budget[i] = -1
				unread++
				continue
			}
			budget[i] = n
			left -= n
		}
	}
	return budget, unread
}

// MessageHash identifies a message for the per-session bookkeeping of what extraction
// has read: its role and trimmed text. Two identical messages are one (they say the same
// things).
func MessageHash(m Message) string {
	h := sha256.Sum256([]byte(m.Role + "\x00" + strings.TrimSpace(m.Text)))
	return hex.EncodeToString(h[:16])
}

// prefix returns the first n characters of s.
func prefix(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// Key is the identity of a content for duplicate folding: its first KeyRunes characters
// after NFKC normalisation, case folding and collapsing white space.
func Key(content string) string {
	k := collapseSpaces(text.Normalize(content))
	n := 0
	for i := range k {
		if n == KeyRunes {
			return k[:i]
		}
		n++
	}
	return k
}

// Fold merges facts of one type with the same Key: the first is kept, with the union of
// the evidence and the highest confidence. The result is never nil.
func Fold(in []Fact) []Fact { return keyCache(nil).fold(in) }

func (c keyCache) fold(in []Fact) []Fact {
	out := make([]Fact, 0, len(in))
	if len(in) <= foldLinear {
		return c.foldSmall(in, out)
	}
	seen := make(map[foldKey]int, len(in))
	for _, f := range in {
		k := foldKey{f.Type, c.key(f.Content)}
		if j, ok := seen[k]; ok {
			g := &out[j]
			g.Evidence = append(g.Evidence, f.Evidence...)
			slices.Sort(g.Evidence)
			g.Evidence = slices.Compact(g.Evidence)
			g.Confidence = max(g.Confidence, f.Confidence)
			continue
		}
		seen[k] = len(out)
		f.Evidence = slices.Clone(f.Evidence)
		out = append(out, f)
	}
	return out
}

// foldOwned is fold for a slice the caller owns and reads no more (a message's facts in
// Extract): a small fold writes its result over in, as it reads in ahead of what it
// writes, instead of into a new slice (about 4 KB a call on the bench's conversation).
func (c keyCache) foldOwned(in []Fact) []Fact {
	if len(in) <= foldLinear && len(in) > 0 {
		return c.foldSmall(in, in[:0])
	}
	return c.fold(in)
}

// foldLinear: a fold of at most this many facts (one message's, nearly always) finds
// earlier facts of the same key by looking through them rather than by a map made for
// the call (one map a message read was a visible part of extraction's allocations).
const foldLinear = 8

// foldSmall is fold for a few facts, appending to out: the same result, the same
// merges in the same order.
func (c keyCache) foldSmall(in, out []Fact) []Fact {
	var keys [foldLinear]foldKey
	for _, f := range in {
		k := foldKey{f.Type, c.key(f.Content)}
		j := slices.Index(keys[:len(out)], k)
		if j >= 0 {
			g := &out[j]
			g.Evidence = append(g.Evidence, f.Evidence...)
			slices.Sort(g.Evidence)
			g.Evidence = slices.Compact(g.Evidence)
			g.Confidence = max(g.Confidence, f.Confidence)
			continue
		}
		keys[len(out)] = k
		f.Evidence = slices.Clone(f.Evidence)
		out = append(out, f)
	}
	return out
}

// foldKey is what makes two facts one: their type and Key (a pair, not a string made
// by joining them, which cost an allocation a fact).
type foldKey struct{ typ, key string }

// Cap keeps the n most confident facts (earlier ones first among equals), in their
// original order.
func Cap(in []Fact, n int) []Fact {
	if len(in) <= n {
		return in
	}
	idx := make([]int, len(in))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(in[b].Confidence, in[a].Confidence) })
	idx = idx[:n]
	slices.Sort(idx)
	out := make([]Fact, n)
	for i, j := range idx {
		out[i] = in[j]
	}
	return out
}

// clip collapses white space and cuts s to MaxContentRunes characters.
func clip(s string) string {
	return truncate(collapseSpaces(s), MaxContentRunes)
}

// collapseSpaces is strings.Join(strings.Fields(s), " "): white space trimmed and each
// run of it one space. Most contents already are (clip and Key ran Fields and Join on
// every fact, a new string each time): s is then returned as it is, after one pass that
// finds no white space but single ASCII spaces between other characters.
func collapseSpaces(s string) string {
	prevSpace := true // a space at the start is leading white space
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(s[i:]) // U+FFFD for a bad byte: not a space, as for Fields
			if unicode.IsSpace(r) {
				return strings.Join(strings.Fields(s), " ")
			}
			i += size - 1
			prevSpace = false
		case c == ' ':
			if prevSpace {
				return strings.Join(strings.Fields(s), " ")
			}
			prevSpace = true
		case c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r':
			return strings.Join(strings.Fields(s), " ")
		default:
			prevSpace = false
		}
	}
	if prevSpace && s != "" {
		return strings.Join(strings.Fields(s), " ") // a space at the end
	}
	return s
}

// truncate cuts s to at most n characters, ending it with "…" when cut.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}
