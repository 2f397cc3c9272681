package protocol

import (
	"bytes"

	"github.com/memcore/memcore/core/internal/errs"
)

// opOf finds the op of a request in its first 256 bytes. A request over the size limit
// is never decoded (that is what the limit is for), but the user of a restore or an
// import that is too big needs to be told which argument and what to do, not only that
// "a request" was too large: JavaScript's JSON.stringify, and every host the tests know,
// write "op" before "args", so it is in the prefix; when it is not, the message is the
// plain one. A scan, not a regular expression: nothing is compiled at the engine's start.
func opOf(req []byte) string {
	head := req[:min(len(req), 256)]
	i := bytes.Index(head, []byte(`"op"`))
	if i < 0 {
		return ""
	}
	rest := bytes.TrimLeft(head[i+4:], " \t\r\n")
	if len(rest) == 0 || rest[0] != ':' {
		return ""
	}
	rest = bytes.TrimLeft(rest[1:], " \t\r\n")
	if len(rest) == 0 || rest[0] != '"' {
		return ""
	}
	end := bytes.IndexByte(rest[1:], '"')
	if end < 1 || end > 40 {
		return ""
	}
	return string(rest[1 : 1+end])
}

// bigPayload names, for the ops that carry a large argument, that argument and what a
// caller over the limit can do instead.
var bigPayload = map[string]struct{ field, hint string }{
	"restore": {"data", "; a snapshot restored as base64 is at most ¾ of that: restore the bytes through a binary transport " +
		"(the Node and workerd entries of the npm package), or open the engine with a larger limits.maxRequestBytes"},
	"import": {"data", ": import one namespace at a time (namespaces), or natively with `memcore import`, " +
		"or open the engine with a larger limits.maxRequestBytes"},
}

// tooLarge is the error for a request over the mux's limit, naming its op when the mux
// has one of that name.
func (m *Mux) tooLarge(req []byte) error {
	n, max := len(req), m.maxBytes
	op := opOf(req)
	if _, ok := m.ops[op]; !ok {
		op = ""
	}
	if p, ok := bigPayload[op]; ok {
		return errs.New(errs.TooLarge, p.field, "request is %d bytes, the limit is %d (limits.maxRequestBytes) for the whole %s request%s",
			n, max, op, p.hint)
	}
	if op != "" {
		return errs.New(errs.TooLarge, "", "request is %d bytes, the limit is %d (limits.maxRequestBytes) for the whole %s request", n, max, op)
	}
	return errs.New(errs.TooLarge, "", "request is %d bytes, the limit is %d (limits.maxRequestBytes)", n, max)
}
