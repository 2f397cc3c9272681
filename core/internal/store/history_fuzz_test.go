package store

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/memcore/memcore/core/internal/record"
)

// FuzzHistoryDiff checks the reverse diff of compact history: for any two states of a
// memory, putting the diff of the change back into the newer state gives the older one
// (every versioned field; access counts are not versioned).
func FuzzHistoryDiff(f *testing.F) {
	f.Add("note", "old text", "new text", "user", "", "k", `{"a":1}`, "", 0.5, 0.9, true)
	f.Add("fact", "同じ", "同じ", "", "location", "", "", `{"b":[1,{"c":null}]}`, 1.0, 0.0, false)
	f.Fuzz(func(t *testing.T, typ, c1, c2, subj, pred, key, meta1, meta2 string, i1, i2 float64, card bool) {
		now := time.UnixMilli(1700000000000).UTC()
		before := &record.Memory{ID: "01A", Namespace: "n", Type: typ, Content: c1, Subject: subj,
			Tags: []string{"x"}, Importance: i1, Confidence: 1, Tier: "long", CreatedAt: now, UpdatedAt: now, Version: 1, Key: key}
		if json.Valid([]byte(meta1)) && len(meta1) > 0 && meta1[0] == '{' {
			before.Metadata = json.RawMessage(meta1)
		}
		after := *before
		after.Content, after.Predicate, after.Importance, after.Version = c2, pred, i2, 2
		after.UpdatedAt = now.Add(time.Second)
		after.Key = ""
		after.Tags = []string{"x", "y"}
		if json.Valid([]byte(meta2)) && len(meta2) > 0 && meta2[0] == '{' {
			after.Metadata = json.RawMessage(meta2)
		} else {
			after.Metadata = nil
		}
		if card {
			after.Card = &record.Card{Person: subj}
		}
		diff, err := reverseDiff(before, &after)
		if err != nil {
			return // not representable as JSON (NaN importance): never stored either
		}
		got, err := applyReverse(&after, []byte(diff))
		if err != nil {
			t.Fatalf("apply %s: %v", diff, err)
		}
		want, _ := fieldsOf(before)
		have, _ := fieldsOf(got)
		if !reflect.DeepEqual(normalize(t, want), normalize(t, have)) {
			t.Fatalf("diff %s\nwant %v\ngot  %v", diff, want, have)
		}
	})
}

// normalize decodes each field so that equal JSON compares equal whatever its spacing.
func normalize(t *testing.T, f map[string]json.RawMessage) map[string]any {
	out := map[string]any{}
	for k, v := range f {
		var x any
		if err := json.Unmarshal(v, &x); err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		out[k] = x
	}
	return out
}
