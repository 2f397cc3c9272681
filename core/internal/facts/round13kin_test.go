package facts

import "testing"

// TestExtract_round13kin: a grandchild is a relative the next clause's he/she carries to,
// and a pronoun sentence's fallback ("User: He stays with them…") no longer stops the
// carry; another person's pronoun, or one of the other gender, is still left alone.
func TestExtract_round13kin(t *testing.T) {
	for _, tc := range []struct {
		text      string
		want, not []string
	}{
		{"My grandson Oliver is 7; he stays with me on weekends and he is mad about dinosaurs.", []string{"User's grandson Oliver is 7", "User's grandson Oliver stays with them on weekends"}, nil},
		{"My granddaughter is 4; she loves horses.", []string{"User's granddaughter is 4", "User's granddaughter loves horses"}, nil},
		{"My grandson Oliver is 7. He stays with me on weekends.", []string{"User's grandson Oliver is 7", "User's grandson Oliver stays with them on weekends"}, []string{"User: He"}},
		{"My wife is a nurse. She works nights.", []string{"User's wife is a nurse", "User's wife works nights"}, nil},
		{"My wife is a nurse. He works nights.", []string{"User's wife is a nurse"}, []string{"works nights"}},
	} {
		t.Run(tc.text, func(t *testing.T) { checkFactsNot(t, tc.text, tc.want, tc.not) })
	}
}
