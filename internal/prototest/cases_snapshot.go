package prototest

import (
	"encoding/base64"
	"encoding/binary"
)

// Cases of snapshot and restore: the whole database as the base64 of an SQLite file, and
// back.

func init() { registered = append(registered, snapshotCases) }

// fakeSQLite returns base64 of one 4 KiB page with an SQLite header whose page count is
// pages and whose b-tree is all zeros.
func fakeSQLite(pages uint32) string {
	b := make([]byte, 4096)
	copy(b, "SQLite format 3\x00")
	binary.BigEndian.PutUint16(b[16:], 4096)
	b[18], b[19], b[21], b[22], b[23] = 1, 1, 64, 32, 32
	binary.BigEndian.PutUint32(b[28:], pages)
	return base64.StdEncoding.EncodeToString(b)
}

func snapshotCases() []Case {
	return []Case{
		{Name: "snapshot/round_trip", Steps: []Step{
			{Req: remember("kept: the user prefers tea")},
			{Req: req("snapshot", `{}`), Check: []Check{
				Text("data", "U1FMaXRlIGZvcm1hdCAz"), // base64 of "SQLite format 3"
				Num("bytes", ">=", 4096), Num("schemaVersion", ">=", 1)}},
			{Req: remember("after the snapshot: the user prefers coffee")},
			{Req: req("appendTurns", `{"sessionId":"s1","turns":[{"role":"user","content":"hello"}]}`)},
			{Req: req("restore", `{"data":$2.data}`), Check: []Check{
				Eq("bytes", "$2.bytes"), Eq("memories", "1"), Eq("schemaVersion", "$2.schemaVersion"),
				Eq("fromSchemaVersion", "$2.schemaVersion")}},
			{Req: req("get", `{"id":$1.memories[0].id}`), Check: []Check{Eq("memory.content", `"kept: the user prefers tea"`)}},
			{Req: req("get", `{"id":$3.memories[0].id}`), Code: NotFound, Field: "id"},
			{Req: req("recall", `{"query":"prefers"}`), Check: []Check{Len("hits", 1), Eq("hits[0].memory.id", "$1.memories[0].id")}},
			{Req: req("searchTurns", `{"query":"hello"}`), Check: []Check{Len("hits", 0)}},
			{Req: remember("written after the restore")},
			{Req: stats, Check: []Check{Eq("memories", "2"), Eq("turns", "0")}},
		}},
		{Name: "snapshot/whole_database", Steps: []Step{
			{Req: rememberIn("alice", `{"content":"alice's memory"}`)},
			{Req: rememberIn("bob", `{"content":"bob's memory"}`)},
			// The namespace is accepted and ignored: a snapshot is every namespace.
			{Req: req("snapshot", `{"namespace":"alice"}`)},
			{Req: req("forget", `{"namespace":"bob","id":$2.memories[0].id,"purge":true}`)},
			{Req: req("restore", `{"namespace":"bob","data":$3.data}`), Check: []Check{Eq("memories", "1")}},
			{Req: req("get", `{"namespace":"bob","id":$2.memories[0].id}`), Check: []Check{Eq("memory.content", `"bob's memory"`)}},
			{Req: req("restore", `{"data":$3.data}`), Check: []Check{Eq("memories", "0")}},
			{Req: req("get", `{"namespace":"alice","id":$1.memories[0].id}`)},
		}},
		{Name: "snapshot/errors", Steps: []Step{
			{Req: req("snapshot", `{"bogus":1}`), Code: InvalidArgument, Field: "bogus"},
			{Req: req("snapshot", `{"namespace":""}`), Code: InvalidArgument, Field: "namespace"},
		}},
		{Name: "restore/refused_keeps_content", Steps: []Step{
			{Req: remember("survives every refused restore")},
			{Req: req("restore", `{"data":"not base64!"}`), Code: InvalidArgument, Field: "data", Check: []Check{Message("base64")}},
			{Req: req("restore", `{"data":"aGVsbG8gd29ybGQ="}`), Code: InvalidArgument, Field: "data", // "hello world"
				Check: []Check{Message("not an SQLite database")}},
			{Req: req("restore", `{"data":""}`), Code: InvalidArgument, Field: "data", Check: []Check{Message("empty")}},
			{Req: req("restore", `{"data":`+str(fakeSQLite(2))+`}`), Code: InvalidArgument, Field: "data", Check: []Check{Message("truncated")}},
			{Req: req("restore", `{"data":`+str(fakeSQLite(1))+`}`), Code: InvalidArgument, Field: "data", Check: []Check{Message("damaged")}},
			{Req: req("restore", `{}`), Code: InvalidArgument, Field: "data"},
			{Req: req("restore", `{"data":5}`), Code: InvalidArgument, Field: "data"},
			{Req: req("restore", `{"data":"AAAA","extra":1}`), Code: InvalidArgument, Field: "extra"},
			{Req: req("get", `{"id":$1.memories[0].id}`), Check: []Check{Eq("memory.content", `"survives every refused restore"`)}},
			{Req: req("recall", `{"query":"survives"}`), Check: []Check{Len("hits", 1)}},
		}},
	}
}
