package core

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/errs"
	"github.com/memcore/memcore/core/internal/protocol"
	"github.com/memcore/memcore/core/internal/recall"
	"github.com/memcore/memcore/core/internal/store"
)

// Version is the engine's version. The JS shim and the wasm binary compare it at open
// (the "hello" op) and refuse to work together when they differ.
const Version = "0.1.0"

// Engine is an open memcore database. It is safe for concurrent use: calls are
// serialised on the one SQLite connection.
type Engine struct {
	mu      sync.Mutex
	db      *store.DB
	now     func() time.Time
	limits  Limits
	scoring recall.Weights
	ids     idGen
	mux     *protocol.Mux
	closed  bool

	readOnly bool               // recall cannot count accesses: every recall is a peek
	touches  map[touchKey]touch // recall accesses not yet written (heat.go)
	embedder func(ctx context.Context, texts []string) ([][]float32, error)
	complete func(ctx context.Context, req Completion) (string, error)
	stat     struct {
		embedFailures atomic.Int64
		// embedCalls and embedTexts count the embedder calls and the texts they
		// carried; embedCacheHits the texts a cache answered (embedcache.go).
		embedCalls, embedTexts, embedCacheHits atomic.Int64
	}
	quota *Quota // the default quota of every namespace (Options.Quota), nil: none
	// queries caches the vectors of recent recall queries (embedcache.go).
	queries queryCache
	// bm25go is recall's state for BM25 computed in Go (bm25go.go).
	bm25go bm25GoState
	// serial numbers the engines of this process (cachescope.go).
	serial uint64
}

// Open opens or creates the database of opts.Path, migrating an older schema. A file
// written by a newer memcore, or not by memcore at all, is refused.
func Open(ctx context.Context, opts Options) (*Engine, error) {
	if opts.BusyTimeout < 0 || opts.BusyTimeout > MaxBusyTimeout || opts.BusyTimeout%time.Millisecond != 0 {
		return nil, errs.New(errs.InvalidArgument, "busyTimeoutMs",
			"the busy timeout is a whole number of milliseconds from 1 to %d (0: %d), got %v",
			MaxBusyTimeout.Milliseconds(), DefaultBusyTimeout.Milliseconds(), opts.BusyTimeout)
	}
	db, err := store.Open(ctx, opts.Path, store.Options{CacheKiB: opts.CacheKiB, ReadOnly: opts.ReadOnly,
		VFS: opts.VFS, JournalMode: opts.JournalMode, PageBytes: opts.PageBytes,
		BusyTimeoutMs: int(opts.BusyTimeout.Milliseconds())})
	// The path is what the caller can change (a missing directory, a directory, a file
	// that is not a database, a newer memcore's file): the error names it as its field.
	switch {
	case errors.Is(err, store.ErrNewerSchema):
		return nil, openError(errs.Unsupported, err, opts.Path)
	case err != nil:
		return nil, openError(errs.Storage, err, opts.Path)
	}
	e := &Engine{db: db, now: opts.Clock, limits: opts.Limits.withDefaults(),
		embedder: withDeadline(opts.Embed, opts.CallbackTimeout),
		complete: capAnswer(withDeadline(opts.Complete, opts.CallbackTimeout)), readOnly: opts.ReadOnly,
		serial: engineSerial.Add(1)}
	if e.now == nil {
		e.now = time.Now
	}
	if opts.Scoring != nil {
		e.scoring = *opts.Scoring
	} else {
		e.scoring = recall.DefaultWeights()
	}
	if opts.Quota != nil {
		c := checker{l: e.limits}
		c.quota("quota", opts.Quota)
		if c.err != nil {
			db.Close()
			return nil, c.err
		}
		q := *opts.Quota
		e.quota = &q
	}
	e.mux = e.newMux()
	return e, nil
}

// Close closes the database. Later calls fail with code closed; closing twice is a no-op.
func (e *Engine) Close() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return nil
	}
	e.closed = true
	flushErr := e.flushTouches()
	if err := e.db.Close(); err != nil {
		return errs.Wrap(errs.Storage, err, "close")
	}
	if flushErr != nil && !e.readOnly && store.IsFull(flushErr) {
		return errs.Wrap(errs.Storage, flushErr, "closed, without the access counts of the last recalls: the storage is full (the disk, or in a browser the site's storage quota); the database is intact")
	}
	if flushErr != nil && !e.readOnly {
		return errs.Wrap(errs.Storage, flushErr, "close: writing recall access counts")
	}
	return nil
}

// Namespace returns a view of the engine bound to namespace name. Every operation on it
// reads and writes that namespace only. Names are 1–128 bytes of UTF-8 without control
// characters.
func (e *Engine) Namespace(name string) (*Namespace, error) {
	if err := checkNamespace(name); err != nil {
		return nil, err
	}
	return &Namespace{e: e, name: name}, nil
}

// Namespace is an [Engine] bound to one namespace. It is cheap: make one per call if
// that is convenient.
type Namespace struct {
	e    *Engine
	name string
}

// Name returns the namespace's name.
func (n *Namespace) Name() string { return n.name }

func checkNamespace(name string) error {
	if name == "" || len(name) > 128 || !utf8.ValidString(name) {
		return errs.New(errs.InvalidArgument, "namespace", "a namespace is 1 to 128 bytes of UTF-8")
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7f {
			return errs.New(errs.InvalidArgument, "namespace", "a namespace has no control characters")
		}
	}
	return nil
}

// checkOpen fails with code closed once the engine is closed. do checks it too; calls
// that may answer without the database (hello, a query with no searchable token) call it
// so that nothing succeeds after Close.
func (e *Engine) checkOpen() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return errs.New(errs.Closed, "", "the engine is closed")
	}
	return nil
}

// do runs fn with the engine locked and ctx bound to SQLite's interrupt; it maps storage
// failures to the storage code (or the context's error).
func (e *Engine) do(ctx context.Context, fn func() error) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return errs.New(errs.Closed, "", "the engine is closed")
	}
	if err := ctx.Err(); err != nil {
		return errs.Wrap(errs.Storage, err, "request cancelled")
	}
	old := e.db.SetInterrupt(ctx)
	defer e.db.SetInterrupt(old)
	err := fn()
	if err == nil {
		return nil
	}
	var me *errs.Error
	if errors.As(err, &me) {
		return me
	}
	if store.IsInterrupt(err) {
		return errs.Wrap(errs.Storage, ctx.Err(), "request cancelled; nothing was written")
	}
	if store.IsFull(err) {
		return errs.Wrap(errs.Storage, err, "the storage is full (the disk, or in a browser the site's storage quota): nothing was written; the database is intact, and reads and opens still work")
	}
	return errs.Wrap(errs.Storage, err, "storage failed; nothing was written")
}

// tx is do with fn inside one transaction: all of it is written, or none.
func (e *Engine) tx(ctx context.Context, fn func() error) error {
	return e.do(ctx, func() error {
		// Pending recall accesses go first, so fn reads and rewrites current counts.
		err := e.db.Tx(func() error {
			if err := e.writeTouches(); err != nil {
				return err
			}
			return fn()
		})
		if err == nil {
			e.touches = nil
		}
		return err
	})
}

// clock returns the current time, truncated to the millisecond the database keeps.
func (e *Engine) clock() time.Time { return e.now().UTC().Truncate(time.Millisecond) }

// withDeadline wraps a host callback so that a call without a deadline gets one of
// timeout (0: DefaultCallbackTimeout): a host that never answers must not hang the request.
func withDeadline[A, R any](fn func(context.Context, A) (R, error), timeout time.Duration) func(context.Context, A) (R, error) {
	if fn == nil {
		return nil
	}
	if timeout <= 0 {
		timeout = DefaultCallbackTimeout
	}
	return func(ctx context.Context, a A) (R, error) {
		if _, ok := ctx.Deadline(); !ok {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, timeout)
			defer cancel()
		}
		return fn(ctx, a)
	}
}
