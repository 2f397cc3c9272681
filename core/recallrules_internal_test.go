package core

import "testing"

func TestIsAboutRules_cases(t *testing.T) {
	for q, want := range map[string]bool{
		"What should you never do?":              true,
		"what are my rules for you":              true,
		"Remind me what I told you to always do": true,
		"What did I ask you to avoid?":           true,
		"我给你定过什么规矩？":                             true,
		"你应该注意什么？":                               true,
		"我对你有什么要求？":                              true,
		"What should I never eat?":               false,
		"What are the rules of chess?":           false,
		"When is my trip?":                       false,
		"我应该注意什么？":                               false,
		"我女儿对什么过敏？":                              false,
		"":                                       false,
	} {
		if got := isAboutRules(q); got != want {
			t.Errorf("isAboutRules(%q) = %v, want %v", q, got, want)
		}
	}
}
