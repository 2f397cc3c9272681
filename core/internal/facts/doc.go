// Package facts finds candidate memories in a conversation without an LLM: user requests,
// preferences and dislikes, identity facts, standing rules, completions, errors and
// lessons, in Chinese, English and text that mixes them. Its patterns are
// github.com/dlclark/regexp2 expressions (lookarounds keep "我不喜欢" out of the "我喜欢"
// pattern, Unicode classes match names and places in either script).
//
// It also holds what the engine writes about extracted facts into its documents (the
// daily log and MEMORY's "## Auto-extracted" section) and the LLM pass's prompt and its
// defensive answer parser, as pure functions, so that they are tested without a database.
//
// docs/FACTS.md describes the categories, the gates and caps, and the labelled test set's
// precision and recall.
package facts
