package core

import (
	"context"

	"github.com/memcore/memcore/core/internal/errs"
)

// Binary is the side channel of one request that moves a snapshot's bytes beside its
// JSON instead of inside it as base64: a transport that can hand bytes over directly
// (the js build's __memcore.callBytes) puts one in the request's context with
// [WithBinary]. The snapshot op with args "binary": true then sets Out to the database's
// bytes and answers {bytes, schemaVersion, binary: true} without "data"; the restore op
// with "binary": true restores In. Base64 costs a third more memory and a copy per
// step (encode, JSON, the host's string, decode); in a 128 MB Workers isolate those
// copies, not SQLite, bound how large a database can be moved.
type Binary struct {
	In  []byte // the bytes that came with the request (restore); nil if none
	Out []byte // the bytes the response carries (snapshot); set by the engine
}

type binaryKey struct{}

// WithBinary returns ctx carrying b: requests answered under it may use "binary": true.
func WithBinary(ctx context.Context, b *Binary) context.Context {
	return context.WithValue(ctx, binaryKey{}, b)
}

// binaryOf is the request's side channel, or an error naming field "binary" when the
// transport has none (the JSON protocol alone: wasip1, native hosts).
func binaryOf(ctx context.Context) (*Binary, error) {
	if b, ok := ctx.Value(binaryKey{}).(*Binary); ok && b != nil {
		return b, nil
	}
	return nil, errs.New(errs.Unsupported, "binary",
		"this transport carries no bytes beside the JSON request (only the js build's __memcore.callBytes does): leave binary out to use base64")
}

// maxBinarySnapshot is the largest snapshot the binary channel moves: a request's bytes
// count against limits.maxRequestBytes like its JSON (but without base64's third more),
// and never more than MaxSnapshotBytes.
func (e *Engine) maxBinarySnapshot() int64 {
	return max(0, min(int64(e.limits.MaxRequestBytes), MaxSnapshotBytes))
}

// opSnapshotBinary answers a snapshot op with "binary": true: the bytes go to the side
// channel, bounded by maxBinarySnapshot so that they can be restored.
func opSnapshotBinary(ctx context.Context, n *Namespace) (any, error) {
	b, err := binaryOf(ctx)
	if err != nil {
		return nil, err
	}
	limit := n.e.maxBinarySnapshot()
	data, info, err := n.e.snapshot(ctx, limit)
	if me := errs.As(err); me != nil && me.Code == errs.TooLarge {
		return nil, errs.New(errs.TooLarge, "", "the database is %d bytes; a restore request carries at most %d "+
			"(limits.maxRequestBytes): open the engine with a larger maxRequestBytes", info.Bytes, limit)
	}
	if err != nil {
		return nil, err
	}
	b.Out = data
	return map[string]any{"bytes": len(data), "schemaVersion": info.Schema, "binary": true}, nil
}

// opRestoreBinary answers a restore op with "binary": true: the snapshot is the bytes
// that came with the request.
func opRestoreBinary(ctx context.Context, n *Namespace, a *restoreArgs) (any, error) {
	if a.Data != nil {
		return nil, errs.New(errs.InvalidArgument, "data", "give the snapshot as base64 data or as binary bytes, not both")
	}
	b, err := binaryOf(ctx)
	if err != nil {
		return nil, err
	}
	if b.In == nil {
		return nil, errs.New(errs.InvalidArgument, "data", "binary restore: the request came with no bytes")
	}
	if limit := n.e.maxBinarySnapshot(); int64(len(b.In)) > limit {
		return nil, errs.New(errs.TooLarge, "data", "the snapshot is %d bytes; a request carries at most %d (limits.maxRequestBytes)", len(b.In), limit)
	}
	return n.e.restore(ctx, b.In, n.name)
}
