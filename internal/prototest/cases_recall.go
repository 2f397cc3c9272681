package prototest

// Cases of buildContext's recall block beyond memories: the turns of earlier sessions
// (recallTurns), the profile for a question about the user, recalledItems, and the
// validation of the option.

func init() { registered = append(registered, recallBlockCases) }

func recallBlockCases() []Case {
	ask := func(session, q, extra string) Step {
		return Step{Req: req("buildContext", `{"sessionId":"`+session+`","budgetTokens":4000,"messages":[{"role":"user","content":"`+q+`"}]`+extra+`}`)}
	}
	withCheck := func(s Step, c ...Check) Step { s.Check = c; return s }
	return []Case{
		{Name: "buildContext/turnFallback", Steps: []Step{
			{Req: req("appendTurns", `{"sessionId":"old","turns":[{"role":"user","content":"Lily is allergic to peanuts."}]}`)},
			{Req: req("appendTurns", `{"sessionId":"now","turns":[{"role":"user","content":"Lily likes the park."}]}`)},
			// Memories first (none here), then the turn of the earlier session, with its origin.
			withCheck(ask("now", "What is Lily allergic to?", ""),
				Eq("recalled", "[]"), Len("recalledItems", 1), Eq("recalledItems[0].kind", `"turn"`),
				Eq("recalledItems[0].id", "$1.turns[0].id"), Eq("recalledItems[0].sessionId", `"old"`),
				Eq("recalledItems[0].role", `"user"`), Eq("recalledItems[0].text", `"Lily is allergic to peanuts."`),
				Has("recalledItems[0].at"),
				Text("messages[0].content", "- (conversation old, user, "),
				Text("messages[0].content", ") Lily is allergic to peanuts.\n</recalled-memories>")),
			// recallTurns: false is the memories-only block.
			withCheck(ask("now", "What is Lily allergic to?", `,"recallTurns":false`),
				Eq("recalledItems", "[]"), Eq("messages[0].content", `"What is Lily allergic to?"`)),
		}},
		{Name: "buildContext/aboutUser", Steps: []Step{
			{Req: rememberAll(`{"type":"preference","content":"prefers tea to coffee"}`, `{"type":"fact","content":"the boiler was serviced in May"}`)},
			withCheck(ask("s1", "What do you remember about me?", ""),
				Eq("recalled", "[$1.memories[0].id]"), Eq("recalledItems[0].kind", `"memory"`),
				Eq("recalledItems[0].type", `"preference"`), Text("messages[0].content", "- (preference) prefers tea to coffee")),
			withCheck(ask("s2", "你记得我什么？", ""), Eq("recalled", "[$1.memories[0].id]")),
		}},
		{Name: "buildContext/recallTurnsErrors", Steps: []Step{
			{Req: req("buildContext", `{"sessionId":"s1","messages":[],"budgetTokens":100,"recallTurns":"no"}`), Code: InvalidArgument, Field: "recallTurns"},
			{Req: req("buildContext", `{"sessionId":"s1","messages":[],"budgetTokens":100,"recallTurns":1}`), Code: InvalidArgument, Field: "recallTurns"},
		}},
	}
}
