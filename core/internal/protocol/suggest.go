package protocol

import (
	"slices"
	"strings"
)

// A new user's first mistake is often a near name: buildContext({budget: 800}) for
// budgetTokens, recall(q, {limt: 5}), remember({contnet: …}). "unknown field \"budget\""
// named the wrong key but not the right one, so the fix meant opening index.d.ts. An
// unknown field now names the field it most likely meant — the same name in other case,
// a name it starts or ends ("budget" → budgetTokens, "tokens" → budgetTokens), or one
// within two edits ("limt" → limit) — or, when none is close, the fields there are (up to
// maxListed), so that the message alone is enough to fix the call.

// maxListed is how many known fields an unknown-field message lists when none is close.
const maxListed = 16

// unknownFieldHint returns " (did you mean \"x\"?)" or " (fields: a, b, c)" for the
// unknown key k of an object whose fields are known, or "".
func unknownFieldHint(k string, known []string) string {
	if s := closestField(k, known); s != "" {
		return ` (did you mean "` + s + `"?)`
	}
	if len(known) == 0 || len(known) > maxListed {
		return ""
	}
	sorted := slices.Clone(known)
	slices.Sort(sorted)
	return " (fields: " + strings.Join(sorted, ", ") + ")"
}

// closestField is the known field k most likely meant, or "".
func closestField(k string, known []string) string {
	lk := strings.ToLower(k)
	best, bestScore := "", 1<<30
	for _, f := range known {
		lf := strings.ToLower(f)
		score := -1
		switch {
		case lf == lk:
			return f
		case len(lk) >= 3 && (strings.HasPrefix(lf, lk) || strings.HasSuffix(lf, lk)):
			score = len(lf) - len(lk) // the least added wins
		default:
			max := 1
			if len(lk) >= 5 {
				max = 2
			}
			if d := editDistance(lk, lf, max); d <= max {
				score = 100 + d // after every prefix or suffix match
			}
		}
		if score >= 0 && (score < bestScore || score == bestScore && f < best) {
			best, bestScore = f, score
		}
	}
	return best
}

// editDistance is the Levenshtein distance of a and b (bytes), or max+1 once it exceeds max.
func editDistance(a, b string, max int) int {
	if d := len(a) - len(b); d > max || -d > max {
		return max + 1
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		low := cur[0]
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c = 1 + min(prev[j-1], prev[j], cur[j-1])
			}
			cur[j] = c
			low = min(low, c)
		}
		if low > max {
			return max + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
