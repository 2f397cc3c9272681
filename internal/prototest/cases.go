package prototest

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Cases returns the suite's cases, grouped by op ("remember/defaults"). Each runs on a
// fresh engine.
func Cases() []Case {
	var out []Case
	for _, group := range [][]Case{
		envelopeCases(), helloCases(), rememberCases(), getCases(), listCases(),
		updateCases(), forgetCases(), historyCases(), recallCases(), appendTurnsCases(),
		searchTurnsCases(), statsCases(), namespaceCases(), closedCases(),
	} {
		out = append(out, group...)
	}
	for _, group := range registered {
		out = append(out, group()...)
	}
	return out
}

// registered are the case groups of later features, each in a file of its own
// (cases_<feature>.go) that appends its group in an init function, so that features
// built side by side do not edit one list.
var registered []func() []Case

// req returns a version 1 request of op with args (JSON, maybe with references).
func req(op, args string) string {
	return `{"v":1,"op":"` + op + `","args":` + args + `}`
}

// str returns s as a JSON string.
func str(s string) string { return string(mustMarshal(s)) }

// remember returns a request remembering one memory whose content is s.
func remember(content string) string {
	return req("remember", `{"memory":{"content":`+str(content)+`}}`)
}

// rememberIn returns a request remembering the memories (JSON objects) in namespace ns.
func rememberIn(ns string, memories ...string) string {
	return req("remember", `{"namespace":`+str(ns)+`,"memories":[`+strings.Join(memories, ",")+`]}`)
}

// rememberAll returns a request remembering the memories (JSON objects) in "default".
func rememberAll(memories ...string) string {
	return req("remember", `{"memories":[`+strings.Join(memories, ",")+`]}`)
}

// repeat returns n copies of s joined with sep.
func repeat(s string, n int, sep string) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = s
	}
	return strings.Join(parts, sep)
}

// stats is the stats request of the default namespace.
var stats = req("stats", `{}`)

// past is an expiry in the past; future one in the future (for any clock in use).
const (
	past   = `"2001-02-03T04:05:06Z"`
	future = `"9000-01-01T00:00:00Z"`
)

var (
	bigContent = strings.Repeat("a", 64<<10+1) // one byte over the content limit
	maxContent = strings.Repeat("word ", 13107) + "x"
	bigQuery   = strings.Repeat("q", 2<<10+1)
)

func envelopeCases() []Case {
	return []Case{
		{Name: "envelope/id_number", Steps: []Step{{Req: `{"v":1,"id":7,"op":"stats"}`, ID: "7"}}},
		{Name: "envelope/id_string", Steps: []Step{{Req: `{"v":1,"id":"req-1","op":"stats"}`, ID: `"req-1"`}}},
		{Name: "envelope/id_null", Steps: []Step{{Req: `{"v":1,"id":null,"op":"stats"}`, ID: "null"}}},
		{Name: "envelope/id_absent", Steps: []Step{{Req: `{"v":1,"op":"stats"}`, ID: "null"}}},
		{Name: "envelope/id_verbatim", Steps: []Step{
			{Req: `{"v":1,"id":1.5e3,"op":"stats"}`, ID: "1.5e3"},
			{Req: `{"v":1,"id":12345678901234567890123,"op":"stats"}`, ID: "12345678901234567890123"},
			{Req: `{"v":1,"id":-3,"op":"stats"}`, ID: "-3"},
		}},
		{Name: "envelope/id_echoed_on_error", Steps: []Step{
			{Req: `{"v":1,"id":8,"op":"get","args":{"id":"nope"}}`, Code: NotFound, Field: "id", ID: "8"},
			{Req: `{"v":2,"id":"x","op":"stats"}`, Code: Unsupported, Field: "v", ID: `"x"`},
		}},
		{Name: "envelope/id_kept_on_bad_envelope", Steps: []Step{
			{Req: `{"v":"1","id":9,"op":"stats"}`, Code: InvalidArgument, Field: "v", ID: "9"},
		}},
		{Name: "envelope/id_wrong_type", Steps: []Step{
			{Req: `{"v":1,"id":{"a":1},"op":"stats"}`, Code: InvalidArgument, Field: "id", ID: "null"},
			{Req: `{"v":1,"id":[1],"op":"stats"}`, Code: InvalidArgument, Field: "id", ID: "null"},
			{Req: `{"v":1,"id":true,"op":"stats"}`, Code: InvalidArgument, Field: "id", ID: "null"},
		}},
		{Name: "envelope/version_2", Steps: []Step{{Req: `{"v":2,"op":"stats"}`, Code: Unsupported, Field: "v"}}},
		{Name: "envelope/version_missing", Steps: []Step{{Req: `{"op":"stats"}`, Code: Unsupported, Field: "v"}}},
		{Name: "envelope/version_wrong_type", Steps: []Step{{Req: `{"v":"1","op":"stats"}`, Code: InvalidArgument, Field: "v"}}},
		{Name: "envelope/unknown_op", Steps: []Step{
			{Req: `{"v":1,"op":"rememberAll"}`, Code: Unsupported, Field: "op"},
			{Req: `{"v":1,"op":"Remember","args":{"memory":{"content":"x"}}}`, Code: Unsupported, Field: "op"},
		}},
		{Name: "envelope/missing_op", Steps: []Step{{Req: `{"v":1}`, Code: Unsupported, Field: "op"}}},
		{Name: "envelope/op_wrong_type", Steps: []Step{{Req: `{"v":1,"op":5}`, Code: InvalidArgument, Field: "op"}}},
		{Name: "envelope/malformed_json", Steps: []Step{
			{Req: `{"v":1,"op":"stats"`, Code: InvalidArgument},
			{Req: `{"v":1,"op":"stats"} trailing`, Code: InvalidArgument},
			{Req: `{v:1}`, Code: InvalidArgument},
		}},
		{Name: "envelope/empty_request", Steps: []Step{{Raw: []byte{}, Code: InvalidArgument}}},
		{Name: "envelope/not_an_object", Steps: []Step{
			{Req: `[1,2]`, Code: InvalidArgument},
			{Req: `"stats"`, Code: InvalidArgument},
		}},
		{Name: "envelope/invalid_utf8", Steps: []Step{
			{Raw: []byte(`{"v":1,"op":"remember","args":{"memory":{"content":"caf` + "\xe9\xff" + `"}}}`), Code: InvalidArgument},
			{Raw: []byte("{\"v\":1,\"op\":\"stats\",\"id\":\"\xc3\x28\"}"), Code: InvalidArgument},
			{Req: stats, Check: []Check{Eq("memories", "0")}},
		}},
		{Name: "envelope/args_not_an_object", Steps: []Step{
			{Req: `{"v":1,"op":"stats","args":[1]}`, Code: InvalidArgument, Field: "args"},
			{Req: `{"v":1,"op":"stats","args":"default"}`, Code: InvalidArgument, Field: "args"},
			{Req: `{"v":1,"op":"stats","args":3}`, Code: InvalidArgument, Field: "args"},
		}},
		{Name: "envelope/args_null_or_absent", Steps: []Step{
			{Req: `{"v":1,"op":"stats","args":null}`, Check: []Check{Eq("namespace", `"default"`)}},
			{Req: `{"v":1,"op":"stats"}`, Check: []Check{Eq("namespace", `"default"`)}},
		}},
		{Name: "envelope/unknown_arg", Steps: []Step{
			{Req: req("stats", `{"bogus":1}`), Code: InvalidArgument, Field: "bogus"},
			{Req: req("get", `{"id":"x","ID":"y"}`), Code: InvalidArgument, Field: AnyField},
		}},
	}
}

func helloCases() []Case {
	ops := []string{"hello", "remember", "get", "list", "update", "forget", "history", "recall",
		"appendTurns", "searchTurns", "stats"}
	var checks []Check
	for _, op := range ops {
		checks = append(checks, Contains("ops", str(op)))
	}
	checks = append(checks, Eq("protocol", "1"), Ne("version", `""`))
	return []Case{
		{Name: "hello/result", Steps: []Step{{Req: req("hello", `{}`), Check: checks}}},
		{Name: "hello/matching_version", Steps: []Step{
			{Req: req("hello", `{}`)},
			{Req: req("hello", `{"version":$1.version}`), Check: []Check{Eq("version", "$1.version")}},
		}},
		{Name: "hello/mismatched_version", Steps: []Step{
			{Req: req("hello", `{"version":"0.0.0-not-this-one"}`), Code: Unsupported, Field: "version"},
		}},
		{Name: "hello/bad_args", Steps: []Step{
			{Req: req("hello", `{"version":1}`), Code: InvalidArgument, Field: "version"},
		}},
	}
}

func rememberCases() []Case {
	return []Case{
		{Name: "remember/defaults", Steps: []Step{
			{Req: remember("the staging server is called atlas"), Check: []Check{
				Len("memories", 1),
				Eq("memories[0].content", `"the staging server is called atlas"`),
				Eq("memories[0].namespace", `"default"`),
				Eq("memories[0].type", `"note"`),
				Eq("memories[0].tier", `"long"`),
				Has("memories[0].expiresAt"),
				Eq("memories[0].importance", "0.5"),
				Eq("memories[0].confidence", "1"),
				Eq("memories[0].version", "1"),
				Eq("memories[0].accessCount", "0"),
				Eq("memories[0].tags", "[]"),
				Eq("memories[0].updatedAt", "$1.memories[0].createdAt"),
				Lacks("memories[0].lastAccessedAt"),
				Lacks("memories[0].supersededBy"),
				func(r *Resp) error {
					v, _ := r.Get("memories[0].id")
					return checkULID(v)
				},
			}},
		}},
		{Name: "remember/all_fields", Steps: []Step{
			{Req: req("remember", `{"memory":{"type":"profile","title":"Alice","content":"Alice is the user's manager",
				"subject":"alice","predicate":"manages","tags":["people","work"],"importance":0.9,"confidence":0.75,
				"tier":"short","source":{"sessionId":"s1","turnIds":["t1","t2"]},
				"card":{"backstory":"met in 2019","person":"Alice","relationship":"manager"}}}`),
				Check: []Check{Eq("memories[0].tier", `"short"`), Has("memories[0].expiresAt")}},
			{Req: req("get", `{"id":$1.memories[0].id}`), Check: []Check{
				Eq("memory", "$1.memories[0]"),
				Eq("memory.type", `"profile"`),
				Eq("memory.title", `"Alice"`),
				Eq("memory.subject", `"alice"`),
				Eq("memory.predicate", `"manages"`),
				Eq("memory.tags", `["people","work"]`),
				Eq("memory.importance", "0.9"),
				Eq("memory.confidence", "0.75"),
				Eq("memory.source", `{"sessionId":"s1","turnIds":["t1","t2"]}`),
				Eq("memory.card", `{"backstory":"met in 2019","person":"Alice","relationship":"manager"}`),
			}},
		}},
		{Name: "remember/batch_in_order", Steps: []Step{
			{Req: rememberAll(`{"content":"first"}`, `{"content":"second"}`, `{"content":"third"}`), Check: []Check{
				Len("memories", 3),
				Eq("memories[0].content", `"first"`),
				Eq("memories[1].content", `"second"`),
				Eq("memories[2].content", `"third"`),
				Ascending("memories", "id"),
			}},
			{Req: stats, Check: []Check{Eq("memories", "3")}},
		}},
		{Name: "remember/batch_at_limit", Steps: []Step{
			{Req: rememberAll(repeat(`{"content":"x y"}`, 1000, ",")), Check: []Check{Len("memories", 1000)}},
			{Req: stats, Check: []Check{Eq("memories", "1000")}},
		}},
		{Name: "remember/default_tiers", Steps: []Step{
			{Req: rememberAll(`{"type":"preference","content":"p"}`, `{"type":"rule","content":"r"}`,
				`{"type":"skill","content":"s"}`, `{"type":"profile","content":"pr"}`, `{"type":"fact","content":"f"}`,
				`{"type":"error","content":"e"}`, `{"type":"note","content":"n"}`), Check: []Check{
				Eq("memories[0].tier", `"permanent"`), Lacks("memories[0].expiresAt"),
				Eq("memories[1].tier", `"permanent"`), Eq("memories[2].tier", `"permanent"`),
				Eq("memories[3].tier", `"permanent"`),
				Eq("memories[4].tier", `"long"`), Has("memories[4].expiresAt"),
				Eq("memories[5].tier", `"long"`), Eq("memories[6].tier", `"long"`),
			}},
		}},
		{Name: "remember/explicit_expiry", Steps: []Step{
			{Req: req("remember", `{"memory":{"content":"x","tier":"transient","expiresAt":"9000-01-02T03:04:05.006Z"}}`),
				Check: []Check{Eq("memories[0].expiresAt", `"9000-01-02T03:04:05.006Z"`), Eq("memories[0].tier", `"transient"`)}},
		}},
		{Name: "remember/wrong_type", Steps: []Step{
			{Req: req("remember", `{"memory":{"content":5}}`), Code: InvalidArgument, Field: "memory.content"},
			{Req: req("remember", `{"memory":{"content":"x","tags":"work"}}`), Code: InvalidArgument, Field: "memory.tags"},
			{Req: req("remember", `{"memory":{"content":"x","importance":"high"}}`), Code: InvalidArgument, Field: "memory.importance"},
			{Req: req("remember", `{"memory":"x"}`), Code: InvalidArgument, Field: "memory"},
			{Req: req("remember", `{"memories":{"content":"x"}}`), Code: InvalidArgument, Field: "memories"},
			{Req: req("remember", `{"namespace":5,"memory":{"content":"x"}}`), Code: InvalidArgument, Field: "namespace"},
			{Req: stats, Check: []Check{Eq("memories", "0")}},
		}},
		{Name: "remember/unknown_field", Steps: []Step{
			{Req: req("remember", `{"memory":{"content":"x","importanc":0.3}}`), Code: InvalidArgument, Field: AnyField,
				Check: []Check{Message("importanc")}},
			{Req: req("remember", `{"memory":{"content":"x","id":"01ARZ3NDEKTSV4RRFFQ69G5FAV"}}`), Code: InvalidArgument, Field: AnyField},
			{Req: req("remember", `{"memory":{"content":"x","version":3}}`), Code: InvalidArgument, Field: AnyField},
			{Req: stats, Check: []Check{Eq("memories", "0")}},
		}},
		{Name: "remember/importance_out_of_range", Steps: []Step{
			{Req: req("remember", `{"memory":{"content":"x","importance":1.5}}`), Code: InvalidArgument, Field: "memory.importance"},
			{Req: req("remember", `{"memory":{"content":"x","importance":-0.1}}`), Code: InvalidArgument, Field: "memory.importance"},
			{Req: req("remember", `{"memory":{"content":"x","importance":1e400}}`), Code: InvalidArgument, Field: "memory.importance"},
			{Req: req("remember", `{"memory":{"content":"x","confidence":2}}`), Code: InvalidArgument, Field: "memory.confidence"},
			{Req: req("remember", `{"memory":{"content":"x","importance":0,"confidence":1}}`),
				Check: []Check{Eq("memories[0].importance", "0")}},
		}},
		{Name: "remember/empty_content", Steps: []Step{
			{Req: req("remember", `{"memory":{"content":""}}`), Code: InvalidArgument, Field: "memory.content"},
			{Req: req("remember", `{"memory":{"content":" \n\t "}}`), Code: InvalidArgument, Field: "memory.content"},
			{Req: req("remember", `{"memory":{"type":"fact"}}`), Code: InvalidArgument, Field: "memory.content"},
			{Req: req("remember", `{"memory":{"content":"a\u0000b"}}`), Code: InvalidArgument, Field: "memory.content"},
			{Req: req("remember", `{"memory":{"content":"x","tags":[""]}}`), Code: InvalidArgument, Field: "memory.tags[0]"},
		}},
		{Name: "remember/bad_enums", Steps: []Step{
			{Req: req("remember", `{"memory":{"content":"x","type":"opinion"}}`), Code: InvalidArgument, Field: "memory.type"},
			{Req: req("remember", `{"memory":{"content":"x","type":"Fact"}}`), Code: InvalidArgument, Field: "memory.type"},
			{Req: req("remember", `{"memory":{"content":"x","tier":"forever"}}`), Code: InvalidArgument, Field: "memory.tier"},
		}},
		{Name: "remember/bad_time", Steps: []Step{
			{Req: req("remember", `{"memory":{"content":"x","expiresAt":"0001-01-01T00:00:00Z"}}`), Code: InvalidArgument, Field: "memory.expiresAt"},
			{Req: req("remember", `{"memory":{"content":"x","expiresAt":"tomorrow"}}`), Code: InvalidArgument, Field: AnyField},
			{Req: req("remember", `{"memory":{"content":"x","expiresAt":12}}`), Code: InvalidArgument, Field: AnyField},
		}},
		{Name: "remember/bad_namespace", Steps: []Step{
			{Req: req("remember", `{"namespace":"","memory":{"content":"x"}}`), Code: InvalidArgument, Field: "namespace"},
			{Req: req("remember", `{"namespace":"a\u0007b","memory":{"content":"x"}}`), Code: InvalidArgument, Field: "namespace"},
			{Req: req("remember", `{"namespace":`+str(strings.Repeat("n", 129))+`,"memory":{"content":"x"}}`), Code: InvalidArgument, Field: "namespace"},
			{Req: req("remember", `{"namespace":`+str(strings.Repeat("n", 128))+`,"memory":{"content":"x"}}`)},
		}},
		{Name: "remember/memory_or_memories", Steps: []Step{
			{Req: req("remember", `{"memory":{"content":"x"},"memories":[{"content":"y"}]}`), Code: InvalidArgument, Field: "memory"},
			{Req: req("remember", `{}`), Code: InvalidArgument, Field: "memories"},
			{Req: req("remember", `{"memories":[]}`), Code: InvalidArgument, Field: "memories"},
			{Req: stats, Check: []Check{Eq("memories", "0")}},
		}},
		{Name: "remember/failed_batch_writes_nothing", Steps: []Step{
			{Req: stats, Check: []Check{Eq("memories", "0")}},
			{Req: rememberAll(`{"content":"good one zebra"}`, `{"content":"bad one zebra","importance":1.5}`, `{"content":"good two zebra"}`),
				Code: InvalidArgument, Field: "memories[1].importance"},
			{Req: rememberAll(`{"content":"good one zebra"}`, `{"content":"good two zebra"}`, `{"content":"zebra","type":"opinion"}`),
				Code: InvalidArgument, Field: "memories[2].type"},
			{Req: rememberAll(`{"content":"good one zebra"}`, `{"content":`+str(bigContent)+`}`, `{"content":"good two zebra"}`),
				Code: TooLarge, Field: "memories[1].content"},
			{Req: stats, Check: []Check{Eq("memories", "0"), Eq("byType", "{}")}},
			{Req: req("list", `{"includeExpired":true,"includeSuperseded":true}`), Check: []Check{Len("memories", 0)}},
			{Req: req("recall", `{"query":"zebra"}`), Check: []Check{Len("hits", 0)}},
		}},
		{Name: "remember/too_large", Steps: []Step{
			{Req: req("remember", `{"memory":{"content":`+str(bigContent)+`}}`), Code: TooLarge, Field: "memory.content"},
			{Req: rememberAll(repeat(`{"content":"x"}`, 1001, ",")), Code: TooLarge, Field: "memories"},
			{Req: req("remember", `{"memory":{"content":"x","tags":[`+repeat(`"t"`, 33, ",")+`]}}`), Code: TooLarge, Field: "memory.tags"},
			{Req: req("remember", `{"memory":{"content":"x","tags":[`+str(strings.Repeat("t", 65))+`]}}`), Code: TooLarge, Field: "memory.tags[0]"},
			{Req: req("remember", `{"memory":{"content":"x","title":`+str(strings.Repeat("t", 1025))+`}}`), Code: TooLarge, Field: "memory.title"},
			{Req: req("remember", `{"memory":{"content":"x","card":{"person":`+str(strings.Repeat("p", 1025))+`}}}`), Code: TooLarge, Field: "memory.card.person"},
			{Req: stats, Check: []Check{Eq("memories", "0")}},
			{Req: req("remember", `{"memory":{"content":`+str(maxContent)+`,"tags":[`+repeat(`"t"`, 32, ",")+`]}}`),
				Check: []Check{Len("memories[0].tags", 32)}},
		}},
	}
}

func getCases() []Case {
	return []Case{
		{Name: "get/found", Steps: []Step{
			{Req: remember("the wifi password is on the fridge")},
			{Req: req("get", `{"id":$1.memories[0].id}`), Check: []Check{Eq("memory", "$1.memories[0]")}},
		}},
		{Name: "get/not_found", Steps: []Step{
			{Req: req("get", `{"id":"01ARZ3NDEKTSV4RRFFQ69G5FAV"}`), Code: NotFound, Field: "id"},
		}},
		{Name: "get/bad_id", Steps: []Step{
			{Req: req("get", `{"id":""}`), Code: InvalidArgument, Field: "id"},
			{Req: req("get", `{}`), Code: InvalidArgument, Field: "id"},
			{Req: req("get", `{"id":5}`), Code: InvalidArgument, Field: "id"},
			{Req: req("get", `{"id":`+str(strings.Repeat("i", 129))+`}`), Code: TooLarge, Field: "id"},
		}},
	}
}

func listCases() []Case {
	five := rememberAll(`{"content":"one"}`, `{"content":"two"}`, `{"content":"three"}`, `{"content":"four"}`, `{"content":"five"}`)
	return []Case{
		{Name: "list/empty", Steps: []Step{
			{Req: req("list", `{}`), Check: []Check{Eq("memories", "[]"), Lacks("nextCursor")}},
		}},
		{Name: "list/paging", Steps: []Step{
			{Req: five},
			{Req: req("list", `{"limit":2}`), Check: []Check{
				Len("memories", 2),
				Eq("memories[0].id", "$1.memories[4].id"), // newest first
				Eq("memories[1].id", "$1.memories[3].id"),
				Eq("nextCursor", "$1.memories[3].id"),
			}},
			{Req: req("list", `{"limit":2,"cursor":$2.nextCursor}`), Check: []Check{
				Len("memories", 2),
				Eq("memories[0].id", "$1.memories[2].id"),
				Eq("memories[1].id", "$1.memories[1].id"),
				Has("nextCursor"),
			}},
			{Req: req("list", `{"limit":2,"cursor":$3.nextCursor}`), Check: []Check{
				Len("memories", 1),
				Eq("memories[0].id", "$1.memories[0].id"),
				Lacks("nextCursor"),
			}},
			{Req: req("list", `{}`), Check: []Check{Len("memories", 5), Lacks("nextCursor")}},
			{Req: req("list", `{"limit":5}`), Check: []Check{Len("memories", 5), Lacks("nextCursor")}},
		}},
		{Name: "list/filters", Steps: []Step{
			{Req: rememberAll(`{"type":"fact","content":"a","tags":["work","db"]}`,
				`{"type":"preference","content":"b","tags":["home"]}`,
				`{"type":"note","content":"c","tier":"short"}`,
				`{"type":"fact","content":"d","tags":["db"],"tier":"permanent"}`)},
			{Req: req("list", `{"types":["preference"]}`), Check: []Check{Len("memories", 1), Eq("memories[0].content", `"b"`)}},
			{Req: req("list", `{"types":["fact","note"]}`), Check: []Check{Len("memories", 3)}},
			{Req: req("list", `{"tags":["db"]}`), Check: []Check{Len("memories", 2), Eq("memories[0].content", `"d"`), Eq("memories[1].content", `"a"`)}},
			{Req: req("list", `{"tags":["home","work"]}`), Check: []Check{Len("memories", 2)}},
			{Req: req("list", `{"tags":["nothing"]}`), Check: []Check{Len("memories", 0)}},
			{Req: req("list", `{"types":["fact"],"tags":["work"]}`), Check: []Check{Len("memories", 1), Eq("memories[0].content", `"a"`)}},
			{Req: req("list", `{"tier":"short"}`), Check: []Check{Len("memories", 1), Eq("memories[0].content", `"c"`)}},
			{Req: req("list", `{"tier":"permanent","types":["fact","preference"]}`), Check: []Check{Len("memories", 2)}},
			{Req: req("list", `{"createdAfter":`+future+`}`), Check: []Check{Len("memories", 0)}},
			{Req: req("list", `{"createdBefore":`+future+`}`), Check: []Check{Len("memories", 4)}},
			{Req: req("list", `{"createdAfter":$1.memories[0].createdAt}`), Check: []Check{Len("memories", 4)}},
			{Req: req("list", `{"createdBefore":$1.memories[0].createdAt}`), Check: []Check{Len("memories", 0)}},
		}},
		{Name: "list/expired_hidden", Steps: []Step{
			{Req: rememberAll(`{"content":"live"}`, `{"content":"gone","tier":"transient","expiresAt":`+past+`}`)},
			{Req: req("list", `{}`), Check: []Check{Len("memories", 1), Eq("memories[0].content", `"live"`)}},
			{Req: req("list", `{"includeExpired":true}`), Check: []Check{Len("memories", 2)}},
			{Req: req("get", `{"id":$1.memories[1].id}`), Check: []Check{Eq("memory.content", `"gone"`)}},
			{Req: stats, Check: []Check{Eq("memories", "1"), Eq("expired", "1")}},
		}},
		{Name: "list/superseded_hidden", Steps: []Step{
			{Req: rememberAll(`{"content":"old"}`, `{"content":"new"}`)},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"supersededBy":$1.memories[1].id}}`),
				Check: []Check{Eq("memory.supersededBy", "$1.memories[1].id")}},
			{Req: req("list", `{}`), Check: []Check{Len("memories", 1), Eq("memories[0].content", `"new"`)}},
			{Req: req("list", `{"includeSuperseded":true}`), Check: []Check{Len("memories", 2)}},
			{Req: stats, Check: []Check{Eq("memories", "1"), Eq("superseded", "1")}},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"supersededBy":""}}`), Check: []Check{Lacks("memory.supersededBy")}},
			{Req: req("list", `{}`), Check: []Check{Len("memories", 2)}},
		}},
		{Name: "list/bad_args", Steps: []Step{
			{Req: req("list", `{"limit":-1}`), Code: InvalidArgument, Field: "limit"},
			{Req: req("list", `{"limit":1001}`), Code: InvalidArgument, Field: "limit"},
			{Req: req("list", `{"limit":"ten"}`), Code: InvalidArgument, Field: "limit"},
			{Req: req("list", `{"types":["opinion"]}`), Code: InvalidArgument, Field: "types[0]"},
			{Req: req("list", `{"types":"fact"}`), Code: InvalidArgument, Field: "types"},
			{Req: req("list", `{"tier":"forever"}`), Code: InvalidArgument, Field: "tier"},
			{Req: req("list", `{"tags":["ok",""]}`), Code: InvalidArgument, Field: "tags[1]"},
			{Req: req("list", `{"includeExpired":"yes"}`), Code: InvalidArgument, Field: "includeExpired"},
			{Req: req("list", `{"namespace":""}`), Code: InvalidArgument, Field: "namespace"},
			{Req: req("list", `{"sort":"id"}`), Code: InvalidArgument, Field: "sort"},
		}},
	}
}

func updateCases() []Case {
	return []Case{
		{Name: "update/bumps_version_and_history", Steps: []Step{
			{Req: remember("the release train leaves on tuesday")},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"content":"the release train leaves on thursday","importance":0.8}}`),
				Check: []Check{
					Eq("memory.id", "$1.memories[0].id"),
					Eq("memory.version", "2"),
					Eq("memory.content", `"the release train leaves on thursday"`),
					Eq("memory.importance", "0.8"),
					Eq("memory.createdAt", "$1.memories[0].createdAt"),
					Eq("memory.type", `"note"`),
				}},
			{Req: req("get", `{"id":$1.memories[0].id}`), Check: []Check{Eq("memory", "$2.memory")}},
			{Req: req("history", `{"id":$1.memories[0].id}`), Check: []Check{
				Len("history", 2),
				Eq("history[0].op", `"create"`), Eq("history[0].version", "1"),
				Eq("history[0].memory", "$1.memories[0]"),
				Eq("history[1].op", `"update"`), Eq("history[1].version", "2"),
				Eq("history[1].memory", "$2.memory"),
				Has("history[1].at"),
			}},
		}},
		{Name: "update/expect_version", Steps: []Step{
			{Req: remember("v1")},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"content":"v2"},"expectVersion":1}`), Check: []Check{Eq("memory.version", "2")}},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"content":"v3 stale"},"expectVersion":1}`), Code: Conflict, Field: "expectVersion"},
			{Req: req("get", `{"id":$1.memories[0].id}`), Check: []Check{Eq("memory.version", "2"), Eq("memory.content", `"v2"`)}},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"content":"v3"},"expectVersion":2}`), Check: []Check{Eq("memory.version", "3")}},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{},"expectVersion":7}`), Code: Conflict, Field: "expectVersion"},
			{Req: req("history", `{"id":$1.memories[0].id}`), Check: []Check{Len("history", 3)}},
		}},
		{Name: "update/not_found", Steps: []Step{
			{Req: req("update", `{"id":"01ARZ3NDEKTSV4RRFFQ69G5FAV","patch":{"content":"x"}}`), Code: NotFound, Field: "id"},
		}},
		{Name: "update/bad_patch", Steps: []Step{
			{Req: remember("x")},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"importance":1.5}}`), Code: InvalidArgument, Field: "patch.importance"},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"content":"  "}}`), Code: InvalidArgument, Field: "patch.content"},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"type":"opinion"}}`), Code: InvalidArgument, Field: "patch.type"},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"tier":"forever"}}`), Code: InvalidArgument, Field: "patch.tier"},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"content":`+str(bigContent)+`}}`), Code: TooLarge, Field: "patch.content"},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"content":5}}`), Code: InvalidArgument, Field: "patch.content"},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"version":9}}`), Code: InvalidArgument, Field: AnyField},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"content":"y"},"expectVersion":-1}`), Code: InvalidArgument, Field: "expectVersion"},
			{Req: req("update", `{"id":"","patch":{"content":"y"}}`), Code: InvalidArgument, Field: "id"},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"supersededBy":$1.memories[0].id}}`), Code: InvalidArgument, Field: "patch.supersededBy"},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"supersededBy":"01ARZ3NDEKTSV4RRFFQ69G5FAV"}}`), Code: NotFound, Field: "patch.supersededBy"},
			{Req: req("get", `{"id":$1.memories[0].id}`), Check: []Check{Eq("memory", "$1.memories[0]")}},
			{Req: req("history", `{"id":$1.memories[0].id}`), Check: []Check{Len("history", 1)}},
		}},
		{Name: "update/reindexes", Steps: []Step{
			{Req: remember("we deploy with ansible")},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"content":"we deploy with terraform"}}`)},
			{Req: req("recall", `{"query":"ansible"}`), Check: []Check{Len("hits", 0)}},
			{Req: req("recall", `{"query":"terraform"}`), Check: []Check{Len("hits", 1), Eq("hits[0].memory.version", "2")}},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"title":"kubernetes"}}`)},
			{Req: req("recall", `{"query":"kubernetes"}`), Check: []Check{Len("hits", 1)}},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"tags":["helm"]}}`)},
			{Req: req("recall", `{"query":"helm"}`), Check: []Check{Len("hits", 1)}},
		}},
		{Name: "update/tier_recomputes_expiry", Steps: []Step{
			{Req: remember("x")},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"tier":"permanent"}}`), Check: []Check{
				Eq("memory.tier", `"permanent"`), Lacks("memory.expiresAt")}},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"expiresAt":`+future+`}}`), Check: []Check{
				Eq("memory.expiresAt", future)}},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"title":"t"}}`), Check: []Check{
				Eq("memory.expiresAt", future)}},
		}},
	}
}

func forgetCases() []Case {
	return []Case{
		{Name: "forget/then_get_not_found", Steps: []Step{
			{Req: remember("the garage code is 4711")},
			{Req: req("forget", `{"id":$1.memories[0].id}`), Check: []Check{Eq("forgotten", "1"), Eq("ids", "[$1.memories[0].id]")}},
			{Req: req("get", `{"id":$1.memories[0].id}`), Code: NotFound, Field: "id"},
			{Req: req("recall", `{"query":"garage code"}`), Check: []Check{Len("hits", 0)}},
			{Req: req("list", `{"includeExpired":true,"includeSuperseded":true}`), Check: []Check{Len("memories", 0)}},
			{Req: req("history", `{"id":$1.memories[0].id}`), Check: []Check{
				Len("history", 2), Eq("history[0].op", `"create"`), Eq("history[1].op", `"forget"`)}},
			{Req: req("forget", `{"id":$1.memories[0].id}`), Code: NotFound, Field: "id"},
			{Req: stats, Check: []Check{Eq("memories", "0")}},
		}},
		{Name: "forget/purge_drops_history", Steps: []Step{
			{Req: remember("secret: the garage code is 4711")},
			{Req: req("update", `{"id":$1.memories[0].id,"patch":{"content":"secret: the garage code is 1174"}}`)},
			{Req: req("forget", `{"id":$1.memories[0].id,"purge":true}`), Check: []Check{Eq("forgotten", "1")}},
			{Req: req("history", `{"id":$1.memories[0].id}`), Code: NotFound, Field: "id"},
			{Req: req("get", `{"id":$1.memories[0].id}`), Code: NotFound, Field: "id"},
			{Req: req("recall", `{"query":"garage"}`), Check: []Check{Len("hits", 0)}},
		}},
		{Name: "forget/ids_all_or_nothing", Steps: []Step{
			{Req: rememberAll(`{"content":"a"}`, `{"content":"b"}`, `{"content":"c"}`)},
			// "0-missing" sorts before every id: the field must still name its input position.
			{Req: req("forget", `{"ids":[$1.memories[0].id,"0-missing"]}`), Code: NotFound, Field: "ids[1]"},
			{Req: req("get", `{"id":$1.memories[0].id}`)},
			{Req: req("forget", `{"ids":[$1.memories[2].id,$1.memories[0].id,$1.memories[0].id]}`), Check: []Check{
				Eq("forgotten", "2"), Contains("ids", "$1.memories[0].id"), Contains("ids", "$1.memories[2].id")}},
			{Req: req("list", `{}`), Check: []Check{Len("memories", 1), Eq("memories[0].content", `"b"`)}},
		}},
		{Name: "forget/by_filter", Steps: []Step{
			{Req: rememberAll(`{"content":"a","tags":["tmp"]}`, `{"content":"b","tags":["keep"]}`,
				`{"content":"c","tags":["tmp","x"],"tier":"transient","expiresAt":`+past+`}`, `{"type":"rule","content":"d"}`)},
			{Req: req("forget", `{"filter":{"tags":["tmp"]}}`), Check: []Check{
				Eq("forgotten", "2"), Contains("ids", "$1.memories[0].id"), Contains("ids", "$1.memories[2].id")}},
			{Req: req("list", `{"includeExpired":true}`), Check: []Check{Len("memories", 2)}},
			{Req: req("forget", `{"filter":{"types":["rule"]},"purge":true}`), Check: []Check{Eq("forgotten", "1")}},
			{Req: req("forget", `{"filter":{"types":["skill"]}}`), Check: []Check{Eq("forgotten", "0"), Eq("ids", "[]")}},
			{Req: req("list", `{}`), Check: []Check{Len("memories", 1), Eq("memories[0].content", `"b"`)}},
		}},
		{Name: "forget/bad_args", Steps: []Step{
			{Req: remember("x")},
			{Req: req("forget", `{}`), Code: InvalidArgument, Field: "id"},
			{Req: req("forget", `{"filter":{}}`), Code: InvalidArgument, Field: "filter"},
			{Req: req("forget", `{"filter":{"includeExpired":true}}`), Code: InvalidArgument, Field: "filter"},
			{Req: req("forget", `{"id":$1.memories[0].id,"ids":[$1.memories[0].id]}`), Code: InvalidArgument, Field: "id"},
			{Req: req("forget", `{"ids":[]}`), Code: InvalidArgument, Field: "ids"},
			{Req: req("forget", `{"ids":[""]}`), Code: InvalidArgument, Field: "ids[0]"},
			{Req: req("forget", `{"filter":{"types":["opinion"]}}`), Code: InvalidArgument, Field: "filter.types[0]"},
			{Req: req("forget", `{"ids":[`+repeat(`"x"`, 1001, ",")+`]}`), Code: TooLarge, Field: "ids"},
			{Req: req("forget", `{"id":"01ARZ3NDEKTSV4RRFFQ69G5FAV"}`), Code: NotFound, Field: "id"},
			{Req: req("forget", `{"id":$1.memories[0].id,"purge":"yes"}`), Code: InvalidArgument, Field: "purge"},
			{Req: stats, Check: []Check{Eq("memories", "1")}},
		}},
	}
}

func historyCases() []Case {
	return []Case{
		{Name: "history/create", Steps: []Step{
			{Req: remember("x")},
			{Req: req("history", `{"id":$1.memories[0].id}`), Check: []Check{
				Len("history", 1), Eq("history[0].op", `"create"`), Eq("history[0].version", "1"),
				Eq("history[0].at", "$1.memories[0].createdAt"), Eq("history[0].memory", "$1.memories[0]")}},
		}},
		{Name: "history/not_found", Steps: []Step{
			{Req: req("history", `{"id":"01ARZ3NDEKTSV4RRFFQ69G5FAV"}`), Code: NotFound, Field: "id"},
			{Req: req("history", `{"id":""}`), Code: InvalidArgument, Field: "id"},
		}},
	}
}

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

func closedCases() []Case {
	return []Case{
		{Name: "closed/after_close", Steps: []Step{
			{Req: remember("x")},
			{CloseFirst: true, Req: stats, Code: Closed},
			{Req: req("get", `{"id":$1.memories[0].id}`), Code: Closed},
			{Req: remember("y"), Code: Closed},
			{Req: req("recall", `{"query":"x"}`), Code: Closed},
			{Req: req("recall", `{"query":"?!"}`), Code: Closed},
			{Req: req("searchTurns", `{"query":"?!"}`), Code: Closed},
			{Req: req("hello", `{}`), Code: Closed},
			{CloseFirst: true, Req: stats, Code: Closed}, // closing twice is harmless
		}},
	}
}

// checkULID checks that v is a 26-character Crockford base32 string.
func checkULID(v any) error {
	s, ok := v.(string)
	if !ok || len(s) != 26 || strings.Trim(s, "0123456789ABCDEFGHJKMNPQRSTVWXYZ") != "" {
		return fmt.Errorf("id %v is not a ULID", v)
	}
	return nil
}

// descending checks that the numbers at sub of the array at path never increase.
func descending(r *Resp, path, sub string) error {
	v, err := r.Get(path)
	if err != nil {
		return err
	}
	a, _ := v.([]any)
	for i := 1; i < len(a); i++ {
		x, _ := lookup(a[i-1], sub)
		y, _ := lookup(a[i], sub)
		if num(y) > num(x) {
			return fmt.Errorf("%s[%d].%s = %v > the one before, %v", path, i, sub, y, x)
		}
	}
	return nil
}

func num(v any) float64 {
	n, _ := v.(json.Number)
	f, _ := n.Float64()
	return f
}
