package facts

import (
	"strings"
	"testing"
)

// TestExtract_newUser runs the messages the web demo's new-user pass found mangled (issue 9
// items 1 and 6): a name read as a job, a claim with an unknown first word turned away, a
// mixed-language tail taken as the claim, a Chinese fact losing its owner, and two tools in
// one message giving overlapping facts. Each must yield the facts a reader would keep.
func TestExtract_newUser(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string // a substring of each fact, in order
		not        []string // no fact may contain these
		once       []string // each in at most one fact (facts must not overlap)
	}{
		{"nameHere", "Hey, Marcus here.", []string{"Marcus"}, []string{"is a marcus"}, nil},
		{"nameHereIt", "Hi, Priya here — I work in Leeds.", []string{"Priya", "Leeds"}, []string{"is a priya"}, nil},
		{"nameHereAge", "Hi there! Marta here, 52.", []string{"User's name is Marta", "User is 52"}, nil, nil},
		{"labelHere", "Vegan here.", []string{"User is a vegan"}, nil, nil},
		{"roleHere", "Nurse here.", []string{"User is a nurse"}, nil, nil},
		{"unknownFirstWord", "shellfish allergy fyi", []string{"shellfish allergy"}, nil, nil},
		{"unknownFirstWordAside", "severe peanut allergy btw", []string{"User has a severe peanut allergy"}, []string{"btw"}, nil},
		{"someoneElsesAllergy", "the allergy is bad", nil, nil, nil},
		{"bodyAside", "bad knee fyi", []string{"User has a bad knee"}, []string{"fyi"}, nil},
		{"mixedTail", "I'm lactose intolerant too, 跟乐乐一样。", []string{"User is lactose intolerant"}, []string{"跟乐乐", "too"}, nil},
		{"mixedTailList", "I'm vegan, 跟我老婆一样", []string{"User is vegan"}, []string{"跟"}, nil},
		{"zhFlight", "我下个月要去 Tokyo 出差，帮我记一下 flight 是 JL 61", []string{"用户下个月要去 Tokyo 出差", "用户的 flight 是 JL 61"}, nil, nil},
		{"zhThingIs", "帮我记一下航班号是 JL 61", []string{"用户的航班号是 JL 61"}, nil, nil},
		{"zhAlsoIsNoThing", "记住，我是素食者", []string{"用户是素食者"}, []string{"用户的"}, nil},
		{"twoTools", "I use Obsidian for notes and VS Code for coding", []string{"Obsidian for notes", "VS Code for coding"}, nil, []string{"Obsidian", "VS Code"}},
		{"threeTools", "I use Vim for code, Obsidian for notes and Todoist for tasks", []string{"User uses Vim for code", "Obsidian for notes", "Todoist for tasks"}, nil, []string{"Vim", "Obsidian", "Todoist"}},
		{"toolsNoPurpose", "I use a Mac, Docker and Postgres", []string{"User uses a Mac, Docker and Postgres", "Docker", "Postgres"}, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkFactsNot(t, tc.text, tc.want, tc.not)
			checkFactsOnce(t, tc.text, tc.once)
		})
	}
}

// checkFactsOnce fails when a string of once is in more than one of the facts Extract finds
// in the user's message text: facts that overlap say one thing twice.
func checkFactsOnce(t *testing.T, text string, once []string) {
	t.Helper()
	if len(once) == 0 {
		return
	}
	got := Extract([]Message{{Role: "user", Text: text}}, Options{MinMessages: 1}).Facts
	for _, o := range once {
		n := 0
		for _, f := range got {
			if strings.Contains(f.Content, o) {
				n++
			}
		}
		if n > 1 {
			t.Errorf("%q: %q is in %d facts, at most one may hold it: %+v", text, o, n, got)
		}
	}
}
