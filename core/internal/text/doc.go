// Package text turns user text into the search tokens memcore indexes and queries with
// (one tokenizer for both sides, CJK-aware), normalises strings, and estimates what text
// costs in LLM tokens for context budgets.
//
// Everything here is pure, deterministic and safe for concurrent use. It runs on every
// ingest and every query, so it avoids regexp and per-token allocation: tokens are
// substrings of the normalised input.
package text
