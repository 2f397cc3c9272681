package core

import (
	"context"
	"time"

	"github.com/memcore/memcore/core/internal/recall"
	"github.com/memcore/memcore/core/internal/store"
)

// Options configure [Open]. The zero value opens a private in-memory database with the
// documented defaults.
type Options struct {
	// Path is the SQLite file; "" or ":memory:" is an in-memory database that lives as
	// long as the Engine.
	Path string

	// Clock returns the current time; nil means time.Now. Tests inject a fixed clock so
	// that expiry and recency are deterministic.
	Clock func() time.Time

	// Limits bound what one request may carry; zero fields take DefaultLimits' values.
	Limits Limits

	// Scoring are the recall weights; the zero value means recall.DefaultWeights().
	Scoring *Scoring

	// CacheKiB is SQLite's page cache in KiB (0: 8192 for a file, 1024 for ":memory:",
	// whose pages are in memory already). Memory is a product feature in a browser tab:
	// lower it there.
	CacheKiB int

	// ReadOnly opens an existing file without writing to it.
	ReadOnly bool

	// VFS names the SQLite VFS that opens Path: "" is the default (the OS's files, or
	// Node's fs in the js build); "opfs" is the browser's Origin Private File System,
	// registered by the js build's internal/opfs (docs/BROWSER.md); "do" is a Durable
	// Object's storage in workerd (internal/dovfs, docs/WASM.md). Ignored in memory.
	VFS string

	// JournalMode is the rollback journal's mode: "" or "DELETE" (the default),
	// "TRUNCATE" or "PERSIST". Anything else fails the open with code storage.
	JournalMode string

	// PageBytes, when not 0, is the SQLite page size of a database the open creates (a
	// power of two, 512 to 65536); an existing database keeps its own. The js build sets
	// it for Durable Object storage (internal/dovfs), where one page is one stored row.
	PageBytes int

	// BusyTimeout is how long a read or write waits for the database's lock while
	// another connection or process holds it, before it fails with code storage
	// ("database is locked"); 0 means DefaultBusyTimeout, at most MaxBusyTimeout. Why an
	// option: several Node processes on one file may need a longer wait, an edge worker
	// that would rather answer at once a shorter one (docs/RELIABILITY.md, "Lock waits").
	BusyTimeout time.Duration

	// Embed, when set, turns texts into vectors (one per text, all of one dimension).
	// Memories are then embedded when remembered or their text changes, and recall fuses
	// vector similarity with BM25 (reciprocal rank fusion). In the wasm builds it is a
	// callback into the JavaScript host, awaited while the request runs. A failing
	// embedder never fails a write: the memory is stored without a vector and found by
	// BM25 alone.
	Embed func(ctx context.Context, texts []string) ([][]float32, error)

	// Complete, when set, is the host's LLM: it answers a completion request with text.
	// Fact extraction, summaries for compaction and episodes use it and fall back to
	// their deterministic versions when it is absent or fails. In the wasm builds it is a
	// callback into the JavaScript host.
	Complete func(ctx context.Context, req Completion) (string, error)

	// CallbackTimeout bounds each call of Embed and Complete that comes without a
	// deadline of its own (0: one minute): a host function that never answers must not
	// hang the request, which then carries on without it.
	CallbackTimeout time.Duration

	// Quota, when set, bounds every namespace that has no quota of its own
	// (Namespace.SetQuota): see Quota.
	Quota *Quota
}

// Completion is a request to the host's LLM.
type Completion struct {
	System      string              `json:"system,omitempty"`
	Messages    []CompletionMessage `json:"messages"`
	MaxTokens   int                 `json:"maxTokens,omitempty"`
	Temperature float64             `json:"temperature"`
	// JSON asks for a JSON answer (extraction): hosts that support a JSON mode use it.
	JSON bool `json:"json,omitempty"`
}

// CompletionMessage is one message of a Completion, always plain text.
type CompletionMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Scoring are recall's fusion weights and half-lives; see docs/SCORING.md.
type Scoring = recall.Weights

// DefaultScoring returns the documented default weights.
func DefaultScoring() Scoring { return recall.DefaultWeights() }

// Limits bound input sizes. Exceeding one is a too_large error naming the field; nothing
// of the request is written.
type Limits struct {
	MaxContentBytes int `json:"maxContentBytes,omitempty"` // a memory's or turn's content (default 64 KiB)
	MaxFieldBytes   int `json:"maxFieldBytes,omitempty"`   // title, subject, predicate, card fields, names (default 1 KiB)
	MaxTags         int `json:"maxTags,omitempty"`         // tags per memory (default 32)
	MaxTagBytes     int `json:"maxTagBytes,omitempty"`     // one tag (default 64)
	MaxBatch        int `json:"maxBatch,omitempty"`        // memories per remember, turns per appendTurns, ids per forget (default 1000)
	MaxQueryBytes   int `json:"maxQueryBytes,omitempty"`   // a recall or searchTurns query (default 2 KiB)
	MaxResults      int `json:"maxResults,omitempty"`      // limit of recall, searchTurns and list (default 1000)
	MaxRequestBytes int `json:"maxRequestBytes,omitempty"` // one protocol request (default 64 MiB)
}

// DefaultLimits are the limits used for zero fields of Options.Limits.
var DefaultLimits = Limits{
	MaxContentBytes: 64 << 10,
	MaxFieldBytes:   1 << 10,
	MaxTags:         32,
	MaxTagBytes:     64,
	MaxBatch:        1000,
	MaxQueryBytes:   2 << 10,
	MaxResults:      1000,
	MaxRequestBytes: 64 << 20,
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	pick := func(v, def int) int {
		if v > 0 {
			return v
		}
		return def
	}
	return Limits{
		MaxContentBytes: pick(l.MaxContentBytes, d.MaxContentBytes),
		MaxFieldBytes:   pick(l.MaxFieldBytes, d.MaxFieldBytes),
		MaxTags:         pick(l.MaxTags, d.MaxTags),
		MaxTagBytes:     pick(l.MaxTagBytes, d.MaxTagBytes),
		MaxBatch:        pick(l.MaxBatch, d.MaxBatch),
		MaxQueryBytes:   pick(l.MaxQueryBytes, d.MaxQueryBytes),
		MaxResults:      pick(l.MaxResults, d.MaxResults),
		MaxRequestBytes: pick(l.MaxRequestBytes, d.MaxRequestBytes),
	}
}

// tierTTL is how long a memory of each tier lives after it is created (or its tier is
// set); permanent has none.
var tierTTL = map[string]time.Duration{
	TierTransient: 24 * time.Hour,
	TierShort:     3 * 24 * time.Hour,
	TierLong:      30 * 24 * time.Hour,
	TierPermanent: 0,
}

// defaultTier is the tier of a memory remembered without one: what describes the person
// or how to work with them is kept; facts and notes age out of recall after 30 days.
var defaultTier = map[string]string{
	TypeFact:       TierLong,
	TypePreference: TierPermanent,
	TypeRule:       TierPermanent,
	TypeSkill:      TierPermanent,
	TypeError:      TierLong,
	TypeProfile:    TierPermanent,
	TypeNote:       TierLong,
}

// DefaultBusyTimeout is how long a statement waits for a lock another connection or
// process holds when Options.BusyTimeout is 0 (PRAGMA busy_timeout).
const DefaultBusyTimeout = store.DefaultBusyTimeoutMs * time.Millisecond

// MaxBusyTimeout bounds Options.BusyTimeout: a request that waits five minutes for a
// lock is stuck, and a caller that wants to wait longer should retry instead.
const MaxBusyTimeout = 5 * time.Minute
