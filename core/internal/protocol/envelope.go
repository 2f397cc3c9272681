package protocol

import (
	"encoding/json"

	"github.com/memcore/memcore/core/internal/errs"
)

// Version is the protocol version this build speaks ("v" of a request).
const Version = 1

// Request is one call.
type Request struct {
	V  int             `json:"v"`
	ID json.RawMessage `json:"id,omitempty"`
	// DB is the database handle given by the host's "open" op (multi-database transports
	// route on it; an engine ignores it).
	DB   int64           `json:"db,omitempty"`
	Op   string          `json:"op"`
	Args json.RawMessage `json:"args,omitempty"`
}

// Response is the answer to one Request; ID echoes the request's id verbatim.
type Response struct {
	ID     json.RawMessage `json:"id"`
	OK     bool            `json:"ok"`
	Result any             `json:"result,omitempty"`
	Error  *errs.Error     `json:"error,omitempty"`
}

// Encode marshals r; a result that cannot be encoded becomes an internal error, so the
// caller always gets one valid JSON response.
func Encode(r Response) []byte {
	if r.ID == nil {
		r.ID = json.RawMessage("null")
	}
	b, err := json.Marshal(r)
	if err != nil {
		b, _ = json.Marshal(Response{ID: r.ID, Error: errs.New(errs.Internal, "", "encode response: %v", err)})
	}
	return b
}
