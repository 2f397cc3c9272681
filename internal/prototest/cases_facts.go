package prototest

import (
	"encoding/json"
	"strings"
)

// Cases of fact extraction (extractFacts) and the upkeep op that retries its queued LLM
// passes (consolidate). The engines of the suite have no LLM: extraction is the
// heuristics'; the LLM pass and the queue are tested in core (facts_test.go).

func init() { registered = append(registered, factsCases) }

// factsConv is six messages with four facts: a name and a city (message 0), a
// preference (2) and a standing rule (4).
const factsConv = `[
	{"role":"user","content":"Hi, my name is Ada Lovelace and I live in London."},
	{"role":"assistant","content":"Nice to meet you, Ada."},
	{"role":"user","content":"I prefer concise answers with code examples."},
	{"role":"assistant","content":"Got it."},
	{"role":"user","content":"From now on, always answer in English please."},
	{"role":"assistant","content":"Sure."}]`

// factsTurns returns the first n messages of factsConv followed by two more.
func factsTurns(n int) string {
	var msgs []json.RawMessage
	all := strings.TrimSuffix(factsConv, "]") + `,
	{"role":"user","content":"My daughter Lily is allergic to peanuts."},
	{"role":"assistant","content":"Noted."}]`
	if err := json.Unmarshal([]byte(all), &msgs); err != nil {
		panic(err)
	}
	b, _ := json.Marshal(msgs[:n])
	return string(b)
}

func factsCases() []Case {
	extract := func(args string) string { return req("extractFacts", args) }
	return []Case{
		{Name: "extractFacts/returns_facts", Steps: []Step{
			{Req: extract(`{"messages":` + factsConv + `}`), Check: []Check{
				Len("facts", 4), Eq("by", `"heuristic"`), Eq("memories", "[]"), Eq("queued", "0"), Lacks("reason"),
				Eq("read", "6"), Eq("unread", "0"), Eq("known", "0"),
				Eq("facts[0]", `{"type":"profile","content":"User's name is Ada Lovelace","subject":"user","predicate":"name","confidence":0.9,"evidence":[0]}`),
				Eq("facts[1].predicate", `"location"`),
				Eq("facts[2].type", `"preference"`), Eq("facts[2].evidence", "[2]"),
				Eq("facts[3].type", `"rule"`), Eq("facts[3].content", `"From now on, always answer in English please."`)}},
			{Req: stats, Check: []Check{Eq("memories", "0")}},
		}},
		{Name: "extractFacts/gate_and_no_cues", Steps: []Step{
			// The gate is one user or assistant message: a new user's first message is read.
			{Req: extract(`{"messages":[{"role":"user","content":"I prefer tea."}]}`), Check: []Check{
				Len("facts", 1), Eq("facts[0].content", `"User prefers tea"`), Lacks("reason"), Eq("read", "1")}},
			{Req: extract(`{"messages":[]}`), Check: []Check{Eq("facts", "[]"), Eq("reason", `"too_few_messages"`), Eq("read", "0")}},
			{Req: extract(`{"messages":[{"role":"system","content":"I prefer tea."}]}`), Check: []Check{
				Eq("facts", "[]"), Eq("reason", `"too_few_messages"`), Eq("read", "0")}},
			{Req: extract(`{"messages":[{"role":"user","content":"hello"},{"role":"assistant","content":"hi"},
				{"role":"user","content":"how are you?"},{"role":"assistant","content":"fine"},
				{"role":"user","content":"ok"},{"role":"assistant","content":"ok"}]}`),
				Check: []Check{Eq("facts", "[]"), Eq("reason", `"no_cues"`)}},
		}},
		{Name: "extractFacts/commit", Steps: []Step{
			{Req: extract(`{"messages":` + factsConv + `,"commit":true,"sessionId":"s1","date":"2026-01-02"}`), Check: []Check{
				Len("facts", 4), Len("memories", 4), Eq("duplicates", "0"),
				Eq("memories[0].content", `"User's name is Ada Lovelace"`), Eq("memories[0].type", `"profile"`),
				Eq("memories[0].confidence", "0.9"), Eq("memories[0].tags", `["extracted"]`),
				Eq("memories[0].source", `{"sessionId":"s1"}`), Eq("memories[3].type", `"rule"`)}},
			{Req: stats, Check: []Check{Eq("memories", "4"), Eq("byType", `{"profile":2,"preference":1,"rule":1}`)}},
			{Req: req("documents.get", `{"name":"daily/2026-01-02"}`), Check: []Check{
				Text("content", "# 2026-01-02\n\n## "), Text("content", " UTC · heuristic · session s1\n- [profile] User's name is Ada Lovelace\n")}},
			{Req: req("documents.get", `{"name":"MEMORY"}`), Check: []Check{Text("content", "## Auto-extracted\n- [profile] User's name is Ada Lovelace\n")}},
			// Again in the session: read already (each message once a session).
			{Req: extract(`{"messages":` + factsConv + `,"commit":true,"sessionId":"s1"}`), Check: []Check{
				Eq("facts", "[]"), Eq("reason", `"all_read"`), Eq("read", "0"), Eq("known", "6"), Eq("unread", "0")}},
			// In another session: nothing is stored twice.
			{Req: extract(`{"messages":` + factsConv + `,"commit":true,"sessionId":"s2"}`), Check: []Check{
				Len("facts", 4), Eq("memories", "[]"), Eq("duplicates", "4"), Eq("reason", `"all_known"`), Eq("read", "6")}},
			{Req: stats, Check: []Check{Eq("memories", "4")}},
		}},
		{Name: "extractFacts/read_once_per_session", Steps: []Step{
			// Turn by turn with commit, from the first message: each call reads only what is new.
			{Req: extract(`{"messages":` + factsTurns(1) + `,"commit":true,"sessionId":"t"}`), Check: []Check{
				Len("memories", 2), Eq("memories[0].content", `"User's name is Ada Lovelace"`), Eq("read", "1"), Eq("known", "0")}},
			{Req: extract(`{"messages":` + factsTurns(2) + `,"commit":true,"sessionId":"t"}`), Check: []Check{
				Eq("reason", `"no_cues"`), Eq("read", "1"), Eq("known", "1")}},
			{Req: extract(`{"messages":` + factsTurns(6) + `,"commit":true,"sessionId":"t"}`), Check: []Check{
				Len("memories", 2), Eq("read", "4"), Eq("known", "2")}},
			{Req: extract(`{"messages":` + factsTurns(8) + `,"commit":true,"sessionId":"t"}`), Check: []Check{
				Len("memories", 1), Eq("memories[0].content", `"User's daughter Lily is allergic to peanuts"`),
				Eq("read", "2"), Eq("known", "6")}},
			// Once at the end, in another namespace: the same memories.
			{Req: extract(`{"namespace":"once","messages":` + factsTurns(8) + `,"commit":true,"sessionId":"t"}`), Check: []Check{
				Len("memories", 5), Eq("read", "8"), Eq("known", "0")}},
			{Req: stats, Check: []Check{Eq("memories", "5")}},
		}},
		{Name: "extractFacts/anthropic_shape", Steps: []Step{
			{Req: extract(`{"namespace":"zh","messages":[
				{"role":"user","content":[{"type":"text","text":"我叫李明，是一名前端工程师。"}]},
				{"role":"assistant","content":[{"type":"text","text":"好的"},{"type":"tool_use","id":"t1","name":"lookup","input":{}}]},
				{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"I prefer tabs."}]},
				{"role":"assistant","content":"明白"},
				{"role":"user","content":"以后回答都用中文。"},
				{"role":"assistant","content":"好的"}],"useLLM":true}`), Check: []Check{
				Len("facts", 3), Eq("facts[0].content", `"用户叫李明"`), Eq("facts[2].type", `"rule"`)}},
		}},
		{Name: "extractFacts/invalid_argument", Steps: []Step{
			{Req: extract(`{}`), Code: InvalidArgument, Field: "messages"},
			{Req: extract(`{"messages":null}`), Code: InvalidArgument, Field: "messages"},
			{Req: extract(`{"messages":"hi"}`), Code: InvalidArgument, Field: "messages"},
			{Req: extract(`{"messages":[{"role":"robot","content":"x"}]}`), Code: InvalidArgument, Field: "messages[0].role"},
			{Req: extract(`{"messages":[{"role":"user","content":5}]}`), Code: InvalidArgument, Field: "messages[0].content"},
			{Req: extract(`{"messages":[],"date":"2026-02-30"}`), Code: InvalidArgument, Field: "date"},
			{Req: extract(`{"messages":[],"commit":"yes"}`), Code: InvalidArgument, Field: "commit"},
			{Req: extract(`{"messages":[],"sessionId":7}`), Code: InvalidArgument, Field: "sessionId"},
			{Req: extract(`{"messages":[],"useLLM":1}`), Code: InvalidArgument, Field: "useLLM"},
			{Req: extract(`{"messages":[],"limit":3}`), Code: InvalidArgument, Field: "limit"},
			{Req: extract(`{"namespace":"","messages":[]}`), Code: InvalidArgument, Field: "namespace"},
			{Req: stats, Check: []Check{Eq("memories", "0")}},
		}},
		{Name: "extractFacts/too_large", Steps: []Step{
			{Req: extract(`{"messages":[` + repeat(`{"role":"user","content":"x"}`, 1001, ",") + `]}`), Code: TooLarge, Field: "messages"},
			{Req: extract(`{"messages":[{"role":"user","content":"x"},{"role":"user","content":` + str(bigContent) + `}],"commit":true}`),
				Code: TooLarge, Field: "messages[1].content"},
			{Req: extract(`{"messages":[],"sessionId":` + str(strings.Repeat("s", 1025)) + `}`), Code: TooLarge, Field: "sessionId"},
			{Req: stats, Check: []Check{Eq("memories", "0")}},
		}},
		{Name: "consolidate/empty_queue", Steps: []Step{
			{Req: req("consolidate", `{}`), Check: []Check{
				Eq("processed", "0"), Eq("byLLM", "0"), Eq("byHeuristic", "0"), Eq("failed", "0"),
				Eq("stored", "0"), Eq("duplicates", "0"), Eq("pending", "0")}},
			{Req: req("consolidate", `{"namespace":"other","limit":1000}`), Check: []Check{Eq("pending", "0")}},
		}},
		{Name: "consolidate/invalid_argument", Steps: []Step{
			{Req: req("consolidate", `{"limit":-1}`), Code: InvalidArgument, Field: "limit"},
			{Req: req("consolidate", `{"limit":1001}`), Code: InvalidArgument, Field: "limit"},
			{Req: req("consolidate", `{"limit":"all"}`), Code: InvalidArgument, Field: "limit"},
			{Req: req("consolidate", `{"sessionId":"s1"}`), Code: InvalidArgument, Field: "sessionId"},
		}},
		{Name: "extractFacts/closed", Steps: []Step{
			{CloseFirst: true, Req: extract(`{"messages":` + factsConv + `}`), Code: Closed},
			{Req: req("consolidate", `{}`), Code: Closed},
		}},
	}
}
