package facts

import (
	"cmp"
	"slices"
	"strings"
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
	// DefaultMinMessages is the gate: a conversation of fewer user and assistant messages
	// (three exchanges) yields nothing; too little has been said to tell a standing fact
	// from small talk.
	DefaultMinMessages = 6
	// DefaultWindow is how many of the most recent messages are scanned.
	DefaultWindow = 20
	// DefaultMaxFacts is the most facts one call returns.
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
	// …and a call reads at most MaxScanRunes characters in all, newest messages first.
	// The patterns backtrack: these bound what one call can cost.
	MaxScanRunes = 12000
	// maxMatches bounds the matches of one pattern in one sentence.
	maxMatches = 3
)

// Reasons an extraction returns no facts.
const (
	ReasonTooFewMessages = "too_few_messages" // below Options.MinMessages
	ReasonNoCues         = "no_cues"          // scanned, nothing found
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
	Window      int // DefaultWindow
	MaxFacts    int // DefaultMaxFacts
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

// Result is what Extract found; Reason says why Facts is empty ("" when it is not).
type Result struct {
	Facts  []Fact
	Reason string
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

// WindowStart returns the index of the first message of the scanned window.
func WindowStart(msgs []Message, o Options) int {
	return max(0, len(msgs)-o.withDefaults().Window)
}

// Extract scans the most recent messages for cues. User messages are read for every
// category; assistant messages for completions, errors and lessons only (an assistant
// saying "I love helping" is not a fact about the user); system and tool messages not at
// all. Duplicates are folded and at most o.MaxFacts are returned, the most confident,
// in the order they were said.
func Extract(msgs []Message, o Options) Result {
	o = o.withDefaults()
	if !Gate(msgs, o) {
		return Result{Facts: []Fact{}, Reason: ReasonTooFewMessages}
	}
	var found []Fact
	budget := readBudget(msgs, o)
	for i := WindowStart(msgs, o); i < len(msgs); i++ {
		if budget[i] == 0 {
			continue
		}
		user := msgs[i].Role == "user"
		if user && userMaterial(prefix(msgs[i].Text, budget[i])) {
			continue
		}
		for _, s := range sentences(prefix(msgs[i].Text, budget[i])) {
			found = append(found, scan(s, user, i)...)
		}
	}
	out := Cap(Fold(found), o.MaxFacts)
	if len(out) == 0 {
		return Result{Facts: out, Reason: ReasonNoCues}
	}
	return Result{Facts: out}
}

// readBudget returns how many characters of each message Extract reads: of the user and
// assistant messages of the window, newest first, up to MaxMessageRunes each and
// MaxScanRunes in all.
func readBudget(msgs []Message, o Options) []int {
	budget := make([]int, len(msgs))
	left := MaxScanRunes
	for i := len(msgs) - 1; i >= WindowStart(msgs, o) && left > 0; i-- {
		if msgs[i].Role == "user" || msgs[i].Role == "assistant" {
			budget[i] = min(utf8.RuneCountInString(msgs[i].Text), MaxMessageRunes, left)
			left -= budget[i]
		}
	}
	return budget
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
	k := strings.Join(strings.Fields(text.Normalize(content)), " ")
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
func Fold(in []Fact) []Fact {
	out := make([]Fact, 0, len(in))
	seen := map[string]int{}
	for _, f := range in {
		k := f.Type + "\x00" + Key(f.Content)
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
	return truncate(strings.Join(strings.Fields(s), " "), MaxContentRunes)
}

// truncate cuts s to at most n characters, ending it with "…" when cut.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}
