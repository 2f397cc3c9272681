// Package compact shortens a long agent conversation so that it fits a model's context,
// without an LLM and better with one. It works on the common message form of package
// chat, so both wire shapes (OpenAI, Anthropic) go through the same code and come back
// in the shape they came in.
//
// Compact applies three layers, cheapest first:
//
//  1. Micro-compaction, always: a tool result older than the MicroKeep (3) most recent
//     ones and longer than MicroMinChars (100) characters becomes
//     "[Previous: used <tool name>]". The call and the result both stay, so the pair is
//     intact; only the bulky output goes.
//  2. Summary compaction, when the conversation (after layer 1) passes a threshold:
//     more than MaxMessages (20) messages, MaxChars (48,000) characters or, when set,
//     MaxTokens tokens. The leading system messages are kept, the most recent
//     KeepRecent (8) messages stay verbatim, and everything in between is replaced by
//     one user message that starts with "[compacted]": a summary (from the host's LLM
//     when Options.Summarize is set, else from the deterministic extractive Summarize)
//     that ends with the agent's working state. Before summarising, rule compression
//     cleans the summariser's input: long tool outputs are truncated, short
//     acknowledgements and repeated identical errors are dropped.
//  3. The same summary compaction on demand (Options.Force), whatever the thresholds.
//
// A tool call and its result are never split: the verbatim tail grows backwards until
// it starts at neither a tool result nor the answer to a call it does not hold.
//
// Floors: a conversation under both MinMessages (8) messages and MinChars (4,000)
// characters is returned unchanged, forced or not; thresholds set lower than the floors
// are raised to them, and a token budget shrinks the verbatim tail down to MinRetained
// (4) messages at most.
//
// Nothing is lost: Report.Removed lists, in their original form, the messages a host
// stores as turns of the session (the engine does, given a session id), so that
// searchTurns still reaches what the context no longer holds.
//
// Tokens are counted with text.EstimateTokens (CJK-aware) plus a small overhead per
// message; characters are Unicode code points.
package compact
