package facts

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The LLM pass.
const (
	// MaxLLMPerSession is how many LLM extraction passes one session gets.
	MaxLLMPerSession = 5
	// MinLLMRunes: the LLM reads only user messages at least this long; shorter ones
	// ("ok", "thanks") are not worth a call.
	MinLLMRunes = 30
	// maxLLMMessageRunes cuts a long message in the prompt.
	maxLLMMessageRunes = 2000
	// maxFieldRunes bounds an LLM fact's subject and predicate.
	maxFieldRunes = 100
)

// Indexed is a message the LLM pass reads, with its index in the caller's list. It is
// also how the pass is kept in the retry queue.
type Indexed struct {
	Index int    `json:"i"`
	Text  string `json:"text"`
}

// LLMInput returns what the LLM pass reads of msgs: the user messages of the last
// o.Window not known already (Options.Known) with at least MinLLMRunes characters (none
// when the gate is not passed).
func LLMInput(msgs []Message, o Options) []Indexed {
	if !Gate(msgs, o) {
		return nil
	}
	var in []Indexed
	for i := WindowStart(msgs, o); i < len(msgs); i++ {
		t := strings.TrimSpace(msgs[i].Text)
		if msgs[i].Role == "user" && !o.known(i) && utf8.RuneCountInString(t) >= MinLLMRunes {
			in = append(in, Indexed{Index: i, Text: t})
		}
	}
	return in
}

// ExtractIndexed runs the heuristics over the messages an LLM pass was to read (a queued
// pass whose LLM is not available), with the gate off — the pass already passed it — and
// evidence as indexes of the original messages.
func ExtractIndexed(in []Indexed) []Fact {
	msgs := make([]Message, len(in))
	for i, m := range in {
		msgs[i] = Message{Role: "user", Text: m.Text}
	}
	out := Extract(msgs, Options{MinMessages: 1}).Facts
	for i := range out {
		for j, e := range out[i].Evidence {
			out[i].Evidence[j] = in[e].Index
		}
		slices.Sort(out[i].Evidence) // queued passes are in order; this keeps it true regardless
	}
	return out
}

const systemPrompt = `You extract durable memories about the user from their messages to an AI assistant.
Answer with a JSON array and nothing else. Each item is an object:
{"type": "...", "content": "...", "subject": "...", "predicate": "...", "confidence": 0.0-1.0, "evidence": [message numbers]}
- type: profile (who the user is: name, job, employer, location, tools they use), preference (likes and dislikes), rule (a standing instruction for the assistant: "from now on…", "never…"), fact (something done or true about their work), error (an error they hit, its cause, or a lesson learned), skill (how to do something), note (a request worth remembering).
- content: one self-contained sentence about the user, in the language they wrote in.
- subject and predicate are optional (e.g. "user", "location").
Leave out questions, hypotheticals, other people's words and small talk. At most 8 items; [] when there is nothing.`

// Prompt returns the system prompt and the user message of an extraction request.
func Prompt(in []Indexed) (system, user string) {
	var b strings.Builder
	b.WriteString("Messages from the user, numbered:\n")
	for _, m := range in {
		fmt.Fprintf(&b, "[%d] %s\n", m.Index, truncate(strings.Join(strings.Fields(m.Text), " "), maxLLMMessageRunes))
	}
	return systemPrompt, b.String()
}

// typeNames maps the type names an LLM may use to memory types.
var typeNames = map[string]string{
	"preferences": TypePreference, "like": TypePreference, "likes": TypePreference, "dislike": TypePreference,
	"identity": TypeProfile, "personal": TypeProfile, "user": TypeProfile, "profiles": TypeProfile,
	"instruction": TypeRule, "instructions": TypeRule, "rules": TypeRule, "standing_rule": TypeRule,
	"lesson": TypeError, "lessons": TypeError, "mistake": TypeError, "bug": TypeError, "errors": TypeError,
	"completion": TypeFact, "event": TypeFact, "facts": TypeFact,
	"request": TypeNote, "task": TypeNote, "todo": TypeNote, "notes": TypeNote,
	"skills": TypeSkill, "howto": TypeSkill,
}

func typeName(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if slices.Contains(Types, s) {
		return s
	}
	return typeNames[s]
}

// ErrNoJSON is the failure of an answer with no JSON array (or object holding one) in it.
var ErrNoJSON = errors.New("the answer holds no JSON array of memories")

// ParseLLM reads an LLM's answer defensively: code fences, prose around the JSON and an
// object wrapping the array ({"memories": […]}) are all accepted. Items with an unknown
// type or no storable content (storable) are dropped; confidence defaults to 0.7 and is clamped to 0..1;
// evidence keeps only numbers of messages in in (all of them when none is left). The
// facts are folded and capped at maxFacts. An answer with no JSON at all is an error (the
// pass failed); an empty array is not.
func ParseLLM(answer string, in []Indexed, maxFacts int) ([]Fact, error) {
	items, err := jsonItems(answer)
	if err != nil {
		return nil, err
	}
	allowed := make([]int, len(in))
	for i, m := range in {
		allowed[i] = m.Index
	}
	var out []Fact
	for _, it := range items {
		o, ok := it.(map[string]any)
		if !ok {
			continue
		}
		typ := typeName(str(o["type"]))
		content := clip(str(o["content"]))
		if typ == "" || content == "" || !storable(content) {
			continue
		}
		f := Fact{Type: typ, Content: content, Confidence: 0.7,
			Subject: field(str(o["subject"])), Predicate: field(str(o["predicate"]))}
		if !storable(f.Subject) || !storable(f.Predicate) {
			f.Subject, f.Predicate = "", ""
		}
		if c, ok := number(o["confidence"]); ok {
			f.Confidence = math.Min(1, math.Max(0, c))
		}
		if ev, ok := o["evidence"].([]any); ok {
			for _, e := range ev {
				if n, ok := number(e); ok && n == math.Trunc(n) && slices.Contains(allowed, int(n)) {
					f.Evidence = append(f.Evidence, int(n))
				}
			}
		}
		if len(f.Evidence) == 0 {
			f.Evidence = slices.Clone(allowed)
		}
		slices.Sort(f.Evidence)
		f.Evidence = slices.Compact(f.Evidence)
		out = append(out, f)
	}
	return Cap(Fold(out), maxFacts), nil
}

// jsonItems finds the first JSON array of the answer (inside a code fence when there is
// one), or an object with one under "memories", "facts", "items" or "results".
func jsonItems(answer string) ([]any, error) {
	s := answer
	if i := strings.Index(s, "```"); i >= 0 {
		s = s[i+3:]
		if j := strings.Index(s, "```"); j >= 0 {
			s = s[:j]
		}
	}
	for tries := 0; tries < 16; tries++ {
		i := strings.IndexAny(s, "[{")
		if i < 0 {
			break
		}
		dec := json.NewDecoder(strings.NewReader(s[i:]))
		dec.UseNumber()
		var v any
		if dec.Decode(&v) == nil {
			switch v := v.(type) {
			case []any:
				return v, nil
			case map[string]any:
				for _, k := range []string{"memories", "facts", "items", "results"} {
					if a, ok := v[k].([]any); ok {
						return a, nil
					}
				}
				if _, ok := v["content"]; ok {
					return []any{v}, nil
				}
			}
		}
		s = s[i+1:]
	}
	return nil, ErrNoJSON
}

// storable reports whether s is text a memory may hold: valid UTF-8 without NUL, and
// without U+FFFD, which is what a lone surrogate escape ("\ud800") of the answer's JSON
// decodes to — text the model did not write as such. One such fact is dropped; the
// pass and the request go on (storing it would fail the whole commit).
func storable(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsRune(s, 0) && !strings.ContainsRune(s, utf8.RuneError)
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func field(s string) string { return truncate(strings.Join(strings.Fields(s), " "), maxFieldRunes) }

func number(v any) (float64, bool) {
	var f float64
	switch n := v.(type) {
	case json.Number:
		var err error
		if f, err = n.Float64(); err != nil {
			return 0, false
		}
	case string:
		var err error
		if f, err = strconv.ParseFloat(n, 64); err != nil {
			return 0, false
		}
	default:
		return 0, false
	}
	return f, !math.IsNaN(f) && !math.IsInf(f, 0)
}
