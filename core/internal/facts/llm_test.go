package facts

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestLLMInput(t *testing.T) {
	msgs := conv("short one", "This user message is long enough for the LLM pass.", "好的")
	msgs[3].Text = "An assistant message is never read by the LLM pass, however long."
	in := LLMInput(msgs, Options{})
	if len(in) != 1 || in[0].Index != 2 {
		t.Fatalf("got %+v", in)
	}
	if in := LLMInput(msgs[:4], Options{MinMessages: 6}); in != nil {
		t.Errorf("below the gate: %+v", in)
	}
	sys, user := Prompt(in)
	if !strings.Contains(sys, "JSON array") || user != "Messages from the user, numbered:\n[2] This user message is long enough for the LLM pass.\n" {
		t.Errorf("prompt %q", user)
	}
}

func TestExtractIndexed_keepsIndexes(t *testing.T) {
	in := []Indexed{{Index: 7, Text: "I prefer dark mode in every editor."}, {Index: 1 << 40, Text: "From now on, answer in French."}}
	got := ExtractIndexed(in)
	if len(got) != 2 || !slices.Equal(got[0].Evidence, []int{7}) || !slices.Equal(got[1].Evidence, []int{1 << 40}) {
		t.Fatalf("got %+v", got)
	}
}

func TestParseLLM(t *testing.T) {
	in := []Indexed{{Index: 4, Text: "x"}, {Index: 6, Text: "y"}}
	for _, tc := range []struct {
		name, answer string
		want         []Fact
		err          error
	}{
		{"plain", `[{"type":"preference","content":"User prefers tea","subject":"user","predicate":"likes","confidence":0.9,"evidence":[6]}]`,
			[]Fact{{Type: "preference", Content: "User prefers tea", Subject: "user", Predicate: "likes", Confidence: 0.9, Evidence: []int{6}}}, nil},
		{"fenced_with_prose", "Sure! Here you go:\n```json\n[{\"type\":\"Rule\",\"content\":\"Answer in French\"}]\n```\nHope that helps [1].",
			[]Fact{{Type: "rule", Content: "Answer in French", Confidence: 0.7, Evidence: []int{4, 6}}}, nil},
		{"wrapped", `{"memories":[{"type":"identity","content":"用户叫李明","confidence":"0.8","evidence":[4,4,99,"x"]}]}`,
			[]Fact{{Type: "profile", Content: "用户叫李明", Confidence: 0.8, Evidence: []int{4}}}, nil},
		{"bad_items_dropped", `[{"type":"opinion","content":"x"},{"type":"fact","content":"  "},"str",{"type":"fact","content":"ok","confidence":7}]`,
			[]Fact{{Type: "fact", Content: "ok", Confidence: 1, Evidence: []int{4, 6}}}, nil},
		{"trailing_text", `[{"type":"note","content":"a"}] and [{"type":"note","content":"b"}]`,
			[]Fact{{Type: "note", Content: "a", Confidence: 0.7, Evidence: []int{4, 6}}}, nil},
		{"bracket_in_prose_first", `[Note] the answer: [{"type":"note","content":"a"}]`,
			[]Fact{{Type: "note", Content: "a", Confidence: 0.7, Evidence: []int{4, 6}}}, nil},
		{"folded", `[{"type":"note","content":"Same thing"},{"type":"note","content":"same  THING","evidence":[6]}]`,
			[]Fact{{Type: "note", Content: "Same thing", Confidence: 0.7, Evidence: []int{4, 6}}}, nil},
		{"empty_array", `[]`, []Fact{}, nil},
		{"no_json", `I could not find anything.`, nil, ErrNoJSON},
		{"empty", ``, nil, ErrNoJSON},
		{"truncated", `[{"type":"note","content":"a"`, nil, ErrNoJSON},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseLLM(tc.answer, in, DefaultMaxFacts)
			if !errors.Is(err, tc.err) {
				t.Fatalf("err %v, want %v", err, tc.err)
			}
			if !slices.EqualFunc(got, tc.want, func(a, b Fact) bool {
				return a.Type == b.Type && a.Content == b.Content && a.Subject == b.Subject &&
					a.Predicate == b.Predicate && a.Confidence == b.Confidence && slices.Equal(a.Evidence, b.Evidence)
			}) {
				t.Errorf("got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestParseLLM_caps(t *testing.T) {
	var b strings.Builder
	b.WriteString("[")
	for i := range 20 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"type":"fact","content":"fact number ` + strings.Repeat("i", i+1) + `"}`)
	}
	b.WriteString("]")
	got, err := ParseLLM(b.String(), []Indexed{{Index: 0}}, 5)
	if err != nil || len(got) != 5 {
		t.Fatalf("%d facts, %v", len(got), err)
	}
	long, _ := ParseLLM(`[{"type":"fact","content":"`+strings.Repeat("word ", 200)+`","subject":"`+strings.Repeat("s", 500)+`"}]`, nil, 8)
	if len([]rune(long[0].Content)) > MaxContentRunes || len([]rune(long[0].Subject)) > maxFieldRunes {
		t.Errorf("content %d, subject %d characters", len([]rune(long[0].Content)), len([]rune(long[0].Subject)))
	}
}
