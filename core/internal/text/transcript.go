package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxSpeakerLabel bounds a speaker label ("Assistant", "Bart", "用户") in runes: a longer
// text before a colon is a sentence ("Here is what I think: …"), not a name.
const maxSpeakerLabel = 24

// maxLabelWords bounds a speaker label in words: "Mary Ann Smith" is a name, "here is
// what I think" a sentence.
const maxLabelWords = 3

// minTranscriptLines is how many labelled lines make a query a transcript: fewer is a
// question that quotes someone ("Mom: call me" in one line).
const minTranscriptLines = 3

// Transcript is a query that is a stretch of dialogue ("Bart: …\nAssistant: …\nBart:
// …"), split by speaker: Asker is what the speaker of the last labelled line said (all
// of their lines), Others what everyone else said; labels are left out of both.
type Transcript struct {
	Asker, Others string
}

// SplitTranscript returns the query's Transcript and true when the query is a stretch of
// dialogue: at least minTranscriptLines lines that start with a speaker label (a name of
// at most maxSpeakerLabel runes and maxLabelWords words, without sentence punctuation, then ':' or '：'), from at
// least two speakers, and no more unlabelled lines than labelled ones (an unlabelled line
// belongs to the speaker before it). Any other query returns false.
//
// Why: such a query (an agent's recent dialogue used to find what to recall, MADial-
// Bench's memory-recall queries) carries what the user said and what the assistant
// answered; the assistant's words are mostly its own reply (advice, praise) and match
// memories of other topics. searchTurns weights the other speakers' words lower
// (core/turntranscript.go; docs/EVAL.md, fourth round).
func SplitTranscript(q string) (Transcript, bool) {
	type line struct{ who, body string }
	var lines []line
	labelled, plain := 0, 0
	speakers := map[string]bool{}
	for _, l := range strings.Split(q, "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if who, body, ok := speakerLabel(l); ok {
			lines = append(lines, line{who, body})
			labelled++
			speakers[who] = true
			continue
		}
		plain++
		if len(lines) > 0 {
			lines[len(lines)-1].body += "\n" + l
		}
	}
	if labelled < minTranscriptLines || len(speakers) < 2 || plain > labelled {
		return Transcript{}, false
	}
	asker := lines[len(lines)-1].who
	var a, o []string
	for _, l := range lines {
		if l.who == asker {
			a = append(a, l.body)
		} else {
			o = append(o, l.body)
		}
	}
	return Transcript{Asker: strings.Join(a, "\n"), Others: strings.Join(o, "\n")}, true
}

// speakerLabel splits "Name: text" into its label (case-folded) and text.
func speakerLabel(l string) (who, body string, ok bool) {
	i := strings.IndexAny(l, ":：")
	if i <= 0 {
		return "", "", false
	}
	name := strings.TrimSpace(l[:i])
	if name == "" || utf8.RuneCountInString(name) > maxSpeakerLabel || len(strings.Fields(name)) > maxLabelWords {
		return "", "", false
	}
	for _, r := range name {
		if !(unicode.IsLetter(r) || unicode.IsNumber(r) || r == ' ' || r == '_' || r == '-' || r == '.' || r == '\'') {
			return "", "", false
		}
	}
	_, n := utf8.DecodeRuneInString(l[i:])
	return strings.ToLower(name), strings.TrimSpace(l[i+n:]), true
}
