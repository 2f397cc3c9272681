package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/memcore/memcore/core"
)

func init() {
	commands["export"] = command{
		summary: "write a database's records as JSON Lines (stdout or --out FILE) or a Markdown folder (--out DIR)",
		run:     runExport,
	}
	commands["import"] = command{
		summary: "read JSON Lines (--in FILE, - for stdin) or a Markdown folder (--in DIR) into a database",
		run:     runImport,
	}
}

// nsList parses the --namespaces flag: comma-separated, "*" for all.
func nsList(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

func runExport(args []string) error {
	fl := flag.NewFlagSet("export", flag.ContinueOnError)
	db := fl.String("db", "", "the database file (required)")
	format := fl.String("format", "jsonl", "jsonl (every record) or md (one namespace's memories and documents as a folder)")
	ns := fl.String("namespace", "default", "the namespace (md) or the default of --namespaces")
	namespaces := fl.String("namespaces", "", `namespaces to export, comma-separated; "*" for all (jsonl)`)
	out := fl.String("out", "", "jsonl: a file (default stdout); md: a directory (required)")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if *db == "" {
		return errors.New("--db FILE is required")
	}
	eng, err := core.Open(context.Background(), core.Options{Path: *db, ReadOnly: true})
	if err != nil {
		return err
	}
	defer eng.Close()
	n, err := eng.Namespace(*ns)
	if err != nil {
		return err
	}
	res, err := n.Export(context.Background(), core.ExportOptions{Format: *format, Namespaces: nsList(*namespaces)})
	if err != nil {
		return err
	}
	if *format == core.FormatMarkdown {
		if *out == "" {
			return errors.New("--out DIR is required for md")
		}
		for _, f := range res.Files {
			p := filepath.Join(*out, filepath.FromSlash(f.Path))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(p, []byte(f.Content), 0o644); err != nil {
				return err
			}
		}
	} else if *out == "" {
		if _, err := io.WriteString(os.Stdout, res.Data); err != nil {
			return err
		}
	} else if err := os.WriteFile(*out, []byte(res.Data), 0o644); err != nil {
		return err
	}
	if res.Format == core.FormatMarkdown {
		fmt.Fprintf(os.Stderr, "exported %d files (memories and documents) of %v to %s\n", len(res.Files), res.Namespaces, *out)
	} else {
		fmt.Fprintf(os.Stderr, "exported %v: %v\n", res.Namespaces, counts(res.Counts))
	}
	return nil
}

func runImport(args []string) error {
	fl := flag.NewFlagSet("import", flag.ContinueOnError)
	db := fl.String("db", "", "the database file (required; created when missing)")
	format := fl.String("format", "jsonl", "jsonl or md")
	ns := fl.String("namespace", "default", "md: the namespace to import into")
	namespaces := fl.String("namespaces", "", "jsonl: import only these namespaces, comma-separated")
	in := fl.String("in", "-", "jsonl: a file or - for stdin; md: the folder")
	dry := fl.Bool("dry-run", false, "check everything and report, write nothing")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if *db == "" {
		return errors.New("--db FILE is required")
	}
	o := core.ImportOptions{Format: *format, Namespaces: nsList(*namespaces), DryRun: *dry,
		Progress: func(phase string, done, total int) {
			fmt.Fprintf(os.Stderr, "%s %d/%d\n", phase, done, total)
		}}
	if *format == core.FormatMarkdown {
		err := filepath.WalkDir(*in, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
				return err
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(*in, p)
			o.Files = append(o.Files, core.ExportFile{Path: filepath.ToSlash(rel), Content: string(b)})
			return nil
		})
		if err != nil {
			return err
		}
	} else {
		var b []byte
		var err error
		if *in == "-" {
			b, err = io.ReadAll(os.Stdin)
		} else {
			b, err = os.ReadFile(*in)
		}
		if err != nil {
			return err
		}
		o.Data = string(b)
	}
	eng, err := core.Open(context.Background(), core.Options{Path: *db})
	if err != nil {
		return err
	}
	defer eng.Close()
	n, err := eng.Namespace(*ns)
	if err != nil {
		return err
	}
	rep, err := n.Import(context.Background(), o)
	if err != nil {
		return err
	}
	verb := "imported"
	if rep.DryRun {
		verb = "would import"
	}
	fmt.Fprintf(os.Stderr, "%s into %v: %v; skipped (already there): %v; excluded by --namespaces: %d\n",
		verb, rep.Namespaces, counts(rep.Imported), counts(rep.Skipped), rep.Excluded)
	return nil
}

// counts formats a kind → count map in a stable order.
func counts(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}
