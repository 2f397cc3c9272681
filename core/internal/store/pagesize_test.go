package store

import (
	"context"
	"path/filepath"
	"testing"
)

// PageBytes sets the page size of a new database (the Durable Object VFS stores a page
// per row) and JournalMode MEMORY is accepted; an existing database keeps its page size.
func TestOpen_pageBytesAndMemoryJournal(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.db")
	for _, tc := range []struct {
		name string
		ask  int
		want string
	}{{"new database", 16384, "16384"}, {"existing keeps its own", 4096, "16384"}} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Open(context.Background(), path, Options{PageBytes: tc.ask, JournalMode: "MEMORY"})
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			got, err := d.QueryStrings(`PRAGMA page_size`)
			if err != nil || len(got) != 1 || got[0] != tc.want {
				t.Fatalf("page_size = %v, %v; want %s", got, err, tc.want)
			}
			mode, err := d.QueryStrings(`PRAGMA journal_mode`)
			if err != nil || len(mode) != 1 || mode[0] != "memory" {
				t.Fatalf("journal_mode = %v, %v", mode, err)
			}
		})
	}
}
