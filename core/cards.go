package core

import "strings"

// cardText renders a memory's card for the recall block of buildContext: " [person: …;
// relationship: …; backstory: …]" with the fields it has, "" without a card. The card is
// part of what the memory says about a person, so a recalled memory shows it.
func cardText(k *Card) string {
	if k == nil {
		return ""
	}
	var parts []string
	for _, f := range []struct{ name, v string }{
		{"person", k.Person}, {"relationship", k.Relationship}, {"backstory", k.Backstory},
	} {
		if v := strings.TrimSpace(f.v); v != "" {
			parts = append(parts, f.name+": "+v)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " [" + strings.Join(parts, "; ") + "]"
}
