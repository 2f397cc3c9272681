package prototest

import "strings"

// Cases of the agent glue: appendMessages (chat messages as they come), tasks.*, route,
// export and import, and the refusal of an explicit "limit": 0.

func init() { registered = append(registered, glueCases) }

func glueCases() []Case {
	var out []Case
	for _, group := range [][]Case{appendMessagesCases(), limitZeroCases(), taskCases(), routeCases(), exportCases()} {
		out = append(out, group...)
	}
	return out
}

func appendMessagesCases() []Case {
	openai := `[{"role":"developer","content":"Be brief."},{"role":"user","content":"Deploy atlas"},
	 {"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"helm","arguments":"{\"r\":\"atlas\"}"}}]},
	 {"role":"tool","tool_call_id":"call_1","content":"deployed"},{"role":"assistant","content":"Done."}]`
	anthropic := `[{"role":"user","content":"Weather in Paris?"},
	 {"role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"get_weather","input":{"city":"Paris"}}]},
	 {"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"sunny"},{"type":"text","text":"thanks"}]}]`
	return []Case{
		{Name: "appendMessages/openai", Steps: []Step{
			{Req: req("appendMessages", `{"sessionId":"s1","messages":`+openai+`}`), Check: []Check{
				Eq("shape", `"openai"`), Len("turns", 5), Eq("turns[0].role", `"developer"`),
				Eq("turns[2].content", `""`), Eq("turns[2].toolCalls[0].id", `"call_1"`),
				Eq("turns[2].toolCalls[0].name", `"helm"`), Eq("turns[2].toolCalls[0].arguments", `"{\"r\":\"atlas\"}"`),
				Eq("turns[3].role", `"tool"`), Eq("turns[3].name", `"helm"`), Eq("turns[3].callId", `"call_1"`),
				Eq("turns[4].seq", "5"), Lacks("turns[4].toolCalls"), Lacks("turns[4].callId")}},
			{Req: req("searchTurns", `{"query":"helm","sessionId":"s1"}`), Check: []Check{
				Len("hits", 2), Eq("hits[0].turn.toolCalls[0].name", `"helm"`), Eq("hits[1].turn.callId", `"call_1"`)}},
			{Req: req("endSession", `{"sessionId":"s1"}`), Check: []Check{Eq("episode.toolsUsed", `["helm"]`)}},
		}},
		{Name: "appendMessages/anthropic", Steps: []Step{
			{Req: req("appendMessages", `{"sessionId":"s1","messages":`+anthropic+`}`), Check: []Check{
				Eq("shape", `"anthropic"`), Len("turns", 4), Eq("turns[1].toolCalls[0].arguments", `"{\"city\":\"Paris\"}"`),
				Eq("turns[2].role", `"tool"`), Eq("turns[2].name", `"get_weather"`), Eq("turns[2].callId", `"toolu_1"`),
				Eq("turns[3].role", `"user"`), Eq("turns[3].content", `"thanks"`)}},
			{Req: req("appendTurns", `{"sessionId":"s1","turns":[{"role":"assistant","content":"","toolCalls":[{"id":"c2","name":"f","arguments":"{}"}]},{"role":"tool","name":"f","callId":"c2","content":"ok"}]}`),
				Check: []Check{Eq("turns[0].seq", "5"), Eq("turns[1].callId", `"c2"`)}},
		}},
		{Name: "appendMessages/errors", Steps: []Step{
			{Req: req("appendMessages", `{"messages":[{"role":"user","content":"x"}]}`), Code: InvalidArgument, Field: "sessionId"},
			{Req: req("appendMessages", `{"sessionId":"s1"}`), Code: InvalidArgument, Field: "messages"},
			{Req: req("appendMessages", `{"sessionId":"s1","messages":[{"role":"bot","content":"x"}]}`), Code: InvalidArgument, Field: "messages[0].role"},
			{Req: req("appendMessages", `{"sessionId":"s1","messages":[{"role":"user","content":`+str(bigContent)+`}]}`), Code: TooLarge, Field: "messages[0].content"},
			{Req: req("appendMessages", `{"sessionId":"s1","messages":[{"role":"assistant","content":null}]}`), Code: InvalidArgument, Field: "messages"},
			{Req: req("appendMessages", `{"sessionId":"s1","messages":[],"turns":[]}`), Code: InvalidArgument, Field: "turns"},
			{Req: req("appendTurns", `{"sessionId":"s1","turns":[{"role":"user","content":"x","callId":"c"}]}`), Code: InvalidArgument, Field: "turns[0].callId"},
			{Req: req("stats", `{}`), Check: []Check{Eq("turns", "0")}},
		}},
	}
}

func limitZeroCases() []Case {
	return []Case{
		{Name: "limit/zero_refused", Steps: []Step{
			{Req: req("remember", `{"memory":{"content":"the user likes tea"}}`)},
			{Req: req("recall", `{"query":"tea","limit":0}`), Code: InvalidArgument, Field: "limit"},
			{Req: req("list", `{"limit":0}`), Code: InvalidArgument, Field: "limit"},
			{Req: req("searchTurns", `{"query":"tea","limit":0}`), Code: InvalidArgument, Field: "limit"},
			{Req: req("consolidate", `{"limit":0}`), Code: InvalidArgument, Field: "limit"},
			{Req: req("recall", `{"query":"tea","limit":-1}`), Code: InvalidArgument, Field: "limit"},
			{Req: req("recall", `{"query":"tea","limit":1.5}`), Code: InvalidArgument, Field: "limit"},
			{Req: req("recall", `{"query":"tea","limit":1}`), Check: []Check{Len("hits", 1)}},
		}},
	}
}

func taskCases() []Case {
	return []Case{
		{Name: "tasks/graph", Steps: []Step{
			{Req: req("tasks.create", `{"title":"design the schema","sessionId":"s1"}`), Check: []Check{
				Eq("task.status", `"pending"`), Eq("task.ready", "true"), Eq("task.blockedBy", "[]"), Has("task.id"), Eq("task.sessionId", `"s1"`)}},
			{Req: req("tasks.create", `{"title":"write the API","blockedBy":[$1.task.id]}`), Check: []Check{
				Eq("task.blocked", "true"), Eq("task.ready", "false"), Eq("task.blockedBy[0]", `$1.task.id`)}},
			{Req: req("tasks.get", `{"id":$1.task.id}`), Check: []Check{Eq("task.blocks", `[$2.task.id]`)}},
			{Req: req("tasks.update", `{"id":$2.task.id,"status":"in_progress"}`), Code: Conflict, Field: "status"},
			{Req: req("tasks.update", `{"id":$1.task.id,"addBlockedBy":[$2.task.id]}`), Code: InvalidArgument, Field: "addBlockedBy"},
			{Req: req("tasks.update", `{"id":$1.task.id,"status":"completed"}`), Check: []Check{
				Eq("task.status", `"completed"`), Eq("unblocked", `[$2.task.id]`)}},
			{Req: req("tasks.list", `{"ready":true}`), Check: []Check{Len("tasks", 1), Eq("tasks[0].id", `$2.task.id`)}},
			{Req: req("tasks.list", `{"status":["completed"]}`), Check: []Check{Len("tasks", 1), Eq("tasks[0].id", `$1.task.id`)}},
			{Req: req("buildContext", `{"sessionId":"s2","messages":[{"role":"user","content":"next?"}],"budgetTokens":4000}`), Check: []Check{
				Text("system", "## Tasks\n- [ ] write the API ("), Text("system", ") ready")}},
			{Req: req("tasks.list", `{"namespace":"other"}`), Check: []Check{Len("tasks", 0)}},
			{Req: req("tasks.delete", `{"id":$1.task.id}`), Check: []Check{Eq("deleted", "true")}},
			{Req: req("tasks.get", `{"id":$2.task.id}`), Check: []Check{Eq("task.blockedBy", "[]")}},
		}},
		{Name: "tasks/errors", Steps: []Step{
			{Req: req("tasks.create", `{}`), Code: InvalidArgument, Field: "title"},
			{Req: req("tasks.create", `{"title":"x","status":"done"}`), Code: InvalidArgument, Field: "status"},
			{Req: req("tasks.create", `{"title":"x","blockedBy":["nope"]}`), Code: NotFound, Field: "blockedBy"},
			{Req: req("tasks.create", `{"title":"x","blocks":["nope"]}`), Code: InvalidArgument, Field: "blocks"},
			{Req: req("tasks.create", `{"title":`+str(strings.Repeat("t", 1025))+`}`), Code: TooLarge, Field: "title"},
			{Req: req("tasks.get", `{"id":"nope"}`), Code: NotFound, Field: "id"},
			{Req: req("tasks.update", `{"id":"nope","status":"completed"}`), Code: NotFound, Field: "id"},
			{Req: req("tasks.delete", `{"id":""}`), Code: InvalidArgument, Field: "id"},
			{Req: req("tasks.list", `{"status":"pending"}`), Code: InvalidArgument, Field: "status"},
		}},
	}
}

func routeCases() []Case {
	return []Case{
		{Name: "route/table", Steps: []Step{
			{Req: req("route", `{"text":"I prefer Python for scripts."}`), Check: []Check{
				Eq("layer", `"memory"`), Eq("type", `"preference"`), Eq("tier", `"permanent"`), Eq("rule", `"preference"`), Has("reason")}},
			{Req: req("route", `{"text":"我明天要去北京出差"}`), Check: []Check{Eq("layer", `"memory"`), Eq("type", `"fact"`), Eq("tier", `"short"`)}},
			{Req: req("route", `{"text":"For now the staging cluster is down."}`), Check: []Check{Eq("layer", `"scratchpad"`), Eq("key", `"session_facts"`)}},
			{Req: req("route", `{"text":"第一步：备份数据库"}`), Check: []Check{Eq("layer", `"plan"`), Lacks("type")}},
			{Req: req("route", `{"text":"ok thanks"}`), Check: []Check{Eq("layer", `"turn"`), Eq("rule", `"acknowledgement"`)}},
			{Req: req("route", `{"message":{"role":"tool","tool_call_id":"c1","content":"exit 1"}}`), Check: []Check{Eq("layer", `"turn"`), Eq("rule", `"tool_output"`)}},
			{Req: req("route", `{"message":{"role":"system","content":"You are Ada."}}`), Check: []Check{Eq("layer", `"document"`), Eq("document", `"IDENTITY"`)}},
			{Req: req("route", `{"message":{"role":"user","content":[{"type":"text","text":"Always answer in English."}]}}`), Check: []Check{Eq("type", `"rule"`)}},
		}},
		{Name: "route/errors", Steps: []Step{
			{Req: req("route", `{}`), Code: InvalidArgument, Field: "text"},
			{Req: req("route", `{"text":"a","message":{"role":"user","content":"b"}}`), Code: InvalidArgument, Field: "text"},
			{Req: req("route", `{"text":5}`), Code: InvalidArgument, Field: "text"},
			{Req: req("route", `{"message":{"role":"robot","content":"b"}}`), Code: InvalidArgument, Field: "message.role"},
			{Req: req("route", `{"message":[]}`), Code: InvalidArgument, Field: "message"},
			{Req: req("route", `{"text":`+str(bigContent)+`}`), Code: TooLarge, Field: "text"},
		}},
	}
}

func exportCases() []Case {
	return []Case{
		{Name: "export/jsonl_round_trip", Steps: []Step{
			{Req: req("remember", `{"memory":{"type":"preference","content":"用户喜欢喝绿茶","title":"Tea"}}`)},
			{Req: req("appendTurns", `{"sessionId":"s1","turns":[{"role":"user","content":"hi"}]}`)},
			{Req: req("tasks.create", `{"title":"migrate"}`)},
			{Req: req("remember", `{"namespace":"other","memory":{"content":"other's"}}`)},
			{Req: req("export", `{}`), Check: []Check{Eq("format", `"jsonl"`), Eq("namespaces", `["default"]`),
				Eq("counts", `{"memory":1,"turn":1,"task":1}`), Text("data", `"kind":"header"`), Text("data", "用户喜欢喝绿茶")}},
			{Req: req("export", `{"namespaces":["*"]}`), Check: []Check{Eq("namespaces", `["default","other"]`), Eq("counts.memory", "2")}},
			{Req: req("import", `{"data":$5.data}`), Check: []Check{Eq("imported", `{}`), Eq("skipped", `{"memory":1,"turn":1,"task":1}`)}},
			{Req: req("import", `{"namespace":"x","data":$6.data,"namespaces":["other"],"dryRun":true}`), Check: []Check{
				Eq("skipped.memory", "1"), Eq("excluded", "3"), Eq("dryRun", "true")}},
		}},
		{Name: "export/markdown", Steps: []Step{
			{Req: req("remember", `{"memory":{"type":"preference","content":"likes tea","title":"Tea"}}`)},
			{Req: req("documents.set", `{"name":"IDENTITY","content":"I am Ada."}`)},
			{Req: req("export", `{"format":"md"}`), Check: []Check{Len("files", 3), Eq("files[0].path", `"MEMORY.md"`),
				Eq("files[1].path", `"documents/IDENTITY.md"`), Eq("files[2].path", `"preference_tea.md"`), Text("files[2].content", "\nlikes tea")}},
			{Req: req("import", `{"namespace":"copy","format":"md","files":$3.files}`), Check: []Check{Eq("imported", `{"document":1,"memory":1}`)}},
		}},
		{Name: "export/errors", Steps: []Step{
			{Req: req("export", `{"format":"csv"}`), Code: InvalidArgument, Field: "format"},
			{Req: req("export", `{"format":"md","namespaces":["a","b"]}`), Code: InvalidArgument, Field: "namespaces"},
			{Req: req("export", `{"namespaces":[""]}`), Code: InvalidArgument, Field: "namespaces[0]"},
			{Req: req("import", `{}`), Code: InvalidArgument, Field: "data"},
			{Req: req("import", `{"data":"{\"kind\":\"memory\"}"}`), Code: InvalidArgument, Field: "data[0]"},
			{Req: req("import", `{"data":"{\"kind\":\"header\",\"header\":{\"format\":\"memcore\",\"version\":9,\"schemaVersion\":1,\"engine\":\"x\",\"exportedAt\":\"2026-01-01T00:00:00Z\"}}"}`), Code: Unsupported, Field: "data[0].header"},
			{Req: req("import", `{"format":"md","files":[{"path":"fact_x.md","content":"x"}]}`), Code: InvalidArgument, Field: "files[0]"},
			{Req: req("import", `{"format":"md"}`), Code: InvalidArgument, Field: "files"},
		}},
	}
}
