package prototest

// Cases of the remember op: defaults, validation, limits.

import (
	"strings"
)

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
