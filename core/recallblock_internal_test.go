package core

import "testing"

func TestIsAboutUser_cases(t *testing.T) {
	for q, want := range map[string]bool{
		"What do you remember about me?": true,
		"what do you know about me":      true,
		"Who am I?":                      true,
		"你记得我什么？":                        true,
		"说说关于我的事":                        true,
		"Tell me about meetings":         false,
		"What is Lily allergic to?":      false,
		"我喜欢什么？":                         false,
		"":                               false,
	} {
		if got := isAboutUser(q); got != want {
			t.Errorf("isAboutUser(%q) = %v, want %v", q, got, want)
		}
	}
}

func TestTitled_cases(t *testing.T) {
	for _, tt := range []struct{ title, text, want string }{
		{"Deploy notes", "run make deploy", "Deploy notes: run make deploy"},
		{"Episode: I'm Priya, a pharmacist in Leeds.", "Goal: …", "Episode: I'm Priya, a pharmacist in Leeds. Goal: …"},
		{"Episode: 下周去北京开会。", "目标：…", "Episode: 下周去北京开会。 目标：…"},
		{"Why did it fail?", "the disk was full", "Why did it fail? the disk was full"},
	} {
		if got := titled(tt.title, tt.text); got != tt.want {
			t.Errorf("titled(%q, %q) = %q, want %q", tt.title, tt.text, got, tt.want)
		}
	}
}
