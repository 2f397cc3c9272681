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
