package core

import "github.com/memcore/memcore/core/internal/record"

// Memory is one semantic memory; see docs/RECORDS.md for each field.
type Memory = record.Memory

// Source says which session and turns a memory was learned from.
type Source = record.Source

// Card is the persona card of a memory about a person.
type Card = record.Card

// HistoryEntry is one change of a memory, with the state right after it.
type HistoryEntry = record.HistoryEntry

// Turn is one message of a session; turns are append-only.
type Turn = record.Turn

// Memory types. A type tells the agent how to use a memory and picks its default tier.
const (
	TypeFact       = "fact"
	TypePreference = "preference"
	TypeRule       = "rule"
	TypeSkill      = "skill"
	TypeError      = "error"
	TypeProfile    = "profile"
	TypeNote       = "note"
)

// Tiers: how long a memory lives before it expires (an expired memory is kept, but is
// not recalled or listed unless asked for).
const (
	TierTransient = "transient" // 1 day
	TierShort     = "short"     // 3 days
	TierLong      = "long"      // 30 days
	TierPermanent = "permanent" // never expires
)

// Turn roles.
const (
	RoleSystem    = "system"
	RoleUser      = "user"
	RoleAssistant = "assistant"
	RoleTool      = "tool"
)
