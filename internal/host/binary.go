package host

import (
	"context"

	"github.com/memcore/memcore/core"
)

// CallBytes answers one request like [Host.Call], with bytes beside it: in is what a
// restore with "binary": true restores, and out is what a snapshot with "binary": true
// answered (nil for any other request). Neither is copied here: the transport copies
// in from its own memory once and out to it once (the js build's __memcore.callBytes).
func (h *Host) CallBytes(ctx context.Context, req, in []byte) (resp, out []byte) {
	b := &core.Binary{In: in}
	resp = h.Call(core.WithBinary(ctx, b), req)
	return resp, b.Out
}
