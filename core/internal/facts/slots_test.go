package facts

import "testing"

// TestSingleValued_case: where the user lives now, their name and employer are slots a
// newer fact replaces; a place of work ("a nurse in the ICU") and the other kinds are not.
func TestSingleValued_case(t *testing.T) {
	for _, c := range []struct {
		name, text, want string
		single           bool
	}{
		{"lives", "I live in Oslo these days", "User lives in Oslo these days", true},
		{"job_place", "i work nights, i'm a nurse in the ICU", "User works in the ICU", false},
		{"job_from", "I'm a teacher from Manila", "User is from Manila", false},
		{"name", "My name is Greta", "User's name is Greta", true},
		{"family", "My daughter Lily is allergic to peanuts", "User's daughter Lily is allergic to peanuts", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := Extract([]Message{{"user", "hi"}, {"assistant", "hello"}, {"user", c.text}, {"assistant", "ok"},
				{"user", "thanks"}, {"assistant", "sure"}}, Options{})
			for _, f := range r.Facts {
				if f.Content == c.want {
					if SingleValued(f) != c.single {
						t.Errorf("%q (%s): single-valued %v", f.Content, f.Predicate, !c.single)
					}
					return
				}
			}
			t.Errorf("%q: no fact %q in %+v", c.text, c.want, r.Facts)
		})
	}
}
