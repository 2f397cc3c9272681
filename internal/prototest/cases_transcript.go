package prototest

// searchTurns with a query that is a stretch of dialogue (text.SplitTranscript): the
// words only the other speakers said weigh half the last speaker's, so the memory of
// what the user talks about ranks above one matching more of the assistant's words;
// the same words on one line are no transcript and rank the other way. A transcript's
// speaker labels are not searched: "Bart" finds nothing there.

func init() { registered = append(registered, transcriptCases) }

func transcriptCases() []Case {
	one := func(session, content string) string {
		return req("appendTurns", `{"sessionId":`+str(session)+`,"turns":[{"role":"user","content":`+str(content)+`}]}`)
	}
	lake := "Bart went fishing at the lake with grandpa."
	recital := "Bart did breathing exercises before his piano recital."
	dialogue := "Bart: Fishing today!\nAssistant: Lovely. Slow breathing helps, like before a piano recital.\nBart: The lake was so calm."
	oneLine := "Bart: Fishing today! Assistant: Lovely. Slow breathing helps, like before a piano recital. Bart: The lake was so calm."
	return []Case{
		{Name: "searchTurns/transcript", Steps: []Step{
			{Req: one("a", lake)},
			{Req: one("b", recital)},
			{Req: one("c", "Bart baked cookies with his sister.")},
			{Req: one("d", "Bart visited the zoo and saw the elephants.")},
			{Req: req("searchTurns", `{"query":`+str(dialogue)+`}`), Check: []Check{
				Len("hits", 2), Eq("hits[0].turn.id", "$1.turns[0].id"), Eq("hits[1].turn.id", "$2.turns[0].id")}},
			// On one line "Bart" is searched too, and every memory holds it.
			{Req: req("searchTurns", `{"query":`+str(oneLine)+`}`), Check: []Check{
				Len("hits", 4), Eq("hits[0].turn.id", "$2.turns[0].id"), Eq("hits[1].turn.id", "$1.turns[0].id")}},
		}},
	}
}
