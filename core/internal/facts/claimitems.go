package facts

import (
	"strings"
	"unicode"
)

// A claim that names several tools is a fact a tool: "我的配置是 Windows 11 + WSL2 + Docker
// Desktop", "I use a Mac, Docker and Postgres". The claim itself is kept whole (it names the
// first); each further item gets a fact of its own, so that "does the user use Docker?" finds
// a fact that says so.

// toolItems returns the items after the first of a list of tools in a clause, nil when the
// clause has no such list. In text with Han characters an item is a run of Latin words
// ("Docker Desktop", "VS Code"); in English, the words after the verb, cut at ", ", " and ",
// " + " and " / " when every piece is short (at most 4 words) — "I use Vim for notes and for
// code" has a piece that is not a tool and yields nothing.
func toolItems(clause string) []string {
	if hasHan(clause) {
		runs := latinRuns(clause)
		if len(runs) < 2 {
			return nil
		}
		return runs[1:]
	}
	lower := strings.ToLower(clause)
	at := -1
	for _, v := range []string{" use ", " uses ", " using ", " code in ", " work in ", " run ", " is ", " are ", " with "} {
		if i := strings.Index(lower, v); i >= 0 && (at < 0 || i < at) {
			at = i + len(v)
		}
	}
	if at < 0 {
		return nil
	}
	rest := strings.TrimRight(clause[at:], ".!;")
	if i := strings.IndexAny(rest, "—–"); i >= 0 {
		rest = rest[:i] // "…, tmux, and zsh — that's my whole setup"
	}
	parts := itemSep.Split(rest, -1)
	if len(parts) < 2 || len(parts) > 6 {
		return nil
	}
	var out []string
	for k, p := range parts {
		p = strings.TrimSpace(p)
		w := strings.Fields(p)
		if len(w) == 0 || len(w) > 4 || listLead[strings.ToLower(w[0])] && strings.ToLower(w[0]) != "plus" {
			return nil
		}
		if l := strings.ToLower(w[0]); strings.Contains(l, "'") || strings.Contains(l, "’") || l == "not" || l == "no" || l == "never" {
			return nil // "I use Emacs with evil mode, don't judge": a remark, not a tool
		}
		for _, x := range w {
			if listVerb[strings.ToLower(x)] {
				return nil
			}
		}
		if k > 0 {
			out = append(out, p)
		}
	}
	return out
}

var itemSep = lazy(`\s*,\s*(?:and\s+|plus\s+)?|\s+and\s+|\s*\+\s*|\s+/\s+`)

// latinRuns returns the runs of Latin words (with digits, dots and dashes inside) of a
// Chinese or mixed clause that are joined by list separators (、 和 + , / 以及 还有):
// "Windows 11 + WSL2 + Docker Desktop" → three; a lone run is no list.
func latinRuns(s string) []string {
	var runs []string
	var cur []rune
	sep := true // the text between the last run and this one is a separator
	gap := ""
	flush := func() {
		t := strings.TrimSpace(string(cur))
		cur = cur[:0]
		if t == "" {
			return
		}
		if len(runs) > 0 && !sep {
			runs = nil // two runs not joined as a list: not a list of tools
		}
		runs = append(runs, t)
		gap, sep = "", false
	}
	for _, r := range s {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune(".-_ ", r) && len(cur) > 0):
			cur = append(cur, r)
		default:
			flush()
			gap += string(r)
			g := strings.TrimSpace(gap)
			sep = g == "" || g == "、" || g == "和" || g == "+" || g == "," || g == "，" || g == "/" || g == "以及" || g == "还有" || g == "跟" || g == "与"
		}
	}
	flush()
	if len(runs) < 2 {
		return nil
	}
	return runs
}

// firstToolOnly returns an English claim cut before the second of its tools items (the
// items after the first), or "" to keep it whole. New-user pass: "I use Obsidian for
// notes and VS Code for coding" gave "User uses Obsidian for notes and VS Code for coding"
// and "User also uses VS Code for coding", two facts that overlap; each tool with its
// purpose is one fact. Only a list whose items carry a purpose of their own ("for …") is
// cut: "User uses a Mac, Docker and Postgres" names them all and stays whole.
func firstToolOnly(content string, items []string) string {
	if len(items) == 0 || hasHan(content) || !strings.Contains(items[0], " for ") {
		return ""
	}
	i := strings.Index(content, items[0])
	if i <= 0 {
		return ""
	}
	head := strings.TrimRight(content[:i], " ")
	for _, sep := range []string{",", " and", " plus", "+", "/"} {
		head = strings.TrimRight(strings.TrimSuffix(head, sep), " ")
	}
	head = strings.TrimRight(head, " ,")
	if !strings.Contains(head, " for ") {
		return ""
	}
	return head
}
