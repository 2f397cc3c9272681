package facts

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// conv returns a conversation: user messages are the given texts, each answered by an
// assistant "ok".
func conv(user ...string) []Message {
	var msgs []Message
	for _, u := range user {
		msgs = append(msgs, Message{Role: "user", Text: u}, Message{Role: "assistant", Text: "ok"})
	}
	return msgs
}

// TestExtract_gate: the default gate is one user or assistant message (a new user's first
// message is read); system and tool messages do not count; Options.MinMessages raises it.
func TestExtract_gate(t *testing.T) {
	for _, tc := range []struct {
		name   string
		msgs   []Message
		min    int
		facts  int
		reason string
	}{
		{"none", nil, 0, 0, ReasonTooFewMessages},
		{"system and tool only", []Message{{Role: "system", Text: "I prefer dark mode."}, {Role: "tool", Text: "I prefer dark mode."}}, 0, 0, ReasonTooFewMessages},
		{"first message", []Message{{Role: "user", Text: "I prefer dark mode."}}, 0, 1, ""},
		{"first message, zh", []Message{{Role: "user", Text: "我对花生过敏，帮我记一下"}}, 0, 1, ""},
		{"first message, small talk", []Message{{Role: "user", Text: "hello"}}, 0, 0, ReasonNoCues},
		// The option still raises the gate; system and tool messages do not count.
		{"raised, 4 of 6", conv("I prefer dark mode.", "hello"), 6, 0, ReasonTooFewMessages},
		{"raised, padded", append([]Message{{Role: "system", Text: "be nice"}, {Role: "tool", Text: "x"}}, conv("I prefer dark mode.", "hello")...), 6, 0, ReasonTooFewMessages},
		{"raised, 6 of 6", conv("I prefer dark mode.", "hello", "thanks"), 6, 1, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Extract(tc.msgs, Options{MinMessages: tc.min})
			if len(r.Facts) != tc.facts || r.Reason != tc.reason || r.Facts == nil {
				t.Fatalf("got %+v, want %d facts, reason %q", r, tc.facts, tc.reason)
			}
			if tc.reason == ReasonTooFewMessages && len(r.Read) != 0 {
				t.Errorf("the gate held, yet read %v", r.Read)
			}
		})
	}
}

// TestExtract_wholeAndKnown: a conversation is read whole (the 36-message conversation
// of issue 9 lost the user's name, employer and rules past the last 20); Known messages
// are not read again, and reading turn by turn gives the same facts as once at the end.
func TestExtract_wholeAndKnown(t *testing.T) {
	msgs := conv("My name is Ada Lovelace.", "I work at Stripe.", "From now on, answer in French.")
	for range 15 {
		msgs = append(msgs, conv("hello")...)
	}
	r := Extract(msgs, Options{})
	if len(r.Facts) != 3 || r.Facts[0].Predicate != "name" || len(r.Read) != 36 || r.Unread != 0 {
		t.Fatalf("36 messages: read %d, unread %d, facts %+v", len(r.Read), r.Unread, r.Facts)
	}
	// Turn by turn: each call knows what the ones before read.
	var union []Fact
	known := make([]bool, len(msgs))
	for end := 1; end <= len(msgs); end++ {
		r := Extract(msgs[:end], Options{Known: known[:end]})
		if r.Reason == ReasonTooFewMessages {
			continue
		}
		union = append(union, r.Facts...)
		for _, i := range r.Read {
			if known[i] {
				t.Fatalf("message %d read twice", i)
			}
			known[i] = true
		}
	}
	if got, want := fmt.Sprint(Fold(union)), fmt.Sprint(Extract(msgs, Options{}).Facts); got != want {
		t.Errorf("turn by turn:\n %s\nonce:\n %s", got, want)
	}
	all := make([]bool, len(msgs))
	for i := range all {
		all[i] = true
	}
	if r := Extract(msgs, Options{Known: all}); len(r.Facts) != 0 || r.Reason != ReasonAllRead || len(r.Read) != 0 {
		t.Errorf("all known: %+v", r)
	}
}

func TestExtract_foldsDuplicates(t *testing.T) {
	r := Extract(conv("I prefer dark mode.", "hello", "Again: I PREFER dark mode!"), Options{})
	if len(r.Facts) != 1 {
		t.Fatalf("want one folded fact: %+v", r.Facts)
	}
	if !slices.Equal(r.Facts[0].Evidence, []int{0, 4}) {
		t.Errorf("evidence %v, want [0 4]", r.Facts[0].Evidence)
	}
}

func TestFold_firstEightyCharacters(t *testing.T) {
	long := strings.Repeat("x", KeyRunes)
	in := []Fact{
		{Type: TypeNote, Content: long + " one", Confidence: 0.5, Evidence: []int{3}},
		{Type: TypeNote, Content: strings.ToUpper(long) + " two", Confidence: 0.9, Evidence: []int{1}},
		{Type: TypeRule, Content: long, Confidence: 0.5, Evidence: []int{2}},
	}
	out := Fold(in)
	if len(out) != 2 {
		t.Fatalf("folded to %d facts: %+v", len(out), out)
	}
	if out[0].Content != long+" one" || out[0].Confidence != 0.9 || !slices.Equal(out[0].Evidence, []int{1, 3}) {
		t.Errorf("folded fact %+v", out[0])
	}
	if in[0].Evidence[0] != 3 || len(in[0].Evidence) != 1 {
		t.Errorf("Fold changed its input: %v", in[0].Evidence)
	}
}

// TestExtract_capsAtEight: the cap is per message — a message that says more than 8
// things keeps its 8 most confident, in order; other messages have their own.
func TestExtract_capsAtEight(t *testing.T) {
	var parts []string
	for i := range 12 {
		parts = append(parts, fmt.Sprintf("I really love topic number %d.", i))
	}
	parts[9] = "My name is Grace Hopper." // more confident than a preference: kept
	one := strings.Join(parts, " ")
	r := Extract(conv(one, "I prefer tea."), Options{MinMessages: 1})
	if len(r.Facts) != DefaultMaxFacts+1 {
		t.Fatalf("%d facts, want %d: %+v", len(r.Facts), DefaultMaxFacts+1, r.Facts)
	}
	if !slices.ContainsFunc(r.Facts, func(f Fact) bool { return f.Predicate == "name" }) {
		t.Errorf("the most confident fact was dropped: %+v", r.Facts)
	}
	if r.Facts[DefaultMaxFacts].Content != "User prefers tea" {
		t.Errorf("the second message's fact: %+v", r.Facts[DefaultMaxFacts])
	}
	if r := Extract(conv(one), Options{MinMessages: 1, MaxFacts: 3}); len(r.Facts) != 3 {
		t.Errorf("MaxFacts 3: %d facts", len(r.Facts))
	}
}

// TestExtract_shapes checks what each category makes of a sentence, field by field.
func TestExtract_shapes(t *testing.T) {
	for _, tc := range []struct {
		text                  string
		typ, content, subject string
		predicate             string
	}{
		{"I don't like long meetings.", TypePreference, "User dislikes long meetings", "user", "dislikes"},
		{"I can't stand YAML.", TypePreference, "User dislikes YAML", "user", "dislikes"},
		{"我不喜欢吃香菜。", TypePreference, "用户不喜欢吃香菜", "user", "dislikes"},
		{"我喜欢用 Python 写脚本", TypePreference, "用户喜欢用 Python 写脚本", "user", "likes"},
		{"My name is Ada Lovelace.", TypeProfile, "User's name is Ada Lovelace", "user", "name"},
		{"我叫李明。", TypeProfile, "用户叫李明", "user", "name"},
		{"I'm an SRE engineer.", TypeProfile, "User is an SRE engineer", "user", "job"},
		{"I live in San Francisco, California.", TypeProfile, "User lives in San Francisco, California", "user", "location"},
		{"我住在上海。", TypeProfile, "用户住在上海", "user", "location"},
		{"I mostly use Emacs for everything.", TypeProfile, "User mostly uses Emacs for everything", "user", "uses"},
		{"I prefer small, focused commits.", TypePreference, "User prefers small, focused commits", "user", "prefers"},
		{"My daughter Lily is allergic to peanuts.", TypeProfile, "User's daughter Lily is allergic to peanuts", "user", "family"},
		{"下周三我要去北京参加设计大会，帮我记一下。", TypeFact, "用户下周三要去北京参加设计大会", "user", "event"},
		{"Every Tuesday I teach a yoga class at 7.", TypeProfile, "User teaches a yoga class at 7 every Tuesday", "user", "habit"},
		{"Remind me to renew my passport in March.", TypeFact, "User asked to be reminded to renew their passport in March", "user", "reminder"},
		{"记一下：周五下午三点和王总开会。", TypeFact, "用户周五下午三点和王总开会", "user", "event"},
		{"From now on, answer in French.", TypeRule, "From now on, answer in French.", "", ""},
		{"以后回答都用中文。", TypeRule, "以后回答都用中文。", "", ""},
		{"The migration is done.", TypeFact, "The migration is done.", "", ""},
		{"Lesson learned: pin your versions.", TypeError, "Lesson learned: pin your versions.", "", ""},
	} {
		r := Extract([]Message{{Role: "user", Text: tc.text}}, Options{MinMessages: 1})
		if len(r.Facts) != 1 {
			t.Errorf("%q: %d facts: %+v", tc.text, len(r.Facts), r.Facts)
			continue
		}
		f := r.Facts[0]
		if f.Type != tc.typ || f.Content != tc.content || f.Subject != tc.subject || f.Predicate != tc.predicate {
			t.Errorf("%q:\n got %s %q %q %q\nwant %s %q %q %q", tc.text, f.Type, f.Content, f.Subject, f.Predicate,
				tc.typ, tc.content, tc.subject, tc.predicate)
		}
		if f.Confidence <= 0 || f.Confidence > 1 || !slices.Equal(f.Evidence, []int{0}) {
			t.Errorf("%q: confidence %v evidence %v", tc.text, f.Confidence, f.Evidence)
		}
	}
}

// TestExtract_rolesAndQuotes: assistants are read for lessons only (their status
// reports and pleasantries are not facts about the user); system and tool messages, code
// blocks and Markdown quotes not at all; requests for content and fiction are material,
// not the user speaking.
func TestExtract_rolesAndQuotes(t *testing.T) {
	for _, tc := range []struct {
		msg  Message
		want int
	}{
		{Message{Role: "assistant", Text: "I love helping people. From now on I will be brief."}, 0},
		{Message{Role: "assistant", Text: "I've fixed the race condition in the scheduler."}, 0},
		{Message{Role: "assistant", Text: "Great — the export job is fixed and deployed."}, 0},
		{Message{Role: "assistant", Text: "The root cause was a missing index on orders.user_id."}, 1},
		{Message{Role: "user", Text: "翻译：我喜欢猫"}, 0},
		{Message{Role: "user", Text: "Summarize this: I grew up in Ohio and I work in Seattle."}, 0},
		{Message{Role: "user", Text: "In my story, the hero is allergic to cats."}, 0},
		{Message{Role: "user", Text: "Please draft a note to the landlord."}, 0},
		{Message{Role: "user", Text: "Do I like cats?"}, 0},
		{Message{Role: "user", Text: "If I lived in Tokyo, I'd eat ramen every day."}, 0},
		{Message{Role: "system", Text: "Always answer in English."}, 0},
		{Message{Role: "tool", Text: "ERROR: connection refused"}, 0},
		{Message{Role: "user", Text: "Look:\n```\nI prefer tabs. Always use tabs.\n```"}, 0},
		{Message{Role: "user", Text: "> I prefer tabs, always.\nWhat do you think?"}, 0},
		{Message{Role: "user", Text: "他说“我喜欢跑步”。"}, 0},
	} {
		if r := Extract([]Message{tc.msg}, Options{MinMessages: 1}); len(r.Facts) != tc.want {
			t.Errorf("%s %q: %+v", tc.msg.Role, tc.msg.Text, r.Facts)
		}
	}
}

func TestSentences(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"I like Go. I use Node.js daily! Ok?", []string{"I like Go.", "I use Node.js daily!", "Ok?"}},
		{"See e.g. the docs. J. Smith agrees.", []string{"See e.g. the docs.", "J. Smith agrees."}},
		{"我喜欢咖啡。不喜欢茶！好吗？", []string{"我喜欢咖啡。", "不喜欢茶！", "好吗？"}},
		{`He said "stop." Then left.`, []string{`He said "stop."`, "Then left."}},
		{"line one\nline two", []string{"line one", "line two"}},
		{"v1.2 is out…and more", []string{"v1.2 is out…", "and more"}},
	} {
		var got []string
		for _, s := range sentences(tc.in) {
			got = append(got, s.s)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: got %q, want %q", tc.in, got, tc.want)
		}
	}
	if n := len(sentences(strings.Repeat("Hi. ", 500))); n != maxSentences {
		t.Errorf("%d sentences of a long message, want %d", n, maxSentences)
	}
	if n := len(sentences(strings.Repeat("a", maxSentenceRunes+1))); n != 0 {
		t.Errorf("a sentence over %d characters was kept", maxSentenceRunes)
	}
}

func TestKey(t *testing.T) {
	if Key("Ｈｅｌｌｏ   World") != Key("hello world") {
		t.Error("Key does not fold width, case and spaces")
	}
	if k := Key(strings.Repeat("字", 100)); len([]rune(k)) != KeyRunes {
		t.Errorf("key of %d runes", len([]rune(k)))
	}
}

// TestExtract_readBudget: a message is read up to MaxMessageRunes characters, and a call
// up to MaxScanRunes, newest messages first.
func TestExtract_readBudget(t *testing.T) {
	pad := strings.Repeat("Nothing to see here. ", MaxMessageRunes/20)
	late := []Message{{Role: "user", Text: pad + "I prefer dark mode."}}
	if r := Extract(late, Options{MinMessages: 1}); len(r.Facts) != 0 {
		t.Errorf("read past %d characters: %+v", MaxMessageRunes, r.Facts)
	}
	early := []Message{{Role: "user", Text: "I prefer dark mode. " + pad}}
	if r := Extract(early, Options{MinMessages: 1}); len(r.Facts) != 1 {
		t.Errorf("the start of a long message was not read: %+v", r.Facts)
	}
	// Long messages: the oldest ones are past the call's budget, left unread (whole).
	var msgs []Message
	n := MaxScanRunes/MaxMessageRunes + 1
	for i := range n {
		msgs = append(msgs, Message{Role: "user", Text: fmt.Sprintf("I prefer drink number %d. ", i) + pad})
	}
	r := Extract(msgs, Options{MinMessages: 1})
	if len(r.Facts) != n-1 || r.Facts[0].Evidence[0] != 1 || r.Unread != 1 || len(r.Read) != n-1 || r.Read[0] != 1 {
		t.Errorf("want the newest %d messages read, in order, and 1 unread: read %v, unread %d, %+v", n-1, r.Read, r.Unread, r.Facts)
	}
	if b, unread := readBudget(msgs, Options{}); b[0] != -1 || b[n-1] != MaxMessageRunes || unread != 1 {
		t.Errorf("budget %v, unread %d", b, unread)
	}
}

// TestPrefilter_changesNothing: the literal prefilters only skip sentences their pattern
// cannot match. Every labelled case and fuzz seed gives the same facts with them off.
func TestPrefilter_changesNothing(t *testing.T) {
	var convs [][]Message
	for _, c := range loadLabelled(t) {
		var msgs []Message
		for _, m := range c.Messages {
			msgs = append(msgs, Message{Role: m.Role, Text: m.Content})
		}
		convs = append(convs, msgs)
	}
	for _, s := range []string{"I  PREFER\tdark mode", "FROM NOW ON answer in French", "Stop   ADDING comments",
		"i am A VEGETARIAN", "I'm  Tom.", "We  Deployed it", "BUG: 有个BUG", "He   SAID he loves tea", "Could you  Always be brief?"} {
		convs = append(convs, []Message{{Role: "user", Text: s}})
	}
	defer func() { prefilter = true }()
	for _, msgs := range convs {
		prefilter = true
		with := Extract(msgs, Options{MinMessages: 1})
		prefilter = false
		without := Extract(msgs, Options{MinMessages: 1})
		if fmt.Sprint(with) != fmt.Sprint(without) {
			t.Errorf("%q:\n with prefilter    %+v\n without prefilter %+v", msgs, with.Facts, without.Facts)
		}
	}
}
