package protocol

import (
	"context"
	"encoding/json"
	"sort"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/errs"
)

// Handler runs one op: it decodes args (with Decode) and returns a JSON-encodable result.
type Handler func(ctx context.Context, args json.RawMessage) (any, error)

// Mux maps op names to handlers.
type Mux struct {
	ops      map[string]Handler
	maxBytes int
}

// NewMux returns a Mux refusing requests over maxBytes with too_large.
func NewMux(maxBytes int) *Mux { return &Mux{ops: map[string]Handler{}, maxBytes: maxBytes} }

// Handle registers h for op.
func (m *Mux) Handle(op string, h Handler) { m.ops[op] = h }

// Ops returns the registered op names, sorted.
func (m *Mux) Ops() []string {
	out := make([]string, 0, len(m.ops))
	for op := range m.ops {
		out = append(out, op)
	}
	sort.Strings(out)
	return out
}

// Serve answers one encoded request with one encoded response. It never panics.
func (m *Mux) Serve(ctx context.Context, req []byte) []byte {
	r, err := m.parse(req)
	if err != nil {
		return Encode(Response{ID: r.ID, Error: errs.As(err)})
	}
	res, err := m.call(ctx, r)
	if err != nil {
		return Encode(Response{ID: r.ID, Error: errs.As(err)})
	}
	return Encode(Response{ID: r.ID, OK: true, Result: res})
}

func (m *Mux) parse(req []byte) (Request, error) {
	var r Request
	if len(req) > m.maxBytes {
		return r, m.tooLarge(req)
	}
	if !utf8.Valid(req) {
		return r, errs.New(errs.InvalidArgument, "", "request is not valid UTF-8")
	}
	if err := decodeRequest(req, &r); err != nil { // request_decode.go: decodeStrict without decoding args twice
		// Keep the id if the envelope is readable at all, so the host can match the error.
		var idOnly struct {
			ID json.RawMessage `json:"id"`
		}
		r.ID = nil
		if json.Unmarshal(req, &idOnly) == nil && idOnly.ID != nil && validID(idOnly.ID) {
			r.ID = idOnly.ID
		}
		return r, err
	}
	if r.ID != nil && !validID(r.ID) {
		r.ID = nil // echo no id that is not one
		return r, errs.New(errs.InvalidArgument, "id", "id must be a number, a string or null")
	}
	if r.V != Version {
		return r, errs.New(errs.Unsupported, "v", "protocol version %d is not supported (this build speaks %d)", r.V, Version)
	}
	if _, ok := m.ops[r.Op]; !ok {
		return r, errs.New(errs.Unsupported, "op", "unknown op %q", r.Op)
	}
	return r, nil
}

func validID(id json.RawMessage) bool {
	switch id[0] {
	case '"', 'n', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return true
	}
	return false
}

func (m *Mux) call(ctx context.Context, r Request) (res any, err error) {
	defer func() {
		if p := recover(); p != nil {
			res, err = nil, errs.New(errs.Internal, "", "panic in %s: %v", r.Op, p)
		}
	}()
	return m.ops[r.Op](ctx, r.Args)
}
