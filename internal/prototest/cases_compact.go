package prototest

import (
	"fmt"
	"strings"
)

// Cases of compaction (compact). The engines of the suite have no LLM: summaries are the
// extractive ones. Golden outputs of the compactor itself are in
// core/internal/compact/testdata; these cases check the op: shapes, the report, the
// turns it stores and its errors.

func init() { registered = append(registered, compactCases) }

// compactConvOpenAI is a migration chat of 27 messages in the OpenAI shape: eleven
// exchanges, four of them a tool call and its (long) result, and a last question.
func compactConvOpenAI() string {
	var msgs []string
	for i := range 11 {
		msgs = append(msgs, fmt.Sprintf(`{"role":"user","content":"Step %d: migrate table orders_%d to the new cluster. %s"}`, i, i, strings.Repeat("Keep downtime low. ", 8)))
		if i%3 == 0 {
			msgs = append(msgs,
				fmt.Sprintf(`{"role":"assistant","content":null,"tool_calls":[{"id":"call_%d","type":"function","function":{"name":"run_sql","arguments":"{\"q\":\"SELECT count(*) FROM orders_%d\"}"}}]}`, i, i),
				fmt.Sprintf(`{"role":"tool","tool_call_id":"call_%d","content":"count=%d %s"}`, i, i*1000, strings.Repeat("row ", 50)))
		} else {
			msgs = append(msgs, fmt.Sprintf(`{"role":"assistant","content":"We decided to copy orders_%d with logical replication. %s"}`, i, strings.Repeat("Details. ", 10)))
		}
	}
	msgs = append(msgs, `{"role":"user","content":"What is left to do?"}`)
	return "[" + strings.Join(msgs, ",") + "]"
}

// compactConvAnthropic is twelve messages in the Anthropic shape, the last four a tool
// call and result pair and an exchange.
func compactConvAnthropic() string {
	var msgs []string
	for i := range 4 {
		msgs = append(msgs,
			fmt.Sprintf(`{"role":"user","content":[{"type":"text","text":"我们决定把第 %d 批数据迁到新集群。%s"}]}`, i, strings.Repeat("注意停机时间要短。", 20)),
			fmt.Sprintf(`{"role":"assistant","content":[{"type":"text","text":"好的，第 %d 批已经迁移完成。"}]}`, i))
	}
	msgs = append(msgs,
		`{"role":"user","content":"检查一下行数"}`,
		`{"role":"assistant","content":[{"type":"text","text":"我查一下。"},{"type":"tool_use","id":"toolu_1","name":"run_sql","input":{"q":"SELECT count(*) FROM orders"}}]}`,
		`{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":[{"type":"text","text":"count=4000"}]}]}`,
		`{"role":"assistant","content":[{"type":"text","text":"共 4000 行，和旧集群一致。"}]}`)
	return "[" + strings.Join(msgs, ",") + "]"
}

const compactShort = `[{"role":"system","content":"You are helpful."},{"role":"user","content":"hi"},
	{"role":"assistant","content":"hello"},{"role":"user","content":"what's 2+2?"},{"role":"assistant","content":"4"}]`

func compactCases() []Case {
	compact := func(args string) string { return req("compact", args) }
	openai := compactConvOpenAI()
	return []Case{
		{Name: "compact/below_floors_unchanged", Steps: []Step{
			{Req: compact(`{"messages":` + compactShort + `,"force":true}`), Check: []Check{
				Eq("messages", compactShort),
				Eq("report", `{"tokensBefore":36,"tokensAfter":36,"messagesBefore":5,"messagesAfter":5,"micro":0,
					"ruleDropped":0,"ruleTruncated":0,"summarized":0,"summaryBy":"","trigger":"","storedTurns":0}`)}},
			{Req: compact(`{"messages":[]}`), Check: []Check{Eq("messages", "[]"), Eq("report.messagesBefore", "0")}},
		}},
		{Name: "compact/openai_threshold", Steps: []Step{
			{Req: compact(`{"messages":` + openai + `}`), Check: []Check{
				Eq("report.messagesBefore", "27"), Eq("report.trigger", `"messages"`), Eq("report.summaryBy", `"extractive"`),
				Eq("report.micro", "1"), Eq("report.summarized", "18"), Eq("report.messagesAfter", "10"), Eq("report.storedTurns", "0"),
				Eq("report.tokensBefore", "1382"), Num("report.tokensAfter", "<", 600), Lacks("report.llmError"),
				Eq("messages[0].role", `"user"`), Text("messages[0].content", "[compacted] Summary of 18 earlier messages:\nGoal: Step 0: migrate table orders_0"),
				Text("messages[0].content", "\nDecisions:\n- We decided to copy orders_1 with logical replication.\n"),
				Text("messages[0].content", "\nTools used: run_sql ×3"),
				// The tail is verbatim (9 messages: the assistant speaks after the summary),
				// the call and its result together.
				Eq("messages[1].role", `"assistant"`), Eq("messages[9]", `{"role":"user","content":"What is left to do?"}`),
				Eq("messages[5].tool_calls[0].id", `"call_9"`), Eq("messages[6].tool_call_id", `"call_9"`)}},
		}},
		{Name: "compact/anthropic_shape", Steps: []Step{
			{Req: compact(`{"messages":` + compactConvAnthropic() + `,"force":true,"workingState":"Plan: 迁移\n  [x] 第 0-3 批\n  [ ] 校验"}`), Check: []Check{
				Eq("report.trigger", `"force"`), Eq("report.summarized", "3"), Len("messages", 10),
				Text("messages[0].content", "目标：我们决定把第 0 批数据迁到新集群。"),
				Text("messages[0].content", "\n\nWorking state:\nPlan: 迁移\n  [x] 第 0-3 批\n  [ ] 校验"),
				Eq("messages[1].role", `"assistant"`), Eq("messages[1].content", `[{"type":"text","text":"好的，第 1 批已经迁移完成。"}]`),
				Eq("messages[7].content[1]", `{"type":"tool_use","id":"toolu_1","name":"run_sql","input":{"q":"SELECT count(*) FROM orders"}}`),
				Eq("messages[8].content[0].tool_use_id", `"toolu_1"`)}},
		}},
		{Name: "compact/stores_turns", Steps: []Step{
			{Req: compact(`{"messages":` + openai + `,"sessionId":"s1"}`), Check: []Check{Eq("report.storedTurns", "18")}},
			{Req: stats, Check: []Check{Eq("turns", "18"), Eq("sessions", "1")}},
			// What left the context is found by searchTurns, the tool result with its tool.
			{Req: req("searchTurns", `{"query":"count=3000","sessionId":"s1"}`), Check: []Check{
				Eq("hits[0].turn.role", `"tool"`), Eq("hits[0].turn.name", `"run_sql"`), Eq("hits[0].turn.seq", "10"),
				Text("hits[0].turn.content", "count=3000 row row")}},
			// Compacting the same conversation again stores nothing twice.
			{Req: compact(`{"messages":` + openai + `,"sessionId":"s1"}`), Check: []Check{Eq("report.storedTurns", "0"), Eq("messages", "$1.messages")}},
			// Nor does compacting in another namespace touch this one.
			{Req: compact(`{"namespace":"other","messages":` + openai + `,"sessionId":"s1"}`), Check: []Check{Eq("report.storedTurns", "18")}},
			{Req: stats, Check: []Check{Eq("turns", "18")}},
		}},
		{Name: "compact/thresholds", Steps: []Step{
			{Req: compact(`{"messages":` + openai + `,"maxMessages":100}`), Check: []Check{
				Eq("report.trigger", `""`), Eq("report.summarized", "0"), Eq("report.micro", "1"), Eq("report.messagesAfter", "27"),
				Eq("messages[2].content", `"[Previous: used run_sql]"`)}},
			{Req: compact(`{"messages":` + openai + `,"maxMessages":100,"maxChars":4000}`), Check: []Check{Eq("report.trigger", `"chars"`)}},
			{Req: compact(`{"messages":` + openai + `,"maxMessages":100,"maxTokens":500}`), Check: []Check{
				Eq("report.trigger", `"tokens"`), Num("report.tokensAfter", "<=", 500), Eq("report.messagesAfter", "6"),
				Eq("messages[1].tool_calls[0].id", `"call_9"`), Eq("messages[2].tool_call_id", `"call_9"`)}},
			// A threshold under the floor (8 messages) is raised to it.
			{Req: compact(`{"messages":` + compactShort + `,"maxMessages":1}`), Check: []Check{Eq("report.summarized", "0")}},
		}},
		{Name: "compact/bad_args", Steps: []Step{
			{Req: compact(`{}`), Code: InvalidArgument, Field: "messages"},
			{Req: compact(`{"messages":null}`), Code: InvalidArgument, Field: "messages"},
			{Req: compact(`{"messages":{"role":"user"}}`), Code: InvalidArgument, Field: "messages"},
			{Req: compact(`{"messages":[{"role":"user","content":"a"},{"role":"robot","content":"b"}]}`), Code: InvalidArgument, Field: "messages[1].role"},
			{Req: compact(`{"messages":[{"role":"user","content":[{"type":"text"}]}]}`), Code: InvalidArgument, Field: "messages[0].content[0].text"},
			{Req: compact(`{"messages":[],"maxMessages":-1}`), Code: InvalidArgument, Field: "maxMessages"},
			{Req: compact(`{"messages":[],"force":"yes"}`), Code: InvalidArgument, Field: "force"},
			{Req: compact(`{"messages":[],"keepRecent":3}`), Code: InvalidArgument, Field: "keepRecent"},
			{Req: compact(`{"messages":[],"sessionId":7}`), Code: InvalidArgument, Field: "sessionId"},
			{Req: compact(`{"messages":[],"sessionId":` + str(strings.Repeat("s", 1025)) + `}`), Code: TooLarge, Field: "sessionId"},
			{Req: compact(`{"messages":[` + repeat(`{"role":"user","content":"x"}`, 10001, ",") + `]}`), Code: TooLarge, Field: "messages"},
			{Req: stats, Check: []Check{Eq("turns", "0")}},
		}},
	}
}
