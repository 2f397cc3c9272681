package protocol

import "testing"

// TestUnknownFieldHint_cases: an unknown field names the field most likely meant, or the
// fields there are when none is close; a long list is not printed.
func TestUnknownFieldHint_cases(t *testing.T) {
	opts := []string{"sessionId", "messages", "budgetTokens", "systemPrompt", "query", "complexity", "shape", "recallTurns"}
	for _, tc := range []struct {
		name, key string
		known     []string
		want      string
	}{
		{"prefix", "budget", opts, ` (did you mean "budgetTokens"?)`},
		{"suffix", "tokens", opts, ` (did you mean "budgetTokens"?)`},
		{"case", "SessionID", opts, ` (did you mean "sessionId"?)`},
		{"typo", "mesages", opts, ` (did you mean "messages"?)`},
		{"typoShort", "limt", []string{"limit", "offset", "types"}, ` (did you mean "limit"?)`},
		{"snakeCase", "session_id", opts, ` (did you mean "sessionId"?)`},
		{"noneClose", "colour", []string{"content", "type", "tags"}, " (fields: content, tags, type)"},
		{"tooMany", "zzz", []string{"a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8"}, ""},
	} {
		got := unknownFieldHint(tc.key, tc.known)
		if got != tc.want {
			t.Errorf("%s %q: %q, want %q", tc.name, tc.key, got, tc.want)
		}
	}
}
