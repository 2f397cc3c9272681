package prototest

// Cases of get and list.

import (
	"strings"
)

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
