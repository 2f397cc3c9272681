package prototest

// Cases of recall, appendTurns, searchTurns, stats and namespaces.

import (
	"strings"
)

func recallCases() []Case {
	zh := "用户喜欢用 Python 写脚本"
	en := "The deploy script needs the staging credentials"
	both := rememberAll(`{"type":"preference","content":`+str(zh)+`,"importance":0.8}`,
		`{"type":"fact","content":`+str(en)+`}`, `{"content":"完全无关的一条记录"}`, `{"content":"lunch is at noon"}`)
	return []Case{
		{Name: "recall/chinese_bigram", Steps: []Step{
			{Req: both},
			{Req: req("recall", `{"query":"脚本"}`), Check: []Check{Len("hits", 1), Eq("hits[0].memory.content", str(zh))}},
			{Req: req("recall", `{"query":"喜欢"}`), Check: []Check{Len("hits", 1), Eq("hits[0].memory.id", "$1.memories[0].id")}},
			{Req: req("recall", `{"query":"用户写什么脚本？"}`), Check: []Check{Eq("hits[0].memory.id", "$1.memories[0].id")}},
			{Req: req("recall", `{"query":"Python 脚本"}`), Check: []Check{Eq("hits[0].memory.id", "$1.memories[0].id")}},
		}},
		{Name: "recall/english", Steps: []Step{
			{Req: both},
			{Req: req("recall", `{"query":"what credentials does the deploy need?"}`), Check: []Check{
				Eq("hits[0].memory.content", str(en)), Num("hits[0].score", ">", 0)}},
			{Req: req("recall", `{"query":"PYTHON"}`), Check: []Check{Len("hits", 1), Eq("hits[0].memory.id", "$1.memories[0].id")}},
			{Req: req("recall", `{"query":"script"}`), Check: []Check{Len("hits", 1), Eq("hits[0].memory.id", "$1.memories[1].id")}},
		}},
		{Name: "recall/no_match", Steps: []Step{
			{Req: both},
			{Req: req("recall", `{"query":"xylophone"}`), Check: []Check{Eq("hits", "[]")}},
			{Req: req("recall", `{"query":"?!…"}`), Check: []Check{Eq("hits", "[]")}},
		}},
		{Name: "recall/ranked_and_limited", Steps: []Step{
			{Req: rememberAll(`{"content":"postgres tuning notes","importance":0.2}`,
				`{"title":"postgres","content":"postgres replication and postgres backups","importance":0.9}`,
				`{"content":"a note mentioning postgres once among many other words here","importance":0.2}`)},
			{Req: req("recall", `{"query":"postgres","limit":2}`), Check: []Check{
				Len("hits", 2), Eq("hits[0].memory.id", "$1.memories[1].id"),
				Num("hits[0].score", ">", 0), Num("hits[1].score", ">", 0),
				func(r *Resp) error { return descending(r, "hits", "score") },
			}},
		}},
		{Name: "recall/filters", Steps: []Step{
			{Req: rememberAll(`{"type":"fact","content":"coffee at nine","tags":["routine"]}`,
				`{"type":"preference","content":"coffee black","tags":["taste"]}`)},
			{Req: req("recall", `{"query":"coffee","types":["preference"]}`), Check: []Check{Len("hits", 1), Eq("hits[0].memory.id", "$1.memories[1].id")}},
			{Req: req("recall", `{"query":"coffee","tags":["routine"]}`), Check: []Check{Len("hits", 1), Eq("hits[0].memory.id", "$1.memories[0].id")}},
			{Req: req("recall", `{"query":"coffee","since":`+future+`}`), Check: []Check{Len("hits", 0)}},
			{Req: req("recall", `{"query":"coffee","until":`+future+`}`), Check: []Check{Len("hits", 2)}},
		}},
		{Name: "recall/expired_not_recalled", Steps: []Step{
			{Req: rememberAll(`{"content":"parking spot B12 today","tier":"transient","expiresAt":`+past+`}`,
				`{"content":"parking spot C3 tomorrow","tier":"transient","expiresAt":`+future+`}`)},
			{Req: req("recall", `{"query":"parking spot"}`), Check: []Check{Len("hits", 1), Eq("hits[0].memory.id", "$1.memories[1].id")}},
			{Req: req("get", `{"id":$1.memories[0].id}`), Check: []Check{Eq("memory.accessCount", "0")}},
		}},
		{Name: "recall/superseded_not_recalled", Steps: []Step{
			{Req: rememberAll(`{"type":"fact","content":"my phone number is 555 0100"}`, `{"type":"fact","content":"my phone number is 555 0199"}`)},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"supersededBy":$1.memories[1].id}}`)},
			{Req: req("recall", `{"query":"phone number"}`), Check: []Check{Len("hits", 1), Eq("hits[0].memory.id", "$1.memories[1].id")}},
		}},
		{Name: "recall/peek_and_access", Steps: []Step{
			{Req: remember("the cat is called Miso")},
			{Req: req("recall", `{"query":"cat","peek":true}`), Check: []Check{Len("hits", 1), Eq("hits[0].memory.accessCount", "0")}},
			{Req: req("get", `{"id":$1.memories[0].id}`), Check: []Check{Eq("memory.accessCount", "0"), Lacks("memory.lastAccessedAt")}},
			{Req: req("recall", `{"query":"cat"}`), Check: []Check{Eq("hits[0].memory.accessCount", "1"), Has("hits[0].memory.lastAccessedAt")}},
			{Req: req("get", `{"id":$1.memories[0].id}`), Check: []Check{
				Eq("memory.accessCount", "1"), Eq("memory.lastAccessedAt", "$4.hits[0].memory.lastAccessedAt"),
				Eq("memory.version", "1"), Eq("memory.updatedAt", "$1.memories[0].updatedAt")}},
			{Req: req("recall", `{"query":"Miso"}`), Check: []Check{Eq("hits[0].memory.accessCount", "2")}},
			{Req: req("recall", `{"query":"Miso","peek":true}`), Check: []Check{Eq("hits[0].memory.accessCount", "2")}},
			{Req: req("history", `{"id":$1.memories[0].id}`), Check: []Check{Len("history", 1)}},
		}},
		{Name: "recall/explain", Steps: []Step{
			{Req: rememberAll(`{"content":"the boiler is serviced in march","importance":0.8}`, `{"content":"march madness boiler boiler"}`)},
			{Req: req("recall", `{"query":"boiler march","explain":true}`), Check: []Check{
				Len("hits", 2),
				Num("hits[0].components.bm25", ">", 0),
				Num("hits[0].components.relevance", "<=", 1),
				Num("hits[1].components.relevance", ">", 0),
				func(r *Resp) error {
					// The best BM25 among the hits has relevance 1.
					for _, i := range []string{"0", "1"} {
						a, _ := r.Get("hits[" + i + "].components.bm25")
						other := map[string]string{"0": "1", "1": "0"}[i]
						b, _ := r.Get("hits[" + other + "].components.bm25")
						if num(a) >= num(b) {
							return Eq("hits["+i+"].components.relevance", "1")(r)
						}
					}
					return nil
				},
				Num("hits[0].components.recency", ">", 0), Num("hits[0].components.recency", "<=", 1),
				Has("hits[0].components.importance"),
				Eq("hits[0].components.heat", "0"),
				Each("hits", "memory.accessCount", "1"),
			}},
			{Req: req("recall", `{"query":"boiler march","explain":true,"peek":true}`), Check: []Check{
				Num("hits[0].components.heat", ">", 0)}},
			{Req: req("recall", `{"query":"boiler"}`), Check: []Check{Lacks("hits[0].components"), Lacks("hits[1].components")}},
		}},
		{Name: "recall/bad_args", Steps: []Step{
			{Req: req("recall", `{"query":""}`), Code: InvalidArgument, Field: "query"},
			{Req: req("recall", `{"query":"   "}`), Code: InvalidArgument, Field: "query"},
			{Req: req("recall", `{}`), Code: InvalidArgument, Field: "query"},
			{Req: req("recall", `{"query":["a"]}`), Code: InvalidArgument, Field: "query"},
			{Req: req("recall", `{"query":`+str(bigQuery)+`}`), Code: TooLarge, Field: "query"},
			{Req: req("recall", `{"query":"x","limit":1001}`), Code: InvalidArgument, Field: "limit"},
			{Req: req("recall", `{"query":"x","limit":-5}`), Code: InvalidArgument, Field: "limit"},
			{Req: req("recall", `{"query":"x","types":["opinion"]}`), Code: InvalidArgument, Field: "types[0]"},
			{Req: req("recall", `{"query":"x","peek":1}`), Code: InvalidArgument, Field: "peek"},
			{Req: req("recall", `{"query":"x","explain":true,"verbose":true}`), Code: InvalidArgument, Field: "verbose"},
			{Req: req("recall", `{"query":`+str(strings.Repeat("q", 2<<10))+`}`), Check: []Check{Len("hits", 0)}},
		}},
	}
}

func appendTurnsCases() []Case {
	turn := func(role, content string) string { return `{"role":"` + role + `","content":` + str(content) + `}` }
	appendTo := func(session string, turns ...string) string {
		return req("appendTurns", `{"sessionId":`+str(session)+`,"turns":[`+strings.Join(turns, ",")+`]}`)
	}
	return []Case{
		{Name: "appendTurns/seq_continues", Steps: []Step{
			{Req: appendTo("s1", turn("user", "hi"), turn("assistant", "hello, how can I help?")), Check: []Check{
				Len("turns", 2), Eq("turns[0].seq", "1"), Eq("turns[1].seq", "2"),
				Eq("turns[0].sessionId", `"s1"`), Eq("turns[0].role", `"user"`), Eq("turns[1].content", `"hello, how can I help?"`),
				Has("turns[0].createdAt"), Ascending("turns", "id")}},
			{Req: appendTo("s1", `{"role":"tool","name":"search","content":"3 results"}`), Check: []Check{
				Eq("turns[0].seq", "3"), Eq("turns[0].name", `"search"`)}},
			{Req: appendTo("s2", turn("system", "you are helpful")), Check: []Check{Eq("turns[0].seq", "1")}},
			{Req: appendTo("s1", turn("user", "thanks")), Check: []Check{Eq("turns[0].seq", "4")}},
			{Req: stats, Check: []Check{Eq("turns", "5"), Eq("sessions", "2")}},
		}},
		{Name: "appendTurns/created_at", Steps: []Step{
			{Req: appendTo("s", `{"role":"user","content":"old","createdAt":"2020-05-06T07:08:09.123Z"}`), Check: []Check{
				Eq("turns[0].createdAt", `"2020-05-06T07:08:09.123Z"`)}},
		}},
		{Name: "appendTurns/bad_args", Steps: []Step{
			{Req: appendTo("s", turn("robot", "x")), Code: InvalidArgument, Field: "turns[0].role"},
			{Req: appendTo("s", turn("user", "x"), turn("user", "")), Code: InvalidArgument, Field: "turns[1].content"},
			{Req: appendTo("", turn("user", "x")), Code: InvalidArgument, Field: "sessionId"},
			{Req: req("appendTurns", `{"turns":[{"role":"user","content":"x"}]}`), Code: InvalidArgument, Field: "sessionId"},
			{Req: appendTo("s"), Code: InvalidArgument, Field: "turns"},
			{Req: req("appendTurns", `{"sessionId":"s"}`), Code: InvalidArgument, Field: "turns"},
			{Req: req("appendTurns", `{"sessionId":"s","turns":[{"role":"user","content":"x","seq":1}]}`), Code: InvalidArgument, Field: AnyField},
			{Req: req("appendTurns", `{"sessionId":"s","turns":[{"role":"user","content":1}]}`), Code: InvalidArgument, Field: AnyField},
			{Req: appendTo("s", repeat(turn("user", "x"), 1001, ",")), Code: TooLarge, Field: "turns"},
			{Req: appendTo("s", turn("user", bigContent)), Code: TooLarge, Field: "turns[0].content"},
			{Req: appendTo(strings.Repeat("s", 1025), turn("user", "x")), Code: TooLarge, Field: "sessionId"},
			{Req: stats, Check: []Check{Eq("turns", "0"), Eq("sessions", "0")}},
			{Req: appendTo("s", turn("user", "x")), Check: []Check{Eq("turns[0].seq", "1")}},
		}},
	}
}

func searchTurnsCases() []Case {
	appendTo := func(session string, contents ...string) string {
		var turns []string
		for _, c := range contents {
			turns = append(turns, `{"role":"user","content":`+str(c)+`}`)
		}
		return req("appendTurns", `{"sessionId":`+str(session)+`,"turns":[`+strings.Join(turns, ",")+`]}`)
	}
	return []Case{
		{Name: "searchTurns/by_session", Steps: []Step{
			{Req: appendTo("s1", "we discussed the database migration", "and lunch")},
			{Req: appendTo("s2", "the database backup runs nightly")},
			{Req: req("searchTurns", `{"query":"database"}`), Check: []Check{Len("hits", 2), Num("hits[0].score", ">", 0)}},
			{Req: req("searchTurns", `{"query":"database","sessionId":"s1"}`), Check: []Check{
				Len("hits", 1), Eq("hits[0].turn", "$1.turns[0]")}},
			{Req: req("searchTurns", `{"query":"database","sessionId":"s3"}`), Check: []Check{Eq("hits", "[]")}},
			{Req: req("searchTurns", `{"query":"database","limit":1}`), Check: []Check{Len("hits", 1)}},
			{Req: req("searchTurns", `{"query":"nightly backup"}`), Check: []Check{Len("hits", 1), Eq("hits[0].turn.sessionId", `"s2"`)}},
		}},
		{Name: "searchTurns/chinese", Steps: []Step{
			{Req: appendTo("s", "我们明天去北京开会", "今天天气很好")},
			{Req: req("searchTurns", `{"query":"北京"}`), Check: []Check{Len("hits", 1), Eq("hits[0].turn.id", "$1.turns[0].id")}},
		}},
		{Name: "searchTurns/bad_args", Steps: []Step{
			{Req: req("searchTurns", `{"query":""}`), Code: InvalidArgument, Field: "query"},
			{Req: req("searchTurns", `{}`), Code: InvalidArgument, Field: "query"},
			{Req: req("searchTurns", `{"query":`+str(bigQuery)+`}`), Code: TooLarge, Field: "query"},
			{Req: req("searchTurns", `{"query":"x","limit":1001}`), Code: InvalidArgument, Field: "limit"},
			{Req: req("searchTurns", `{"query":"x","sessionId":7}`), Code: InvalidArgument, Field: "sessionId"},
			{Req: req("searchTurns", `{"query":"x","role":"user"}`), Code: InvalidArgument, Field: "role"},
			{Req: req("searchTurns", `{"query":"!!"}`), Check: []Check{Eq("hits", "[]")}},
		}},
	}
}

func statsCases() []Case {
	return []Case{
		{Name: "stats/empty", Steps: []Step{
			{Req: stats, Check: []Check{
				Eq("namespace", `"default"`), Eq("memories", "0"), Eq("expired", "0"), Eq("superseded", "0"),
				Eq("byType", "{}"), Eq("turns", "0"), Eq("sessions", "0"), Num("dbBytes", ">", 0),
				Num("schemaVersion", ">=", 1), Ne("version", `""`)}},
			{Req: req("hello", `{}`)},
			{Req: stats, Check: []Check{Eq("version", "$2.version")}},
		}},
		{Name: "stats/counts", Steps: []Step{
			{Req: rememberAll(`{"type":"fact","content":"a"}`, `{"type":"fact","content":"b"}`, `{"type":"rule","content":"c"}`,
				`{"type":"note","content":"d","tier":"transient","expiresAt":`+past+`}`, `{"type":"note","content":"e"}`)},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"supersededBy":$1.memories[1].id}}`)},
			{Req: req("appendTurns", `{"sessionId":"s","turns":[{"role":"user","content":"x"},{"role":"assistant","content":"y"}]}`)},
			{Req: stats, Check: []Check{
				Eq("memories", "3"), Eq("expired", "1"), Eq("superseded", "1"),
				Eq("byType", `{"fact":1,"rule":1,"note":1}`), Eq("turns", "2"), Eq("sessions", "1")}},
		}},
		{Name: "stats/bad_args", Steps: []Step{
			{Req: req("stats", `{"namespace":""}`), Code: InvalidArgument, Field: "namespace"},
			{Req: req("stats", `{"namespace":null}`), Check: []Check{Eq("namespace", `"default"`)}},
		}},
	}
}

func namespaceCases() []Case {
	inA := `{"namespace":"a",`
	inB := `{"namespace":"b",`
	return []Case{
		{Name: "namespace/isolation", Steps: []Step{
			{Req: rememberIn("a", `{"content":"the vault combination is 1234","tags":["secret"]}`)},
			{Req: req("appendTurns", inA+`"sessionId":"s","turns":[{"role":"user","content":"remember the vault combination"}]}`)},
			{Req: req("get", inB+`"id":$1.memories[0].id}`), Code: NotFound, Field: "id"},
			{Req: req("list", inB+`"includeExpired":true,"includeSuperseded":true}`), Check: []Check{Len("memories", 0)}},
			{Req: req("recall", inB+`"query":"vault combination"}`), Check: []Check{Len("hits", 0)}},
			{Req: req("searchTurns", inB+`"query":"vault combination"}`), Check: []Check{Len("hits", 0)}},
			{Req: req("searchTurns", inB+`"query":"vault","sessionId":"s"}`), Check: []Check{Len("hits", 0)}},
			{Req: req("history", inB+`"id":$1.memories[0].id}`), Code: NotFound, Field: "id"},
			{Req: req("update", inB+`"id":$1.memories[0].id,"patch":{"content":"hijacked"}}`), Code: NotFound, Field: "id"},
			{Req: req("forget", inB+`"id":$1.memories[0].id}`), Code: NotFound, Field: "id"},
			{Req: req("forget", inB+`"filter":{"tags":["secret"]}}`), Check: []Check{Eq("forgotten", "0")}},
			{Req: req("stats", inB+`"x":1}`), Code: InvalidArgument, Field: "x"},
			{Req: req("stats", `{"namespace":"b"}`), Check: []Check{
				Eq("namespace", `"b"`), Eq("memories", "0"), Eq("turns", "0"), Eq("sessions", "0"), Eq("byType", "{}")}},
			{Req: req("appendTurns", inB+`"sessionId":"s","turns":[{"role":"user","content":"hi"}]}`), Check: []Check{Eq("turns[0].seq", "1")}},
			{Req: stats, Check: []Check{Eq("memories", "0"), Eq("turns", "0")}},
			// Namespace "a" is untouched.
			{Req: req("get", inA+`"id":$1.memories[0].id}`), Check: []Check{Eq("memory", "$1.memories[0]")}},
			{Req: req("stats", `{"namespace":"a"}`), Check: []Check{Eq("memories", "1"), Eq("turns", "1"), Eq("sessions", "1")}},
			{Req: req("recall", inA+`"query":"vault combination","peek":true}`), Check: []Check{Len("hits", 1), Eq("hits[0].memory.namespace", `"a"`)}},
			{Req: req("searchTurns", inA+`"query":"vault"}`), Check: []Check{Len("hits", 1)}},
			{Req: req("appendTurns", inA+`"sessionId":"s","turns":[{"role":"user","content":"again"}]}`), Check: []Check{Eq("turns[0].seq", "2")}},
		}},
		{Name: "namespace/default_and_case", Steps: []Step{
			{Req: remember("x")},
			{Req: req("get", `{"namespace":"default","id":$1.memories[0].id}`)},
			{Req: req("get", `{"namespace":"Default","id":$1.memories[0].id}`), Code: NotFound, Field: "id"},
			{Req: req("get", `{"namespace":"默认","id":$1.memories[0].id}`), Code: NotFound, Field: "id"},
			{Req: rememberIn("默认", `{"content":"y"}`), Check: []Check{Eq("memories[0].namespace", `"默认"`)}},
		}},
	}
}
