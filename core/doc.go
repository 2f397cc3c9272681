// Package core is memcore's engine: an on-device memory for LLM agents over one SQLite file.
//
// It stores typed memories (facts, preferences, rules…), the turns of conversations, and
// recalls what is relevant to a query by BM25 over a CJK-aware tokenizer fused with
// recency, importance and access heat. It needs no server, no LLM and no embedder.
//
// The same engine runs natively, under GOOS=wasip1 and under GOOS=js: the wasm entry
// points speak to it through [Engine.Call], a versioned JSON protocol (see docs/PROTOCOL.md).
// Every failure at this boundary is an [*Error] with a [Code] and, when one value is to
// blame, the field.
//
//	eng, err := core.Open(ctx, core.Options{Path: "agent.db"})
//	ns, _ := eng.Namespace("default")
//	ns.Remember(ctx, core.MemoryInput{Type: "preference", Content: "用户喜欢用 Python 写脚本"})
//	hits, _ := ns.Recall(ctx, "Python 脚本", core.RecallOptions{Limit: 5})
package core
