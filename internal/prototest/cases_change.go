package prototest

// Cases of update, forget and history.

import ()

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
