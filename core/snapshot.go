package core

import (
	"context"
	"encoding/base64"
	"errors"
	"strings"

	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/store"
)

// MaxSnapshotBytes bounds a snapshot: [Engine.Snapshot] of a larger database and
// [Engine.Restore] of more bytes fail with too_large. Through the protocol the bound is
// lower: a snapshot must fit, as base64, in one request (Limits.MaxRequestBytes), or
// it could not be restored.
const MaxSnapshotBytes = 1 << 30

// Snapshot returns the whole database — every namespace — as the bytes of an SQLite
// file: what an edge worker keeps in durable storage (a Durable Object, KV) and gives
// back to [Engine.Restore] when it starts again. Pending recall access counts are
// written first, and the bytes are read in one read transaction, so the snapshot is
// consistent. It works for file and in-memory engines alike; the bytes open with any
// SQLite.
func (e *Engine) Snapshot(ctx context.Context) ([]byte, error) {
	data, _, err := e.snapshot(ctx, MaxSnapshotBytes)
	return data, err
}

func (e *Engine) snapshot(ctx context.Context, max int64) (data []byte, info store.SnapshotInfo, err error) {
	err = e.do(ctx, func() error {
		if err := e.flushTouches(); err != nil {
			return err
		}
		data, info, err = e.db.Snapshot(max)
		var tl *store.TooLargeError
		if errors.As(err, &tl) {
			return errs.New(errs.TooLarge, "", "the database is %d bytes; a snapshot is at most %d", tl.Size, tl.Limit)
		}
		return err
	})
	return data, info, err
}

// Restore replaces the whole database — every namespace — with a snapshot taken by
// [Engine.Snapshot] (or any memcore database file's bytes). The bytes are checked
// before anything changes: the SQLite header and size, SQLite's integrity and foreign
// key checks, memcore's application id and schema. A snapshot of an older memcore is
// migrated; one of a newer memcore is refused with unsupported, damaged or foreign
// bytes with invalid_argument (field "data", the message says what is wrong), more than
// MaxSnapshotBytes with too_large. A refused or failed restore leaves the database as it
// was. A successful one replaces it in one step: an in-memory engine gets a new
// in-memory database written with the checked pages by SQLite's backup API and swapped
// in, a file is overwritten by the backup API in one transaction. Pending
// recall access counts of the old content are dropped. A read-only engine refuses
// (unsupported).
func (e *Engine) Restore(ctx context.Context, data []byte) error {
	_, err := e.restore(ctx, data, "")
	return err
}

// restoreResult is what the restore op reports.
type restoreResult struct {
	Bytes             int64 `json:"bytes"`
	Memories          int64 `json:"memories"` // live memories of the request's namespace
	SchemaVersion     int   `json:"schemaVersion"`
	FromSchemaVersion int   `json:"fromSchemaVersion"` // the snapshot's, before migration
}

// restore restores data and, when ns is not "", counts ns's live memories afterwards
// (under the same lock).
func (e *Engine) restore(ctx context.Context, data []byte, ns string) (*restoreResult, error) {
	var out *restoreResult
	err := e.do(ctx, func() error {
		if e.readOnly {
			return errs.New(errs.Unsupported, "", "the engine was opened read-only; restore replaces the database")
		}
		info, err := e.db.Restore(ctx, data, MaxSnapshotBytes)
		if err != nil {
			return restoreError(err)
		}
		// The content they counted is gone.
		e.touches = nil
		out = &restoreResult{Bytes: int64(len(data)), SchemaVersion: info.Schema, FromSchemaVersion: info.FromSchema}
		if ns != "" {
			st, err := e.db.Stats(ns, e.clock())
			if err != nil {
				return err
			}
			out.Memories = st.Memories
		}
		return nil
	})
	return out, err
}

// restoreError gives a refused snapshot its code; other errors are storage's (do).
func restoreError(err error) error {
	var se *store.SnapshotError
	var tl *store.TooLargeError
	switch {
	case errors.As(err, &se):
		return &errs.Error{Code: errs.InvalidArgument, Field: "data", Message: "not a usable memcore snapshot: " + se.Reason}
	case errors.Is(err, store.ErrNewerSchema):
		msg := strings.TrimPrefix(err.Error(), store.ErrNewerSchema.Error()+": ")
		return errs.New(errs.Unsupported, "data", "%s", msg)
	case errors.As(err, &tl):
		return errs.New(errs.TooLarge, "data", "the snapshot is %d bytes; at most %d can be restored", tl.Size, tl.Limit)
	}
	return err
}

type (
	snapshotArgs struct {
		nsArg       // accepted like every op's, and ignored: a snapshot is the whole database
		Binary bool `json:"binary,omitempty"` // answer the bytes through the request's Binary (snapshot_binary.go)
	}
	restoreArgs struct {
		nsArg
		Data   *string `json:"data"`
		Binary bool    `json:"binary,omitempty"` // restore the bytes of the request's Binary
	}
)

// snapshotOverhead is room for the rest of a restore request around the base64 data
// (envelope, id, db handle, namespace).
const snapshotOverhead = 1 << 10

// maxProtocolSnapshot is the largest snapshot whose base64 fits in one request.
func (e *Engine) maxProtocolSnapshot() int64 {
	n := int64(e.limits.MaxRequestBytes-snapshotOverhead) / 4 * 3
	return max(0, min(n, MaxSnapshotBytes))
}

func opSnapshot(ctx context.Context, n *Namespace, a *snapshotArgs) (any, error) {
	if a.Binary {
		return opSnapshotBinary(ctx, n)
	}
	limit := n.e.maxProtocolSnapshot()
	data, info, err := n.e.snapshot(ctx, limit)
	if me := errs.As(err); me != nil && me.Code == errs.TooLarge {
		return nil, errs.New(errs.TooLarge, "", "the database is %d bytes; as base64 it would not fit in one restore request "+
			"(limits.maxRequestBytes is %d, so at most %d bytes): open the engine with a larger maxRequestBytes",
			info.Bytes, n.e.limits.MaxRequestBytes, limit)
	}
	if err != nil {
		return nil, err
	}
	// encoding/json writes []byte as standard base64.
	return map[string]any{"data": data, "bytes": len(data), "schemaVersion": info.Schema}, nil
}

func opRestore(ctx context.Context, n *Namespace, a *restoreArgs) (any, error) {
	if a.Binary {
		return opRestoreBinary(ctx, n, a)
	}
	if a.Data == nil {
		return nil, errs.New(errs.InvalidArgument, "data", "give the snapshot's bytes as base64")
	}
	data, err := decodeBase64(*a.Data)
	if err != nil {
		return nil, errs.New(errs.InvalidArgument, "data", "the snapshot is not base64: %v", err)
	}
	return n.e.restore(ctx, data, n.name)
}

// decodeBase64 decodes standard base64 (what snapshot returns), and also the URL-safe
// alphabet and unpadded forms that other encoders write.
func decodeBase64(s string) ([]byte, error) {
	data, err := base64.StdEncoding.DecodeString(s)
	if err == nil {
		return data, nil
	}
	for _, enc := range []*base64.Encoding{base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if d, e := enc.DecodeString(s); e == nil {
			return d, nil
		}
	}
	return nil, err
}
