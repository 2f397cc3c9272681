package core

import "context"

// Stats describe one namespace and the database file.
type Stats struct {
	Namespace     string           `json:"namespace"`
	Memories      int64            `json:"memories"` // live: neither expired nor superseded
	Expired       int64            `json:"expired"`
	Superseded    int64            `json:"superseded"`
	ByType        map[string]int64 `json:"byType"`
	Vectors       int64            `json:"vectors"`       // memories with an embedding (hybrid recall)
	EmbedFailures int64            `json:"embedFailures"` // embedder calls that failed since Open (BM25 was used)
	Turns         int64            `json:"turns"`
	Sessions      int64            `json:"sessions"`
	DBBytes       int64            `json:"dbBytes"` // the whole file, all namespaces
	SchemaVersion int              `json:"schemaVersion"`
	Version       string           `json:"version"` // the engine's
	// Embedder use since Open, for memory texts and recall queries: calls, texts sent,
	// texts a cache answered instead (docs/ENGINE.md, "Embedding cache").
	EmbedCalls     int64 `json:"embedCalls"`
	EmbedTexts     int64 `json:"embedTexts"`
	EmbedCacheHits int64 `json:"embedCacheHits"`
}

// Stats counts the namespace's memories and turns.
func (n *Namespace) Stats(ctx context.Context) (*Stats, error) {
	var out *Stats
	err := n.e.do(ctx, func() error {
		s, err := n.e.db.Stats(n.name, n.e.clock())
		out = &Stats{Namespace: n.name, Memories: s.Memories, Expired: s.Expired,
			Superseded: s.Superseded, ByType: s.ByType, Vectors: s.Vectors,
			EmbedFailures: n.e.stat.embedFailures.Load(), Turns: s.Turns, Sessions: s.Sessions,
			DBBytes: s.DBBytes, SchemaVersion: s.Schema, Version: Version,
			EmbedCalls: n.e.stat.embedCalls.Load(), EmbedTexts: n.e.stat.embedTexts.Load(),
			EmbedCacheHits: n.e.stat.embedCacheHits.Load()}
		return err
	})
	return out, err
}
