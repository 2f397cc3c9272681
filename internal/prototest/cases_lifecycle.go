package prototest

import "strings"

// Cases of the memory lifecycle: keys and metadata, supersession by subject and
// predicate, update strategies, forget's receipt, the upkeep steps of consolidate and
// namespace quotas. The suite's engines run on the real clock: decay amounts are tested
// in core (upkeep_test.go); here, what every transport must carry.

func init() { registered = append(registered, lifecycleCases) }

func lifecycleCases() []Case {
	return []Case{
		{Name: "remember/key_upserts", Steps: []Step{
			{Req: req("remember", `{"memory":{"key":"user.diet","content":"vegetarian","metadata":{"source":"form","n":1}}}`),
				Check: []Check{Eq("memories[0].key", `"user.diet"`), Eq("memories[0].metadata", `{"source":"form","n":1}`), Lacks("upserted")}},
			{Req: req("remember", `{"memory":{"key":"user.diet","content":"vegan","expectVersion":1}}`), Check: []Check{
				Eq("memories[0].id", "$1.memories[0].id"), Eq("memories[0].version", "2"), Eq("memories[0].content", `"vegan"`),
				Eq("upserted", `[$1.memories[0].id]`), Eq("memories[0].metadata", `{"source":"form","n":1}`)}},
			{Req: req("remember", `{"memory":{"key":"user.diet","content":"pescatarian","expectVersion":1}}`), Code: Conflict, Field: "memory.expectVersion"},
			{Req: req("remember", `{"memories":[{"content":"a"},{"key":"nobody","content":"b","expectVersion":3}]}`), Code: Conflict, Field: "memories[1].expectVersion"},
			{Req: req("remember", `{"memory":{"key":"user.diet","content":"and fish on fridays","strategy":"append"}}`), Check: []Check{
				Eq("memories[0].version", "3"), Text("memories[0].content", "vegan\n("), Text("memories[0].content", ") and fish on fridays")}},
			{Req: req("history", `{"id":$1.memories[0].id}`), Check: []Check{Len("history", 3),
				Eq("history[0].memory.content", `"vegetarian"`), Eq("history[1].memory.content", `"vegan"`)}},
			{Req: req("remember", `{"namespace":"other","memory":{"key":"user.diet","content":"omnivore"}}`), Check: []Check{
				Ne("memories[0].id", "$1.memories[0].id"), Lacks("upserted")}},
			{Req: req("remember", `{"memory":{"key":"","content":"no key"}}`), Check: []Check{Lacks("memories[0].key")}},
			{Req: req("update", `{"id":$8.memories[0].id,"patch":{"key":"user.diet"}}`), Code: Conflict, Field: "patch.key"},
		}},
		{Name: "remember/key_metadata_invalid", Steps: []Step{
			{Req: req("remember", `{"memory":{"content":"x","key":`+str(strings.Repeat("k", 257))+`}}`), Code: TooLarge, Field: "memory.key"},
			{Req: req("remember", `{"memory":{"content":"x","key":"a\tb"}}`), Code: InvalidArgument, Field: "memory.key"},
			{Req: req("remember", `{"memory":{"content":"x","metadata":[1,2]}}`), Code: InvalidArgument, Field: "memory.metadata"},
			{Req: req("remember", `{"memory":{"content":"x","metadata":"text"}}`), Code: InvalidArgument, Field: "memory.metadata"},
			{Req: req("remember", `{"memory":{"content":"x","metadata":{"big":`+str(strings.Repeat("m", 8200))+`}}}`), Code: TooLarge, Field: "memory.metadata"},
			{Req: req("remember", `{"memory":{"content":"x","expectVersion":1}}`), Code: InvalidArgument, Field: "memory.expectVersion"},
			{Req: req("remember", `{"memory":{"content":"x","key":"k","strategy":"replace"}}`), Code: InvalidArgument, Field: "memory.strategy"},
			{Req: stats, Check: []Check{Eq("memories", "0")}},
		}},
		{Name: "list/metadata_filter", Steps: []Step{
			{Req: rememberAll(`{"content":"alpha kickoff","metadata":{"project":"alpha","n":1}}`,
				`{"content":"beta kickoff","metadata":{"project":"beta","n":2,"ok":true}}`, `{"content":"plain kickoff"}`)},
			{Req: req("list", `{"metadata":{"project":"alpha"}}`), Check: []Check{Len("memories", 1), Eq("memories[0].id", "$1.memories[0].id")}},
			{Req: req("list", `{"metadata":{"n":"2"}}`), Check: []Check{Len("memories", 0)}},
			{Req: req("list", `{"metadata":{"ok":true,"n":2}}`), Check: []Check{Len("memories", 1)}},
			{Req: req("list", `{"metadata":{}}`), Check: []Check{Len("memories", 3)}},
			{Req: req("recall", `{"query":"kickoff","metadata":{"project":"beta"},"peek":true}`), Check: []Check{Len("hits", 1), Eq("hits[0].memory.id", "$1.memories[1].id")}},
			{Req: req("list", `{"metadata":7}`), Code: InvalidArgument, Field: "metadata"},
			{Req: req("forget", `{"filter":{"metadata":{"project":"alpha"}}}`), Check: []Check{Eq("forgotten", "1"), Eq("ids", `[$1.memories[0].id]`)}},
			{Req: req("forget", `{"filter":{"metadata":{}}}`), Code: InvalidArgument, Field: "filter"},
		}},
		{Name: "remember/supersedes_same_subject_predicate", Steps: []Step{
			{Req: req("remember", `{"memory":{"type":"profile","content":"The user lives in Berlin","subject":"user","predicate":"location"}}`)},
			{Req: req("remember", `{"memory":{"type":"profile","content":"The user moved to Lisbon","subject":"user","predicate":"location"}}`), Check: []Check{
				Eq("superseded", `[{"id":$1.memories[0].id,"by":$2.memories[0].id}]`)}},
			{Req: req("get", `{"id":$1.memories[0].id}`), Check: []Check{Eq("memory.supersededBy", "$2.memories[0].id"), Eq("memory.version", "2")}},
			{Req: req("recall", `{"query":"Berlin Lisbon lives moved"}`), Check: []Check{Len("hits", 1), Eq("hits[0].memory.id", "$2.memories[0].id")}},
			{Req: req("history", `{"id":$1.memories[0].id}`), Check: []Check{Len("history", 2), Lacks("history[0].memory.supersededBy"),
				Eq("history[1].memory.supersededBy", "$2.memories[0].id")}},
			{Req: req("remember", `{"memory":{"content":"The user likes the sea","subject":"user"}}`), Check: []Check{Lacks("superseded")}},
			{Req: stats, Check: []Check{Eq("memories", "2"), Eq("superseded", "1")}},
		}},
		{Name: "update/strategies", Steps: []Step{
			{Req: req("remember", `{"memory":{"content":"Standup at nine","tags":["work"],"metadata":{"room":"a","day":"mon"}}}`)},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"content":"Moved to ten"},"strategy":"append"}`), Check: []Check{
				Text("memory.content", "Standup at nine\n("), Text("memory.content", ") Moved to ten"), Eq("memory.version", "2")}},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"tags":["team"],"metadata":{"room":"b"}},"strategy":"merge"}`), Check: []Check{
				Eq("memory.tags", `["work","team"]`), Eq("memory.metadata", `{"day":"mon","room":"b"}`)}},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"tags":["solo"],"metadata":{"room":"c"}},"strategy":"overwrite"}`), Check: []Check{
				Eq("memory.tags", `["solo"]`), Eq("memory.metadata", `{"room":"c"}`)}},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"metadata":{}}}`), Check: []Check{Lacks("memory.metadata")}},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"subject":"user","predicate":"standup"}}`), Check: []Check{Lacks("superseded")}},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{},"strategy":"blend"}`), Code: InvalidArgument, Field: "strategy"},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"metadata":[1]}}`), Code: InvalidArgument, Field: "patch.metadata"},
		}},
		{Name: "forget/receipt", Steps: []Step{
			{Req: remember("the forgotten fact about walruses")},
			{Req: req("documents.set", `{"name":"MEMORY","content":"# MEMORY\n\n## Notes\n- [note] the forgotten fact about walruses\n- [note] another line\n"}`)},
			{Req: req("forget", `{"id":$1.memories[0].id,"purge":true}`), Check: []Check{
				Eq("forgotten", "1"), Eq("receipt.memories", "1"), Eq("receipt.documents", `[{"name":"MEMORY","lines":1}]`),
				Eq("receipt.indexRewritten", "true"), Eq("receipt.turns", "0")}},
			{Req: req("documents.get", `{"name":"MEMORY"}`), Check: []Check{Eq("content", `"# MEMORY\n\n## Notes\n- [note] another line\n"`)}},
			{Req: remember("kept in history")},
			{Req: req("forget", `{"id":$5.memories[0].id}`), Check: []Check{Eq("receipt.memories", "1"), Eq("receipt.historyEntries", "0"), Eq("receipt.indexRewritten", "false")}},
			{Req: req("forget", `{"id":$5.memories[0].id,"alsoTurns":true}`), Code: InvalidArgument, Field: "alsoTurns"},
		}},
		{Name: "forget/also_turns", Steps: []Step{
			{Req: req("appendTurns", `{"sessionId":"s1","turns":[{"role":"user","content":"my locker code is quokka"},{"role":"assistant","content":"noted"}]}`)},
			{Req: req("remember", `{"memory":{"content":"locker code: quokka","source":{"sessionId":"s1","turnIds":[$1.turns[0].id]}}}`)},
			{Req: req("forget", `{"id":$2.memories[0].id,"purge":true,"alsoTurns":true}`), Check: []Check{Eq("receipt.turns", "1")}},
			{Req: req("searchTurns", `{"query":"quokka"}`), Check: []Check{Len("hits", 0)}},
			{Req: req("searchTurns", `{"query":"noted"}`), Check: []Check{Len("hits", 1)}},
		}},
		{Name: "consolidate/upkeep_steps", Steps: []Step{
			{Req: rememberAll(`{"type":"preference","content":"The user prefers tabs"}`, `{"type":"preference","content":"the user  PREFERS tabs"}`,
				`{"type":"profile","content":"The user is a pilot","predicate":"job"}`)},
			{Req: req("consolidate", `{"dryRun":true}`), Check: []Check{
				Eq("dryRun", "true"), Eq("steps", `["extraction","decay","expired","fold","index"]`),
				Eq("fold", `{"groups":1,"folded":1}`), Eq("expired.graceDays", "7"), Eq("expired.swept", "0"),
				Eq("plan[0]", `{"step":"fold","op":"fold","id":$1.memories[0].id,"into":$1.memories[1].id}`),
				Eq("index.memoryChanged", "true"), Eq("index.userChanged", "true")}},
			{Req: req("get", `{"id":$1.memories[0].id}`), Check: []Check{Lacks("memory.supersededBy")}},
			{Req: req("documents.get", `{"name":"MEMORY"}`), Code: NotFound, Field: "name"},
			{Req: req("consolidate", `{"steps":["index","fold"]}`), Check: []Check{Eq("steps", `["fold","index"]`), Lacks("decay"), Lacks("plan"),
				Eq("fold.folded", "1"), Eq("index.memoryLines", "2"), Eq("index.userLines", "1")}},
			{Req: req("get", `{"id":$1.memories[0].id}`), Check: []Check{Eq("memory.supersededBy", "$1.memories[1].id")}},
			{Req: req("documents.get", `{"name":"USER"}`), Check: []Check{Eq("content", `"# USER\n\n## Profile\n- job: The user is a pilot\n"`)}},
			{Req: req("documents.get", `{"name":"MEMORY"}`), Check: []Check{Text("content", "## Auto-extracted\n"), Text("content", "- [preference] the user PREFERS tabs\n")}},
			{Req: req("consolidate", `{"steps":["fold","index"]}`), Check: []Check{Eq("fold.folded", "0"), Eq("index.memoryChanged", "false")}},
		}},
		{Name: "consolidate/upkeep_invalid", Steps: []Step{
			{Req: req("consolidate", `{"steps":["vacuum"]}`), Code: InvalidArgument, Field: "steps[0]"},
			{Req: req("consolidate", `{"graceDays":-1}`), Code: InvalidArgument, Field: "graceDays"},
			{Req: req("consolidate", `{"dryRun":"yes"}`), Code: InvalidArgument, Field: "dryRun"},
		}},
		{Name: "quota/error_and_evict", Steps: []Step{
			{Req: req("quota.get", `{}`), Check: []Check{Eq("own", "false"), Eq("memories", "0"), Eq("bytes", "0")}},
			{Req: req("quota.set", `{"quota":{"maxMemories":2}}`), Check: []Check{Eq("own", "true"), Eq("maxMemories", "2"), Eq("onExceed", `"error"`)}},
			{Req: rememberAll(`{"content":"one","importance":0.9}`, `{"content":"two","importance":0.1}`)},
			{Req: remember("three"), Code: TooLarge, Field: "quota.maxMemories"},
			{Req: stats, Check: []Check{Eq("memories", "2")}},
			{Req: req("quota.set", `{"quota":{"maxMemories":2,"onExceed":"evict"}}`)},
			{Req: remember("three"), Check: []Check{Eq("evicted", `[$3.memories[1].id]`)}},
			{Req: req("quota.get", `{}`), Check: []Check{Eq("memories", "2"), Num("bytes", ">", 0)}},
			{Req: req("quota.set", `{"quota":{"maxBytes":4}}`)},
			{Req: remember("a memory heavier than four bytes"), Code: TooLarge, Field: "quota.maxBytes"},
			{Req: req("quota.set", `{"quota":null}`), Check: []Check{Eq("own", "false")}},
			{Req: remember("free again")},
			{Req: req("quota.get", `{"namespace":"other"}`), Check: []Check{Eq("memories", "0")}},
		}},
		{Name: "quota/invalid", Steps: []Step{
			{Req: req("quota.set", `{"quota":{"maxMemories":-1}}`), Code: InvalidArgument, Field: "quota.maxMemories"},
			{Req: req("quota.set", `{"quota":{"maxBytes":-5}}`), Code: InvalidArgument, Field: "quota.maxBytes"},
			{Req: req("quota.set", `{"quota":{"onExceed":"drop"}}`), Code: InvalidArgument, Field: "quota.onExceed"},
			{Req: req("quota.set", `{"quota":{"maxMemories":"ten"}}`), Code: InvalidArgument, Field: "quota.maxMemories"},
			{Req: req("quota.get", `{"bogus":1}`), Code: InvalidArgument, Field: "bogus"},
		}},
	}
}
