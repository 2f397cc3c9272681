package eval

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// diaIDPattern finds dialogue ids "D<session>:<turn>" in an evidence string, tolerating
// the malformations found in published LoCoMo data: a stray colon ("D:11:26"), leading
// zeros ("D30:05"), lower case, spaces around the colon, and several ids in one string
// ("D8:6; D9:17", "D8:6,D9:17", "D8:6 D9:17").
var diaIDPattern = regexp.MustCompile(`[Dd]\s*:?\s*(\d+)\s*:\s*(\d+)`)

// fullDiaID is diaIDPattern anchored: a string that is exactly one (maybe malformed) id.
var fullDiaID = regexp.MustCompile(`^\s*[Dd]\s*:?\s*(\d+)\s*:\s*(\d+)\s*$`)

// idSeparators split an evidence string holding several ids of some other shape.
var idSeparators = regexp.MustCompile(`[;,\s]+`)

// CanonicalID returns the canonical form of a dialogue id: "D<n>:<i>" without leading
// zeros when id has that shape (maybe malformed, see diaIDPattern), else id trimmed. Turn
// ids and evidence ids are compared in this form.
func CanonicalID(id string) string {
	if m := fullDiaID.FindStringSubmatch(id); m != nil {
		return canonical(m[1], m[2])
	}
	return strings.TrimSpace(id)
}

func canonical(session, turn string) string {
	s, err1 := strconv.ParseUint(session, 10, 64)
	t, err2 := strconv.ParseUint(turn, 10, 64)
	if err1 != nil || err2 != nil { // absurdly long digit runs: keep them as written
		return "D" + strings.TrimLeft(session, "0") + ":" + strings.TrimLeft(turn, "0")
	}
	return fmt.Sprintf("D%d:%d", s, t)
}

// RepairEvidence returns the canonical dialogue ids one evidence string holds: usually
// one, several when ids were pasted into one string, none when it holds nothing
// id-like. Ids that are not of the D<n>:<i> shape are split on ';', ',' and white space
// and kept as written.
func RepairEvidence(raw string) []string {
	if ms := diaIDPattern.FindAllStringSubmatch(raw, -1); len(ms) > 0 {
		out := make([]string, 0, len(ms))
		for _, m := range ms {
			out = append(out, canonical(m[1], m[2]))
		}
		return out
	}
	var out []string
	for _, p := range idSeparators.Split(strings.TrimSpace(raw), -1) {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// Evidence is a question's evidence after repair.
type Evidence struct {
	IDs      []string // canonical ids that name a turn of the sample, deduplicated, in order
	Repaired int      // evidence strings rewritten into other (canonical or split) ids
	Dropped  int      // ids naming no turn of the sample, plus strings holding no id
}

// ResolveEvidence repairs raw evidence strings and keeps the ids present in the sample
// (exists reports whether a canonical id names one of its turns).
func ResolveEvidence(raw []string, exists func(id string) bool) Evidence {
	var ev Evidence
	seen := map[string]bool{}
	for _, r := range raw {
		var ids []string
		if exists(strings.TrimSpace(r)) {
			ids = []string{strings.TrimSpace(r)} // an id of the sample's own shape, as is
		} else {
			ids = RepairEvidence(r)
			if len(ids) > 0 && (len(ids) != 1 || ids[0] != r) {
				ev.Repaired++
			}
		}
		if len(ids) == 0 {
			ev.Dropped++
		}
		for _, id := range ids {
			switch {
			case !exists(id):
				ev.Dropped++
			case !seen[id]:
				seen[id] = true
				ev.IDs = append(ev.IDs, id)
			}
		}
	}
	return ev
}
