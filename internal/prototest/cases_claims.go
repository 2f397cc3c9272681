package prototest

// Cases of the claims audit (docs/RELIABILITY.md, "Claims audit (2026-11-28)") that hold
// on every transport: what core's claims_*_test.go found broken and fixed, carried
// through the protocol natively, in the js build and in the wasip1 reactor.

func init() { registered = append(registered, claimsCases) }

func claimsCases() []Case {
	return []Case{
		// A namespace's recall block, turn search, profile, extraction marks and export
		// never hold another's data, the session ids shared (core's
		// TestClaimsNamespace_noOpSeesOrChangesAnother has every op; this is the part every
		// transport carries).
		{Name: "namespace/recall_block_search_extract_export", Steps: []Step{
			{Req: req("appendTurns", `{"namespace":"bob","sessionId":"old","turns":[{"role":"user","content":"Lily is allergic to peanuts."}]}`)},
			{Req: req("remember", `{"namespace":"bob","memory":{"type":"profile","content":"User's name is Bob","subject":"user","predicate":"name"}}`)},
			{Req: req("extractFacts", `{"namespace":"bob","messages":`+factsConv+`,"commit":true,"sessionId":"s"}`), Check: []Check{Eq("read", "6")}},
			{Req: req("buildContext", `{"sessionId":"now","budgetTokens":4000,"messages":[{"role":"user","content":"What is Lily allergic to? And what do you know about me?"}]}`),
				Check: []Check{Eq("recalled", "[]"), Eq("recalledItems", "[]")}},
			{Req: req("searchTurns", `{"query":"Lily peanuts"}`), Check: []Check{Len("hits", 0)}},
			{Req: req("extractFacts", `{"messages":`+factsConv+`,"commit":true,"sessionId":"s"}`), Check: []Check{
				Eq("read", "6"), Eq("known", "0"), Eq("duplicates", "0"), Len("memories", 4)}},
			{Req: req("export", `{}`), Check: []Check{Lacks("counts.turn"), Lacks("counts.episode"), Eq("counts.read", "6"), Eq("counts.memory", "4")}},
			{Req: req("buildContext", `{"namespace":"bob","sessionId":"now","budgetTokens":4000,"messages":[{"role":"user","content":"What is Lily allergic to?"}]}`),
				Check: []Check{Len("recalledItems", 1), Eq("recalledItems[0].id", "$1.turns[0].id")}},
		}},
		// A plain forget keeps the last text in the history; a purge by id removes it
		// afterwards (before: not_found, and the text stayed for good).
		{Name: "forget/purge_after_plain_forget", Steps: []Step{
			{Req: req("remember", `{"memory":{"content":"the safe's code is 4711"}}`)},
			{Req: req("forget", `{"id":$1.memories[0].id}`), Check: []Check{Eq("forgotten", "1")}},
			{Req: req("history", `{"id":$1.memories[0].id}`), Check: []Check{Len("history", 2), Eq("history[1].op", `"forget"`)}},
			{Req: req("forget", `{"id":$1.memories[0].id}`), Code: NotFound, Field: "id"},
			{Req: req("forget", `{"namespace":"other","id":$1.memories[0].id,"purge":true}`), Code: NotFound, Field: "id"},
			{Req: req("forget", `{"id":$1.memories[0].id,"purge":true}`), Check: []Check{Eq("forgotten", "1"),
				Eq("ids", `[$1.memories[0].id]`), Eq("receipt.memories", "0"), Eq("receipt.historyEntries", "1"), Eq("receipt.indexRewritten", "true")}},
			{Req: req("history", `{"id":$1.memories[0].id}`), Code: NotFound, Field: "id"},
		}},
		// A plain forget of what extraction stored takes the memories' lines out of
		// MEMORY's index (which goes into every new session's core memory).
		{Name: "forget/unindexes_extracted", Steps: []Step{
			{Req: req("extractFacts", `{"messages":`+factsConv+`,"commit":true,"sessionId":"s","date":"2026-03-04"}`), Check: []Check{Len("memories", 4)}},
			{Req: req("forget", `{"filter":{"tags":["extracted"]}}`), Check: []Check{Eq("forgotten", "4"),
				Eq("receipt.documents", `[{"name":"MEMORY","lines":4}]`)}},
			{Req: req("documents.get", `{"name":"MEMORY"}`), Check: []Check{Eq("content", `"# MEMORY\n\n## Auto-extracted\n"`)}},
			{Req: req("documents.get", `{"name":"daily/2026-03-04"}`), Check: []Check{Text("content", "Ada Lovelace")}},
		}},
		// A namespace's own quota travels in a JSON Lines export (format 3) and an import
		// of it into a namespace that has one skips it.
		{Name: "export/quota_line", Steps: []Step{
			{Req: req("quota.set", `{"quota":{"maxMemories":5,"onExceed":"evict"}}`)},
			{Req: req("export", `{}`), Check: []Check{Eq("counts.quota", "1"), Text("data", `"version":3`),
				Text("data", `"quota":{"maxMemories":5,"onExceed":"evict"}`)}},
			{Req: req("import", `{"data":$2.data}`), Check: []Check{Eq("skipped.quota", "1")}},
			{Req: req("quota.set", `{"quota":null}`)},
			{Req: req("import", `{"data":$2.data}`), Check: []Check{Eq("imported.quota", "1")}},
			{Req: req("quota.get", `{}`), Check: []Check{Eq("maxMemories", "5"), Eq("onExceed", `"evict"`), Eq("own", "true")}},
		}},
	}
}
