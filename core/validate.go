package core

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/errs"
)

var (
	memoryTypes = []string{TypeFact, TypePreference, TypeRule, TypeSkill, TypeError, TypeProfile, TypeNote}
	tiers       = []string{TierTransient, TierShort, TierLong, TierPermanent}
	roles       = []string{RoleSystem, RoleDeveloper, RoleUser, RoleAssistant, RoleTool}
)

// checker collects the first validation failure of a record, with field paths.
type checker struct {
	l   Limits
	err *errs.Error
}

// fail records the first failure. A message that reads as the rest of a sentence about
// the field ("must be from 1 to 1000, got 0", `"huge" is not one of low, medium, high`)
// gets the field's name in front: a JavaScript developer reads e.message first, and
// "must be from 1 to 1000, got 0" did not say which of recall's or buildContext's
// options was wrong (issue 9). Messages that are whole sentences are kept as written.
func (c *checker) fail(code errs.Code, field, format string, args ...any) {
	if c.err == nil {
		c.err = errs.New(code, field, format, args...)
		c.err.Message = withField(field, c.err.Message)
	}
}

// fieldLeads are the first words of a message that goes on from its field's name.
var fieldLeads = []string{"is ", "has ", "are ", "must ", "contains ", "cannot ", "needs ", "merged, ", `"`}

// withField returns msg with field in front when msg goes on from the field's name.
func withField(field, msg string) string {
	if field == "" {
		return msg
	}
	for _, l := range fieldLeads {
		if strings.HasPrefix(msg, l) {
			return field + " " + msg
		}
	}
	return msg
}

// text checks a string field: valid UTF-8, no NUL, at most max bytes; required ones must
// have something besides white space.
func (c *checker) text(field, v string, max int, required bool) {
	switch {
	case !utf8.ValidString(v):
		c.fail(errs.InvalidArgument, field, "is not valid UTF-8")
	case strings.IndexByte(v, 0) >= 0:
		c.fail(errs.InvalidArgument, field, "contains a NUL character")
	case len(v) > max:
		c.fail(errs.TooLarge, field, "is %d bytes, the limit is %d", len(v), max)
	case required && strings.TrimSpace(v) == "":
		c.fail(errs.InvalidArgument, field, "must not be empty")
	}
}

func (c *checker) oneOf(field, v string, set []string) {
	if !slices.Contains(set, v) {
		c.fail(errs.InvalidArgument, field, "%q is not one of %s", v, strings.Join(set, ", "))
	}
}

func (c *checker) unit(field string, v float64) {
	if math.IsNaN(v) || v < 0 || v > 1 {
		c.fail(errs.InvalidArgument, field, "must be a number from 0 to 1, got %v", v)
	}
}

func (c *checker) tags(field string, tags []string) {
	if len(tags) > c.l.MaxTags {
		c.fail(errs.TooLarge, field, "has %d tags, the limit is %d", len(tags), c.l.MaxTags)
		return
	}
	for i, t := range tags {
		c.text(fmt.Sprintf("%s[%d]", field, i), t, c.l.MaxTagBytes, true)
	}
}

func (c *checker) time(field string, t *time.Time) {
	if t != nil && (t.Year() < 1970 || t.Year() > 9999) {
		c.fail(errs.InvalidArgument, field, "must be between 1970 and 9999, got %v", t)
	}
}

// id checks the id of a memory, a turn or an episode (idShape in ids.go).
func (c *checker) id(field, id string) {
	if code, why := idShape(id); why != "" {
		c.fail(code, field, "%s", why)
	}
}

func (c *checker) source(field string, s *Source) {
	if s == nil {
		return
	}
	c.text(field+".sessionId", s.SessionID, c.l.MaxFieldBytes, false)
	if len(s.TurnIDs) > c.l.MaxBatch {
		c.fail(errs.TooLarge, field+".turnIds", "has %d ids, the limit is %d", len(s.TurnIDs), c.l.MaxBatch)
	}
	for i, t := range s.TurnIDs {
		c.id(fmt.Sprintf("%s.turnIds[%d]", field, i), t)
	}
}

func (c *checker) card(field string, k *Card) {
	if k == nil {
		return
	}
	c.text(field+".backstory", k.Backstory, c.l.MaxContentBytes, false)
	c.text(field+".person", k.Person, c.l.MaxFieldBytes, false)
	c.text(field+".relationship", k.Relationship, c.l.MaxFieldBytes, false)
}

// batch checks the size of a batch.
func (c *checker) batch(field string, n int) {
	switch {
	case n == 0:
		c.fail(errs.InvalidArgument, field, "must not be empty")
	case n > c.l.MaxBatch:
		c.fail(errs.TooLarge, field, "has %d items, the limit is %d", n, c.l.MaxBatch)
	}
}

// query checks a search query.
func (c *checker) query(field, q string) {
	c.text(field, q, c.l.MaxQueryBytes, true)
}

// limit returns limit, or def when it is 0, failing when it is out of 1..MaxResults.
func (c *checker) limit(field string, limit, def int) int {
	if limit == 0 {
		return def
	}
	if limit < 0 || limit > c.l.MaxResults {
		c.fail(errs.InvalidArgument, field, "must be from 1 to %d, got %d", c.l.MaxResults, limit)
	}
	return limit
}
