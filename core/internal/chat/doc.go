// Package chat reads the two chat message shapes agents send — OpenAI's (role, content
// string or parts, tool_calls, tool_call_id) and Anthropic's (content blocks text /
// tool_use / tool_result) — into one form that extraction, compaction and context assembly
// work on, and writes them back in the shape they came in. Fields it does not know are
// kept and written back unchanged, so a host's messages survive a round trip.
package chat
