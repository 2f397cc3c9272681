package prototest

import (
	"fmt"
	"strings"
)

// The hostile-input table (issue 14, item 4): requests a careless or malicious host may
// send, each with the one answer it must get. The table runs wherever the suite runs
// (natively, under wazero, in the js build's host) and, exported as JSON
// (HostileJSON), through the npm package in Node (js/test/hostile.test.mjs). The
// Markdown table of docs/RELIABILITY.md is generated from it (HostileMarkdown;
// MEMCORE_WRITE_TABLE=1 go test ./internal/prototest -run TestHostileTable).
//
// Each case runs on a fresh engine that holds one memory (the seed, remembered first);
// then its request, Repeat times; then, when the request was refused, the seed must be
// the only memory and — when the op writes — a snapshot of the database must restore
// (restore runs SQLite's integrity_check and memcore's schema check on it), so a refused
// write provably changed nothing and left a sound file.

// Hostile is one hostile input.
type Hostile struct {
	// Name is "op/what", unique.
	Name string
	// Op is the protocol op.
	Op string
	// Args is the request's args as JSON text, sent as is (so numbers past 2^53, deep
	// nesting and escapes reach the engine unchanged). "$SEED" stands for the seed
	// memory's id (a JSON string); "%d", when Repeat > 1, for the repetition's index.
	Args string
	// Repeat sends the request that many times (0 is once).
	Repeat int
	// Code is the error code it must get; "" means ok.
	Code string
	// Field is the error's field ("" when the error names none).
	Field string
	// What says in a few words what the input is (the doc table's first column).
	What string
}

// seedContent is the seed memory's content (a recall of "seedling" finds it).
const seedContent = "the seedling memory: the user keeps bees in Lisbon"

// seedReq is the first request of every hostile case.
var seedReq = req("remember", `{"memory":{"content":`+str(seedContent)+`,"key":"seed"}}`)

// writeOps are the ops whose refusal is followed by an integrity check.
var writeOps = map[string]bool{
	"remember": true, "update": true, "forget": true, "appendTurns": true, "import": true,
	"documents.set": true, "scratchpad.set": true, "plan.set": true, "state.set": true,
	"extractFacts": true, "restore": true, "tasks.create": true, "appendMessages": true,
}

func init() { registered = append(registered, hostileCases) }

// hostileCases turns the table into suite cases.
func hostileCases() []Case {
	var out []Case
	for _, h := range HostileTable() {
		args := strings.ReplaceAll(h.Args, "$SEED", "$1.memories[0].id")
		steps := []Step{{Req: seedReq}}
		n := max(h.Repeat, 1)
		for i := range n {
			a := args
			if h.Repeat > 1 {
				a = strings.ReplaceAll(args, "%d", fmt.Sprint(i))
			}
			steps = append(steps, Step{Req: req(h.Op, a), Code: h.Code, Field: h.Field})
		}
		if h.Code != "" {
			steps = append(steps, Step{Req: stats, Check: []Check{Eq("memories", "1")}})
			if writeOps[h.Op] {
				k := len(steps) + 1 // the snapshot's step number
				steps = append(steps,
					Step{Req: req("snapshot", `{}`)},
					Step{Req: req("restore", fmt.Sprintf(`{"data":$%d.data}`, k)), Check: []Check{Eq("memories", "1")}})
			}
		} else {
			steps = append(steps, Step{Req: req("get", `{"id":$1.memories[0].id}`), Check: []Check{Eq("memory.content", str(seedContent))}})
			if h.Repeat > 1 {
				steps = append(steps, Step{Req: stats, Check: []Check{Eq("memories", "1")}})
			}
		}
		out = append(out, Case{Name: "hostile/" + h.Name, Steps: steps})
	}
	return out
}

// Strings for the table.
var (
	mib      = strings.Repeat("m", 1<<20)              // a megabyte string
	mibJSON  = str(mib)                                // …as JSON
	fts      = `"NEAR(a b) OR title:* AND ^x -y \"' *` // FTS5 syntax (and a stray quote)
	ftsJSON  = str(fts)                                // …as JSON
	nul      = `"a\u0000b"`                            // a NUL inside
	lone     = `"bees \ud800 here"`                    // a lone high surrogate
	loneLow  = `"\udc00"`                              // a lone low surrogate
	deepJSON = strings.Repeat("[", 20000) + strings.Repeat("]", 20000)
)

// mem returns remember args with one memory of the given fields (JSON object members).
func mem(members string) string { return `{"memory":{"content":"a memory",` + members + `}}` }

// HostileTable returns the hostile inputs, grouped by kind.
func HostileTable() []Hostile {
	var t []Hostile
	add := func(h ...Hostile) { t = append(t, h...) }

	// Megabyte strings in every text field.
	add(
		Hostile{Name: "remember/mib_content", Op: "remember", Args: `{"memory":{"content":` + mibJSON + `}}`, Code: TooLarge, Field: "memory.content", What: "1 MiB content"},
		Hostile{Name: "remember/mib_title", Op: "remember", Args: mem(`"title":` + mibJSON), Code: TooLarge, Field: "memory.title", What: "1 MiB title"},
		Hostile{Name: "remember/mib_subject", Op: "remember", Args: mem(`"subject":` + mibJSON), Code: TooLarge, Field: "memory.subject", What: "1 MiB subject"},
		Hostile{Name: "remember/mib_predicate", Op: "remember", Args: mem(`"predicate":` + mibJSON), Code: TooLarge, Field: "memory.predicate", What: "1 MiB predicate"},
		Hostile{Name: "remember/mib_tag", Op: "remember", Args: mem(`"tags":[` + mibJSON + `]`), Code: TooLarge, Field: "memory.tags[0]", What: "1 MiB tag"},
		Hostile{Name: "remember/mib_key", Op: "remember", Args: mem(`"key":` + mibJSON), Code: TooLarge, Field: "memory.key", What: "1 MiB key"},
		Hostile{Name: "remember/mib_session", Op: "remember", Args: mem(`"source":{"sessionId":` + mibJSON + `}`), Code: TooLarge, Field: "memory.source.sessionId", What: "1 MiB source.sessionId"},
		Hostile{Name: "remember/mib_backstory", Op: "remember", Args: mem(`"card":{"backstory":` + mibJSON + `}`), Code: TooLarge, Field: "memory.card.backstory", What: "1 MiB card.backstory"},
		Hostile{Name: "remember/mib_person", Op: "remember", Args: mem(`"card":{"person":` + mibJSON + `}`), Code: TooLarge, Field: "memory.card.person", What: "1 MiB card.person"},
		Hostile{Name: "remember/mib_metadata", Op: "remember", Args: mem(`"metadata":{"k":` + mibJSON + `}`), Code: TooLarge, Field: "memory.metadata", What: "1 MiB metadata value"},
		Hostile{Name: "remember/mib_namespace", Op: "remember", Args: `{"namespace":` + mibJSON + `,"memory":{"content":"x"}}`, Code: InvalidArgument, Field: "namespace", What: "1 MiB namespace"},
		Hostile{Name: "update/mib_content", Op: "update", Args: `{"id":$SEED,"patch":{"content":` + mibJSON + `}}`, Code: TooLarge, Field: "patch.content", What: "1 MiB patch.content"},
		Hostile{Name: "get/mib_id", Op: "get", Args: `{"id":` + mibJSON + `}`, Code: TooLarge, Field: "id", What: "1 MiB id"},
		Hostile{Name: "recall/mib_query", Op: "recall", Args: `{"query":` + mibJSON + `}`, Code: TooLarge, Field: "query", What: "1 MiB query"},
		Hostile{Name: "searchTurns/mib_query", Op: "searchTurns", Args: `{"query":` + mibJSON + `}`, Code: TooLarge, Field: "query", What: "1 MiB query"},
		Hostile{Name: "appendTurns/mib_content", Op: "appendTurns", Args: `{"sessionId":"s1","turns":[{"role":"user","content":` + mibJSON + `}]}`, Code: TooLarge, Field: "turns[0].content", What: "1 MiB turn content"},
		Hostile{Name: "appendTurns/mib_session", Op: "appendTurns", Args: `{"sessionId":` + mibJSON + `,"turns":[{"role":"user","content":"hi"}]}`, Code: TooLarge, Field: "sessionId", What: "1 MiB sessionId"},
		Hostile{Name: "appendTurns/mib_name", Op: "appendTurns", Args: `{"sessionId":"s1","turns":[{"role":"tool","name":` + mibJSON + `,"content":"r"}]}`, Code: TooLarge, Field: "turns[0].name", What: "1 MiB tool name"},
		Hostile{Name: "documents.set/mib_content", Op: "documents.set", Args: `{"name":"USER","content":` + mibJSON + `}`, Code: TooLarge, Field: "content", What: "1 MiB document"},
		Hostile{Name: "scratchpad.set/mib_value", Op: "scratchpad.set", Args: `{"sessionId":"s1","key":"k","value":` + mibJSON + `}`, Code: TooLarge, Field: "value", What: "1 MiB scratchpad value"},
		Hostile{Name: "scratchpad.set/mib_key", Op: "scratchpad.set", Args: `{"sessionId":"s1","key":` + mibJSON + `,"value":"v"}`, Code: TooLarge, Field: "key", What: "1 MiB scratchpad key"},
		Hostile{Name: "state.set/mib_state", Op: "state.set", Args: `{"sessionId":"s1","state":` + mibJSON + `}`, Code: TooLarge, Field: "state", What: "1 MiB business state"},
		Hostile{Name: "plan.set/mib_goal", Op: "plan.set", Args: `{"sessionId":"s1","goal":` + mibJSON + `,"steps":[{"title":"a"}]}`, Code: TooLarge, Field: "goal", What: "1 MiB plan goal"},
		Hostile{Name: "extractFacts/mib_message", Op: "extractFacts", Args: `{"messages":[{"role":"user","content":` + mibJSON + `}],"commit":true}`, Code: TooLarge, Field: "messages[0].content", What: "1 MiB message"},
	)

	// FTS5 syntax in every text field: stored and searched as text, never as a query.
	add(
		Hostile{Name: "remember/fts_content", Op: "remember", Args: `{"memory":{"content":` + ftsJSON + `}}`, What: "FTS5 syntax as content"},
		Hostile{Name: "remember/fts_title", Op: "remember", Args: mem(`"title":` + ftsJSON), What: "FTS5 syntax as title"},
		Hostile{Name: "remember/fts_subject", Op: "remember", Args: mem(`"subject":` + ftsJSON + `,"predicate":` + ftsJSON), What: "FTS5 syntax as subject, predicate"},
		Hostile{Name: "remember/fts_tags", Op: "remember", Args: mem(`"tags":["NEAR(a b)","x*"]`), What: "FTS5 syntax as tags"},
		Hostile{Name: "remember/fts_key", Op: "remember", Args: mem(`"key":"title:* OR 1"`), What: "FTS5 syntax as key"},
		Hostile{Name: "recall/fts_query", Op: "recall", Args: `{"query":` + ftsJSON + `}`, What: "FTS5 syntax as query"},
		Hostile{Name: "recall/fts_only_operators", Op: "recall", Args: `{"query":"AND OR NOT NEAR * ^ \" ( )"}`, What: "a query of FTS5 operators only"},
		Hostile{Name: "searchTurns/fts_query", Op: "searchTurns", Args: `{"query":` + ftsJSON + `}`, What: "FTS5 syntax as turn query"},
		Hostile{Name: "appendTurns/fts_content", Op: "appendTurns", Args: `{"sessionId":` + ftsJSON + `,"turns":[{"role":"user","content":` + ftsJSON + `}]}`, What: "FTS5 syntax as session and turn"},
		Hostile{Name: "documents.set/fts_content", Op: "documents.set", Args: `{"name":"USER","content":` + ftsJSON + `}`, What: "FTS5 syntax as document"},
		Hostile{Name: "scratchpad.set/fts_value", Op: "scratchpad.set", Args: `{"sessionId":"s1","key":"k","value":` + ftsJSON + `}`, What: "FTS5 syntax as scratchpad value"},
		Hostile{Name: "list/fts_tag_filter", Op: "list", Args: `{"tags":[` + ftsJSON + `]}`, What: "FTS5 syntax as a tag filter"},
		Hostile{Name: "extractFacts/fts_message", Op: "extractFacts", Args: `{"messages":[{"role":"user","content":` + ftsJSON + `}]}`, What: "FTS5 syntax as a message"},
	)

	// NUL characters.
	add(
		Hostile{Name: "remember/nul_content", Op: "remember", Args: `{"memory":{"content":` + nul + `}}`, Code: InvalidArgument, Field: "memory.content", What: "NUL in content"},
		Hostile{Name: "remember/nul_title", Op: "remember", Args: mem(`"title":` + nul), Code: InvalidArgument, Field: "memory.title", What: "NUL in title"},
		Hostile{Name: "remember/nul_tag", Op: "remember", Args: mem(`"tags":[` + nul + `]`), Code: InvalidArgument, Field: "memory.tags[0]", What: "NUL in a tag"},
		Hostile{Name: "remember/nul_key", Op: "remember", Args: mem(`"key":` + nul), Code: InvalidArgument, Field: "memory.key", What: "NUL in key"},
		Hostile{Name: "remember/nul_namespace", Op: "remember", Args: `{"namespace":` + nul + `,"memory":{"content":"x"}}`, Code: InvalidArgument, Field: "namespace", What: "NUL in namespace"},
		Hostile{Name: "recall/nul_query", Op: "recall", Args: `{"query":` + nul + `}`, Code: InvalidArgument, Field: "query", What: "NUL in query"},
		Hostile{Name: "appendTurns/nul_content", Op: "appendTurns", Args: `{"sessionId":"s1","turns":[{"role":"user","content":` + nul + `}]}`, Code: InvalidArgument, Field: "turns[0].content", What: "NUL in turn content"},
		Hostile{Name: "appendTurns/nul_session", Op: "appendTurns", Args: `{"sessionId":` + nul + `,"turns":[{"role":"user","content":"hi"}]}`, Code: InvalidArgument, Field: "sessionId", What: "NUL in sessionId"},
		Hostile{Name: "scratchpad.set/nul_value", Op: "scratchpad.set", Args: `{"sessionId":"s1","key":"k","value":` + nul + `}`, Code: InvalidArgument, Field: "value", What: "NUL in scratchpad value"},
		Hostile{Name: "documents.set/nul_content", Op: "documents.set", Args: `{"name":"USER","content":` + nul + `}`, Code: InvalidArgument, Field: "content", What: "NUL in document"},
	)

	// Lone UTF-16 surrogates: refused, never stored as U+FFFD.
	add(
		Hostile{Name: "remember/lone_surrogate_content", Op: "remember", Args: `{"memory":{"content":` + lone + `}}`, Code: InvalidArgument, Field: "memory.content", What: "lone high surrogate in content"},
		Hostile{Name: "remember/lone_low_surrogate", Op: "remember", Args: `{"memory":{"content":` + loneLow + `}}`, Code: InvalidArgument, Field: "memory.content", What: "lone low surrogate in content"},
		Hostile{Name: "remember/reversed_surrogates", Op: "remember", Args: `{"memory":{"content":"\ude00\ud83d"}}`, Code: InvalidArgument, Field: "memory.content", What: "surrogate pair in the wrong order"},
		Hostile{Name: "remember/lone_surrogate_title", Op: "remember", Args: mem(`"title":` + lone), Code: InvalidArgument, Field: "memory.title", What: "lone surrogate in title"},
		Hostile{Name: "remember/lone_surrogate_tag", Op: "remember", Args: mem(`"tags":["ok",` + lone + `]`), Code: InvalidArgument, Field: "memory.tags[1]", What: "lone surrogate in a tag"},
		Hostile{Name: "remember/lone_surrogate_metadata", Op: "remember", Args: mem(`"metadata":{"note":` + lone + `}`), Code: InvalidArgument, Field: "memory.metadata.note", What: "lone surrogate in metadata"},
		Hostile{Name: "remember/lone_surrogate_namespace", Op: "remember", Args: `{"namespace":` + loneLow + `,"memory":{"content":"x"}}`, Code: InvalidArgument, Field: "namespace", What: "lone surrogate as namespace"},
		Hostile{Name: "remember/surrogate_pair_ok", Op: "remember", Args: `{"memory":{"content":"bees \ud83d\udc1d"}}`, What: "a valid surrogate pair (🐝)"},
		Hostile{Name: "recall/lone_surrogate_query", Op: "recall", Args: `{"query":` + lone + `}`, Code: InvalidArgument, Field: "query", What: "lone surrogate in query"},
		Hostile{Name: "appendTurns/lone_surrogate", Op: "appendTurns", Args: `{"sessionId":"s1","turns":[{"role":"user","content":` + lone + `}]}`, Code: InvalidArgument, Field: "turns[0].content", What: "lone surrogate in a turn"},
		Hostile{Name: "scratchpad.set/lone_surrogate", Op: "scratchpad.set", Args: `{"sessionId":"s1","key":"k","value":` + lone + `}`, Code: InvalidArgument, Field: "value", What: "lone surrogate in scratchpad"},
		Hostile{Name: "update/lone_surrogate_patch", Op: "update", Args: `{"id":$SEED,"patch":{"content":` + lone + `}}`, Code: InvalidArgument, Field: "patch.content", What: "lone surrogate in patch"},
	)

	// Malformed ids: invalid_argument (an id that cannot exist), not not_found.
	add(
		Hostile{Name: "get/id_absent_but_wellformed", Op: "get", Args: `{"id":"01ARZ3NDEKTSV4RRFFQ69G5FAV"}`, Code: NotFound, Field: "id", What: "a well-formed id of nothing"},
		Hostile{Name: "get/id_empty", Op: "get", Args: `{"id":""}`, Code: InvalidArgument, Field: "id", What: "empty id"},
		Hostile{Name: "get/id_space", Op: "get", Args: `{"id":"01ARZ3 NDEKTSV"}`, Code: InvalidArgument, Field: "id", What: "id with a space"},
		Hostile{Name: "get/id_sql", Op: "get", Args: `{"id":"x' OR '1'='1"}`, Code: InvalidArgument, Field: "id", What: "SQL in an id"},
		Hostile{Name: "get/id_non_ascii", Op: "get", Args: `{"id":"記憶"}`, Code: InvalidArgument, Field: "id", What: "non-ASCII id"},
		Hostile{Name: "get/id_newline", Op: "get", Args: `{"id":"abc\n"}`, Code: InvalidArgument, Field: "id", What: "id with a newline"},
		Hostile{Name: "get/id_number", Op: "get", Args: `{"id":12345}`, Code: InvalidArgument, Field: "id", What: "id as a number"},
		Hostile{Name: "history/id_glob", Op: "history", Args: `{"id":"*"}`, Code: InvalidArgument, Field: "id", What: "glob as an id"},
		Hostile{Name: "update/id_quote", Op: "update", Args: `{"id":"a\"b","patch":{"content":"x"}}`, Code: InvalidArgument, Field: "id", What: "id with a quote"},
		Hostile{Name: "update/superseded_by_bad", Op: "update", Args: `{"id":$SEED,"patch":{"supersededBy":"* OR 1"}}`, Code: InvalidArgument, Field: "patch.supersededBy", What: "FTS5 syntax as supersededBy"},
		Hostile{Name: "update/superseded_by_absent", Op: "update", Args: `{"id":$SEED,"patch":{"supersededBy":"01ARZ3NDEKTSV4RRFFQ69G5FAV"}}`, Code: NotFound, Field: "patch.supersededBy", What: "a well-formed supersededBy of nothing"},
		Hostile{Name: "forget/ids_one_bad", Op: "forget", Args: `{"ids":[$SEED,"bad id"]}`, Code: InvalidArgument, Field: "ids[1]", What: "one bad id in a batch"},
		Hostile{Name: "remember/turn_id_bad", Op: "remember", Args: mem(`"source":{"turnIds":["../etc/passwd"]}`), Code: InvalidArgument, Field: "memory.source.turnIds[0]", What: "path as a turn id"},
	)

	// Keys that mean something to JavaScript.
	add(
		Hostile{Name: "remember/proto_member", Op: "remember", Args: `{"memory":{"content":"x","__proto__":{"importance":1}}}`, Code: InvalidArgument, Field: "memory.__proto__", What: "__proto__ member of a memory"},
		Hostile{Name: "remember/constructor_arg", Op: "remember", Args: `{"constructor":{"prototype":{}},"memory":{"content":"x"}}`, Code: InvalidArgument, Field: "constructor", What: "constructor member of args"},
		Hostile{Name: "remember/proto_metadata", Op: "remember", Args: mem(`"metadata":{"__proto__":{"isAdmin":true}}`), Code: InvalidArgument, Field: "memory.metadata.__proto__", What: "__proto__ key in metadata"},
		Hostile{Name: "remember/proto_metadata_nested", Op: "remember", Args: mem(`"metadata":{"a":[{"__proto__":1}]}`), Code: InvalidArgument, Field: "memory.metadata.a[0].__proto__", What: "nested __proto__ key in metadata"},
		Hostile{Name: "remember/constructor_metadata_ok", Op: "remember", Args: mem(`"metadata":{"constructor":"c","prototype":"p"}`), What: "constructor, prototype keys in metadata (data)"},
		Hostile{Name: "scratchpad.set/proto_key", Op: "scratchpad.set", Args: `{"sessionId":"s1","key":"__proto__","value":"v"}`, Code: InvalidArgument, Field: "key", What: "__proto__ as scratchpad key"},
		Hostile{Name: "list/proto_filter", Op: "list", Args: `{"__proto__":{"limit":1}}`, Code: InvalidArgument, Field: "__proto__", What: "__proto__ member of list args"},
	)

	// Numbers and dates out of range.
	add(
		Hostile{Name: "update/version_past_2_53", Op: "update", Args: `{"id":$SEED,"patch":{"content":"x"},"expectVersion":9007199254740993}`, Code: InvalidArgument, Field: "expectVersion", What: "expectVersion 2^53+1"},
		Hostile{Name: "recall/limit_past_2_53", Op: "recall", Args: `{"query":"bees","limit":18014398509481984}`, Code: InvalidArgument, Field: "limit", What: "limit 2^54"},
		Hostile{Name: "recall/limit_past_int64", Op: "recall", Args: `{"query":"bees","limit":1e30}`, Code: InvalidArgument, Field: "limit", What: "limit 1e30"},
		Hostile{Name: "remember/importance_1e400", Op: "remember", Args: mem(`"importance":1e400`), Code: InvalidArgument, Field: "memory.importance", What: "importance 1e400 (past float64)"},
		Hostile{Name: "remember/importance_negative_zero_ok", Op: "remember", Args: mem(`"importance":-0`), What: "importance -0"},
		Hostile{Name: "remember/confidence_above_1", Op: "remember", Args: mem(`"confidence":1.0000001`), Code: InvalidArgument, Field: "memory.confidence", What: "confidence just over 1"},
		Hostile{Name: "remember/expires_year_10000", Op: "remember", Args: mem(`"expiresAt":"10000-01-01T00:00:00Z"`), Code: InvalidArgument, Field: "memory.expiresAt", What: "expiresAt in year 10000"},
		Hostile{Name: "remember/expires_before_1970", Op: "remember", Args: mem(`"expiresAt":"1969-12-31T23:59:59Z"`), Code: InvalidArgument, Field: "memory.expiresAt", What: "expiresAt before 1970"},
		Hostile{Name: "remember/expires_feb_30", Op: "remember", Args: mem(`"expiresAt":"2030-02-30T00:00:00Z"`), Code: InvalidArgument, Field: "memory.expiresAt", What: "expiresAt on February 30"},
		Hostile{Name: "remember/expires_epoch_number", Op: "remember", Args: mem(`"expiresAt":1700000000000`), Code: InvalidArgument, Field: "memory.expiresAt", What: "expiresAt as epoch milliseconds"},
		Hostile{Name: "list/limit_zero", Op: "list", Args: `{"limit":0}`, Code: InvalidArgument, Field: "limit", What: "limit 0"},
		Hostile{Name: "recall/limit_zero", Op: "recall", Args: `{"query":"bees","limit":0}`, Code: InvalidArgument, Field: "limit", What: "limit 0"},
		Hostile{Name: "searchTurns/limit_zero", Op: "searchTurns", Args: `{"query":"bees","limit":0}`, Code: InvalidArgument, Field: "limit", What: "limit 0"},
		Hostile{Name: "recall/limit_negative", Op: "recall", Args: `{"query":"bees","limit":-1}`, Code: InvalidArgument, Field: "limit", What: "limit -1"},
		Hostile{Name: "recall/limit_fraction", Op: "recall", Args: `{"query":"bees","limit":2.5}`, Code: InvalidArgument, Field: "limit", What: "limit 2.5"},
	)

	// Deep nesting, huge arrays, many namespaces.
	add(
		Hostile{Name: "remember/deep_metadata", Op: "remember", Args: mem(`"metadata":{"a":` + strings.Repeat(`{"a":`, 300) + `1` + strings.Repeat(`}`, 300) + `}`), What: "metadata nested 300 deep"},
		Hostile{Name: "remember/deep_args", Op: "remember", Args: `{"memory":{"content":"x","metadata":{"a":` + deepJSON + `}}}`, Code: InvalidArgument, What: "arrays nested 20,000 deep"},
		Hostile{Name: "remember/deep_unknown", Op: "remember", Args: `{"x":` + deepJSON + `}`, Code: InvalidArgument, What: "20,000-deep unknown member"},
		Hostile{Name: "remember/many_tags", Op: "remember", Args: mem(`"tags":[` + repeat(`"t"`, 10000, ",") + `]`), Code: TooLarge, Field: "memory.tags", What: "10,000 tags"},
		Hostile{Name: "remember/batch_1001", Op: "remember", Args: `{"memories":[` + repeat(`{"content":"m"}`, 1001, ",") + `]}`, Code: TooLarge, Field: "memories", What: "1,001 memories in one call"},
		Hostile{Name: "appendTurns/batch_1001", Op: "appendTurns", Args: `{"sessionId":"s1","turns":[` + repeat(`{"role":"user","content":"t"}`, 1001, ",") + `]}`, Code: TooLarge, Field: "turns", What: "1,001 turns in one call"},
		Hostile{Name: "forget/ids_100k", Op: "forget", Args: `{"ids":[` + repeat(`"01ARZ3NDEKTSV4RRFFQ69G5FAV"`, 100000, ",") + `]}`, Code: TooLarge, Field: "ids", What: "100,000 ids to forget"},
		Hostile{Name: "remember/turn_ids_100k", Op: "remember", Args: mem(`"source":{"turnIds":[` + repeat(`"t"`, 100000, ",") + `]}`), Code: TooLarge, Field: "memory.source.turnIds", What: "100,000 source turn ids"},
		Hostile{Name: "list/types_100k", Op: "list", Args: `{"types":[` + repeat(`"fact"`, 100000, ",") + `]}`, Code: TooLarge, Field: "types", What: "100,000 type filters"},
		Hostile{Name: "remember/empty_batch", Op: "remember", Args: `{"memories":[]}`, Code: InvalidArgument, Field: "memories", What: "an empty batch"},
		Hostile{Name: "remember/namespaces_1000", Op: "remember", Args: `{"namespace":"ns-%d","memory":{"content":"memory of namespace %d"}}`, Repeat: 1000, What: "1,000 namespaces, one memory each (default still sees only its own)"},
	)
	return t
}
