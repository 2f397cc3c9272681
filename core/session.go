package core

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/chat"
	"github.com/memcore/memcore/core/internal/compact"
	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/lazyre"
	"github.com/memcore/memcore/core/internal/store"
	"github.com/memcore/memcore/core/internal/text"
)

// Episode is what a finished session leaves behind: what it was about, how it went and
// what was learned. Its memory (MemoryID: a note tagged "episode") makes it recallable.
type Episode struct {
	ID         string    `json:"id"`
	SessionID  string    `json:"sessionId"`
	Summary    string    `json:"summary"`
	Goal       string    `json:"goal"`
	Outcome    string    `json:"outcome"`
	Entities   []string  `json:"entities"`
	ToolsUsed  []string  `json:"toolsUsed"`
	Lessons    []string  `json:"lessons"`
	Importance float64   `json:"importance"`
	StartedAt  time.Time `json:"startedAt"`
	EndedAt    time.Time `json:"endedAt"`
	MemoryID   string    `json:"memoryId,omitempty"`
}

// EndSessionResult is the episode of an ended session and how it was written.
type EndSessionResult struct {
	Episode *Episode `json:"episode"`
	// By is "llm" when the host's LLM wrote the summary fields, "heuristic" otherwise
	// (no LLM, or its answer failed or was unusable).
	By string `json:"by"`
}

// Episode limits.
const (
	episodeSummaryChars = 1200
	episodeGoalChars    = 300
	episodeOutcomeChars = 400
	episodeMaxEntities  = 20
	episodeMaxLessons   = 5
	episodeLessonChars  = 240
	episodeMaxTools     = 50
	episodeEntityBytes  = 256 << 10 // of the session's text, searched for entities
)

// EndSession ends a session: it writes its episode from the session's turns (and plan),
// stores it, marks the session ended and remembers a note (tags ["episode"], title
// "Episode: <goal>", the summary, outcome and lessons as content, source {sessionId}) so
// that recall finds it. With the host's LLM (Options.Complete) the summary, goal,
// outcome, entities, lessons and importance come from it; without one, or when it fails,
// they are computed deterministically. A session with no turns is not_found; ending a
// session twice is a conflict (episodes.list returns the first episode).
func (n *Namespace) EndSession(ctx context.Context, sessionID string) (*EndSessionResult, error) {
	c := checker{l: n.e.limits}
	c.sessionID(sessionID)
	if c.err != nil {
		return nil, c.err
	}
	var (
		turns []Turn
		plan  *Plan
		sess  *store.Session
	)
	err := n.e.do(ctx, func() (err error) {
		if sess, err = n.e.db.GetSession(n.name, sessionID); err != nil {
			return err
		}
		if err := n.checkNotEnded(sessionID, sess); err != nil {
			return err
		}
		if turns, err = n.e.db.SessionTurns(n.name, sessionID); err != nil {
			return err
		}
		plan, err = n.plan(sessionID)
		return err
	})
	if err != nil {
		return nil, err
	}
	if len(turns) == 0 {
		return nil, errs.New(errs.NotFound, "sessionId", "session %q has no turns: appendTurns first", sessionID)
	}
	ep := heuristicEpisode(turns, plan)
	by := "heuristic"
	if n.e.complete != nil {
		if llm, ok := n.llmEpisode(ctx, turns, plan); ok {
			mergeEpisode(&ep, llm)
			by = "llm"
		}
	}
	now := n.e.clock()
	ep.SessionID, ep.EndedAt = sessionID, now
	ep.StartedAt = turns[0].CreatedAt
	if sess != nil && sess.StartedAt.Before(ep.StartedAt) {
		ep.StartedAt = sess.StartedAt
	}
	ep.ID = n.e.ids.next(now)

	mem, err := n.e.newMemory(n.name, episodeMemory(&ep), now)
	if err != nil {
		return nil, errs.Wrap(errs.Internal, err, "episode memory")
	}
	ep.MemoryID = mem.ID
	var vec [][]float32
	var vecs map[string][]float32 // the embedding cache's answer (embedcache.go)
	if n.e.embedder != nil {
		vecs = n.embedCached(ctx, []string{embedText(mem)})
		if v := vecs[embedText(mem)]; v != nil {
			vec = [][]float32{v}
		}
	}
	err = n.e.tx(ctx, func() error {
		s, err := n.e.db.GetSession(n.name, sessionID)
		if err != nil {
			return err
		}
		if err := n.checkNotEnded(sessionID, s); err != nil {
			return err // ended meanwhile, while the LLM was writing
		}
		if err := n.e.db.InsertMemory(mem, ftsDoc(mem)); err != nil {
			return err
		}
		if vec != nil {
			if err := n.e.db.PutVector(n.name, mem.ID, vec[0]); err != nil {
				return err
			}
			if err := n.putEmbeddings(vecs); err != nil {
				return err
			}
		}
		// No history row: a creation is rebuilt from the live row (store.History).
		if err := n.e.db.InsertEpisode(n.name, toStoreEpisode(&ep)); err != nil {
			return err
		}
		if err := n.e.db.EnsureSession(n.name, sessionID, ep.StartedAt); err != nil {
			return err
		}
		return n.e.db.EndSession(n.name, sessionID, now)
	})
	if err != nil {
		return nil, err
	}
	return &EndSessionResult{Episode: &ep, By: by}, nil
}

func (n *Namespace) checkNotEnded(sessionID string, s *store.Session) error {
	if s != nil && s.EndedAt != nil {
		return errs.New(errs.Conflict, "sessionId", "session %q ended at %s: episodes.list returns its episode",
			sessionID, s.EndedAt.Format(time.RFC3339))
	}
	return nil
}

// Episodes lists the namespace's episodes, oldest first (of one session when sessionID
// is not "").
func (n *Namespace) Episodes(ctx context.Context, sessionID string) ([]Episode, error) {
	c := checker{l: n.e.limits}
	c.text("sessionId", sessionID, c.l.MaxFieldBytes, false)
	if c.err != nil {
		return nil, c.err
	}
	out := []Episode{}
	err := n.e.do(ctx, func() error {
		rows, err := n.e.db.ListEpisodes(n.name, sessionID)
		for _, r := range rows {
			out = append(out, Episode{ID: r.ID, SessionID: r.SessionID, Summary: r.Summary,
				Goal: r.Goal, Outcome: r.Outcome, Entities: r.Entities, ToolsUsed: r.ToolsUsed,
				Lessons: r.Lessons, Importance: r.Importance, StartedAt: r.StartedAt,
				EndedAt: r.EndedAt, MemoryID: r.MemoryID})
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func toStoreEpisode(e *Episode) *store.Episode {
	return &store.Episode{ID: e.ID, SessionID: e.SessionID, Summary: e.Summary, Goal: e.Goal,
		Outcome: e.Outcome, Entities: e.Entities, ToolsUsed: e.ToolsUsed, Lessons: e.Lessons,
		Importance: e.Importance, StartedAt: e.StartedAt, EndedAt: e.EndedAt, MemoryID: e.MemoryID}
}

// episodeMemory is the note that makes an episode recallable.
func episodeMemory(e *Episode) *MemoryInput {
	goal := e.Goal
	if goal == "" {
		goal = "session " + e.SessionID
	}
	var b strings.Builder
	b.WriteString(e.Summary)
	if e.Outcome != "" {
		b.WriteString("\nOutcome: " + e.Outcome)
	}
	if len(e.Lessons) > 0 {
		b.WriteString("\nLessons:")
		for _, l := range e.Lessons {
			b.WriteString("\n- " + l)
		}
	}
	imp := e.Importance
	return &MemoryInput{Type: TypeNote, Title: "Episode: " + clipChars(oneLine(goal), 200),
		Content: clipBytes(b.String(), 60<<10), Tags: []string{"episode"}, Importance: &imp,
		Source: &Source{SessionID: e.SessionID}}
}

// ---- the deterministic episode ----

// heuristicEpisode computes an episode's fields from the turns and the plan alone.
func heuristicEpisode(turns []Turn, plan *Plan) Episode {
	ep := Episode{Entities: []string{}, ToolsUsed: []string{}, Lessons: []string{}}
	ep.Summary = compact.Summarize(turnMessages(turns), episodeSummaryChars)
	ep.Goal = episodeGoal(turns, plan)
	ep.Outcome = episodeOutcome(turns, plan)
	var all strings.Builder
	for _, t := range turns {
		for _, name := range turnTools(t) {
			if !slices.Contains(ep.ToolsUsed, name) && len(ep.ToolsUsed) < episodeMaxTools {
				ep.ToolsUsed = append(ep.ToolsUsed, name)
			}
		}
		if t.Role != RoleSystem && t.Role != RoleDeveloper {
			all.WriteString(t.Content)
			all.WriteString("\n")
		}
	}
	ep.Entities = extractEntities(clipBytes(all.String(), episodeEntityBytes), episodeMaxEntities)
	var errors int
	ep.Lessons, errors = extractLessons(turns)
	ep.Importance = episodeImportance(turns, plan, len(ep.ToolsUsed), errors, len(ep.Lessons))
	return ep
}

// notALesson reports whether a sentence with a lesson cue is no lesson: a question ("你记得
// 我什么？" has 记得), a lead-in to what follows ("我记得："), or a fragment.
func notALesson(s string) bool {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, "?") || strings.HasSuffix(s, "？") || strings.HasSuffix(s, ":") || strings.HasSuffix(s, "：") {
		return true
	}
	if l := strings.ToLower(s); strings.Contains(l, "remind me") || strings.Contains(s, "提醒我") {
		return true // "下个月15号我妈过生日，记得提醒我": a task (its cue 记得), not a lesson
	}
	if instructionCueRE.MatchString(s) {
		return true // "记得别推荐有香菜的菜": a rule for the assistant (the summary's Preferences), not a lesson
	}
	return len(strings.Fields(s)) < 4 && utf8.RuneCountInString(s) < 8
}

// episodeOutcome says how the session ended: from the plan's steps when it has some,
// else from the last assistant turn.
func episodeOutcome(turns []Turn, plan *Plan) string {
	if plan != nil && len(plan.Steps) > 0 {
		var done, failed, active int
		var failedTitles []string
		for _, s := range plan.Steps {
			switch s.Status {
			case StepCompleted:
				done++
			case StepFailed:
				failed++
				failedTitles = append(failedTitles, oneLine(s.Title))
			case StepInProgress:
				active++
			}
		}
		total := len(plan.Steps)
		var out string
		switch {
		case done == total:
			out = fmt.Sprintf("completed: all %d plan steps done", total)
		case failed > 0:
			out = fmt.Sprintf("failed: %d of %d plan steps failed (%s); %d completed", failed, total,
				strings.Join(failedTitles, "; "), done)
		default:
			out = fmt.Sprintf("unfinished: %d of %d plan steps completed", done, total)
		}
		return clipChars(out, episodeOutcomeChars)
	}
	acked := false
	for i := len(turns) - 1; i >= 0; i-- {
		if turns[i].Role != RoleAssistant || strings.TrimSpace(turns[i].Content) == "" {
			continue
		}
		if compact.NoFinding(turns[i].Content) {
			acked = true // "Got it.", "Here is what I remember:": the answer is in an earlier turn, or none
			continue
		}
		s := sentences(turns[i].Content)
		return clipChars("answered: "+strings.Join(s[:min(2, len(s))], " "), episodeOutcomeChars)
	}
	if acked {
		return "no answer: the assistant only acknowledged"
	}
	return "no answer: the session has no assistant turn"
}

func episodeImportance(turns []Turn, plan *Plan, tools, errors, lessons int) float64 {
	v := 0.3 + math.Min(0.2, 0.01*float64(len(turns)))
	if tools > 0 {
		v += 0.1
	}
	v += math.Min(0.2, 0.05*float64(errors))
	if lessons > 0 {
		v += 0.1
	}
	if plan != nil {
		v += 0.1
	}
	return math.Round(math.Min(1, v)*100) / 100
}

// turnMessages turns a session's turns into chat messages for package compact: a tool
// turn becomes the call (an assistant message) and its result, so that tools are
// counted.
func turnMessages(turns []Turn) []chat.Message {
	out := make([]chat.Message, 0, len(turns))
	for i, t := range turns {
		if m, ok := callMessage(t); ok { // stored by appendMessages: the calls as they were
			out = append(out, m)
			continue
		}
		if t.Role == RoleTool {
			id := fmt.Sprintf("turn%d", i)
			out = append(out,
				chat.Message{Role: RoleAssistant, Blocks: []chat.Block{{Kind: chat.ToolCall, ID: id, Name: t.Name, Args: "{}"}}},
				chat.Message{Role: RoleTool, Blocks: []chat.Block{{Kind: chat.ToolResult, ID: id, Name: t.Name, Text: t.Content}}})
			continue
		}
		out = append(out, chat.NewText(t.Role, t.Content))
	}
	return out
}

// summarizeText is an extractive summary of one text: its first sentences within
// maxChars characters (the first one cut when it is longer).
func summarizeText(s string, maxChars int) string {
	var out []string
	n := 0
	for _, sent := range sentences(s) {
		l := utf8.RuneCountInString(sent) + 1
		if n+l > maxChars {
			if len(out) == 0 {
				return clipChars(sent, maxChars)
			}
			break
		}
		out, n = append(out, sent), n+l
	}
	return strings.Join(out, " ")
}

// sentences splits text into trimmed, white-space-folded sentences: at . ! ? followed by
// a space or the end (not at the period of an abbreviation: text.EndsWithAbbrev), at
// 。！？, and at line breaks.
func sentences(s string) []string {
	var out []string
	var cur strings.Builder
	flush := func() {
		if t := oneLine(cur.String()); t != "" {
			out = append(out, t)
		}
		cur.Reset()
	}
	rs := []rune(s)
	for i, r := range rs {
		switch {
		case r == '\n':
			flush()
			continue
		case r == '。' || r == '！' || r == '？':
			cur.WriteRune(r)
			flush()
			continue
		}
		cur.WriteRune(r)
		if (r == '.' || r == '!' || r == '?') && (i+1 == len(rs) || unicode.IsSpace(rs[i+1])) &&
			(r != '.' || i+1 == len(rs) || !text.EndsWithAbbrev(cur.String())) { // not at "St. Ives", "Dr. Patel"
			flush()
		}
	}
	flush()
	return out
}

// Cues of lessons and errors in a turn (lower-cased text).
var (
	// instructionCueRE is a lesson cue that opens an instruction to the assistant
	// ("记得别推荐…", "remember not to suggest…", "don't forget to use…"): a rule, which the
	// summary keeps among the preferences; the ninth new-user pass found one as a lesson.
	instructionCueRE = lazyre.New(`记得(?:别|不要|不能|少|多|用|给我|帮我)|注意(?:别|不要)|(?i)\b(?:remember|don't\s+forget)\s+(?:to\s+)?(?:not\s+to\s+|never\s+|always\s+)?(?:recommend|suggest|use|reply|answer|write|call|avoid|include|add)\b`)
	lessonCues       = []string{"lesson", "learned", "next time", "turns out", "turned out", "the fix",
		"fixed by", "root cause", "workaround", "remember to", "don't forget", "should have",
		"make sure", "教训", "下次", "原来", "记得", "注意", "解决办法", "经验"}
	errorCues = []string{"error", "failed", "failure", "exception", "traceback", "panic:",
		"doesn't work", "didn't work", "not working", "refused", "timed out", "timeout",
		"错误", "失败", "报错", "异常", "超时"}
)

func hasCue(lower string, cues []string) bool {
	for _, c := range cues {
		if strings.Contains(lower, c) {
			return true
		}
	}
	return false
}

// extractLessons returns the sentences with lesson cues (first), then error sentences,
// at most episodeMaxLessons, and how many turns had error cues.
func extractLessons(turns []Turn) ([]string, int) {
	var lessons, errorsSeen []string
	errTurns := 0
	add := func(list *[]string, s string) {
		s = clipChars(s, episodeLessonChars)
		if !slices.Contains(lessons, s) && !slices.Contains(errorsSeen, s) {
			*list = append(*list, s)
		}
	}
	for _, t := range turns {
		if t.Role == RoleSystem {
			continue
		}
		lower := strings.ToLower(t.Content)
		if hasCue(lower, errorCues) {
			errTurns++
		}
		for _, s := range sentences(t.Content) {
			ls := strings.ToLower(s)
			switch {
			case hasCue(ls, lessonCues) && !notALesson(s):
				add(&lessons, s)
			case hasCue(ls, errorCues):
				if t.Role == RoleTool && t.Name != "" {
					s = t.Name + ": " + s
				}
				add(&errorsSeen, s)
			}
		}
	}
	out := append(lessons, errorsSeen...)
	if len(out) > episodeMaxLessons {
		out = out[:episodeMaxLessons]
	}
	if out == nil {
		out = []string{}
	}
	return out, errTurns
}

// Entity patterns.
var (
	reCapitalised = lazyre.New(`\b[A-Z][\p{L}0-9]*(?:[ -][A-Z][\p{L}0-9]*)*`)
	reBacktick    = lazyre.New("`([^`\\s]{2,60})`")
	reCamel       = lazyre.New(`\b[a-z]+[A-Z][A-Za-z0-9]*\b`)
	reSnake       = lazyre.New(`\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b`)
	reCall        = lazyre.New(`\b[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)+\(`)
	reFile        = lazyre.New(`\b[\w./-]+\.(?:go|py|js|ts|tsx|jsx|json|md|yaml|yml|toml|sql|sh|rs|java|rb|c|h|cc|cpp|css|html|txt|csv)\b`)
	// CJK: a person with an honorific or 小/老 + surname, and places by suffix or name.
	cjkSurnames = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦方白邹孟熊秦邱江尹薛段雷侯龙史陶黎贺顾毛郝龚邵万钱严武戴莫孔汤"
	reCJKPerson = lazyre.New(`[` + cjkSurnames + `][\p{Han}]{0,2}?(?:先生|女士|小姐|老师|经理|总监|医生|教授|同学|师傅|总)|[小老阿][` + cjkSurnames + `]`)
	reCJKPlace  = lazyre.New(`[\p{Han}]{2,4}?(?:市|省|县|区|镇|村|机场|大学|医院|公司|银行|车站|火车站)`)
	cjkPlaces   = []string{"北京", "上海", "广州", "深圳", "杭州", "南京", "成都", "武汉", "西安", "重庆",
		"天津", "苏州", "长沙", "郑州", "青岛", "厦门", "大连", "沈阳", "哈尔滨", "昆明", "香港", "澳门",
		"台北", "东京", "大阪", "京都", "首尔", "新加坡", "纽约", "伦敦", "巴黎"}
	cjkPlacePrefixes = "去到在从往回飞住于向"
	// Capitalised words that start sentences or are otherwise not names.
	notNames = map[string]bool{"I": true, "I'm": true, "OK": true, "Ok": true, "Yes": true, "No": true,
		"Hi": true, "Hello": true, "Thanks": true, "Thank": true, "Please": true, "Sure": true,
		"User": true, "Assistant": true, "Tool": true, "Error": true, "Note": true}
)

// extractEntities finds names in text: capitalised words and runs (a sentence's first
// word only when it also appears capitalised mid-sentence, or is an acronym), code
// identifiers (backticked, camelCase, snake_case, dotted calls, file names), and CJK
// names of people (honorifics, 小/老 + surname) and places (suffixes, well-known
// cities). At most limit, in order of first appearance, deduplicated case-insensitively.
func extractEntities(s string, limit int) []string {
	type cand struct {
		name    string
		pos     int
		trusted bool // needs no second sighting
	}
	var cands []cand
	add := func(name string, pos int, trusted bool) {
		if utf8.RuneCountInString(name) < 2 || len(name) > 80 {
			return
		}
		cands = append(cands, cand{name, pos, trusted})
	}
	midSentence := map[string]bool{}
	lowerWords := map[string]bool{}
	for _, w := range reWord.FindAllString(s, -1) {
		lowerWords[w] = true
	}
	for _, loc := range reCapitalised.FindAllStringIndex(s, -1) {
		name := s[loc[0]:loc[1]]
		words := strings.Fields(strings.ReplaceAll(name, "-", " "))
		for len(words) > 0 && notNames[words[0]] {
			words = words[1:]
		}
		if len(words) == 0 {
			continue
		}
		name = strings.Join(words, " ")
		if len(words) == 1 && isStopwordName(name) {
			continue
		}
		initial := sentenceInitial(s, loc[0])
		if initial && len(words) > 1 && isCommonWord(lowerWords, words[0]) {
			// "Deploy Atlas to staging": an imperative, not a name of two words.
			loc[0] += strings.Index(name, words[1])
			words = words[1:]
			name = strings.Join(words, " ")
			initial = false
		}
		if !initial {
			midSentence[name] = true
		}
		acronym := len(name) >= 2 && strings.ToUpper(name) == name && !strings.ContainsAny(name, " ")
		add(name, loc[0], !initial || len(words) > 1 || acronym)
	}
	for i, c := range cands {
		if !c.trusted && midSentence[c.name] {
			cands[i].trusted = true
		}
	}
	for _, m := range reBacktick.FindAllStringSubmatchIndex(s, -1) {
		add(s[m[2]:m[3]], m[0], true)
	}
	for _, re := range []*lazyre.RE{reCamel, reSnake, reFile} {
		for _, loc := range re.FindAllStringIndex(s, -1) {
			add(s[loc[0]:loc[1]], loc[0], true)
		}
	}
	for _, loc := range reCall.FindAllStringIndex(s, -1) {
		add(strings.TrimSuffix(s[loc[0]:loc[1]], "("), loc[0], true)
	}
	for _, loc := range reCJKPerson.FindAllStringIndex(s, -1) {
		add(s[loc[0]:loc[1]], loc[0], true)
	}
	for _, loc := range reCJKPlace.FindAllStringIndex(s, -1) {
		name := s[loc[0]:loc[1]]
		for {
			r, size := utf8.DecodeRuneInString(name)
			if !strings.ContainsRune(cjkPlacePrefixes, r) || utf8.RuneCountInString(name) <= 3 {
				break
			}
			name = name[size:]
		}
		add(name, loc[0], true)
	}
	for _, p := range cjkPlaces {
		if i := strings.Index(s, p); i >= 0 {
			add(p, i, true)
		}
	}
	// First appearance first; at one position the longest match wins, and a match inside
	// one already taken (deploy_atlas in deploy_atlas.py) is not another entity.
	slices.SortStableFunc(cands, func(a, b cand) int {
		if a.pos != b.pos {
			return a.pos - b.pos
		}
		return len(b.name) - len(a.name)
	})
	out := []string{}
	seen := map[string]bool{}
	takenEnd := -1
	for _, c := range cands {
		k := strings.ToLower(c.name)
		if !c.trusted || seen[k] || c.pos+len(c.name) <= takenEnd || coveredBy(out, c.name) {
			continue
		}
		seen[k] = true
		takenEnd = max(takenEnd, c.pos+len(c.name))
		out = append(out, c.name)
		if len(out) == limit {
			break
		}
	}
	return out
}

// coveredBy reports whether a CJK name is part of one already found (北京 in 北京市).
func coveredBy(found []string, name string) bool {
	r, _ := utf8.DecodeRuneInString(name)
	if !unicode.Is(unicode.Han, r) {
		return false
	}
	for _, f := range found {
		if strings.Contains(f, name) {
			return true
		}
	}
	return false
}

func isStopwordName(w string) bool {
	switch strings.ToLower(w) {
	case "the", "a", "an", "this", "that", "these", "those", "it", "its", "we", "you", "he", "she",
		"they", "my", "our", "your", "what", "when", "where", "why", "how", "who", "which", "can",
		"could", "would", "should", "will", "do", "does", "did", "is", "are", "was", "were", "if",
		"then", "so", "but", "and", "or", "let", "let's", "also", "now", "here", "there", "great",
		"good", "done", "okay", "well", "just", "maybe", "in", "on", "at", "for", "to", "from",
		"with", "after", "before", "today", "tomorrow", "yesterday", "i'll", "i've", "it's",
		"don't", "not", "all", "some", "any", "no", "yes", "first", "next", "finally":
		return true
	}
	return false
}

// commonVerbs start many sentences capitalised without being names.
var commonVerbs = map[string]bool{"deploy": true, "run": true, "use": true, "add": true, "fix": true,
	"make": true, "create": true, "write": true, "check": true, "tell": true, "send": true, "show": true,
	"find": true, "build": true, "update": true, "install": true, "set": true, "get": true, "open": true,
	"call": true, "ask": true, "book": true, "move": true, "delete": true, "remove": true, "start": true,
	"stop": true, "test": true, "help": true, "try": true, "give": true, "keep": true, "read": true,
	"review": true, "change": true, "rename": true, "merge": true, "push": true, "pull": true, "email": true,
	"schedule": true, "cancel": true, "plan": true, "draft": true, "summarize": true, "summarise": true,
	"translate": true, "explain": true, "compare": true, "list": true, "search": true, "look": true}

// isCommonWord reports whether a capitalised word is rather a common word: a usual
// imperative, or one that the text also has in lower case (lowerWords). are the lower-case words of the text.
func isCommonWord(lowerWords map[string]bool, w string) bool {
	lw := strings.ToLower(w)
	return commonVerbs[lw] || isStopwordName(w) || lowerWords[lw]
}

var reWord = lazyre.New(`\b[a-z]+\b`)

// sentenceInitial reports whether position i of s starts a sentence (or a line).
func sentenceInitial(s string, i int) bool {
	j := i
	for j > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:j])
		if r == '\n' {
			return true
		}
		if !unicode.IsSpace(r) && r != '"' && r != '\'' && r != '(' && r != '*' && r != '-' && r != '>' {
			return r == '.' || r == '!' || r == '?' || r == ':' || r == '。' || r == '！' || r == '？'
		}
		j -= size
	}
	return true
}

// ---- the LLM episode ----

const episodeSystemPrompt = `You write the episode of a finished conversation between a user and an AI agent: a short record the agent will recall in later sessions.
Answer with one JSON object and nothing else:
{"summary": "3-6 sentences: what was asked, what was done, how it ended",
 "goal": "what the user wanted, one sentence",
 "outcome": "how it ended (completed / failed / unfinished, and why), one sentence",
 "entities": ["people, places, projects, products, code identifiers that matter"],
 "lessons": ["what to do or avoid next time; empty if none"],
 "importance": 0.0 to 1.0 (how much this session matters to remember)}
Write in the language the user wrote in.`

type llmEpisodeJSON struct {
	Summary    string   `json:"summary"`
	Goal       string   `json:"goal"`
	Outcome    string   `json:"outcome"`
	Entities   []string `json:"entities"`
	Lessons    []string `json:"lessons"`
	Importance *float64 `json:"importance"`
}

// llmEpisode asks the host's LLM for the episode; ok is false when it fails or its
// answer is unusable (then the heuristic episode stands).
func (n *Namespace) llmEpisode(ctx context.Context, turns []Turn, plan *Plan) (out llmEpisodeJSON, ok bool) {
	defer func() {
		if recover() != nil { // a host callback must not take the engine down
			ok = false
		}
	}()
	prompt := transcript(turns, plan, 24000)
	answer, err := n.e.complete(ctx, Completion{System: episodeSystemPrompt, JSON: true,
		MaxTokens: 800, Temperature: 0,
		Messages: []CompletionMessage{{Role: RoleUser, Content: prompt}}})
	if err != nil {
		return out, false
	}
	answer = strings.TrimSpace(answer)
	// Tolerate a fenced answer or words around the object.
	if i, j := strings.IndexByte(answer, '{'), strings.LastIndexByte(answer, '}'); i >= 0 && j > i {
		answer = answer[i : j+1]
	}
	if json.Unmarshal([]byte(answer), &out) != nil || !utf8.ValidString(answer) {
		return out, false
	}
	if strings.TrimSpace(out.Summary) == "" || strings.IndexByte(answer, 0) >= 0 {
		return out, false
	}
	// Escaped NULs and lone surrogates ("\u0000", "\ud800") survive the checks above
	// as decoded text: an episode made of them could not be exported and imported back.
	for _, s := range append([]string{out.Summary, out.Goal, out.Outcome}, append(out.Entities, out.Lessons...)...) {
		if strings.ContainsRune(s, 0) || strings.ContainsRune(s, utf8.RuneError) {
			return out, false
		}
	}
	return out, true
}

// mergeEpisode takes the LLM's fields over the heuristic ones, within the limits; tools
// used stay the ones the turns name.
func mergeEpisode(ep *Episode, l llmEpisodeJSON) {
	ep.Summary = clipChars(strings.TrimSpace(l.Summary), 4*episodeSummaryChars)
	if g := oneLine(l.Goal); g != "" {
		ep.Goal = clipChars(g, episodeGoalChars)
	}
	if o := oneLine(l.Outcome); o != "" {
		ep.Outcome = clipChars(o, episodeOutcomeChars)
	}
	if ents := cleanList(l.Entities, episodeMaxEntities, 80); len(ents) > 0 {
		ep.Entities = ents
	}
	if l.Lessons != nil {
		ep.Lessons = cleanList(l.Lessons, episodeMaxLessons, episodeLessonChars)
	}
	if l.Importance != nil && *l.Importance >= 0 && *l.Importance <= 1 {
		ep.Importance = math.Round(*l.Importance*100) / 100
	}
}

func cleanList(in []string, max, chars int) []string {
	out := []string{}
	for _, s := range in {
		s = oneLine(s)
		if s == "" || slices.Contains(out, s) {
			continue
		}
		out = append(out, clipChars(s, chars))
		if len(out) == max {
			break
		}
	}
	return out
}

// transcript renders the session for the LLM: the plan, then the turns, at most
// maxChars characters (compaction's transcript: the beginning and the end when longer).
func transcript(turns []Turn, plan *Plan, maxChars int) string {
	var b strings.Builder
	if plan != nil {
		w := workingState{plan: plan}
		b.WriteString(w.render(-1) + "\n\n# Conversation\n\n")
	}
	b.WriteString(compact.Transcript(turnMessages(turns), maxChars-utf8.RuneCountInString(b.String())))
	return b.String()
}

// Protocol ops.

type episodesArgs struct {
	nsArg
	SessionID string `json:"sessionId,omitempty"`
}

func opEndSession(ctx context.Context, n *Namespace, a *sessionArgs) (any, error) {
	return n.EndSession(ctx, a.SessionID)
}

func opEpisodesList(ctx context.Context, n *Namespace, a *episodesArgs) (any, error) {
	eps, err := n.Episodes(ctx, a.SessionID)
	return map[string]any{"episodes": eps}, err
}
