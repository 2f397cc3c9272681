package eval

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Dataset is one LoCoMo-format file, validated.
type Dataset struct {
	Name    string // the file's base name, for reports
	Path    string
	Samples []Sample
}

// Sample is one conversation with its questions.
type Sample struct {
	ID       string // sample_id, or "#<n>" (1-based) when the file has none
	SpeakerA string
	SpeakerB string
	Sessions []Session // by session number
	QA       []QA

	// DuplicateIDs counts turns whose dia_id (canonical) repeats an earlier turn's.
	DuplicateIDs int
}

// Session is one session_N of a conversation.
type Session struct {
	Key      string     // "session_3"
	N        int        // 3
	DateTime string     // session_3_date_time as written ("" when absent)
	Time     *time.Time // DateTime parsed (see ParseSessionTime), nil when it is not
	Turns    []Turn
}

// Turn is one dialogue turn.
type Turn struct {
	Speaker     string
	DiaID       string // as written
	Text        string
	BlipCaption string // LoCoMo's caption of a shared image, "" when none
}

// QA is one question. Answer is not needed to measure retrieval and is not kept.
type QA struct {
	Question    string
	Category    int  // 0 when HasCategory is false
	HasCategory bool //
	Evidence    []string
}

// Load reads and validates a LoCoMo-format file. Errors name the file and, for bad
// content, the sample and the field.
func Load(path string) (*Dataset, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s: cannot read data file: %w", path, err)
	}
	return Parse(path, data)
}

// Parse validates data, a LoCoMo-format JSON document read from path (used in errors).
// The top level is a list of samples; a single sample object is accepted too.
func Parse(path string, data []byte) (*Dataset, error) {
	ds := &Dataset{Name: filepath.Base(path), Path: path}
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%s: %s", path, fmt.Sprintf(format, args...))
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // a UTF-8 byte order mark
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, fail("empty file, want a JSON list of LoCoMo samples")
	}
	var raws []json.RawMessage
	switch trimmed[0] {
	case '[':
		if err := json.Unmarshal(trimmed, &raws); err != nil {
			return nil, fail("not valid JSON: %v", jsonError(trimmed, err))
		}
	case '{':
		if !json.Valid(trimmed) {
			var v any
			return nil, fail("not valid JSON: %v", jsonError(trimmed, json.Unmarshal(trimmed, &v)))
		}
		raws = []json.RawMessage{trimmed}
	default:
		return nil, fail("not a JSON list of LoCoMo samples (starts with %q)", string(trimmed[:min(len(trimmed), 20)]))
	}
	if len(raws) == 0 {
		return nil, fail("no samples: the list is empty")
	}
	ids := map[string]int{}
	for i, raw := range raws {
		s, err := parseSample(raw, i)
		if err != nil {
			return nil, fail("%v", err)
		}
		if prev, dup := ids[s.ID]; dup {
			return nil, fail("sample %d has sample_id %q, as sample %d does", i+1, s.ID, prev)
		}
		ids[s.ID] = i + 1
		ds.Samples = append(ds.Samples, s)
	}
	return ds, nil
}

// jsonError adds the line and column of a syntax error.
func jsonError(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off := int(min(se.Offset, int64(len(data))))
		line := 1 + bytes.Count(data[:off], []byte("\n"))
		col := off - bytes.LastIndexByte(data[:off], '\n')
		return fmt.Errorf("line %d column %d: %v", line, col, err)
	}
	return err
}

type rawSample struct {
	SampleID     json.RawMessage            `json:"sample_id"`
	Conversation map[string]json.RawMessage `json:"conversation"`
	QA           []json.RawMessage          `json:"qa"`
}

type rawTurn struct {
	Speaker     *string `json:"speaker"`
	DiaID       *string `json:"dia_id"`
	Text        *string `json:"text"`
	BlipCaption *string `json:"blip_caption"`
}

type rawQA struct {
	Question json.RawMessage `json:"question"`
	Evidence json.RawMessage `json:"evidence"`
	Category json.RawMessage `json:"category"`
}

// parseSample validates the i-th (0-based) sample.
func parseSample(raw json.RawMessage, i int) (Sample, error) {
	label := fmt.Sprintf("sample %d", i+1)
	var rs rawSample
	if err := json.Unmarshal(raw, &rs); err != nil {
		return Sample{}, fmt.Errorf("%s: want an object {sample_id, conversation, qa}: %v", label, err)
	}
	s := Sample{ID: "#" + strconv.Itoa(i+1)}
	if id, ok := scalarString(rs.SampleID); ok && strings.TrimSpace(id) != "" {
		s.ID = id
		label = fmt.Sprintf("sample %d (sample_id %q)", i+1, id)
	} else if !isNull(rs.SampleID) {
		return Sample{}, fmt.Errorf("%s: sample_id must be a string or a number, got %s", label, clip(rs.SampleID))
	}
	if rs.Conversation == nil {
		return Sample{}, fmt.Errorf("%s: no \"conversation\" object", label)
	}
	c := rs.Conversation
	for _, k := range []string{"speaker_a", "speaker_b"} {
		v, ok := c[k]
		if !ok || isNull(v) {
			continue
		}
		str, ok := scalarString(v)
		if !ok {
			return Sample{}, fmt.Errorf("%s: conversation.%s must be a string, got %s", label, k, clip(v))
		}
		if k == "speaker_a" {
			s.SpeakerA = str
		} else {
			s.SpeakerB = str
		}
	}

	seen := map[string]string{} // canonical dia_id -> where it was first seen
	for key, v := range c {
		n, ok := sessionNumber(key)
		if !ok {
			continue
		}
		field := "conversation." + key
		if isNull(v) {
			continue
		}
		var raws []json.RawMessage
		if err := json.Unmarshal(v, &raws); err != nil {
			return Sample{}, fmt.Errorf("%s: %s must be a list of turns, got %s", label, field, clip(v))
		}
		sess := Session{Key: key, N: n}
		if dt, ok := c[key+"_date_time"]; ok && !isNull(dt) {
			str, ok := scalarString(dt)
			if !ok {
				return Sample{}, fmt.Errorf("%s: %s_date_time must be a string, got %s", label, field, clip(dt))
			}
			sess.DateTime = str
			sess.Time = ParseSessionTime(str)
		}
		for j, rt := range raws {
			var t rawTurn
			tf := fmt.Sprintf("%s[%d]", field, j)
			if err := json.Unmarshal(rt, &t); err != nil {
				return Sample{}, fmt.Errorf("%s: %s must be a turn {speaker, dia_id, text}: %v", label, tf, err)
			}
			if t.DiaID == nil || strings.TrimSpace(*t.DiaID) == "" {
				return Sample{}, fmt.Errorf("%s: %s has no dia_id", label, tf)
			}
			id := CanonicalID(*t.DiaID)
			if _, dup := seen[id]; dup {
				s.DuplicateIDs++ // tolerated: retrieving any turn of that id counts
			} else {
				seen[id] = tf
			}
			sess.Turns = append(sess.Turns, Turn{Speaker: deref(t.Speaker), DiaID: *t.DiaID,
				Text: deref(t.Text), BlipCaption: deref(t.BlipCaption)})
		}
		s.Sessions = append(s.Sessions, sess)
	}
	if len(seen) == 0 {
		return Sample{}, fmt.Errorf("%s: the conversation has no turns (want keys session_1..session_N holding lists of turns)", label)
	}
	sort.Slice(s.Sessions, func(a, b int) bool { return s.Sessions[a].N < s.Sessions[b].N })

	for j, rq := range rs.QA {
		qf := fmt.Sprintf("qa[%d]", j)
		var q rawQA
		if err := json.Unmarshal(rq, &q); err != nil {
			return Sample{}, fmt.Errorf("%s: %s must be an object {question, evidence, category}: %v", label, qf, err)
		}
		question, ok := scalarString(q.Question)
		if !ok || strings.TrimSpace(question) == "" {
			return Sample{}, fmt.Errorf("%s: %s has no question (a non-empty string)", label, qf)
		}
		item := QA{Question: question}
		if !isNull(q.Category) {
			cs, ok := scalarString(q.Category)
			n, err := strconv.Atoi(strings.TrimSpace(cs))
			if !ok || err != nil {
				return Sample{}, fmt.Errorf("%s: %s.category must be an integer, got %s", label, qf, clip(q.Category))
			}
			item.Category, item.HasCategory = n, true
		}
		switch {
		case isNull(q.Evidence):
		case bytes.HasPrefix(bytes.TrimSpace(q.Evidence), []byte("[")):
			var ev []json.RawMessage
			if err := json.Unmarshal(q.Evidence, &ev); err != nil {
				return Sample{}, fmt.Errorf("%s: %s.evidence: %v", label, qf, err)
			}
			for _, e := range ev {
				str, ok := scalarString(e)
				if !ok {
					return Sample{}, fmt.Errorf("%s: %s.evidence must hold dia_id strings, got %s", label, qf, clip(e))
				}
				item.Evidence = append(item.Evidence, str)
			}
		default:
			str, ok := scalarString(q.Evidence)
			if !ok {
				return Sample{}, fmt.Errorf("%s: %s.evidence must be a list of dia_id strings, got %s", label, qf, clip(q.Evidence))
			}
			item.Evidence = []string{str}
		}
		s.QA = append(s.QA, item)
	}
	return s, nil
}

// sessionNumber reports whether key is "session_<N>" (N >= 0) and returns N.
func sessionNumber(key string) (int, bool) {
	rest, ok := strings.CutPrefix(key, "session_")
	if !ok || rest == "" {
		return 0, false
	}
	for _, c := range rest {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil
}

// scalarString returns a JSON string's value, or a JSON number as written.
func scalarString(v json.RawMessage) (string, bool) {
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		return "", false
	}
	switch {
	case v[0] == '"':
		var s string
		err := json.Unmarshal(v, &s)
		return s, err == nil
	case v[0] == '-' || ('0' <= v[0] && v[0] <= '9'):
		var n json.Number
		err := json.Unmarshal(v, &n)
		return n.String(), err == nil
	}
	return "", false
}

func isNull(v json.RawMessage) bool {
	v = bytes.TrimSpace(v)
	return len(v) == 0 || string(v) == "null"
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// clip shows a JSON value in an error, cut to 60 bytes.
func clip(v json.RawMessage) string {
	s := string(bytes.TrimSpace(v))
	if len(s) > 60 {
		s = s[:60] + "…"
	}
	if s == "" {
		return "nothing"
	}
	return s
}

// sessionLayouts are the date formats ParseSessionTime tries, on the lowercased string.
var sessionLayouts = []string{
	// Month names match case-insensitively; "pm" matches the lowercased input.
	"3:04 pm on 2 January, 2006", // LoCoMo: "1:56 pm on 8 May, 2023"
	"3:04 pm on 2 Jan, 2006",
	"3:04 pm on January 2, 2006",
	"3:04pm on 2 January, 2006",
	"15:04 on 2 January, 2006",
	"2006-01-02t15:04:05",
	"2006-01-02 15:04:05",
	"2006-01-02 15:04",
	"2006-01-02",
	"2006/01/02 15:04:05",
	"2006/01/02 15:04",
	"2006/01/02",
	"January 2, 2006",
	"2 January, 2006",
	"2 January 2006",
	"2006年01月02日 15:04", // MemDaily: "2024年04月01日 周一 08:30", the weekday removed
	"2006年1月2日 15:04:05",
	"2006年1月2日 15:04",
	"2006年1月2日15:04",
	"2006年1月2日",
}

// cnWeekday matches a Chinese weekday written inside a date ("周一", "星期日"), which the
// layouts leave out.
var cnWeekday = regexp.MustCompile(`(周|星期|礼拜)[一二三四五六日天]`)

// ParseSessionTime parses a session's date_time ("1:56 pm on 8 May, 2023", ISO 8601
// dates, "2023年5月8日 13:56", …) as UTC; nil when no known layout fits or the year is
// outside 1970–9999 (what the engine accepts).
func ParseSessionTime(s string) *time.Time {
	ok := func(t time.Time) *time.Time {
		t = t.UTC()
		if t.Year() < 1970 || t.Year() > 9999 {
			return nil
		}
		return &t
	}
	if t, err := time.Parse(time.RFC3339, strings.TrimSpace(s)); err == nil {
		return ok(t)
	}
	s = strings.Join(strings.Fields(cnWeekday.ReplaceAllString(strings.ToLower(s), " ")), " ")
	if s == "" {
		return nil
	}
	for _, layout := range sessionLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return ok(t)
		}
	}
	return nil
}
