package eval

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// WriteText prints each result as a header naming the file, the timings, a table with
// one row per question category and, last, the line
//
//	overall R@5=0.xxx R@10=0.xxx n=N
func WriteText(w io.Writer, results []*Result) error {
	var b strings.Builder
	for i, r := range results {
		if i > 0 {
			b.WriteByte('\n')
		}
		scored := r.Overall.N
		fmt.Fprintf(&b, "== %s: %d samples, %d sessions, %d turns, %d questions (%d scored, %d without valid evidence); evidence ids: %d repaired, %d dropped\n",
			r.File, r.Samples, r.Sessions, r.Turns, r.Questions, scored, r.NoEvidence, r.RepairedIDs, r.DroppedIDs)
		if r.EmptyTurns > 0 || r.DuplicateIDs > 0 {
			fmt.Fprintf(&b, "   note: %d turns without text not stored, %d turns with a repeated dia_id\n", r.EmptyTurns, r.DuplicateIDs)
		}
		perQuery := 0.0
		if scored > 0 {
			perQuery = r.QuerySeconds * 1000 / float64(scored)
		}
		fmt.Fprintf(&b, "   time (informational): ingest %.2fs for %d turns, query %.2fs for %d searches (%.2f ms each)\n",
			r.IngestSeconds, r.Turns, r.QuerySeconds, scored, perQuery)

		width := len("category")
		for _, c := range r.Categories {
			width = max(width, len(c.Name))
		}
		fmt.Fprintf(&b, "%-*s %5s", width, "category", "n")
		for _, k := range r.Ks {
			fmt.Fprintf(&b, " %7s", RecallKey(k))
		}
		b.WriteString("  | BM25")
		for _, k := range r.Ks {
			fmt.Fprintf(&b, " %7s", RecallKey(k))
		}
		b.WriteByte('\n')
		for _, c := range r.Categories {
			fmt.Fprintf(&b, "%-*s %5d", width, c.Name, c.N)
			for _, k := range r.Ks {
				fmt.Fprintf(&b, " %7.3f", c.Recall[RecallKey(k)])
			}
			b.WriteString("  |     ")
			for _, k := range r.Ks {
				fmt.Fprintf(&b, " %7.3f", c.Baseline.Recall[RecallKey(k)])
			}
			b.WriteByte('\n')
		}
		b.WriteString(BaselineLine(r))
		b.WriteByte('\n')
		if r.Context != nil {
			b.WriteString(ContextLine(r))
			b.WriteByte('\n')
		}
		b.WriteString(OverallLine(r))
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// OverallLine is "overall R@5=0.xxx R@10=0.xxx n=N" (one R@k per cut-off).
func OverallLine(r *Result) string {
	var b strings.Builder
	b.WriteString("overall")
	for _, k := range r.Ks {
		fmt.Fprintf(&b, " %s=%.3f", RecallKey(k), r.Overall.Recall[RecallKey(k)])
	}
	fmt.Fprintf(&b, " n=%d", r.Overall.N)
	return b.String()
}

// BaselineLine is "baseline (plain BM25) R@5=0.xxx R@10=0.xxx; memcore +0.xxx +0.xxx":
// the plain-BM25 scores of the same questions and memcore's lead over them.
func BaselineLine(r *Result) string {
	var b strings.Builder
	b.WriteString("baseline (plain BM25)")
	for _, k := range r.Ks {
		fmt.Fprintf(&b, " %s=%.3f", RecallKey(k), r.Baseline.Recall[RecallKey(k)])
	}
	b.WriteString("; memcore")
	for _, k := range r.Ks {
		fmt.Fprintf(&b, " %+.3f", r.Overall.Recall[RecallKey(k)]-r.Baseline.Recall[RecallKey(k)])
	}
	return b.String()
}

// ContextLine is the context mode's summary: the share of evidence the recall block of
// buildContext brings (through a memory or as a turn), its mean entries and tokens, and
// how many memories the replayed extraction stored.
func ContextLine(r *Result) string {
	c := r.Context
	return fmt.Sprintf("context (buildContext recall block) found=%.3f via memory %.3f, via turn %.3f; memories only %.3f; %.1f items, %.0f tokens a block; %d memories extracted",
		c.Found, c.ByMemory, c.ByTurn, c.MemoriesOnly, c.Items, c.Tokens, r.Memories)
}

// WriteJSON prints {"results": [...]}, one Result per file, indented.
func WriteJSON(w io.Writer, results []*Result) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(struct {
		Results []*Result `json:"results"`
	}{results})
}
