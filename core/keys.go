package core

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/errs"
)

// MaxKeyBytes bounds a memory's key; MaxMetadataBytes its metadata object (compacted
// JSON). Metadata is for the caller's own bookkeeping (ids of other systems, flags), not
// a second content field: it is not searched.
const (
	MaxKeyBytes      = 256
	MaxMetadataBytes = 8 << 10
)

// Update strategies: how an update (or a remember whose key is known) combines the new
// fields with the stored memory.
const (
	// StrategyOverwrite replaces each field the patch sets (the default).
	StrategyOverwrite = "overwrite"
	// StrategyAppend adds the new content after the old one, on a line of its own that
	// starts with the date ("(2026-11-23) …"); other fields are overwritten.
	StrategyAppend = "append"
	// StrategyMerge unites tags (old first) and metadata objects (the newer value of a
	// key wins); the other fields the patch sets are overwritten.
	StrategyMerge = "merge"
)

var strategies = []string{StrategyOverwrite, StrategyAppend, StrategyMerge}

// key checks a caller's key: not blank, at most MaxKeyBytes, no control characters.
func (c *checker) key(field, k string) {
	if k == "" {
		return
	}
	c.text(field, k, MaxKeyBytes, true)
	if strings.IndexFunc(k, unicode.IsControl) >= 0 {
		c.fail(errs.InvalidArgument, field, "must not contain control characters")
	}
}

// metadata checks a metadata object and returns it compacted (nil for absent, null or
// {}: no metadata).
func (c *checker) metadata(field string, raw json.RawMessage) json.RawMessage {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || string(t) == "null" {
		return nil
	}
	if t[0] != '{' {
		c.fail(errs.InvalidArgument, field, "must be a JSON object")
		return nil
	}
	if !utf8.Valid(t) {
		c.fail(errs.InvalidArgument, field, "is not valid UTF-8")
		return nil
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, t); err != nil {
		c.fail(errs.InvalidArgument, field, "is not valid JSON: %v", err)
		return nil
	}
	if buf.Len() > MaxMetadataBytes {
		c.fail(errs.TooLarge, field, "is %d bytes of JSON, the limit is %d", buf.Len(), MaxMetadataBytes)
		return nil
	}
	if p := protoKeyPath(buf.Bytes()); p != "" {
		c.fail(errs.InvalidArgument, field+p, "a metadata key may not be %q: JavaScript reads it as an object's prototype", protoKey)
		return nil
	}
	if buf.String() == "{}" {
		return nil
	}
	return buf.Bytes()
}

// strategy checks an update strategy ("" is overwrite).
func (c *checker) strategy(field, s string) string {
	if s == "" {
		return StrategyOverwrite
	}
	c.oneOf(field, s, strategies)
	return s
}

// mergeMetadata unites two metadata objects, b's values winning.
func mergeMetadata(a, b json.RawMessage) (json.RawMessage, error) {
	if len(a) == 0 {
		return b, nil
	}
	if len(b) == 0 {
		return a, nil
	}
	var ma, mb map[string]json.RawMessage
	if err := json.Unmarshal(a, &ma); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(b, &mb); err != nil {
		return nil, err
	}
	maps.Copy(ma, mb)
	return json.Marshal(ma)
}

// unionTags returns a's tags then b's that a lacks.
func unionTags(a, b []string) []string {
	out := slices.Clone(a)
	for _, t := range b {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// appendDated joins new content after old, dated.
func appendDated(old, add string, now time.Time) string {
	if strings.TrimSpace(old) == "" {
		return add
	}
	return strings.TrimRight(old, "\n") + "\n(" + now.UTC().Format(time.DateOnly) + ") " + add
}

// inputPatch is a remember input as a patch of the memory its key names: every field the
// input sets (content always).
func inputPatch(in *MemoryInput) MemoryPatch {
	p := MemoryPatch{Content: &in.Content, Importance: in.Importance, Confidence: in.Confidence,
		ExpiresAt: in.ExpiresAt, Source: in.Source, Card: in.Card, Metadata: in.Metadata}
	str := func(s string) *string {
		if s == "" {
			return nil
		}
		return &s
	}
	p.Type, p.Title, p.Subject, p.Predicate, p.Tier = str(in.Type), str(in.Title), str(in.Subject), str(in.Predicate), str(in.Tier)
	if in.Tags != nil {
		p.Tags = &in.Tags
	}
	return p
}
