package prototest

// Cases of snapshot and restore with "binary": true: the bytes travel beside the JSON
// only through the js build's __memcore.callBytes; over the JSON protocol alone (every
// transport this suite drives) the flag is refused on field binary, and false changes
// nothing.

func init() { registered = append(registered, snapBytesCases) }

func snapBytesCases() []Case {
	return []Case{
		{Name: "snapshot/binary_needs_callBytes", Steps: []Step{
			{Req: remember("kept through base64")},
			{Req: req("snapshot", `{"binary":true}`), Code: Unsupported, Field: "binary", Check: []Check{Message("callBytes")}},
			{Req: req("restore", `{"binary":true}`), Code: Unsupported, Field: "binary"},
			{Req: req("snapshot", `{"binary":"yes"}`), Code: InvalidArgument, Field: "binary"},
			{Req: req("snapshot", `{"binary":false}`), Check: []Check{Text("data", "U1FMaXRlIGZvcm1hdCAz")}},
			{Req: req("restore", `{"binary":false,"data":$5.data}`), Check: []Check{Eq("memories", "1")}},
		}},
	}
}
