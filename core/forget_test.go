package core_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
)

// vocab returns every term of an FTS5 table's index, through fts5vocab.
func vocab(t *testing.T, e *core.Engine, table string) []string {
	t.Helper()
	if _, err := e.QueryStrings(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.v_` + table +
		` USING fts5vocab(main, ` + table + `, 'row')`); err != nil {
		t.Fatal(err)
	}
	terms, err := e.QueryStrings(`SELECT term FROM temp.v_` + table)
	if err != nil {
		t.Fatal(err)
	}
	return terms
}

// TestForget_leavesNoTrace forgets with purge on a file database, then looks for the
// memory's words in the FTS index's vocabulary and in the bytes of the file itself.
func TestForget_leavesNoTrace(t *testing.T) {
	const (
		marker   = "zqxmarker"
		zhMarker = "蟋蟀" // a word no other memory has; its bigram is an index term
		keep     = "keepword"
	)
	for _, tc := range []struct {
		name   string
		forget func(ns *core.Namespace, id string) error
	}{
		{"by_id", func(ns *core.Namespace, id string) error {
			_, err := ns.Forget(context.Background(), core.ForgetOptions{ID: id, Purge: true})
			return err
		}},
		{"by_filter", func(ns *core.Namespace, id string) error {
			_, err := ns.Forget(context.Background(), core.ForgetOptions{Filter: &core.Filter{Tags: []string{"secret"}}, Purge: true})
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			path := filepath.Join(t.TempDir(), "agent.db")
			e, err := core.Open(ctx, core.Options{Path: path})
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			ns, _ := e.Namespace("default")
			// Other memories around it, so the index pages survive the forget.
			var filler []core.MemoryInput
			for i := range 50 {
				filler = append(filler, core.MemoryInput{Content: strings.Repeat(keep+" filler text ", i%5+1)})
			}
			if _, err := ns.Remember(ctx, filler...); err != nil {
				t.Fatal(err)
			}
			secret, err := ns.Remember(ctx, core.MemoryInput{
				Title: "about " + marker, Subject: marker, Tags: []string{"secret", marker},
				Content: "the " + marker + " code is hidden; 我家的" + zhMarker + "很吵",
			})
			if err != nil {
				t.Fatal(err)
			}
			id := secret[0].ID
			// An update leaves a second copy of the text in history; purge must drop it too.
			content := "the " + marker + " code moved; " + zhMarker + "还在"
			if _, err := ns.Update(ctx, id, core.MemoryPatch{Content: &content}, core.UpdateOptions{}); err != nil {
				t.Fatal(err)
			}
			if hits, _ := ns.Recall(ctx, zhMarker, core.RecallOptions{}); len(hits) != 1 {
				t.Fatalf("before forget, recall %q found %d hits", zhMarker, len(hits))
			}
			terms := vocab(t, e, "memories_fts")
			if !slices.Contains(terms, marker) || !slices.Contains(terms, zhMarker) {
				t.Fatalf("before forget, the index lacks %q or %q: the test looks for the wrong terms", marker, zhMarker)
			}

			if err := tc.forget(ns, id); err != nil {
				t.Fatal(err)
			}

			terms = vocab(t, e, "memories_fts")
			for _, term := range terms {
				if strings.Contains(term, marker) || strings.Contains(term, zhMarker) || strings.Contains(term, "蟀") {
					t.Errorf("after forget, the FTS vocabulary still has %q", term)
				}
			}
			if !slices.Contains(terms, keep) {
				t.Errorf("the other memories' terms are gone too")
			}
			if _, err := ns.History(ctx, id); code(err) != core.CodeNotFound {
				t.Errorf("history after purge: %v, want not_found", err)
			}
			rows, err := e.QueryStrings(`SELECT count(*) FROM memory_history WHERE memory_id = ?`, id)
			if err != nil || rows[0] != "0" {
				t.Errorf("history rows after purge: %v %v", rows, err)
			}
			if _, err := e.QueryStrings(`DROP TABLE temp.v_memories_fts`); err != nil {
				t.Fatal(err)
			}
			if err := e.Close(); err != nil {
				t.Fatal(err)
			}

			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range []string{marker, zhMarker, "蟀"} {
				if i := bytes.Index(b, []byte(s)); i >= 0 {
					t.Errorf("the database file still holds %q at byte %d", s, i)
				}
			}
			if !bytes.Contains(b, []byte(keep)) {
				t.Errorf("the file lacks the kept memories: the byte check looks in the wrong place")
			}
			if _, err := os.Stat(path + "-journal"); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("a rollback journal is left next to the file: %v", err)
			}
		})
	}
}

// code returns the code of a memcore error ("" for nil or another error).
func code(err error) core.Code {
	var e *core.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}
