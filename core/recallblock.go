package core

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/compact"
	"github.com/memcore/memcore/core/internal/text"
)

// Auto-recall's progressive disclosure (docs/CONTEXT.md, "Recall block"): memories first,
// then the raw turns of earlier sessions, so what fact extraction missed still reaches
// the model; and for a question about the user as a whole, the user's profile.

// Kinds of RecalledItem.
const (
	RecalledMemory   = "memory"
	RecalledTurn     = "turn"
	RecalledDocument = "document"
)

// Turn fallback and profile parameters.
const (
	recallTurnLimit   = 3   // turns of earlier sessions in the block, at most
	recallTurnChars   = 300 // characters of turn text in the block, beside recallChars of memories
	recallTurnPool    = 8   // turns searched, before the current session's are left out
	recallTurnCands   = 24  // BM25 candidates the session boost judges them among
	recallProfileMax  = 10  // profile memories for an about-me question (the block's budget cuts it further)
	recallUserDocMax  = 300 // characters of the USER document when the snapshot lacks it
	recallTurnMinRel  = 0.3 // a turn's BM25 / the best turn's, at least
	recallItemPerTurn = 200 // characters of one turn, at most
)

// RecalledItem is one entry of the <recalled-memories> block: where it came from (a
// memory, a turn of an earlier session, or the USER document) and when, so a host can
// show what the model saw and why.
type RecalledItem struct {
	Kind      string    `json:"kind"`                // memory, turn or document
	ID        string    `json:"id"`                  // memory id, turn id, or the document's name
	Type      string    `json:"type,omitempty"`      // the memory's type
	SessionID string    `json:"sessionId,omitempty"` // the turn's session
	Role      string    `json:"role,omitempty"`      // the turn's role
	At        time.Time `json:"at"`                  // memory updatedAt, turn createdAt, document updatedAt
	Text      string    `json:"text"`                // as shown in the block (maybe cut)
}

// aboutUserCues are phrases of a question about the user as a whole ("what do you know
// about me", "你记得我什么"), matched in the normalized question.
var aboutUserCues = []string{
	"about me", "who am i", "my profile", "know me", "remember me",
	"记得我什么", "知道我什么", "了解我什么", "关于我", "我是谁", "我的情况", "了解我", "记得我",
}

// isAboutUser reports whether the question asks about the user as a whole.
func isAboutUser(q string) bool { return questionHasCue(q, aboutUserCues) }

// questionHasCue reports whether the question holds one of cues: an English cue as whole words of
// the normalized question ("about me", not "about meetings"; an apostrophe stays inside a
// word, "shouldn't you"), a CJK one as a substring.
func questionHasCue(q string, cues []string) bool {
	n := text.Normalize(q)
	words := " " + strings.Join(strings.FieldsFunc(n, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\''
	}), " ") + " "
	for _, c := range cues {
		if c[0] < utf8.RuneSelf {
			if strings.Contains(words, " "+c+" ") {
				return true
			}
		} else if strings.Contains(n, c) {
			return true
		}
	}
	return false
}

// gatherRecall collects the block's candidates: for an about-me question the profile
// (USER document when the session's snapshot lacks it, then profile and preference
// memories, most important first), for a question about the user's rules the rule
// memories (recallrules.go), then the memories recalled for q, then the turns of
// other sessions that match q, that no shown memory was learned from, and that say
// something (not "Got it.": compact.NoFinding).
func (n *Namespace) gatherRecall(ctx context.Context, q, newest, session, snapshot string, withTurns bool) ([]RecalledItem, error) {
	var items []RecalledItem
	seen := map[string]bool{}
	fromTurns := map[string]bool{} // turns a shown memory was learned from
	addMemory := func(m *Memory) {
		if seen[m.ID] {
			return
		}
		seen[m.ID] = true
		if m.Source != nil {
			for _, id := range m.Source.TurnIDs {
				fromTurns[id] = true
			}
		}
		t := m.Content
		if m.Title != "" && !strings.Contains(m.Content, m.Title) {
			t = titled(m.Title, t)
		}
		t += cardText(m.Card) // the memory's card, when it has one (cards.go)
		items = append(items, RecalledItem{Kind: RecalledMemory, ID: m.ID, Type: m.Type, At: m.UpdatedAt, Text: t})
	}
	if isAboutUser(newest) {
		if !strings.Contains(snapshot, "## "+DocUser+"\n") {
			var (
				content string
				at      time.Time
				ok      bool
			)
			err := n.e.do(ctx, func() (err error) {
				content, at, ok, err = n.e.db.GetDocument(n.name, DocUser)
				return err
			})
			if err != nil {
				return nil, err
			}
			if ok && strings.TrimSpace(content) != "" {
				items = append(items, RecalledItem{Kind: RecalledDocument, ID: DocUser, At: at,
					Text: clipRunes(strings.Join(strings.Fields(content), " "), recallUserDocMax)})
			}
		}
		ms, err := n.profileMemories(ctx)
		if err != nil {
			return nil, err
		}
		for _, m := range ms[:min(len(ms), recallProfileMax)] {
			addMemory(m)
		}
	}
	if isAboutRules(newest) { // recallrules.go: the rules, whatever their words
		ms, err := n.ruleMemories(ctx)
		if err != nil {
			return nil, err
		}
		for _, m := range ms {
			addMemory(m)
		}
	}
	if strings.TrimSpace(q) == "" {
		return items, nil
	}
	// A peek: injecting memories every turn is not the agent asking for them, and
	// counting it would heat whatever was recalled into being recalled again.
	hits, err := n.Recall(ctx, q, RecallOptions{Limit: recallLimit, Peek: true})
	if err != nil {
		return nil, err
	}
	for _, h := range hits {
		addMemory(h.Memory)
	}
	if !withTurns {
		return items, nil
	}
	turns, err := n.searchTurns(ctx, q, SearchTurnsOptions{Limit: recallTurnPool}, recallTurnCands)
	if err != nil {
		return nil, err
	}
	best, added := 0.0, 0
	for _, h := range turns {
		if h.Turn.SessionID == session {
			continue // the conversation itself is in the messages
		}
		best = max(best, h.Score)
		if added == recallTurnLimit || h.Score < recallTurnMinRel*best || fromTurns[h.Turn.ID] ||
			coveredByMemory(h.Turn.Content, items) || compact.NoFinding(h.Turn.Content) {
			continue // an acknowledgement ("Got it.") is found by the words it answers, and says nothing
		}
		items = append(items, RecalledItem{Kind: RecalledTurn, ID: h.Turn.ID, SessionID: h.Turn.SessionID,
			Role: h.Turn.Role, At: h.Turn.CreatedAt, Text: clipRunes(h.Turn.Content, recallItemPerTurn)})
		added++
	}
	return items, nil
}

// coveredByMemory reports whether a turn says what a shown memory already says (one's
// normalized text contains the other's).
func coveredByMemory(turn string, items []RecalledItem) bool {
	t := strings.Join(strings.Fields(text.Normalize(turn)), " ")
	for _, it := range items {
		if it.Kind != RecalledMemory {
			continue
		}
		m := strings.Join(strings.Fields(text.Normalize(it.Text)), " ")
		if m != "" && (strings.Contains(t, m) || strings.Contains(m, t)) {
			return true
		}
	}
	return false
}

// renderRecall renders items as a <recalled-memories> block, each marked with where it
// came from and when: at most recallChars characters of memory and document text and
// recallTurnChars of turn text (the first item of each is cut to fit; later ones that
// do not fit are left out). It returns the block ("" for no items) and the items shown.
func renderRecall(items []RecalledItem) (string, []RecalledItem) {
	if len(items) == 0 {
		return "", nil
	}
	var b strings.Builder
	b.WriteString(recallOpen + "\n")
	left := map[bool]int{false: recallChars, true: recallTurnChars} // by "is a turn"
	shown := map[bool]int{}
	var used []RecalledItem
	for _, it := range items {
		isTurn := it.Kind == RecalledTurn
		t := strings.Join(strings.Fields(sanitizeRecall(it.Text)), " ")
		n := utf8.RuneCountInString(t)
		if n > left[isTurn] {
			if shown[isTurn] > 0 || left[isTurn] < 20 {
				continue
			}
			t = clipRunes(t, left[isTurn]-1) + "…"
			n = left[isTurn]
		}
		fmt.Fprintf(&b, "- (%s) %s\n", itemLabel(it), t)
		left[isTurn] -= n
		shown[isTurn]++
		it.Text = t
		used = append(used, it)
	}
	if len(used) == 0 {
		return "", nil
	}
	b.WriteString(recallClose)
	return b.String(), used
}

// itemLabel says where an item came from: a memory's type, as the block has always
// shown it ("fact"; its date is in RecalledItem.At, the line stays what hosts and the
// protocol suite parse), a turn's conversation, role and day ("conversation s1, user,
// 2024-05-01"), "USER document, 2024-05-01".
func itemLabel(it RecalledItem) string {
	day := it.At.UTC().Format(time.DateOnly)
	switch it.Kind {
	case RecalledTurn:
		return fmt.Sprintf("conversation %s, %s, %s", clipRunes(sanitizeRecall(it.SessionID), 40), it.Role, day)
	case RecalledDocument:
		return fmt.Sprintf("%s document, %s", it.ID, day)
	}
	return it.Type
}

// titled puts a memory's title before its text: "Title: text", or "Title. text" when the
// title ends a sentence already (an episode's goal: "Episode: I'm Priya, … in Leeds.: Goal"
// read as a typo in the block).
func titled(title, text string) string {
	if r, _ := utf8.DecodeLastRuneInString(title); strings.ContainsRune(".!?。！？", r) {
		return title + " " + text
	}
	return title + ": " + text
}
