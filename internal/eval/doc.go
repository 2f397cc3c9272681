// Package eval measures memcore's turn retrieval on conversation benchmarks in LoCoMo's
// JSON format (snap-research/LoCoMo; MemDaily is published in the same shape).
//
// A file is a JSON list of samples {sample_id, conversation, qa}. For each sample the
// runner opens a fresh in-memory engine, appends every session's turns with
// [core.Namespace.AppendTurns], then asks every question with
// [core.Namespace.SearchTurns] and scores recall at k:
//
//	R@k = mean over questions of |top-k ∩ evidence| / |evidence|
//
// where evidence counts only the (repaired) evidence ids that name a turn of the sample;
// questions left without any such id are skipped and counted. See docs/EVAL.md.
//
// The package is tooling: it is imported by cmd/memcore and never by the engine.
package eval
