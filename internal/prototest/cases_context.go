package prototest

import "strings"

// Cases of context assembly and what it is made of: documents, working memory (scratchpad,
// plan, business state), buildContext, endSession and episodes.

func init() { registered = append(registered, contextCases) }

func contextCases() []Case {
	var out []Case
	for _, group := range [][]Case{documentsCases(), scratchpadCases(), planCases(), stateCases(),
		buildContextCases(), endSessionCases()} {
		out = append(out, group...)
	}
	return out
}

func documentsCases() []Case {
	memory200 := strings.Repeat("- line\n", 200)
	return []Case{
		{Name: "documents/set_get_list_delete", Steps: []Step{
			{Req: req("documents.set", `{"name":"IDENTITY","content":"I am Ada."}`), Check: []Check{
				Eq("name", `"IDENTITY"`), Eq("content", `"I am Ada."`), Has("updatedAt")}},
			{Req: req("documents.get", `{"name":"IDENTITY"}`), Check: []Check{Eq("", "$1")}},
			{Req: req("documents.set", `{"name":"daily/2026-03-04","content":""}`)},
			{Req: req("documents.set", `{"name":"MEMORY","content":`+str(memory200)+`}`)},
			{Req: req("documents.list", `{}`), Check: []Check{
				Len("documents", 3), Eq("documents[0].name", `"IDENTITY"`), Eq("documents[0].bytes", "9"),
				Eq("documents[1].name", `"MEMORY"`), Eq("documents[2].name", `"daily/2026-03-04"`),
				Eq("documents[2].bytes", "0"), Has("documents[0].updatedAt"), Lacks("documents[0].content")}},
			{Req: req("documents.delete", `{"name":"IDENTITY"}`), Check: []Check{Eq("deleted", "true")}},
			{Req: req("documents.get", `{"name":"IDENTITY"}`), Code: NotFound, Field: "name"},
			{Req: req("documents.delete", `{"name":"IDENTITY"}`), Code: NotFound, Field: "name"},
			{Req: req("documents.list", `{"namespace":"other"}`), Check: []Check{Len("documents", 0)}},
		}},
		{Name: "documents/errors", Steps: []Step{
			{Req: req("documents.set", `{"name":"MEMORY","content":`+str(memory200+"one more")+`}`), Code: TooLarge, Field: "content"},
			{Req: req("documents.set", `{"name":"USER","content":`+str(bigContent)+`}`), Code: TooLarge, Field: "content"},
			{Req: req("documents.set", `{"name":"NOTES","content":"x"}`), Code: InvalidArgument, Field: "name"},
			{Req: req("documents.set", `{"name":"daily/2026-13-01","content":"x"}`), Code: InvalidArgument, Field: "name"},
			{Req: req("documents.set", `{"name":"USER"}`), Code: InvalidArgument, Field: "content"},
			{Req: req("documents.set", `{"name":"USER","content":5}`), Code: InvalidArgument, Field: "content"},
			{Req: req("documents.get", `{"name":"user"}`), Code: InvalidArgument, Field: "name"},
			{Req: req("documents.get", `{}`), Code: InvalidArgument, Field: "name"},
			{Req: req("documents.delete", `{"name":""}`), Code: InvalidArgument, Field: "name"},
			{Req: req("documents.list", `{"name":"USER"}`), Code: InvalidArgument, Field: "name"},
		}},
	}
}

func scratchpadCases() []Case {
	return []Case{
		{Name: "scratchpad/set_get_list_delete", Steps: []Step{
			{Req: req("scratchpad.set", `{"sessionId":"s1","key":"notes","value":"check the logs"}`), Check: []Check{
				Eq("key", `"notes"`), Eq("value", `"check the logs"`), Has("updatedAt")}},
			{Req: req("scratchpad.set", `{"sessionId":"s1","key":"subagent_result::research","value":"three papers"}`)},
			{Req: req("scratchpad.set", `{"sessionId":"s1","key":"session_facts","value":"user in Paris"}`)},
			{Req: req("scratchpad.get", `{"sessionId":"s1","key":"notes"}`), Check: []Check{Eq("value", `"check the logs"`)}},
			{Req: req("scratchpad.list", `{"sessionId":"s1"}`), Check: []Check{
				Len("entries", 3), Eq("entries[0].key", `"notes"`), Eq("entries[1].key", `"session_facts"`),
				Eq("entries[2].key", `"subagent_result::research"`)}},
			{Req: req("scratchpad.list", `{"sessionId":"s2"}`), Check: []Check{Len("entries", 0)}},
			{Req: req("scratchpad.delete", `{"sessionId":"s1","key":"notes"}`), Check: []Check{Eq("deleted", "true")}},
			{Req: req("scratchpad.get", `{"sessionId":"s1","key":"notes"}`), Code: NotFound, Field: "key"},
			{Req: req("scratchpad.delete", `{"sessionId":"s1","key":"notes"}`), Code: NotFound, Field: "key"},
		}},
		{Name: "scratchpad/errors", Steps: []Step{
			{Req: req("scratchpad.set", `{"sessionId":"s1","key":"__internal__","value":"x"}`), Code: InvalidArgument, Field: "key"},
			{Req: req("scratchpad.get", `{"sessionId":"s1","key":"__internal__"}`), Code: InvalidArgument, Field: "key"},
			{Req: req("scratchpad.set", `{"sessionId":"s1","key":`+str(strings.Repeat("k", 257))+`,"value":"x"}`), Code: TooLarge, Field: "key"},
			{Req: req("scratchpad.set", `{"sessionId":"s1","key":"k","value":`+str(bigContent)+`}`), Code: TooLarge, Field: "value"},
			{Req: req("scratchpad.set", `{"sessionId":"s1","key":"k"}`), Code: InvalidArgument, Field: "value"},
			{Req: req("scratchpad.set", `{"sessionId":"","key":"k","value":"x"}`), Code: InvalidArgument, Field: "sessionId"},
			{Req: req("scratchpad.set", `{"key":"k","value":"x"}`), Code: InvalidArgument, Field: "sessionId"},
			{Req: req("scratchpad.list", `{"sessionId":1}`), Code: InvalidArgument, Field: "sessionId"},
			{Req: req("scratchpad.delete", `{"sessionId":"s1","key":""}`), Code: InvalidArgument, Field: "key"},
		}},
	}
}

func planCases() []Case {
	return []Case{
		{Name: "plan/set_get_update", Steps: []Step{
			{Req: req("plan.set", `{"sessionId":"s1","goal":"ship v2","steps":[{"title":"build","status":"in_progress"},{"title":"test"}]}`),
				Check: []Check{Eq("goal", `"ship v2"`), Eq("steps", `[{"title":"build","status":"in_progress"},{"title":"test","status":"pending"}]`),
					Eq("sessionId", `"s1"`), Has("updatedAt")}},
			{Req: req("plan.get", `{"sessionId":"s1"}`), Check: []Check{Eq("steps", "$1.steps"), Eq("goal", `"ship v2"`)}},
			{Req: req("plan.updateStep", `{"sessionId":"s1","index":1,"status":"in_progress"}`), Code: Conflict, Field: "status"},
			{Req: req("plan.updateStep", `{"sessionId":"s1","index":0,"status":"completed"}`), Check: []Check{Eq("steps[0].status", `"completed"`)}},
			{Req: req("plan.updateStep", `{"sessionId":"s1","index":1,"status":"in_progress"}`), Check: []Check{Eq("steps[1].status", `"in_progress"`)}},
			{Req: req("plan.get", `{"sessionId":"s1"}`), Check: []Check{Eq("steps", `[{"title":"build","status":"completed"},{"title":"test","status":"in_progress"}]`)}},
		}},
		{Name: "plan/errors", Steps: []Step{
			{Req: req("plan.get", `{"sessionId":"s1"}`), Code: NotFound, Field: "sessionId"},
			{Req: req("plan.updateStep", `{"sessionId":"s1","index":0,"status":"completed"}`), Code: NotFound, Field: "sessionId"},
			{Req: req("plan.set", `{"sessionId":"s1","goal":"g","steps":[{"title":"a","status":"in_progress"},{"title":"b","status":"in_progress"}]}`),
				Code: InvalidArgument, Field: "steps[1].status"},
			{Req: req("plan.set", `{"sessionId":"s1","goal":"g","steps":[{"title":"a","status":"done"}]}`), Code: InvalidArgument, Field: "steps[0].status"},
			{Req: req("plan.set", `{"sessionId":"s1","goal":"","steps":[]}`), Code: InvalidArgument, Field: "goal"},
			{Req: req("plan.set", `{"sessionId":"s1","goal":"g","steps":[{"title":""}]}`), Code: InvalidArgument, Field: "steps[0].title"},
			{Req: req("plan.set", `{"sessionId":"s1","goal":"g","steps":[{"title":"a","bogus":1}]}`), Code: InvalidArgument, Field: "steps[0].bogus"},
			{Req: req("plan.set", `{"sessionId":"s1","goal":"g","steps":[`+repeat(`{"title":"a"}`, 101, ",")+`]}`), Code: TooLarge, Field: "steps"},
			{Req: req("plan.set", `{"sessionId":"s1","goal":"g","steps":[{"title":"a"}]}`)},
			{Req: req("plan.updateStep", `{"sessionId":"s1","index":1,"status":"completed"}`), Code: InvalidArgument, Field: "index"},
			{Req: req("plan.updateStep", `{"sessionId":"s1","index":-1,"status":"completed"}`), Code: InvalidArgument, Field: "index"},
			{Req: req("plan.updateStep", `{"sessionId":"s1","status":"completed"}`), Code: InvalidArgument, Field: "index"},
			{Req: req("plan.updateStep", `{"sessionId":"s1","index":0,"status":"skipped"}`), Code: InvalidArgument, Field: "status"},
		}},
	}
}

func stateCases() []Case {
	return []Case{
		{Name: "state/set_get", Steps: []Step{
			{Req: req("state.get", `{"sessionId":"s1"}`), Check: []Check{Eq("state", `""`), Eq("sessionId", `"s1"`)}},
			{Req: req("state.set", `{"sessionId":"s1","state":"cart: 2 items"}`), Check: []Check{Eq("state", `"cart: 2 items"`)}},
			{Req: req("state.get", `{"sessionId":"s1"}`), Check: []Check{Eq("state", `"cart: 2 items"`)}},
			{Req: req("state.get", `{"sessionId":"s1","namespace":"other"}`), Check: []Check{Eq("state", `""`)}},
		}},
		{Name: "state/errors", Steps: []Step{
			{Req: req("state.set", `{"sessionId":"s1"}`), Code: InvalidArgument, Field: "state"},
			{Req: req("state.set", `{"sessionId":"s1","state":`+str(bigContent)+`}`), Code: TooLarge, Field: "state"},
			{Req: req("state.get", `{}`), Code: InvalidArgument, Field: "sessionId"},
		}},
	}
}

// chatMsgs is an OpenAI conversation for buildContext.
const chatMsgs = `[{"role":"user","content":"we deploy with Ansible"},{"role":"assistant","content":"noted"},{"role":"user","content":"which Ansible inventory do we use?"}]`

func buildContextCases() []Case {
	return []Case{
		{Name: "buildContext/openai", Steps: []Step{
			{Req: req("documents.set", `{"name":"IDENTITY","content":"I am Ada."}`)},
			{Req: rememberAll(`{"type":"fact","content":"the Ansible inventory is prod.ini"}`)},
			{Req: req("plan.set", `{"sessionId":"s1","goal":"answer","steps":[{"title":"look up","status":"in_progress"}]}`)},
			{Req: req("buildContext", `{"sessionId":"s1","messages":`+chatMsgs+`,"systemPrompt":"Be brief.","budgetTokens":4000}`), Check: []Check{
				Eq("shape", `"openai"`), Len("messages", 4), Eq("messages[0].role", `"system"`),
				Eq("messages[0].content", "$4.system"), Text("system", "Be brief.\n\n# Core memory"),
				Text("system", "I am Ada."), Text("system", "1. [>] look up (in progress)"),
				Eq("messages[1].content", `"we deploy with Ansible"`),
				Text("messages[3].content", "<recalled-memories>\n- (fact) the Ansible inventory is prod.ini\n</recalled-memories>\n\nwhich Ansible inventory"),
				Eq("recalled", "[$2.memories[0].id]"),
				Eq("report.budget", "4000"), Eq("report.reserve", "800"), Eq("report.complexity", `"medium"`),
				Eq("report.shares", `{"system":0.15,"memory":0.15,"history":0.5,"reserve":0.2}`),
				Num("report.core", ">", 0), Num("report.working", ">", 0), Num("report.recall", ">", 0),
				Num("report.history", ">", 0), Num("report.total", "<=", 3200), Eq("report.trimmed", "[]"),
				Eq("report.snapshotFrozen", "true"), Eq("report.messagesIn", "3"), Eq("report.messagesOut", "3")}},
			// The auto-recall is a peek.
			{Req: req("get", `{"id":$2.memories[0].id}`), Check: []Check{Eq("memory.accessCount", "0")}},
			// The snapshot is frozen for the session; a new session sees the edit.
			{Req: req("documents.set", `{"name":"IDENTITY","content":"I am Bea."}`)},
			{Req: req("buildContext", `{"sessionId":"s1","messages":`+chatMsgs+`,"systemPrompt":"Be brief.","budgetTokens":4000}`), Check: []Check{
				Text("system", "I am Ada."), Lacks("report.snapshotFrozen")}},
			{Req: req("buildContext", `{"sessionId":"s2","messages":`+chatMsgs+`,"budgetTokens":4000,"complexity":"complex"}`), Check: []Check{
				Text("system", "I am Bea."), Eq("report.reserve", "1000"), Eq("report.complexity", `"complex"`)}},
		}},
		{Name: "buildContext/anthropic", Steps: []Step{
			{Req: rememberAll(`{"content":"the Ansible inventory is prod.ini"}`)},
			{Req: req("buildContext", `{"sessionId":"s1","budgetTokens":4000,"systemPrompt":"Be brief.","messages":[
				{"role":"user","content":[{"type":"text","text":"which Ansible inventory?"}]},
				{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"ls","input":{}}]},
				{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"prod.ini"}]}]}`), Check: []Check{
				Eq("shape", `"anthropic"`), Len("messages", 3), Eq("messages[0].role", `"user"`), Eq("system", `"Be brief."`),
				Text("messages[0].content[0].text", "<recalled-memories>"), Eq("messages[2].content[0].type", `"tool_result"`)}},
			{Req: req("buildContext", `{"sessionId":"s1","budgetTokens":4000,"shape":"anthropic","messages":[{"role":"user","content":"hi"}]}`), Check: []Check{
				Eq("shape", `"anthropic"`), Len("messages", 1), Eq("system", `""`)}},
		}},
		{Name: "buildContext/trimmed", Steps: []Step{
			{Req: rememberAll(`{"content":"the Ansible inventory is prod.ini"}`)},
			{Req: req("scratchpad.set", `{"sessionId":"s1","key":"notes","value":`+str(strings.Repeat("a long note ", 100))+`}`)},
			{Req: req("buildContext", `{"sessionId":"s1","messages":`+chatMsgs+`,"budgetTokens":120}`), Check: []Check{
				Contains("report.trimmed", `"recall"`), Contains("report.trimmed", `"working"`), Eq("recalled", "[]"),
				Text("messages[2].content", "which Ansible inventory do we use?")}},
		}},
		{Name: "buildContext/errors", Steps: []Step{
			{Req: req("buildContext", `{"messages":[],"budgetTokens":100}`), Code: InvalidArgument, Field: "sessionId"},
			{Req: req("buildContext", `{"sessionId":"s1","messages":[]}`), Code: InvalidArgument, Field: "budgetTokens"},
			{Req: req("buildContext", `{"sessionId":"s1","messages":[],"budgetTokens":-1}`), Code: InvalidArgument, Field: "budgetTokens"},
			{Req: req("buildContext", `{"sessionId":"s1","budgetTokens":100}`), Code: InvalidArgument, Field: "messages"},
			{Req: req("buildContext", `{"sessionId":"s1","messages":{},"budgetTokens":100}`), Code: InvalidArgument, Field: "messages"},
			{Req: req("buildContext", `{"sessionId":"s1","messages":[{"role":"bot","content":"x"}],"budgetTokens":100}`), Code: InvalidArgument, Field: "messages[0].role"},
			{Req: req("buildContext", `{"sessionId":"s1","messages":[],"budgetTokens":100,"complexity":"hard"}`), Code: InvalidArgument, Field: "complexity"},
			{Req: req("buildContext", `{"sessionId":"s1","messages":[],"budgetTokens":100,"shape":"gemini"}`), Code: InvalidArgument, Field: "shape"},
			{Req: req("buildContext", `{"sessionId":"s1","messages":[],"budgetTokens":100,"query":`+str(bigQuery)+`}`), Code: TooLarge, Field: "query"},
			{Req: req("buildContext", `{"sessionId":"s1","messages":[],"budgetTokens":"100"}`), Code: InvalidArgument, Field: "budgetTokens"},
			{Req: req("buildContext", `{"sessionId":"s1","messages":[],"budgetTokens":100,"budget":5}`), Code: InvalidArgument, Field: "budget"},
		}},
	}
}

func endSessionCases() []Case {
	return []Case{
		{Name: "endSession/episode", Steps: []Step{
			{Req: req("appendTurns", `{"sessionId":"s1","turns":[
				{"role":"user","content":"Deploy Atlas to staging."},
				{"role":"tool","name":"helm","content":"Error: timed out"},
				{"role":"assistant","content":"Turns out the probe port was wrong. Atlas is deployed."}]}`)},
			{Req: req("endSession", `{"sessionId":"s1"}`), Check: []Check{
				Eq("by", `"heuristic"`), Eq("episode.sessionId", `"s1"`), Eq("episode.goal", `"Deploy Atlas to staging."`),
				Eq("episode.toolsUsed", `["helm"]`), Contains("episode.entities", `"Atlas"`),
				Contains("episode.lessons", `"Turns out the probe port was wrong."`),
				Text("episode.summary", "Deploy Atlas to staging."), Text("episode.summary", "helm"), Text("episode.outcome", "answered: "),
				Num("episode.importance", ">", 0), Num("episode.importance", "<=", 1),
				Has("episode.id"), Has("episode.memoryId"), Has("episode.startedAt"), Has("episode.endedAt")}},
			{Req: req("get", `{"id":$2.episode.memoryId}`), Check: []Check{
				Eq("memory.type", `"note"`), Eq("memory.tags", `["episode"]`), Eq("memory.title", `"Episode: Deploy Atlas to staging."`),
				Eq("memory.source", `{"sessionId":"s1"}`)}},
			{Req: req("recall", `{"query":"probe port"}`), Check: []Check{Eq("hits[0].memory.id", "$2.episode.memoryId")}},
			{Req: req("episodes.list", `{"sessionId":"s1"}`), Check: []Check{Len("episodes", 1), Eq("episodes[0]", "$2.episode")}},
			{Req: req("episodes.list", `{}`), Check: []Check{Len("episodes", 1)}},
			{Req: req("episodes.list", `{"sessionId":"s2"}`), Check: []Check{Len("episodes", 0)}},
			{Req: req("endSession", `{"sessionId":"s1"}`), Code: Conflict, Field: "sessionId"},
		}},
		{Name: "endSession/errors", Steps: []Step{
			{Req: req("endSession", `{"sessionId":"nobody"}`), Code: NotFound, Field: "sessionId"},
			{Req: req("endSession", `{}`), Code: InvalidArgument, Field: "sessionId"},
			{Req: req("episodes.list", `{"sessionId":5}`), Code: InvalidArgument, Field: "sessionId"},
		}},
	}
}
